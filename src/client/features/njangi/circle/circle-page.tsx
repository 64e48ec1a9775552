import { Alert, Button, Container, Heading, SimpleGrid, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorInfo } from '../../../lib/errors';
import { AuctionCard } from './auction-card';
import { CancelCircle } from './cancel-circle';
import { CircleHeader } from './circle-header';
import { ContributionsQueue } from './contributions-queue';
import { DrawCard } from './draw-card';
import { FinesCard } from './fines-card';
import { JoinPanel } from './join-panel';
import { JoinRequests } from './join-requests';
import { MembersCard } from './members-card';
import { MyHands } from './my-hands';
import { MyPayouts } from './my-payouts';
import { OfficerCard } from './officer-card';
import { PositionPicks } from './position-picks';
import { circleQuery } from './queries';
import { ReportCard } from './report-card';
import { RoundsTable } from './rounds-table';
import { RulesCard } from './rules-card';
import type { Detail } from './shared';
import { StartCircle } from './start-circle';
import { SwapsCard } from './swaps-card';
import { TopUpsCard } from './topups-card';

/**
 * The circle page. Everyone in the community sees the rules, the members and the rounds; the
 * viewer sees what is theirs (hands, contributions, payouts, fines, bids, swaps) and the organiser
 * everything they run the circle with. What each sees is decided by the server (njangi.get); the
 * page only shows what it was given and never works out another member's arrears.
 */
export function CirclePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({ ...circleQuery(valid ? id : 0), enabled: valid });
  if (!valid) return <CircleUnavailable title={t('circle.notFound.title')} body={t('circle.notFound.body')} />;
  if (q.isPending) {
    return (
      <Container maxW="5xl" py={{ base: '4', md: '8' }} aria-busy="true" aria-label={t('circle.loading')}>
        <Skeleton h="10" w="60%" mb="3" />
        <Skeleton h="5" w="40%" mb="6" />
        <Stack gap="4">
          <Skeleton h="40" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      </Container>
    );
  }
  if (q.isError) {
    const info = errorInfo(q.error);
    if (info.status === 404) return <CircleUnavailable title={t('circle.notFound.title')} body={t('circle.notFound.body')} />;
    if (info.status === 403) return <CircleUnavailable title={t('circle.forbidden.title')} body={info.message} />;
    return (
      <Container maxW="5xl" py="8">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.loadFailed')}</Alert.Title>
            <Alert.Description>{info.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('circle.tryAgain')}
          </Button>
        </Alert.Root>
      </Container>
    );
  }
  return <CircleView detail={q.data} />;
}

function CircleUnavailable({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <VStack py="24" gap="4" textAlign="center" px="4">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{body}</Text>
      <Button asChild colorPalette="brand">
        <Link to="/njangi">{t('circle.backToCircles')}</Link>
      </Button>
    </VStack>
  );
}

function CircleView({ detail: d }: { detail: Detail }) {
  const c = d.circle;
  const organiser = d.viewer.isOrganiser;
  const started = d.rounds.length > 0;
  const running = c.status === 'active';
  return (
    <Container maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4' }}>
      <Stack gap="6">
        <CircleHeader detail={d} />
        {c.status === 'recruiting' && (
          <>
            <JoinPanel detail={d} />
            {c.payoutMethod === 'fixed' && c.orderBy === 'members' && <PositionPicks detail={d} />}
            {organiser && <JoinRequests detail={d} />}
            {organiser && <StartCircle detail={d} />}
          </>
        )}
        {started && (
          <>
            <MyPayouts detail={d} />
            {d.viewer.handIds.length > 0 && <MyHands detail={d} />}
            {organiser && running && <ContributionsQueue detail={d} />}
            {d.officerQueue && <OfficerCard detail={d} queue={d.officerQueue} />}
            {organiser && <TopUpsCard detail={d} />}
            <RoundsTable detail={d} />
            {c.payoutMethod === 'auction' && running && <AuctionCard detail={d} />}
            {c.payoutMethod !== 'auction' && running && <SwapsCard detail={d} />}
            <FinesCard detail={d} />
            {c.payoutMethod === 'random' && <DrawCard detail={d} />}
            <ReportCard detail={d} />
          </>
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <RulesCard circle={c} />
          <MembersCard detail={d} />
        </SimpleGrid>
        {organiser && (c.status === 'recruiting' || running) && <CancelCircle circle={c} />}
      </Stack>
    </Container>
  );
}
