import { DataList, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_METHOD_KEY, type Circle } from './model';
import { formatAmount, formatDay, formatWeekday, formatPercent } from '../../../lib/format';
import { SectionCard } from '../../../components/section-card';

/** The circle's rules, as everyone in the community sees them; fixed once it starts. */
export function RulesCard({ circle: c }: { circle: Circle }) {
  const { t } = useTranslation();
  const day = Number(c.startDate.slice(8, 10));
  const meets =
    c.frequency === 'monthly'
      ? t('circle.rules.meetsMonthly', { day })
      : c.frequency === 'biweekly'
        ? t('circle.rules.meetsBiweekly', { weekday: formatWeekday(c.startDate) })
        : t('circle.rules.meetsWeekly', { weekday: formatWeekday(c.startDate) });
  const fine =
    c.fineKind === 'fixed' ? formatAmount(c.fineValue, c.currency) : c.fineKind === 'percent' ? t('circle.rules.finePercent', { rate: formatPercent(c.fineValue / 10_000) }) : t('circle.rules.none');
  const items: [label: string, value: string, help?: string][] = [
    [t('circle.rules.contribution'), t('circle.rules.perHand', { amount: formatAmount(c.contribution, c.currency) })],
    [t('circle.rules.pot'), formatAmount(c.contribution * c.hands, c.currency)],
    [t('circle.rules.frequency'), meets],
    [t('circle.rules.timeZone'), c.timeZone.replace(/_/g, ' ')],
    [t('circle.rules.startDate'), formatDay(c.startDate, { style: 'full' })],
    [t('circle.rules.hands'), String(c.hands)],
    [t('circle.rules.maxHands'), String(c.maxHandsPerMember)],
    [t('circle.rules.payoutMethod'), t(PAYOUT_METHOD_KEY[c.payoutMethod]), t(`circle.methodHelp.${c.payoutMethod}`)],
    ...(c.payoutMethod === 'fixed' ? ([[t('circle.rules.orderBy'), c.orderBy === 'members' ? t('circle.rules.orderByMembers') : t('circle.rules.orderByOrganiser')]] as [string, string][]) : []),
    [t('circle.rules.graceDays'), c.graceDays ? t('circle.rules.days', { count: c.graceDays }) : t('circle.rules.none')],
    [t('circle.rules.fine'), fine],
    [t('circle.rules.deposit'), c.deposit ? formatAmount(c.deposit, c.currency) : t('circle.rules.none')],
    [t('circle.rules.fee'), c.feeBps ? t('circle.rules.feeRate', { rate: formatPercent(c.feeBps / 10_000) }) : t('circle.rules.none')],
  ];
  return (
    <SectionCard id="circle-rules" title={t('circle.rules.title')}>
      <DataList.Root orientation="horizontal" size="md" data-testid="circle-rules" css={{ '& > div': { flexWrap: 'wrap', gap: '1 4' } }}>
        {items.map(([label, value, help]) => (
          <DataList.Item key={label} alignItems="flex-start">
            <DataList.ItemLabel minW={{ base: 'full', sm: '44' }}>{label}</DataList.ItemLabel>
            <DataList.ItemValue flexDirection="column" minW="0">
              <Text overflowWrap="anywhere">{value}</Text>
              {help && (
                <Text fontSize="xs" color="fg.muted">
                  {help}
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </SectionCard>
  );
}
