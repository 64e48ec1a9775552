import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageUnavailable, RecordPage, isRecordId } from '../../../components/record-page';
import { SectionCard } from '../../../components/section-card';
import { useOfflineQueue } from '../../../lib/offline/use-queue';
import { financeSummaryQuery } from '../../finances/queries';
import { circleQuery } from '../../circles/circle/queries';
import { CashDialog } from './cash-dialog';
import { CircleCashDialog } from './circle-cash-dialog';
import { meetingQuery, rosterQuery, type MeetingView } from './queries';
import { QueueBanner } from './queue-banner';
import { RosterList } from './roster-list';
import { ScanDialog } from './scan-dialog';

/**
 * The meeting day screen (/meetings/$id/day), for the secretary's and the treasurer's phones:
 * attendance by the list or by a member's code, and the cash received, all recorded through the
 * phone's offline queue, so the room needs no network. The server still decides: each record is
 * applied once, or refused with its reason, shown here.
 */
export function DayScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...meetingQuery(valid ? id : 0), enabled: valid });
  const unavailable = <PageUnavailable title={t('meetingDay.notFound.title')} body={t('meetingDay.notFound.body')} back={{ to: '/communities', label: t('meetingDay.back') }} />;
  return (
    <RecordPage
      valid={valid}
      query={q}
      maxW="3xl"
      loading={t('meetingDay.loading')}
      testId="meeting-day"
      skeleton={<Skeleton h="64" rounded="lg" />}
      failed={t('meetingDay.loadFailed')}
      retry={t('meetingDay.tryAgain')}
      notFound={unavailable}
    >
      {(m) => <DayView view={m} />}
    </RecordPage>
  );
}

function DayView({ view }: { view: MeetingView }) {
  const { t } = useTranslation();
  const meeting = view.meeting;
  const queryClient = useQueryClient();
  const roster = useQuery({ ...rosterQuery(meeting.id), enabled: view.can.record });
  const books = useQuery({ ...financeSummaryQuery(meeting.communityId), enabled: view.can.record });
  // A circle's meeting: its organiser takes the hands' contributions too (the circle is kept on the phone).
  const circle = useQuery({ ...circleQuery(meeting.circleId ?? 0), enabled: meeting.scope === 'circle' && !!meeting.circleId });
  const { outcomes } = useOfflineQueue();
  // Once the server has answered records, the roster shows its word (fines posted, refusals undone).
  useEffect(() => {
    if (outcomes.length > 0) void queryClient.invalidateQueries({ queryKey: rosterQuery(meeting.id).queryKey });
  }, [outcomes.length, queryClient, meeting.id]);
  const entries = roster.data ?? [];
  return (
    <Stack gap="4">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
        <Link to="/meetings/$id" params={{ id: String(meeting.id) }}>
          <ChevronLeft /> {t('meetingDay.back')}
        </Link>
      </Button>
      <PageHeader title={t('meetingDay.title')} intro={t('meetingDay.intro', { title: meeting.title })} />
      <QueueBanner />
      {!view.can.record ? (
        <Text color="fg.muted">{t('meetingDay.notOfficer')}</Text>
      ) : (
        <>
          <HStack gap="2" wrap="wrap">
            <ScanDialog meetingId={meeting.id} roster={entries} />
            {circle.data?.viewer.isOrganiser && <CircleCashDialog detail={circle.data} />}
            {books.data?.opened ? <CashDialog communityId={meeting.communityId} books={books.data} roster={entries} /> : books.data && <Text fontSize="sm">{t('meetingDay.cash.noBooks')}</Text>}
          </HStack>
          <SectionCard title={t('meetingDay.roster.title')} testId="meeting-day-roster">
            {roster.isPending && roster.fetchStatus !== 'idle' ? <Skeleton h="40" /> : <RosterList meetingId={meeting.id} roster={entries} />}
          </SectionCard>
        </>
      )}
    </Stack>
  );
}
