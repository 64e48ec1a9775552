import { HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import type { CommunityTabProps } from '../../shell/parts';
import { formatNumber } from '../../lib/format';
import { AnnouncementsCard } from '../announcements/announcements-card';
import { useActiveTopicCount } from '../discussions/active-count';
import { RecentDocumentsCard } from '../documents/recent-documents-card';
import { CommunityUpcomingCard, useUpcomingCount } from '../events/upcoming-events-card';
import { useDuesStatus } from '../finances/dues-status';
import { useActivePollCount } from '../polls/active-count';
import { QuickStats, type QuickStat } from './quick-stats';
import { seesFinances } from './membership';

/** The community's first tab: its figures (each opens the tab that holds it), announcements, next events, recent documents. */
export function OverviewTab({ community: c, openTab }: CommunityTabProps) {
  const { t } = useTranslation();
  const finances = seesFinances(c.role);
  const dues = useDuesStatus(c.id, finances);
  const upcoming = useUpcomingCount(c.id);
  const activePolls = useActivePollCount(c.id);
  const activeTopics = useActiveTopicCount(c.id);
  // The label names the figure, so the members row shows the number alone (not "Members … 3 members").
  const rows: QuickStat[] = [
    { label: t('communities.dashboard.overview.members'), value: formatNumber(c.memberCount), onOpen: () => openTab('members') },
    { label: t('communities.dashboard.overview.upcomingEvents'), value: upcoming ?? '…', onOpen: () => openTab('events'), testId: 'upcoming-events-count' },
    { label: t('communities.dashboard.overview.activePolls'), value: activePolls ?? '…', onOpen: () => openTab('polls'), testId: 'active-polls-count' },
    ...(finances ? [{ label: t('communities.dashboard.overview.duesStatus'), value: dues, onOpen: () => openTab('finances') }] : []),
    { label: t('communities.dashboard.overview.activeDiscussions'), value: activeTopics ?? '…', onOpen: () => openTab('discussions'), testId: 'active-discussions-count' },
  ];
  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="5" align="stretch">
      <QuickStats title={t('communities.dashboard.overview.quickStats')} rows={rows} />
      <Stack flex="2" gap="5">
        <AnnouncementsCard communityId={c.id} canManage={can(c.role, 'announcements.manage')} />
        <HStack gap="5" align="stretch" flexDirection={{ base: 'column', md: 'row' }}>
          <CommunityUpcomingCard community={c} onViewAll={() => openTab('events')} />
          <RecentDocumentsCard communityId={c.id} onViewAll={() => openTab('documents')} />
        </HStack>
      </Stack>
    </Stack>
  );
}
