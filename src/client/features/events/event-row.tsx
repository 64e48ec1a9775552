import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Clock, MapPin, Repeat, Video } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerBadge, CapacityHint, DateBadge, type ListEvent } from './event-badges';
import { RsvpButtons } from './rsvp-buttons';
import { timeRange } from './when';

/*
 * One event in a list: its date, title (the link to its page), community, time in the viewer's
 * zone, place, whether it is cancelled or full, the viewer's answer, and (while it can still be
 * answered) the answer buttons.
 */

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="1.5" align="flex-start" minW="0">
      <Box as="span" mt="0.5" flexShrink={0} color="fg.muted">
        {icon}
      </Box>
      <Text fontSize="sm" minW="0" overflowWrap="anywhere">
        {children}
      </Text>
    </HStack>
  );
}

/** `moreDates`: on a phone a series is one row, at its next date, with how many more of its dates the list holds (series-rows.ts). */
export function EventRow({ event: e, now = Date.now(), showCommunity = true, moreDates = 0 }: { event: ListEvent; now?: number; showCommunity?: boolean; moreDates?: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const cancelled = e.status === 'cancelled';
  const over = e.endsAt <= now;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" rounded="md" p="3" bg="bg" opacity={cancelled ? 0.85 : undefined} data-testid="event-row" data-event-id={e.id} data-status={e.status}>
      <HStack gap="3" align="flex-start">
        <DateBadge startsAt={e.startsAt} muted={cancelled || over} />
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" justify="space-between" align="flex-start" flexWrap="wrap">
            <Link
              asChild
              fontWeight="semibold"
              color={cancelled ? 'fg.muted' : 'brand.fg'}
              textDecoration={cancelled ? 'line-through' : undefined}
              minW="0"
              overflowWrap="anywhere"
              data-testid="event-link"
            >
              <RouterLink to="/events/$id" params={{ id: String(e.id) }} id={titleId}>
                {e.title}
              </RouterLink>
            </Link>
            <HStack gap="1" flexWrap="wrap">
              {cancelled && (
                <Badge colorPalette="red" variant="solid" data-testid="event-cancelled">
                  {t('events.row.cancelled')}
                </Badge>
              )}
              {!cancelled && over && <Badge variant="subtle">{t('events.row.ended')}</Badge>}
              {!cancelled && !over && <CapacityHint event={e} />}
              <AnswerBadge status={e.myStatus} />
            </HStack>
          </HStack>
          {showCommunity && e.communityName && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="event-community">
              {e.communityName}
            </Text>
          )}
          <Line icon={<Clock size={14} aria-hidden />}>
            {timeRange(e.startsAt, e.endsAt)}
            {e.seriesId !== null && (
              <Badge as="span" variant="outline" size="sm" ms="2" verticalAlign="middle">
                <Repeat size={12} aria-hidden /> {t('events.row.series')}
              </Badge>
            )}
            {moreDates > 0 && (
              <Text as="span" ms="2" fontSize="sm" color="fg.muted" data-testid="series-more-dates">
                {t('events.row.moreDates', { count: moreDates })}
              </Text>
            )}
          </Line>
          {e.place && <Line icon={<MapPin size={14} aria-hidden />}>{e.place}</Line>}
          {e.onlineUrl && <Line icon={<Video size={14} aria-hidden />}>{e.place ? t('events.row.onlineToo') : t('events.row.online')}</Line>}
          {!cancelled && !over && (
            <Box pt="1">
              <RsvpButtons event={e} titleId={titleId} />
            </Box>
          )}
        </Stack>
      </HStack>
    </Box>
  );
}
