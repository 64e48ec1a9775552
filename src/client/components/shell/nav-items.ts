import { chatNav } from '../../features/chat/nav';
import { communitiesNav } from '../../features/communities/nav';
import { dashboardNav } from '../../features/dashboard/nav';
import { eventsNav } from '../../features/events/nav';
import { circlesNav } from '../../features/circles/nav';
import { profileNav } from '../../features/profile/nav';
import type { Destination, NavEntry, NavItem } from '../../shell/parts';
import { isAvailable } from '@shared/features';

export type { Destination, NavItem } from '../../shell/parts';

/** Every feature's places in the signed-in navigation (each feature's nav.ts), one line each. */
const ENTRIES: NavEntry[] = [...dashboardNav, ...communitiesNav, ...eventsNav, ...chatNav, ...circlesNav, ...profileNav];

const item = ({ to, label, icon, feature }: NavEntry): NavItem => ({ to, label, icon, ...(feature && !isAvailable(feature) ? { soon: true } : {}) });
const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** The destinations of the signed-in navigation, in the rail's order; one whose feature is not built yet is marked `soon`. */
export const NAV_ITEMS: NavItem[] = ENTRIES.filter((e) => !e.phoneOnly).sort(byOrder).map(item);

/**
 * The phone's bottom bar: the four places a member goes most, then "More". Five fit a 375 px
 * screen at an even width each; an entry may take a shorter label there ("Home") to fit.
 */
export const BAR_ITEMS: NavItem[] = ENTRIES.flatMap((e) => (e.phone.place === 'bar' ? [{ e, order: e.phone.order, label: e.phone.label }] : []))
  .sort(byOrder)
  .map(({ e, label }) => ({ ...item(e), ...(label ? { label } : {}) }));

/** What the bottom bar's "More" sheet holds: the rest of the rail, and the member's own profile. */
export const MORE_ITEMS: NavItem[] = ENTRIES.flatMap((e) => (e.phone.place === 'more' ? [{ e, order: e.phone.order }] : []))
  .sort(byOrder)
  .map(({ e }) => item(e));

/** How wide a laptop's rail is (rail.tsx), also the room app-shell.tsx keeps while the rail's code is on the way. */
export const RAIL_WIDTH = '20';

/**
 * Which destination a page belongs to, so the navigation can mark it: each entry names the paths
 * it owns (a community's pages are under Communities, an event's page under Events, the account
 * pages under the profile). Null for any other page.
 */
export function destinationOf(pathname: string): Destination | null {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return ENTRIES.find((e) => e.owns.some(under))?.to ?? null;
}
