import { Badge, Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isStatus, STATUS_COLOR, STATUS_KEY } from './event/rsvp-status';
import { dateBadge } from './when';

/*
 * The small pieces every list of events shares: the date badge, the viewer's answer, the places
 * left. Dates and times as the viewer reads them are in when.ts.
 */

/** What a list row knows of an event (the caller's lists and a community's alike). */
export type ListEvent = {
  id: number;
  title: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  place: string | null;
  onlineUrl: string | null;
  capacity: number | null;
  status: string;
  seriesId: number | null;
  myStatus: string | null;
  placesLeft: number | null;
  communityName?: string;
};

/** The day of month over the short month, in the viewer's zone. */
export function DateBadge({ startsAt, muted }: { startsAt: number; muted?: boolean }) {
  const { day, month } = dateBadge(startsAt);
  return (
    <Box
      aria-hidden
      flexShrink={0}
      w="12"
      textAlign="center"
      rounded="md"
      borderWidth="1px"
      borderColor={muted ? 'border' : 'brand.emphasized'}
      bg={muted ? 'bg.muted' : 'brand.subtle'}
      py="1"
      lineHeight="1.1"
    >
      <Text fontSize="lg" fontWeight="bold" color={muted ? 'fg.muted' : 'brand.fg'}>
        {day}
      </Text>
      <Text fontSize="xs" textTransform="uppercase" color="fg.muted">
        {month}
      </Text>
    </Box>
  );
}

/** The viewer's own answer as a badge ("Going", "On the waitlist"). */
export function AnswerBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!isStatus(status)) return null;
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-testid="my-answer" data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}

/** "5 places left" / "Full: waitlist", for a scheduled event with a capacity. */
export function CapacityHint({ event: e }: { event: Pick<ListEvent, 'capacity' | 'placesLeft' | 'status'> }) {
  const { t } = useTranslation();
  if (e.status === 'cancelled' || e.capacity === null || e.placesLeft === null) return null;
  return (
    <Badge colorPalette={e.placesLeft === 0 ? 'red' : 'gray'} variant="outline" data-testid="capacity-hint">
      {e.placesLeft === 0 ? t('events.row.full') : t('events.row.placesLeft', { count: e.placesLeft })}
    </Badge>
  );
}
