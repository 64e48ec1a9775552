import { Button, Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MapPin, Video, CalendarX } from 'lucide-react';
import { EmptyNote } from '../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { PublicCalendar } from './community-events';
import { DateBadge } from './event-badges';
import { ZoneHint } from './events-list';
import { formatEventWhen } from './when';

/**
 * A public community's upcoming public events on its public page, for anyone: when and where
 * (an online event says only that it is online: the link is for members). Members open the event
 * to answer; others see how to take part by joining.
 */
export function PublicEventsCard({ communityId, isMember }: { communityId: number; isMember: boolean }) {
  const { t } = useTranslation();
  const q = useQuery(trpc.events.public.queryOptions({ communityId, limit: 5 }));
  const items = q.data?.items ?? [];
  // A private community answers 404: it has no public events to show, and the card says nothing.
  if (q.isPending || (q.isError && errorInfo(q.error).status === 404)) return null;
  const intro = items.length > 0 && (
    <>
      {!isMember && <Card.Description>{t('events.publicPage.joinToAnswer')}</Card.Description>}
      <ZoneHint />
    </>
  );
  return (
    <SectionCard id="public-events-title" title={t('events.publicPage.title')} intro={intro} testId="public-events" bodyGap="4">
      {q.isError ? (
        <HStack gap="3" role="alert" flexWrap="wrap" data-testid="public-events-failed">
          <Text color="fg.error">{t('events.publicPage.loadFailed')}</Text>
          <Button size="xs" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('event.tryAgain')}
          </Button>
        </HStack>
      ) : items.length === 0 ? (
        <EmptyNote icon={<CalendarX />}>{t('events.publicPage.empty')}</EmptyNote>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {items.map((e) => (
            <HStack as="li" key={e.id} gap="3" align="flex-start" data-testid="public-event">
              <DateBadge startsAt={e.startsAt} />
              <Stack gap="0" minW="0">
                {isMember ? (
                  <ChakraLink asChild fontWeight="semibold" color="brand.fg">
                    <Link to="/events/$id" params={{ id: String(e.id) }}>
                      {e.title}
                    </Link>
                  </ChakraLink>
                ) : (
                  <Text fontWeight="semibold">{e.title}</Text>
                )}
                {/* The badge beside it is for the eye alone: the date is said here. */}
                <Text fontSize="sm" color="fg.muted" data-testid="public-event-when">
                  {formatEventWhen(e.startsAt, e.endsAt)}
                </Text>
                {e.place ? (
                  <HStack gap="1" fontSize="sm" color="fg.muted">
                    <MapPin size={14} aria-hidden /> <Text truncate>{e.place}</Text>
                  </HStack>
                ) : e.online ? (
                  <HStack gap="1" fontSize="sm" color="fg.muted">
                    <Video size={14} aria-hidden /> <Text>{t('events.publicPage.online')}</Text>
                  </HStack>
                ) : null}
              </Stack>
            </HStack>
          ))}
        </Stack>
      )}
      <PublicCalendar communityId={communityId} />
    </SectionCard>
  );
}
