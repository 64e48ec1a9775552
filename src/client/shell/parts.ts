import type { QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { Preloadable } from '../lib/preloadable';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { FeatureId } from '@shared/features';
import type { Community } from '../features/communities/membership';
import type { NeedCounts } from '@shared/needs';
import type { FinanceSection } from '@shared/finances/sections';

/*
 * What a feature adds to the signed-in shell. Each feature exports its parts from small files of
 * its own (nav.ts, community-tab.ts, dashboard-card.ts), and three lists gather them:
 * shell/nav-entries.ts (the rail, the bottom bar, "More"), shell/community-tabs.ts (the
 * community page) and shell/dashboard-cards.ts (the dashboard). The parts live in separate files
 * so that the navigation, in every page's shell, never pulls in a tab's or a card's code.
 */

export type Destination = '/dashboard' | '/communities' | '/events' | '/explore' | '/chat' | '/njangi' | '/profile';

/** A destination of the navigation; `label` is a catalogue key, translated where the item is drawn. */
export type NavItem = { to: Destination; label: MessageKey; icon: LucideIcon; soon?: boolean };

export type NavEntry = Omit<NavItem, 'soon'> & {
  /** The feature the destination shows (src/shared/features.ts): marked "soon" in the navigation until it is built. */
  feature?: FeatureId;
  /** Place in the rail, smallest first. */
  order: number;
  /** On a phone: one of the bottom bar's four places (with a shorter label if it needs one), or in the "More" sheet. */
  phone: { place: 'bar'; order: number; label?: MessageKey } | { place: 'more'; order: number };
  /** Only in the phone's "More" sheet, not in the rail (the profile, which the rail shows as the avatar). */
  phoneOnly?: boolean;
  /** Paths (and their sub-paths) that belong to this destination, so the navigation marks it. */
  owns: readonly string[];
};

export type CommunityTabProps = {
  community: Community;
  /** The page's own search parameters (?doc= opens a document on the Documents tab, ?section= a section of the books). */
  search: { doc?: number; section?: FinanceSection };
  /** Opens another tab (the Overview's rows jump to the tab that holds the figure). */
  openTab: (id: string) => void;
  /** Opens a document's details on the Documents tab (null closes them); the address keeps it. */
  openDocument: (doc: number | null) => void;
};

export type CommunityTab = {
  /** The value of ?tab= (the Overview, the default, is 'overview' and leaves it out). */
  id: string;
  label: MessageKey;
  /** Place among the tabs, smallest first. */
  order: number;
  /** Whether this viewer sees the tab at all (by their role's capabilities); hidden tabs open the Overview. */
  visible?: (community: Community) => boolean;
  /** What the page's loader fetches when the page opens on this tab, beside the tab's code (the Overview's figures and cards). */
  load?: (queryClient: QueryClient, community: Community) => Promise<unknown>;
  /** How much work waiting on the viewer the tab holds ("Needs you"), shown beside its label. */
  count?: (counts: NeedCounts, communityId: number) => number;
  /**
   * The tab's content, its code in a chunk of its own (lib/preloadable.ts): the lists stay small
   * enough for the routes' loaders, which run before any page's code has arrived, to read them.
   */
  Component: Preloadable<CommunityTabProps>;
};

export type DashboardCard = {
  id: string;
  /** Under the greeting, before anything else ('head': what waits on the member), above the member's communities ('top') or at the foot of the page ('bottom'), then by order. */
  place: 'head' | 'top' | 'bottom';
  order: number;
  /** What the dashboard's loader fetches for the card before the page shows (beside the card's code). */
  load?: (queryClient: QueryClient) => Promise<unknown>;
  Component: Preloadable<object>;
};

/** A tab's count: the waiting work "Needs you" files under the tab's id in this community. */
export const waitingOnTab =
  (tab: string) =>
  (counts: NeedCounts, communityId: number): number =>
    counts.communities.find((c) => c.communityId === communityId)?.tabs[tab] ?? 0;
