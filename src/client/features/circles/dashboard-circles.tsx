import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { PiggyBank } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CircleStatusBadge, NextDue } from './circle-card';
import { myCirclesQuery } from './queries';
import { termsOf, type MyCircle } from './labels';
import { formatDay } from '../../lib/format';
import { SectionCard } from '../../components/section-card';
import { RuledList } from '../../components/rows';
import { ListStates } from '../../components/list-states';
import { EmptyNote } from '../../components/empty-state';

/** The circles the dashboard counts: running or recruiting, where the caller holds a hand (not a request still pending). */
export const currentCircles = (all: readonly MyCircle[]) => all.filter((c) => (c.status === 'active' || c.status === 'recruiting') && c.myStatus === 'approved');

/** Soonest payment first; recruiting circles (nothing owed yet) after. */
const bySoonest = (a: MyCircle, b: MyCircle) => (a.nextDue?.dueAt ?? Infinity) - (b.nextDue?.dueAt ?? Infinity) || b.id - a.id;

/** The dashboard's "My Savings Circles": up to three of the caller's circles with the next payment due. */
export function DashboardCircles() {
  const { t } = useTranslation();
  const q = useQuery(myCirclesQuery());
  const circles = currentCircles(q.data ?? []).sort(bySoonest);
  const empty = circles.length === 0 && (
    <EmptyNote icon={<PiggyBank />} title={t('dashboard.circles.empty')} titleAs="h3">
      {t('dashboard.circles.emptyBody')}
    </EmptyNote>
  );
  const viewAll = (
    <Button asChild size="sm" variant="ghost">
      <RouterLink to="/njangi">{t('dashboard.circles.viewAll')}</RouterLink>
    </Button>
  );
  return (
    <SectionCard id="dashboard-njangi" title={t('dashboard.circles.title')} actions={viewAll} testId="dashboard-circles">
      <ListStates query={q} loading={t('circles.page.loading')} rows={2} rowHeight="14" failed={t('dashboard.circles.loadFailed')} retry={t('dashboard.circles.tryAgain')} empty={empty}>
        <RuledList>
          {circles.slice(0, 3).map((c) => (
            <Stack as="li" key={c.id} gap="1" py="3" data-testid="dashboard-circle">
              <HStack gap="2" flexWrap="wrap">
                <Link asChild fontWeight="semibold" color="brand.fg" overflowWrap="anywhere">
                  <RouterLink to="/njangi/$id" params={{ id: String(c.id) }}>
                    {c.name}
                  </RouterLink>
                </Link>
                <CircleStatusBadge status={c.status} />
              </HStack>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {c.communityName} · {termsOf(t, c)}
              </Text>
              {c.nextDue ? (
                <NextDue circle={c} />
              ) : c.status === 'recruiting' ? (
                <Text fontSize="sm">{t('circles.card.firstMeeting', { date: formatDay(c.startDate) })}</Text>
              ) : (
                <Text fontSize="sm" color="green.fg">
                  {t('circles.card.upToDate')}
                </Text>
              )}
            </Stack>
          ))}
        </RuledList>
      </ListStates>
    </SectionCard>
  );
}
