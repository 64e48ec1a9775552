import { Badge, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Currency } from '@shared/money';
import { RIGHT_NAMES, type Standing } from '@shared/standing';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { formatAmount, formatDate } from '../../lib/format';
import { myStandingQuery, type MyStanding } from '../welfare/queries';
import { refusalText } from './refusal';

export const STANDING_COLOR: Record<Standing, string> = { new: 'blue', good: 'green', in_arrears: 'orange', suspended: 'red' };
export const standingKey = (s: Standing) => `standing.standings.${s}` as MessageKey;

/**
 * The member's own standing: where they stand, what they owe and since when, and each right it
 * gives, a refused one with its reason and the way back (the server's own words). Only they and
 * the leaders see it.
 */
export function MyStandingCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(myStandingQuery(communityId));
  return (
    <Card.Root as="section" aria-labelledby="my-standing" data-testid="my-standing" size="sm">
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Card.Title as="h2" id="my-standing">
            {t('standing.mine.title')}
          </Card.Title>
          {q.data && (
            <Badge colorPalette={STANDING_COLOR[q.data.standing]} data-testid="standing-badge">
              {t(standingKey(q.data.standing))}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <ListSkeleton label={t('standing.mine.loading')} rows={1} />
        ) : q.isError ? (
          <LoadFailed message={t('standing.mine.loadFailed')} retryLabel={t('standing.mine.tryAgain')} onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : (
          <StandingBody s={q.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function StandingBody({ s }: { s: MyStanding }) {
  const { t } = useTranslation();
  const frame = { currency: s.currency as Currency, timeZone: s.timeZone };
  const date = (iso: string | null) => formatDate(iso, { style: 'long' });
  const summary =
    s.standing === 'good'
      ? t('standing.mine.good')
      : s.standing === 'new'
        ? t('standing.mine.new', { date: date(s.newUntil) })
        : s.standing === 'in_arrears'
          ? t('standing.mine.inArrears', { amount: formatAmount(s.arrears, frame.currency), date: date(s.arrearsSince) })
          : s.suspended?.by === 'decision'
            ? t('standing.mine.suspendedDecision', { date: date(s.suspendedUntil), reason: s.suspended.reason })
            : t('standing.mine.suspendedArrears', { amount: formatAmount(s.arrears, frame.currency), date: date(s.arrearsSince) });
  return (
    <Stack gap="3">
      <Text data-testid="standing-summary">{summary}</Text>
      {s.arrears > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('standing.mine.wayBack')}
        </Text>
      )}
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="sm">
          {t('standing.mine.rightsTitle')}
        </Text>
        <List.Root gap="1" ps="4" fontSize="sm">
          {RIGHT_NAMES.map((right) => {
            const refusal = s.rights[right];
            return (
              <List.Item key={right} data-testid={`right-${right}`}>
                {t(`standing.rights.${right}` as MessageKey)}: {refusal ? refusalText(t, refusal, right, frame) : t('standing.rights.allowed')}
              </List.Item>
            );
          })}
        </List.Root>
      </Stack>
      <Text fontSize="xs" color="fg.muted">
        {t('standing.mine.onlyYou')}
      </Text>
    </Stack>
  );
}
