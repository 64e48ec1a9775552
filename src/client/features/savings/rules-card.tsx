import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount, formatDay, formatNumber } from '../../lib/format';
import { frequencyKey, interestInKey, rateText } from './labels';
import type { Group } from './queries';

/** The rules in force: the open cycle's (copied when it opened), or the group's for its next cycle. */
export function RulesCard({ g }: { g: Group }) {
  const { t } = useTranslation();
  const cycle = g.cycle?.status === 'open' ? g.cycle : null;
  const r = cycle?.rules ?? g.rules;
  const m = (amount: number) => formatAmount(amount, g.currency);
  return (
    <SectionCard
      id="savings-rules"
      testId="savings-rules"
      title={cycle ? t('savings.rules.ofCycle', { number: cycle.number }) : t('savings.rules.next')}
      intro={cycle ? t('savings.rules.cycle', { number: cycle.number, start: formatDay(cycle.startDate), end: formatDay(cycle.endDate) }) : t('savings.rules.noCycle')}
      size="sm"
    >
      <DefinitionList
        labelWidth="9rem"
        items={[
          { label: t('savings.rules.meetings'), value: `${t(frequencyKey(r.frequency))} · ${t('savings.create.cycleMonths')}: ${formatNumber(r.cycleMonths)}` },
          { label: t('savings.rules.share'), value: t('savings.rules.shareText', { price: m(r.sharePrice), min: r.minShares, max: r.maxShares }) },
          { label: t('savings.rules.socialFund'), value: r.socialFund > 0 ? t('savings.rules.socialFundText', { amount: m(r.socialFund) }) : t('savings.rules.none') },
          { label: t('savings.rules.loans'), value: t('savings.rules.loansText', { multiple: formatNumber(r.loanMultipleTenths / 10), terms: r.loanTerms.join(', ') }) },
          { label: t('savings.rules.interest'), value: t('savings.rules.interestText', { rate: rateText(r.rateBps), method: t(interestInKey(r.interestMethod)) }) },
          { label: t('savings.rules.grace'), value: t('savings.rules.graceText', { penalty: m(r.latePenalty), days: r.graceDays }) },
          { label: t('savings.rules.fines'), value: t('savings.rules.finesText', { late: m(r.fineLate), absent: m(r.fineAbsent), missed: m(r.fineMissedShares) }) },
          { label: t('savings.rules.shareOut'), value: t('savings.create.proportional') },
        ]}
      />
    </SectionCard>
  );
}
