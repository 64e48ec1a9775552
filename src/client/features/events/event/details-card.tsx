import { Box, Button, Heading, HStack, Link, List, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Clock, ExternalLink, MapPin, Ticket, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddToCalendar } from '../dialogs';
import type { EventDetail } from '../event-types';
import { zoneLabel } from '../../../lib/time-zones';
import { formatEventRange, mapLink, sameClock, viewerTimeZone } from '../when';
import { SectionCard } from '../../../components/section-card';

/** When (in the event's zone, and the viewer's when their clock differs), where, how many places are taken, who is going, and "Add to calendar". */
export function DetailsCard({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const cancelled = e.status === 'cancelled';
  return (
    <SectionCard id="event-details" title={t('event.details.title')} bodyGap="5">
      <When event={e} />
      <Where event={e} />
      <Places event={e} />
      <Going event={e} />
      {!cancelled && (
        <Box>
          <AddToCalendar event={e} />
        </Box>
      )}
    </SectionCard>
  );
}

/** One part of the details: an icon, its heading, then what it says. */
function Part({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <HStack gap="3" align="flex-start">
      <Box color="fg.muted" mt="0.5" flexShrink={0} aria-hidden>
        {icon}
      </Box>
      <Stack gap="1" minW="0" flex="1">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {children}
      </Stack>
    </HStack>
  );
}

function When({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const viewerZone = viewerTimeZone();
  const same = sameClock(e.startsAt, e.timeZone, viewerZone);
  return (
    <Part icon={<Clock size={18} />} title={t('event.details.when')}>
      <Text data-testid="event-when">{formatEventRange(e.startsAt, e.endsAt, e.timeZone)}</Text>
      {!same && (
        <>
          <Text fontSize="sm" color="fg.muted">
            {t('event.details.zone', { zone: zoneLabel(e.timeZone) })}
          </Text>
          <Text fontWeight="medium" data-testid="event-your-time">
            {t('event.details.yourTime', { range: formatEventRange(e.startsAt, e.endsAt, viewerZone) })}
          </Text>
        </>
      )}
    </Part>
  );
}

function Where({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const online = e.onlineUrl && e.status !== 'cancelled' ? e.onlineUrl : null;
  return (
    <Part icon={e.place || !e.onlineUrl ? <MapPin size={18} /> : <Video size={18} />} title={t('event.details.where')}>
      {e.place && (
        <Stack gap="0.5" data-testid="event-place">
          <Text overflowWrap="anywhere" whiteSpace="pre-wrap">
            {e.place}
          </Text>
          <Link href={mapLink(e.place)} target="_blank" rel="noopener noreferrer" color="brand.fg" fontSize="sm" alignSelf="flex-start">
            {t('event.details.map')} <ExternalLink size={14} aria-hidden />
            <VisuallyHidden>{t('event.details.newTab')}</VisuallyHidden>
          </Link>
        </Stack>
      )}
      {e.onlineUrl && !e.place && <Text>{t('event.details.online')}</Text>}
      {online && (
        <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start" mt="1">
          <a href={online} target="_blank" rel="noopener noreferrer" data-testid="event-online">
            <Video aria-hidden /> {t('event.details.joinOnline')}
            <VisuallyHidden>{t('event.details.newTab')}</VisuallyHidden>
          </a>
        </Button>
      )}
      {!e.place && !e.onlineUrl && <Text color="fg.muted">{t('event.details.noPlace')}</Text>}
    </Part>
  );
}

function Places({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const c = e.counts;
  const full = c.capacity !== null && (c.placesLeft ?? 0) <= 0;
  const summary =
    c.capacity === null ? t('event.capacity.unlimited') : full ? t('event.capacity.full') : t('event.capacity.taken', { count: c.placesTaken, capacity: c.capacity, left: c.placesLeft ?? 0 });
  const parts = [
    c.going > 0 && `${t('event.capacity.going', { count: c.going })}${c.goingGuests > 0 ? ` (${t('event.capacity.guests', { count: c.goingGuests })})` : ''}`,
    c.maybe > 0 && t('event.capacity.maybe', { count: c.maybe }),
    c.waitlisted > 0 && t('event.capacity.waitlisted', { count: c.waitlisted }),
  ].filter((p): p is string => !!p);
  return (
    <Part icon={<Ticket size={18} />} title={t('event.details.places')}>
      <Text fontWeight={full ? 'medium' : undefined} color={full ? 'orange.fg' : undefined} data-testid="event-capacity">
        {summary}
      </Text>
      {c.capacity !== null && (
        <Progress.Root value={Math.min(c.placesTaken, c.capacity)} max={c.capacity} size="sm" colorPalette={full ? 'orange' : 'brand'} maxW="sm" aria-label={summary}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Text fontSize="sm" color="fg.muted" data-testid="event-counts">
        {parts.length ? parts.join(' · ') : t('event.capacity.nobody')}
      </Text>
    </Part>
  );
}

/** Who is going, by name (with their guests); when the hosts keep the list to themselves, only that. */
function Going({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  if (e.going !== null && e.going.length === 0) return null;
  return (
    <Part icon={<Users size={18} />} title={t('event.going.title')}>
      {e.going === null ? (
        <Text fontSize="sm" color="fg.muted" data-testid="event-going-hidden">
          {t('event.going.hidden')}
        </Text>
      ) : (
        <List.Root variant="plain" gap="1" data-testid="event-going">
          {e.going.map((g) => (
            <List.Item key={g.userId} data-testid="event-going-person">
              {g.guests > 0 ? t('event.going.withGuests', { name: g.name, count: g.guests }) : g.name}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Part>
  );
}
