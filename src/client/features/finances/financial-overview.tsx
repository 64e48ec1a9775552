import { HStack, Link, Stack, Stat } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isCurrency } from '@shared/money';
import { formatNumber, formatAmount } from '../../lib/format';
import { DuesBadge } from './dues-badge';
import { financeOverviewQuery } from './queries';
import type { OverviewRow } from './types';
import { RuledList } from '../../components/rows';
import { ListStates } from '../../components/list-states';
import { EmptyNote } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';

/**
 * The dashboard's Financial Overview: in each community whose books are open, the viewer's own
 * figures (paid this year, outstanding dues, awaiting confirmation) and dues status, each in that
 * community's currency. Different currencies are never added together, so there is no grand total.
 */
export function FinancialOverview() {
  const { t } = useTranslation();
  const q = useQuery(financeOverviewQuery());
  return (
    <SectionCard id="dashboard-finances" title={t('dashboard.finances.title')} intro={q.data && q.data.length > 0 ? t('dashboard.finances.intro') : undefined} testId="financial-overview">
      <ListStates
        query={q}
        loading={t('common.loading')}
        rows={2}
        failed={t('dashboard.finances.loadFailed')}
        retry={t('dashboard.finances.tryAgain')}
        empty={
          q.data?.length === 0 && (
            <EmptyNote icon={<Wallet />} title={t('dashboard.finances.empty')}>
              {t('dashboard.finances.emptyBody')}
            </EmptyNote>
          )
        }
      >
        {() => (
          <RuledList>
            {q.data!.map((r) => (
              <OverviewItem key={r.communityId} row={r} />
            ))}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

/** The overview names its currency as a plain code: a known one formats as money, another (none today) as a number and its code. */
const amountIn = (amount: number, currency: string) => (isCurrency(currency) ? formatAmount(amount, currency) : `${formatNumber(amount)} ${currency}`);

function OverviewItem({ row: r }: { row: OverviewRow }) {
  const { t } = useTranslation();
  return (
    <Stack as="li" gap="3" py="3" data-testid="finance-overview-row" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
      <HStack gap="2" flexWrap="wrap" minW="0">
        <Link asChild fontWeight="semibold" color="brand.fg">
          <RouterLink to="/community/$id" params={{ id: String(r.communityId) }} search={{ tab: 'finances' }}>
            {r.community}
          </RouterLink>
        </Link>
        <DuesBadge status={r.status} />
      </HStack>
      <HStack gap={{ base: '4', md: '8' }} flexWrap="wrap" align="flex-start">
        <Figure label={t('dashboard.finances.paidThisYear')} value={amountIn(r.paidThisYear, r.currency)} />
        <Figure label={t('dashboard.finances.outstanding')} value={amountIn(r.outstanding, r.currency)} alert={r.outstanding > 0} />
        {r.pending > 0 && <Figure label={t('dashboard.finances.pending')} value={amountIn(r.pending, r.currency)} />}
      </HStack>
    </Stack>
  );
}

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Stat.Root size="sm" flex="0 0 auto">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="md" color={alert ? 'red.fg' : undefined}>
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}
