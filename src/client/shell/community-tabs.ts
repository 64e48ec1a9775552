import { communityTabs } from '../features/communities/community-tab';
import { discussionsTab } from '../features/discussions/community-tab';
import { documentsTab } from '../features/documents/community-tab';
import { pollsTab } from '../features/polls/community-tab';
import { eventsTab } from '../features/events/community-tab';
import { financesTab } from '../features/finances/community-tab';
import { circlesTab } from '../features/circles/community-tab';
import { welfareTab } from '../features/welfare/community-tab';
import { savingsGroupsTab } from '../features/savings/community-tab';
import { meetingsTab } from '../features/meetings/community-tab';
import type { Community } from '../features/communities/membership';
import type { CommunityTab } from './parts';

/** The community page's tabs: each feature's (its community-tab file), one line each, shown in their order. */
export const COMMUNITY_TABS: CommunityTab[] = [...communityTabs, eventsTab, meetingsTab, discussionsTab, pollsTab, documentsTab, circlesTab, savingsGroupsTab, welfareTab, financesTab].sort((a, b) => a.order - b.order);

export const isCommunityTab = (value: unknown): value is string => typeof value === 'string' && COMMUNITY_TABS.some((t) => t.id === value);

/** The tabs this viewer sees. */
export const tabsFor = (community: Community) => COMMUNITY_TABS.filter((t) => !t.visible || t.visible(community));
