import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuctionCard } from './auction-card';
import { CancelCircle } from './cancel-circle';
import { CircleImportCard } from './import-card';
import { CircleHeader } from './circle-header';
import { ContributionsQueue } from './contributions-queue';
import { DrawCard } from './draw-card';
import { FinesCard } from './fines-card';
import { JoinPanel } from './join-panel';
import { JoinRequests } from './join-requests';
import { MembersCard } from './members-card';
import { MyHands } from './my-hands';
import { MyPayouts } from './my-payouts';
import { OfficerCard } from './officer-card';
import { PositionPicks } from './position-picks';
import { circleQuery } from './queries';
import { ReportCard } from './report-card';
import { RoundsTable } from './rounds-table';
import { RulesCard } from './rules-card';
import type { Detail } from './model';
import { StartCircle } from './start-circle';
import { SwapsCard } from './swaps-card';
import { TopUpsCard } from './topups-card';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../../components/record-page';

/**
 * The circle page. Everyone in the community sees the rules, the members and the rounds; the
 * viewer sees what is theirs (hands, contributions, payouts, fines, bids, swaps) and the organiser
 * everything they run the circle with. What each sees is decided by the server (njangi.get); the
 * page only shows what it was given and never works out another member's arrears.
 */
export function CirclePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...circleQuery(valid ? id : 0), enabled: valid });
  const unavailable = (title: string, body: string) => <PageUnavailable title={title} body={body} back={{ to: '/njangi', label: t('circle.backToCircles') }} />;
  return (
    <RecordPage
      valid={valid}
      query={q}
      loading={t('circle.loading')}
      skeleton={
        <Stack gap="4">
          <Skeleton h="40" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      }
      failed={t('circle.loadFailed')}
      retry={t('circle.tryAgain')}
      notFound={unavailable(t('circle.notFound.title'), t('circle.notFound.body'))}
      forbidden={(message) => unavailable(t('circle.forbidden.title'), message)}
    >
      {(detail) => <CircleView detail={detail} />}
    </RecordPage>
  );
}

function CircleView({ detail: d }: { detail: Detail }) {
  const c = d.circle;
  const organiser = d.viewer.isOrganiser;
  const started = d.rounds.length > 0;
  const running = c.status === 'active';
  return (
    <PageFrame>
      <Stack gap="6">
        <CircleHeader detail={d} />
        {c.status === 'recruiting' && (
          <>
            <JoinPanel detail={d} />
            {c.payoutMethod === 'fixed' && c.orderBy === 'members' && <PositionPicks detail={d} />}
            {organiser && <JoinRequests detail={d} />}
            {organiser && <StartCircle detail={d} />}
            {c.payoutMethod === 'fixed' && <CircleImportCard circleId={c.id} organiser={organiser} />}
          </>
        )}
        {started && (
          <>
            <MyPayouts detail={d} />
            {d.viewer.handIds.length > 0 && <MyHands detail={d} />}
            {organiser && running && <ContributionsQueue detail={d} />}
            {d.officerQueue && <OfficerCard detail={d} queue={d.officerQueue} />}
            {organiser && <TopUpsCard detail={d} />}
            <RoundsTable detail={d} />
            {c.payoutMethod === 'auction' && running && <AuctionCard detail={d} />}
            {c.payoutMethod !== 'auction' && running && <SwapsCard detail={d} />}
            <FinesCard detail={d} />
            {c.payoutMethod === 'random' && <DrawCard detail={d} />}
            <ReportCard detail={d} />
          </>
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <RulesCard circle={c} />
          <MembersCard detail={d} />
        </SimpleGrid>
        {organiser && (c.status === 'recruiting' || running) && <CancelCircle circle={c} />}
      </Stack>
    </PageFrame>
  );
}
