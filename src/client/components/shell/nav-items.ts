import { CalendarDays, Compass, LayoutDashboard, MessageCircle, PiggyBank, UserRound, Users, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '@shared/i18n/catalogue';

export type Destination = '/dashboard' | '/communities' | '/events' | '/explore' | '/chat' | '/njangi' | '/profile';

/** A destination; `label` is a catalogue key, translated where the item is drawn. */
export type NavItem = { to: Destination; label: MessageKey; icon: LucideIcon; soon?: boolean };

/** The six destinations of the signed-in navigation, in the rail's order; the unbuilt ones are marked `soon`. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'shell.nav.dashboard', icon: LayoutDashboard },
  { to: '/communities', label: 'shell.nav.communities', icon: Users },
  { to: '/events', label: 'shell.nav.events', icon: CalendarDays },
  { to: '/explore', label: 'shell.nav.explore', icon: Compass },
  { to: '/chat', label: 'shell.nav.chat', icon: MessageCircle },
  { to: '/njangi', label: 'shell.nav.njangi', icon: PiggyBank },
];

const item = (to: Destination) => NAV_ITEMS.find((i) => i.to === to)!;

/**
 * The phone's bottom bar: the four places a member goes most, then "More". Five fit a 375 px
 * screen at an even width each; the dashboard takes the short label ("Home") to fit.
 */
export const BAR_ITEMS: NavItem[] = [{ ...item('/dashboard'), label: 'shell.nav.homeShort' }, item('/communities'), item('/chat'), item('/njangi')];

/** What the bottom bar's "More" sheet holds: the rest of the rail, and the member's own profile. */
export const MORE_ITEMS: NavItem[] = [item('/events'), item('/explore'), { to: '/profile', label: 'shell.nav.profile', icon: UserRound }];

/** How wide a laptop's rail is (rail.tsx), also the room app-shell.tsx keeps while the rail's code is on the way. */
export const RAIL_WIDTH = '20';

/**
 * Which destination a page belongs to, so the navigation can mark it: a community's pages (its
 * dashboard, details, polls and topics) are under Communities, an event's page under Events, the
 * signed-in Discover under Explore, the account pages under the profile. Null for any other page.
 */
export function destinationOf(pathname: string): Destination | null {
  const under = (...prefixes: string[]) => prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (under('/dashboard')) return '/dashboard';
  if (under('/communities', '/community', '/polls', '/topics')) return '/communities';
  if (under('/events')) return '/events';
  if (under('/explore', '/discover-authenticated')) return '/explore';
  if (under('/chat')) return '/chat';
  if (under('/njangi')) return '/njangi';
  if (under('/profile', '/edit-profile', '/change-password')) return '/profile';
  return null;
}
