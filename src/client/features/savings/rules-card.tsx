import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { RowButton } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount, formatDay, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { frequencyKey, interestInKey, rateText } from './labels';
import type { Group } from './queries';
import { RulesFields, useRulesDraft } from './rules-fields';
import { useSavingsAction } from './use-savings-action';

/** The rules in force: the open cycle's (copied when it opened), or the group's for its next cycle; its officers change the next cycle's. */
export function RulesCard({ g, officer }: { g: Group; officer: boolean }) {
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
      actions={officer && g.status === 'active' && <ChangeRulesDialog g={g} trigger={<RowButton label={t('savings.rules.changeLabel')}>{t('savings.rules.change')}</RowButton>} />}
      size="sm"
    >
      <DefinitionList
        labelWidth="9rem"
        items={[
          { label: t('savings.rules.meetings'), value: t('savings.rules.meetingsText', { frequency: t(frequencyKey(r.frequency)), months: t('savings.loans.months', { count: r.cycleMonths }) }) },
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

/** The next cycle's rules, from the group's as they stand (the open cycle keeps its own). */
const ChangeRulesDialog = formDialog(ChangeRulesForm, (t) => t('savings.rules.changeTitle'), { base: 'full', md: 'lg' });

function ChangeRulesForm({ g, onDone }: { g: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const currency = g.currency as Currency;
  const { draft, setDraft, rules } = useRulesDraft(currency, g.rules);
  const change = useMutation(trpc.savings.changeRules.mutationOptions());
  const act = useSavingsAction();
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => change.mutateAsync({ id: g.id, rules: rules() }), t('savings.actionFailed'), t('savings.rules.saved')).then((ok) => ok && onDone());
      }}
      onCancel={onDone}
      submitLabel={t('savings.rules.save')}
      busy={change.isPending}
      testId="change-rules-form"
    >
      <Text>{t('savings.rules.nextHelp')}</Text>
      <RulesFields draft={draft} setDraft={setDraft} currency={currency} />
    </DialogForm>
  );
}
