import { Badge, Button, Card, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { STANDINGS, type Standing } from '@shared/standing';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { formatAmount, formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { cursorPaging } from '../../lib/cursor-paging';
import { trpc } from '../../trpc';
import { STANDING_COLOR, standingKey } from './my-standing';

/**
 * The leaders' and the treasurer's standing roll: every member's standing, computed from the
 * books, filtered by standing, in joining order, with its CSV and Excel downloads. Arrears show
 * here and nowhere else.
 */
export function StandingRollCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const [standing, setStanding] = useState<Standing | undefined>(undefined);
  const { query: q, items } = useCursorList(trpc.standing.roll.infiniteQueryOptions({ communityId, standing, limit: 50 }, cursorPaging));
  const currency = (q.data?.pages[0]?.currency ?? 'XAF') as Currency;
  const qs = standing ? `?standing=${standing}` : '';
  return (
    <Card.Root as="section" aria-labelledby="standing-roll" size="sm" data-testid="standing-roll">
      <Card.Header gap="2">
        <Card.Title as="h2" id="standing-roll">
          {t('standing.roll.title')}
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {t('standing.roll.intro')}
        </Text>
        <HStack role="group" aria-label={t('standing.roll.filterStanding')} gap="2" flexWrap="wrap">
          {[undefined, ...STANDINGS].map((s) => (
            <Button key={s ?? 'all'} size="xs" rounded="full" variant={standing === s ? 'solid' : 'outline'} aria-pressed={standing === s} onClick={() => setStanding(s)}>
              {s ? t(standingKey(s)) : t('standing.roll.all')}
            </Button>
          ))}
        </HStack>
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <ListSkeleton label={t('standing.mine.loading')} rows={2} />
        ) : q.isError ? (
          <LoadFailed message={t('standing.roll.loadFailed')} retryLabel={t('standing.mine.tryAgain')} onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : items.length === 0 ? (
          <Text color="fg.muted">{t('standing.roll.empty')}</Text>
        ) : (
          <Stack gap="3">
            <Table.ScrollArea>
              <Table.Root size="sm">
                <Table.Caption>{t('standing.roll.caption')}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('standing.roll.member')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('standing.roll.standing')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('standing.roll.arrears')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('standing.roll.since')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((r) => (
                    <Table.Row key={r.userId}>
                      <Table.Cell>{r.name}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STANDING_COLOR[r.standing]}>{t(standingKey(r.standing))}</Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{r.arrears > 0 ? formatAmount(r.arrears, currency) : ''}</Table.Cell>
                      <Table.Cell>{formatDate(r.arrearsSince ?? r.suspendedUntil ?? r.newUntil, { style: 'short' })}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <LoadMore query={q} />
          </Stack>
        )}
        <HStack gap="3" mt="3" fontSize="sm">
          <Link href={`/api/communities/${communityId}/standing/roll.csv${qs}`} download color="brand.fg">
            {t('standing.roll.csv')}
          </Link>
          <Link href={`/api/communities/${communityId}/standing/roll.xlsx${qs}`} download color="brand.fg">
            {t('standing.roll.xlsx')}
          </Link>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
