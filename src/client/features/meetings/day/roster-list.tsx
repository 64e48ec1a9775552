import { Badge, Box, Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@shared/meetings/rules';
import { enqueue } from '../../../lib/offline/queue';
import { useOfflineQueue } from '../../../lib/offline/use-queue';
import { memberByCode } from './codes';
import type { RosterEntry } from './queries';

const PALETTE: Record<AttendanceStatus, string> = { present: 'green', late: 'orange', absent: 'red', excused: 'gray' };

/** Each member's status as the phone knows it: the server's, or the latest record still waiting to be sent. */
export function useDayStatuses(meetingId: number, roster: readonly RosterEntry[]) {
  const { waiting } = useOfflineQueue();
  return useMemo(() => {
    const pending = new Map<string, AttendanceStatus>();
    for (const r of waiting) {
      const input = r.input as { meetingId?: number; userId?: string; status?: AttendanceStatus; code?: string };
      if (input.meetingId !== meetingId) continue;
      if (r.op === 'meetings.markAttendance' && input.userId && input.status) pending.set(input.userId, input.status);
      if (r.op === 'meetings.checkIn' && input.code) {
        const m = memberByCode(roster, input.code);
        if (m) pending.set(m.userId, 'present');
      }
    }
    return pending;
  }, [waiting, meetingId, roster]);
}

/**
 * The roster for one hand on a phone: a member per row, four big buttons under the name. A tap
 * is a record kept on the phone and sent when it can be: the row shows it at once, marked as
 * waiting until the server has it.
 */
export function RosterList({ meetingId, roster }: { meetingId: number; roster: readonly RosterEntry[] }) {
  const { t } = useTranslation();
  const pending = useDayStatuses(meetingId, roster);
  const [search, setSearch] = useState('');
  const shown = search.trim() ? roster.filter((m) => m.name.toLowerCase().includes(search.trim().toLowerCase())) : roster;
  const mark = (m: RosterEntry, status: AttendanceStatus) =>
    void enqueue({ op: 'meetings.markAttendance', input: { meetingId, userId: m.userId, status }, label: t('meetingDay.label.attendance', { name: m.name, status: t(`meetingDay.status.${status}`) }) });
  if (roster.length === 0) return <Text color="fg.muted">{t('meetingDay.roster.empty')}</Text>;
  return (
    <Stack gap="3">
      <Input type="search" size="lg" placeholder={t('meetingDay.roster.search')} aria-label={t('meetingDay.roster.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
      {shown.map((m) => {
        const waitingStatus = pending.get(m.userId);
        const status = (waitingStatus ?? m.status) as AttendanceStatus | null;
        return (
          <Box key={m.userId} borderWidth="1px" rounded="lg" p="3" data-testid="meeting-day-member" data-user={m.userId}>
            <Stack direction="row" justify="space-between" align="center" mb="2" gap="2">
              <Text fontWeight="semibold" fontSize="lg">
                {m.name}
              </Text>
              <Badge colorPalette={status ? PALETTE[status] : 'gray'} size="lg" data-testid="meeting-day-status">
                {status ? t(`meetingDay.status.${status}`) : t('meetingDay.roster.unmarked')}
                {waitingStatus ? ` · ${t('meetingDay.roster.waiting')}` : ''}
              </Badge>
            </Stack>
            <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2">
              {ATTENDANCE_STATUSES.map((s) => (
                <Button
                  key={s}
                  size="lg"
                  minH="12"
                  colorPalette={PALETTE[s]}
                  variant={status === s ? 'solid' : 'outline'}
                  aria-pressed={status === s}
                  aria-label={t('meetingDay.roster.mark', { name: m.name, status: t(`meetingDay.status.${s}`) })}
                  onClick={() => mark(m, s)}
                >
                  {t(`meetingDay.status.${s}`)}
                </Button>
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
