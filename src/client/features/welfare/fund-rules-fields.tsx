import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { parseAmount, toDecimal, type Currency } from '@shared/money';
import type { FundRules } from '@shared/schemas/welfare';
import { DEPENDANT_RELATIONSHIPS, RELATIONSHIPS, type Financing } from '@shared/welfare/rules';
import { FormField } from '../../components/form-field';
import { MoneyInput } from '../finances/money-input';

/*
 * A fund's rules as typed: the levy or monthly amount its financing needs, the benefit per
 * relationship, how many dependants of each are covered, and the days. The new fund's form and the
 * "change rules" form (a new version) both use these fields; the server checks every rule and its
 * messages come back in the toast.
 */

type Days = { dependantWaitingDays: string; levyDueDays: string; graceDays: string };
export type RulesDraft = { amount: string; benefits: Record<string, string>; limits: Record<string, string>; days: Days };

const NEW_FUND: RulesDraft = {
  amount: '',
  benefits: {},
  limits: { spouse: '1', child: '6', parent: '2', parentInLaw: '2', sibling: '0' },
  days: { dependantWaitingDays: '90', levyDueDays: '14', graceDays: '7' },
};

/** The fields' text for rules in force (or a new fund's suggestions). */
function draftOf(rules: FundRules | undefined, currency: Currency): RulesDraft {
  if (!rules) return NEW_FUND;
  const text = (amount: number | undefined) => (amount === undefined ? '' : toDecimal(amount, currency));
  return {
    amount: text(rules.levyAmount ?? rules.monthlyAmount),
    benefits: Object.fromEntries(RELATIONSHIPS.map((r) => [r, text(rules.benefits[r])])),
    limits: Object.fromEntries(DEPENDANT_RELATIONSHIPS.map((r) => [r, String(rules.limits[r] ?? 0)])),
    days: { dependantWaitingDays: String(rules.dependantWaitingDays), levyDueDays: String(rules.levyDueDays), graceDays: String(rules.graceDays) },
  };
}

/** The draft as the procedures take it: amounts in minor units (NaN where unreadable, which the server refuses with its words). */
function rulesFrom(d: RulesDraft, financing: Financing, currency: Currency) {
  const amount = (text: string | undefined) => (text?.trim() ? (parseAmount(text, currency) ?? Number.NaN) : undefined);
  return {
    benefits: Object.fromEntries(RELATIONSHIPS.map((r) => [r, amount(d.benefits[r])]).filter(([, v]) => v !== undefined)),
    limits: Object.fromEntries(DEPENDANT_RELATIONSHIPS.map((r) => [r, Number(d.limits[r] ?? 0)])),
    dependantWaitingDays: Number(d.days.dependantWaitingDays),
    levyDueDays: Number(d.days.levyDueDays),
    graceDays: Number(d.days.graceDays),
    ...(financing === 'levy' ? { levyAmount: amount(d.amount) } : financing === 'monthly' ? { monthlyAmount: amount(d.amount) } : {}),
  };
}

/** The rules' draft and its fields, from the rules in force when given. */
export function useRulesDraft(currency: Currency, rules?: FundRules) {
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(rules, currency));
  return { draft, setDraft, rules: (financing: Financing) => rulesFrom(draft, financing, currency) };
}

export function RulesFields({ draft, setDraft, financing, currency }: { draft: RulesDraft; setDraft: (d: RulesDraft) => void; financing: Financing; currency: Currency }) {
  const { t } = useTranslation();
  const day = (id: keyof Days, label: string) => (
    <FormField name={id} label={label}>
      <Input id={id} inputMode="numeric" value={draft.days[id]} onChange={(e) => setDraft({ ...draft, days: { ...draft.days, [id]: e.target.value } })} />
    </FormField>
  );
  return (
    <>
      {financing !== 'general' && (
        <FormField name="levyAmount" label={t(financing === 'levy' ? 'welfare.fundForm.levyAmount' : 'welfare.fundForm.monthlyAmount', { currency })} required>
          <MoneyInput id="levyAmount" currency={currency} value={draft.amount} onChange={(e) => setDraft({ ...draft, amount: e.target.value })} />
        </FormField>
      )}
      <Stack gap="2">
        <Text fontWeight="medium">{t('welfare.fundForm.benefits', { currency })}</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {RELATIONSHIPS.map((r) => (
            <FormField key={r} name={`benefit-${r}`} label={t(`welfare.relationships.${r}` as MessageKey)}>
              <MoneyInput id={`benefit-${r}`} currency={currency} value={draft.benefits[r] ?? ''} onChange={(e) => setDraft({ ...draft, benefits: { ...draft.benefits, [r]: e.target.value } })} />
            </FormField>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="medium">{t('welfare.fundForm.limits')}</Text>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3">
          {DEPENDANT_RELATIONSHIPS.map((r) => (
            <FormField key={r} name={`limit-${r}`} label={t(`welfare.relationships.${r}` as MessageKey)}>
              <Input id={`limit-${r}`} inputMode="numeric" value={draft.limits[r] ?? ''} onChange={(e) => setDraft({ ...draft, limits: { ...draft.limits, [r]: e.target.value } })} />
            </FormField>
          ))}
        </SimpleGrid>
      </Stack>
      {day('dependantWaitingDays', t('welfare.fundForm.waitingDays'))}
      {day('levyDueDays', t('welfare.fundForm.levyDueDays'))}
      {day('graceDays', t('welfare.fundForm.graceDays'))}
    </>
  );
}
