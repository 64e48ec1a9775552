import { Box, Button, Card, Container, EmptyState, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { PiggyBank, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MyCircleCard } from './circle-card';
import { CreateCircleDialog } from './dialogs';
import { myCirclesQuery, myCommunitiesQuery } from './queries';
import { RecordPanel } from './record-panel';
import type { MyCircle } from './labels';
import { EmptyNote } from '../../components/empty-state';

/** Running circles first (what is owed soonest), then recruiting ones; finished ones apart. */
const ORDER: Record<MyCircle['status'], number> = { active: 0, recruiting: 1, completed: 2, cancelled: 3 };
const isCurrent = (c: MyCircle) => c.status === 'active' || c.status === 'recruiting';
const byUrgency = (a: MyCircle, b: MyCircle) => ORDER[a.status] - ORDER[b.status] || (a.nextDue?.dueAt ?? Infinity) - (b.nextDue?.dueAt ?? Infinity) || b.id - a.id;

/** /njangi: "My savings circles" and the caller's record. */
export function MyCirclesPage() {
  const { t } = useTranslation();
  const q = useQuery(myCirclesQuery());
  const circles = [...(q.data ?? [])].sort(byUrgency);
  const current = circles.filter(isCurrent);
  const past = circles.filter((c) => !isCurrent(c));
  const start = (
    <CreateCircleDialog
      trigger={
        <Button colorPalette="brand" alignSelf={{ sm: 'center' }}>
          <Plus aria-hidden /> {t('circles.page.start')}
        </Button>
      }
    />
  );
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <PageHeader title={t('circles.page.title')} intro={t('circles.page.intro')}>
          {/* With no circle yet the empty state below offers it, beside what a circle is. */}
          {(q.isPending || q.isError || circles.length > 0) && start}
        </PageHeader>
        <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="flex-start">
          <Stack gap="6" flex="1" minW="0" w="full">
            {q.isPending ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-busy="true" aria-label={t('circles.page.loading')}>
                <Skeleton h="40" />
                <Skeleton h="40" />
              </SimpleGrid>
            ) : q.isError ? (
              <HStack gap="3" role="alert" flexWrap="wrap" borderWidth="1px" rounded="lg" p="4">
                <Text color="red.fg">{t('circles.page.loadFailed')}</Text>
                <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
                  {t('circles.page.tryAgain')}
                </Button>
              </HStack>
            ) : circles.length === 0 ? (
              <NoCircles start={start} />
            ) : (
              <>
                {current.length > 0 && <CircleList id="njangi-current" title={t('circles.page.current')} circles={current} />}
                {past.length > 0 && <CircleList id="njangi-past" title={t('circles.page.past')} circles={past} />}
              </>
            )}
          </Stack>
          <Box w={{ base: 'full', lg: '80' }} flexShrink={0}>
            <RecordPanel />
          </Box>
        </Stack>
      </Stack>
    </Container>
  );
}

function CircleList({ id, title, circles }: { id: string; title: string; circles: MyCircle[] }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" p="0" m="0" data-testid="my-circles">
        {circles.map((c) => (
          <MyCircleCard key={c.id} circle={c} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** What a circle is, and where to find one: the Savings tab of each of the caller's communities. */
function NoCircles({ start }: { start: React.ReactNode }) {
  const { t } = useTranslation();
  const communities = useQuery(myCommunitiesQuery());
  const mine = communities.data?.items ?? [];
  return (
    <Card.Root>
      <Card.Body>
        <EmptyNote
          icon={<PiggyBank />}
          title={t('circles.empty.title')}
          titleAs="h2"
          action={
            <>
              <EmptyState.Description maxW="prose">{t('circles.empty.body')}</EmptyState.Description>
              {communities.isPending ? (
                <Skeleton h="8" w="60" />
              ) : mine.length > 0 ? (
                <Stack gap="2" align="center">
                  <Text fontSize="sm">{t('circles.empty.find')}</Text>
                  <Wrap as="ul" justify="center" gap="2" listStyleType="none" data-testid="find-circles">
                    {mine.map((c) => (
                      <li key={c.id}>
                        <Link asChild colorPalette="brand" fontSize="sm" fontWeight="medium" aria-label={t('circles.empty.savingsOf', { name: c.name })}>
                          <RouterLink to="/community/$id" params={{ id: String(c.id) }} search={{ tab: 'savings' }}>
                            {c.name}
                          </RouterLink>
                        </Link>
                      </li>
                    ))}
                  </Wrap>
                </Stack>
              ) : (
                <Stack gap="2" align="center">
                  <Text fontSize="sm">{t('circles.empty.noCommunities')}</Text>
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to="/communities">{t('circles.empty.browse')}</RouterLink>
                  </Button>
                </Stack>
              )}
              {start}
            </>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
