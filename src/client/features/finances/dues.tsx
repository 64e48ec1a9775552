import { Badge, Button, Card, EmptyState, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DuesBadge } from './dues-badge';
import { periodLabel, utcDay } from './dues-format';
import { myDuesQuery } from './queries';
import { OBLIGATION_STATUS_COLOR, OBLIGATION_STATUS_KEY, ROWS, money, type MyDues as Dues } from './shared';

/** The periods shown before "Show all": a year of monthly dues. */
const FIRST = 12;

/**
 * "My dues", for every member: the overall status as a badge, what is owed by now, paid and
 * outstanding, and each period's obligation (newest first). Only the viewer's own.
 */
export function MyDues({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(myDuesQuery(communityId));
  return (
    <Card.Root as="section" aria-labelledby="finance-dues" data-testid="my-dues">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="2">
        <Card.Title as="h2" id="finance-dues">
          {t('finances.dues.title')}
        </Card.Title>
        {q.data && <DuesBadge status={q.data.status} size="lg" />}
      </Card.Header>
      <Card.Body gap="4">
        {q.isPending ? (
          <Stack gap="2" aria-busy="true" aria-label={t('finances.loading')}>
            <Skeleton h="16" />
            <Skeleton h="12" />
          </Stack>
        ) : q.isError ? (
          <HStack gap="3" role="alert" flexWrap="wrap">
            <Text color="red.fg">{t('finances.dues.loadFailed')}</Text>
            <Button size="xs" variant="outline" onClick={() => void q.refetch()}>
              {t('finances.tryAgain')}
            </Button>
          </HStack>
        ) : q.data.obligations.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <CalendarCheck aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('finances.dues.empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <DuesFigures dues={q.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function DuesFigures({ dues }: { dues: Dues }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const c = dues.currency;
  const newestFirst = [...dues.obligations].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, FIRST);
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root data-testid="dues-owed">
          <Stat.Label>{t('finances.dues.owed')}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{money(dues.owed, c)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root data-testid="dues-paid">
          <Stat.Label>{t('finances.dues.paid')}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{money(dues.paid, c)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root data-testid="dues-outstanding">
          <Stat.Label>{t('finances.dues.outstanding')}</Stat.Label>
          <Stat.ValueText fontSize="2xl" color={dues.outstanding > 0 ? 'red.fg' : undefined}>
            {money(dues.outstanding, c)}
          </Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Stack gap="1">
        <Text as="h3" fontWeight="semibold">
          {t('finances.dues.periods')}
        </Text>
        <Stack as="ul" gap="0" listStyleType="none" css={ROWS}>
          {shown.map((o) => (
            <Stack as="li" key={o.id} gap="1" py="2" data-testid="dues-obligation" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }}>
              <Stack gap="0" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium">{periodLabel(t, o.periodKey)}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {o.plan}
                  </Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {[t('finances.dues.dueOn', { date: utcDay(o.dueAt) }), t('finances.dues.paidOf', { paid: money(o.paid, c), amount: money(o.amount, c) })].join(' · ')}
                </Text>
              </Stack>
              <Badge colorPalette={OBLIGATION_STATUS_COLOR[o.status]} alignSelf={{ base: 'flex-start', sm: 'center' }} flexShrink={0}>
                {t(OBLIGATION_STATUS_KEY[o.status])}
              </Badge>
            </Stack>
          ))}
        </Stack>
        {newestFirst.length > FIRST && (
          <Button size="sm" variant="outline" alignSelf="center" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t('finances.dues.showFewer') : t('finances.dues.showAll', { total: newestFirst.length })}
          </Button>
        )}
      </Stack>
    </>
  );
}
