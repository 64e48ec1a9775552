import { Alert, Box, Button, Container, Grid, GridItem, Heading, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorInfo } from '../../../lib/errors';
import { eventQuery } from '../queries';
import type { EventDetail } from '../event-types';
import { AboutCard } from './about-card';
import { AttendeesCard } from './attendees-card';
import { DetailsCard } from './details-card';
import { EventHeader } from './event-header';
import { RsvpPanel } from './rsvp-panel';

/**
 * One event. Every member sees when and where, how many places are taken, the description and
 * their own answer; the hosts (canManage) also edit, cancel, see who answered, record answers
 * given offline and, once it has started, who came. What each sees is the server's decision
 * (events.get never lists who answered); the page only shows what it was given.
 */
export function EventPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({ ...eventQuery(valid ? id : 0), enabled: valid });
  if (!valid) return <EventUnavailable />;
  if (q.isPending) {
    return (
      <Container maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }} aria-busy="true" aria-label={t('event.loading')} data-testid="event-loading">
        <Skeleton h="5" w="32" mb="4" />
        <Skeleton h="10" w="70%" mb="3" />
        <Skeleton h="5" w="40%" mb="6" />
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
          <Stack gap="4">
            <Skeleton h="48" rounded="lg" />
            <Skeleton h="32" rounded="lg" />
          </Stack>
          <Skeleton h="64" rounded="lg" />
        </Grid>
      </Container>
    );
  }
  if (q.isError) {
    const info = errorInfo(q.error);
    // The server answers 404 alike for an event that does not exist and one the viewer may not see.
    if (info.status === 404 || info.status === 403) return <EventUnavailable />;
    return (
      <Container maxW="5xl" py="8" px={{ base: '3', sm: '4' }}>
        <Alert.Root status="error" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('event.loadFailed')}</Alert.Title>
            <Alert.Description>{info.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('event.tryAgain')}
          </Button>
        </Alert.Root>
      </Container>
    );
  }
  // Keyed by the event, so moving to another event starts its answer form afresh.
  return <EventView key={q.data.id} event={q.data} />;
}

function EventUnavailable() {
  const { t } = useTranslation();
  return (
    <VStack py="24" gap="4" textAlign="center" px="4" data-testid="event-not-found">
      <Heading as="h1" size="2xl">
        {t('event.notFound.title')}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {t('event.notFound.body')}
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/events">{t('event.back')}</Link>
      </Button>
    </VStack>
  );
}

function EventView({ event: e }: { event: EventDetail }) {
  return (
    <Container maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }} data-testid="event-page">
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
    </Container>
  );
}
