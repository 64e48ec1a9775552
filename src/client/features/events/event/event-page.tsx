import { Box, Grid, GridItem, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { eventQuery } from '../queries';
import type { EventDetail } from '../event-types';
import { AboutCard } from './about-card';
import { AttendeesCard } from './attendees-card';
import { DetailsCard } from './details-card';
import { EventHeader } from './event-header';
import { RsvpPanel } from './rsvp-panel';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../../components/record-page';

/**
 * One event. Every member sees when and where, how many places are taken, the description and
 * their own answer; the hosts (canManage) also edit, cancel, see who answered, record answers
 * given offline and, once it has started, who came. What each sees is the server's decision
 * (events.get never lists who answered); the page only shows what it was given.
 */
export function EventPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...eventQuery(valid ? id : 0), enabled: valid });
  return (
    <RecordPage
      valid={valid}
      query={q}
      loading={t('event.loading')}
      testId="event"
      skeleton={
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
          <Stack gap="4">
            <Skeleton h="48" rounded="lg" />
            <Skeleton h="32" rounded="lg" />
          </Stack>
          <Skeleton h="64" rounded="lg" />
        </Grid>
      }
      failed={t('event.loadFailed')}
      retry={t('event.tryAgain')}
      // The server answers 404 alike for an event that does not exist and one the viewer may not see.
      notFound={<PageUnavailable title={t('event.notFound.title')} body={t('event.notFound.body')} back={{ to: '/events', label: t('event.back') }} testId="event-not-found" />}
    >
      {/* Keyed by the event, so moving to another event starts its answer form afresh. */}
      {(event) => <EventView key={event.id} event={event} />}
    </RecordPage>
  );
}

function EventView({ event: e }: { event: EventDetail }) {
  return (
    <PageFrame data-testid="event-page">
      <Stack gap="6">
        <EventHeader event={e} />
        {/*
          One column on a phone (details, the answer, the description, in reading order); on a wide
          screen the answer sits beside the details. minmax(0, …) lets long words wrap instead of
          widening the page.
        */}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} templateRows={{ lg: 'auto 1fr' }} gap="6">
          <GridItem minW="0" alignSelf="start" colStart={{ lg: 1 }} rowStart={{ lg: 1 }}>
            <DetailsCard event={e} />
          </GridItem>
          <GridItem minW="0" colStart={{ lg: 2 }} rowStart={{ lg: 1 }} rowSpan={{ lg: 2 }}>
            <Box position={{ lg: 'sticky' }} top={{ lg: '4' }}>
              <RsvpPanel event={e} />
            </Box>
          </GridItem>
          <GridItem minW="0" alignSelf="start" colStart={{ lg: 1 }} rowStart={{ lg: 2 }}>
            <AboutCard event={e} />
          </GridItem>
        </Grid>
        {e.canManage && <AttendeesCard event={e} />}
      </Stack>
    </PageFrame>
  );
}
