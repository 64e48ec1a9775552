import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Download, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { RSVP_STATUSES, type RsvpStatus } from '@shared/events/rules';
import { attendeesCsvUrl, attendeesQuery } from '../queries';
import type { Attendees, EventDetail } from '../event-types';
import { AddAnswerDialog } from './add-answer-dialog';
import { AttendanceDialog } from './attendance-dialog';
import { STATUS_COLOR, STATUS_KEY } from './rsvp-status';
import { hasStarted, isOver } from './use-event-action';
import { RuledList } from '../../../components/rows';
import { ListStates } from '../../../components/list-states';

export type Attendee = Attendees['attendees'][number];

/**
 * For the hosts: how many answered what, who (with guests, notes, their place in line and whether
 * a host recorded the answer), the CSV, answers given offline and, once it has started, who came.
 */
export function AttendeesCard({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const q = useQuery(attendeesQuery(e.id));
  const [filter, setFilter] = useState<RsvpStatus | undefined>(undefined);
  const cancelled = e.status === 'cancelled';
  const answerable = !cancelled && !isOver(e);
  const started = hasStarted(e);
  const list = q.data?.attendees ?? [];
  const shown = filter ? list.filter((a) => a.status === filter) : list;

  const actions = (
    <HStack gap="2" flexWrap="wrap">
      {answerable && (
        <AddAnswerDialog
          event={e}
          attendees={list}
          trigger={
            <Button size="sm" colorPalette="brand" data-testid="add-answer">
              <UserPlus aria-hidden /> {t('event.addAnswer.open')}
            </Button>
          }
        />
      )}
      {started && !cancelled && q.data && (
        <AttendanceDialog
          event={e}
          attendees={list}
          trigger={
            <Button size="sm" variant="outline" colorPalette="brand" data-testid="mark-attendance">
              <ClipboardCheck aria-hidden /> {t('event.attendance.open')}
            </Button>
          }
        />
      )}
      <Button asChild size="sm" variant="outline">
        <a href={attendeesCsvUrl(e.id)} download data-testid="attendees-csv">
          <Download aria-hidden /> {t('event.attendees.exportCsv')}
        </a>
      </Button>
    </HStack>
  );
  return (
    <SectionCard id="event-attendees" title={t('event.attendees.title')} intro={t('event.attendees.intro')} actions={actions} testId="attendees" bodyGap="4">
      <ListStates query={q} loading={t('common.loading')} failed={t('event.attendees.loadFailed')} retry={t('event.tryAgain')}>
        {() => (
          <>
            <Counts counts={q.data!.counts} started={started} />
            {list.length > 0 && (
              <HStack role="group" aria-label={t('event.attendees.filter')} gap="2" flexWrap="wrap">
                {[undefined, ...RSVP_STATUSES].map((s) => (
                  <Button
                    key={s ?? 'all'}
                    size="xs"
                    rounded="full"
                    variant={filter === s ? 'solid' : 'outline'}
                    colorPalette={filter === s ? 'brand' : 'gray'}
                    aria-pressed={filter === s}
                    onClick={() => setFilter(s)}
                  >
                    {s ? t(STATUS_KEY[s]) : t('event.attendees.all')}
                  </Button>
                ))}
              </HStack>
            )}
            {shown.length === 0 ? (
              <Text color="fg.muted" data-testid="attendees-empty">
                {list.length === 0 ? t('event.attendees.empty') : t('event.attendees.emptyFilter')}
              </Text>
            ) : (
              <RuledList aria-labelledby="event-attendees">
                {shown.map((a) => (
                  <AttendeeRow key={a.userId} attendee={a} />
                ))}
              </RuledList>
            )}
          </>
        )}
      </ListStates>
    </SectionCard>
  );
}

function Counts({ counts: c, started }: { counts: Attendees['counts']; started: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'going', label: t('event.attendees.counts.going'), value: c.going },
    { key: 'guests', label: t('event.attendees.counts.guests'), value: c.goingGuests },
    { key: 'maybe', label: t('event.attendees.counts.maybe'), value: c.maybe },
    { key: 'notGoing', label: t('event.attendees.counts.notGoing'), value: c.notGoing },
    { key: 'waitlisted', label: t('event.attendees.counts.waitlisted'), value: c.waitlisted },
    ...(started ? [{ key: 'attended', label: t('event.attendees.counts.attended'), value: c.attended }] : []),
  ];
  return (
    <SimpleGrid as="dl" columns={{ base: 3, md: 6 }} gap="2" aria-label={t('event.attendees.counts.label')} data-testid="attendees-counts">
      {items.map((i) => (
        <Box key={i.key} borderWidth="1px" rounded="md" px="2" py="1.5" minW="0" data-count={i.key}>
          <Text as="dt" fontSize="xs" color="fg.muted" lineHeight="short">
            {i.label}
          </Text>
          <Text as="dd" fontSize="lg" fontWeight="semibold">
            {i.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function AttendeeRow({ attendee: a }: { attendee: Attendee }) {
  const { t } = useTranslation();
  return (
    <Stack as="li" gap="1" py="2.5" minW="0" data-testid="attendee-row" data-status={a.status ?? 'walk_in'}>
      <HStack gap="2" flexWrap="wrap" minW="0">
        <Text fontWeight="medium" overflowWrap="anywhere" minW="0">
          {a.name}
        </Text>
        {a.status ? (
          <Badge size="sm" colorPalette={STATUS_COLOR[a.status]}>
            {t(STATUS_KEY[a.status])}
          </Badge>
        ) : a.attended ? (
          <Badge size="sm" colorPalette="teal">
            {t('event.attendees.walkIn')}
          </Badge>
        ) : (
          <Badge size="sm" colorPalette="gray">
            {t('event.attendees.absent')}
          </Badge>
        )}
        {a.guests > 0 && (
          <Text as="span" fontSize="sm" color="fg.muted">
            {t('event.attendees.guests', { count: a.guests })}
          </Text>
        )}
        {a.waitlistPosition !== null && (
          <Text as="span" fontSize="sm" color="fg.muted">
            {t('event.attendees.position', { position: a.waitlistPosition })}
          </Text>
        )}
        {a.addedByHost && (
          <Badge size="sm" variant="outline">
            {t('event.attendees.addedByHost')}
          </Badge>
        )}
        {a.status && a.attended !== null && (
          <Badge size="sm" variant="subtle" colorPalette={a.attended ? 'green' : 'gray'}>
            {a.attended ? t('event.attendees.came') : t('event.attendees.absent')}
          </Badge>
        )}
      </HStack>
      {a.note && (
        <Text fontSize="sm" color="fg.muted" fontStyle="italic" overflowWrap="anywhere" whiteSpace="pre-wrap">
          {a.note}
        </Text>
      )}
    </Stack>
  );
}
