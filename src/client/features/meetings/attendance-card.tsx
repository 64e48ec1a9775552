import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@shared/meetings/rules';
import { ListStates } from '../../components/list-states';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { formatAmount } from '../../lib/format';
import { trpc } from '../../trpc';
import { rosterQuery, settingsQuery, type MeetingData, type RosterRow } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/**
 * Taking attendance from the page (the meeting day screen is the phone's one-hand version): each
 * member of the meeting with their mark and fine, a check-in by the code a member reads out, and
 * the counts. A late or absent mark posts the community's fine once; a correction before any
 * payment changes or cancels it.
 */
export function AttendanceCard({ data }: { data: MeetingData }) {
  const { t } = useTranslation();
  const meetingId = data.meeting.id;
  const q = useQuery(rosterQuery(meetingId));
  const currency = useQuery(settingsQuery(data.meeting.communityId)).data?.currency ?? '';
  const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, q.data?.filter((r) => r.status === s).length ?? 0])) as Record<AttendanceStatus, number>;
  const open = data.meeting.status !== 'cancelled';
  return (
    <SectionCard
      id="meeting-attendance"
      testId="meeting-attendance"
      title={t('meetings.attendance.title')}
      intro={q.data && t('meetings.attendance.counts', { ...counts, unmarked: q.data.length - Object.values(counts).reduce((a, b) => a + b, 0) })}
      toolbar={open && <CheckInByCode meetingId={meetingId} />}
    >
      <ListStates query={q} loading={t('meetings.loading')} failed={t('meetings.loadFailed')} retry={t('meetings.tryAgain')}>
        {() => (
          <RuledList>
            {q.data!.map((r) => (
              <RosterLine key={r.userId} r={r} meetingId={meetingId} currency={currency} open={open} />
            ))}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

const STATUS_KEY = { present: 'meetings.status.present', late: 'meetings.status.late', absent: 'meetings.status.absent', excused: 'meetings.status.excused' } as const;

function RosterLine({ r, meetingId, currency, open }: { r: RosterRow; meetingId: number; currency: string; open: boolean }) {
  const { t } = useTranslation();
  const mark = useMutation(trpc.meetings.markAttendance.mutationOptions());
  const act = useMeetingsAction();
  return (
    <ActionRow
      testId="roster-row"
      actions={
        <Select
          aria-label={t('meetings.attendance.markLabel', { name: r.name })}
          root={{ width: '11rem', size: 'sm', disabled: !open || mark.isPending }}
          value={r.status ?? ''}
          placeholder={t('meetings.notMarked')}
          options={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEY[s]) }))}
          onChange={(e) => e.target.value && void act(() => mark.mutateAsync({ meetingId, userId: r.userId, status: e.target.value as AttendanceStatus }), t('meetings.actionFailed'))}
        />
      }
    >
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {r.name}
        </Text>
        {r.fine && (
          <Badge colorPalette={r.fine.status === 'owed' && r.fine.paid < r.fine.amount ? 'orange' : 'gray'}>
            {t('meetings.attendance.fine', { amount: formatAmount(r.fine.amount, currency) })}
          </Badge>
        )}
      </HStack>
    </ActionRow>
  );
}

/** A member's code typed in (read from their phone): present, or late after the start and 15 minutes. */
function CheckInByCode({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const checkIn = useMutation(trpc.meetings.checkIn.mutationOptions());
  const act = useMeetingsAction();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const done = await act(() => checkIn.mutateAsync({ meetingId, code }), t('meetings.actionFailed'), (r) => t('meetings.attendance.checkedIn', { name: r.name, status: t(STATUS_KEY[r.status]) }));
    if (done) setCode('');
  }
  return (
    <Stack as="form" direction="row" gap="2" onSubmit={(e: React.FormEvent) => void onSubmit(e)} data-testid="check-in-form">
      <Input aria-label={t('meetings.attendance.code')} placeholder={t('meetings.attendance.codePlaceholder')} value={code} onChange={(e) => setCode(e.target.value)} maxLength={16} autoComplete="off" autoCapitalize="characters" fontFamily="mono" />
      <Button type="submit" loading={checkIn.isPending} disabled={!code.trim()}>
        {t('meetings.attendance.checkIn')}
      </Button>
    </Stack>
  );
}
