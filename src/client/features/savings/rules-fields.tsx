import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, type Currency } from '@shared/money';
import { INTEREST_METHODS, MEETING_FREQUENCIES } from '@shared/savings/rules';
import type { SavingsRules } from '@shared/schemas/savings';
import { FormField } from '../../components/form-field';
import { amountInputText, formatNumber } from '../../lib/format';
import { Select } from '../../components/select';
import { MoneyInput } from '../finances/money-input';
import { frequencyKey, interestMethodKey } from './labels';

/*
 * A group's rules as typed, for a new group and for a change of the next cycle's rules. The fields
 * hold what people type (a rate in percent, a loan multiple in times, amounts in the currency); the
 * rules are built from them as the server takes them (basis points, tenths, minor units), and the
 * server checks each and answers in its own words.
 */

type Fields = Record<'cycleMonths' | 'sharePrice' | 'minShares' | 'maxShares' | 'socialFund' | 'loanMultiple' | 'loanTerms' | 'rate' | 'graceDays' | 'latePenalty' | 'fineLate' | 'fineAbsent' | 'fineMissedShares', string>;
type Draft = { text: Fields; frequency: SavingsRules['frequency']; interestMethod: SavingsRules['interestMethod'] };

const NEW_GROUP: Draft = {
  text: { cycleMonths: '12', sharePrice: '', minShares: '1', maxShares: '5', socialFund: '0', loanMultiple: '3', loanTerms: '3, 6', rate: '2', graceDays: '7', latePenalty: '0', fineLate: '0', fineAbsent: '0', fineMissedShares: '0' },
  frequency: 'weekly',
  interestMethod: 'declining',
};

/** The fields' text for rules in force (or a new group's suggestions), written as the reader's language writes numbers. */
function draftOf(r: SavingsRules | undefined, currency: Currency): Draft {
  if (!r) return NEW_GROUP;
  const money = (amount: number) => amountInputText(amount, currency);
  return {
    text: {
      cycleMonths: String(r.cycleMonths),
      sharePrice: money(r.sharePrice),
      minShares: String(r.minShares),
      maxShares: String(r.maxShares),
      socialFund: money(r.socialFund),
      loanMultiple: formatNumber(r.loanMultipleTenths / 10),
      loanTerms: r.loanTerms.join(', '),
      rate: formatNumber(r.rateBps / 100),
      graceDays: String(r.graceDays),
      latePenalty: money(r.latePenalty),
      fineLate: money(r.fineLate),
      fineAbsent: money(r.fineAbsent),
      fineMissedShares: money(r.fineMissedShares),
    },
    frequency: r.frequency,
    interestMethod: r.interestMethod,
  };
}

/** A decimal as people type it (a comma or a point), scaled to a whole number; NaN when unreadable (the server refuses it in its words). */
const scaled = (text: string, by: number) => (/^\s*\d+([.,]\d+)?\s*$/.test(text) ? Math.round(Number(text.trim().replace(',', '.')) * by) : Number.NaN);

function rulesOf(d: Draft, currency: Currency): SavingsRules {
  const t = d.text;
  const money = (text: string) => (text.trim() === '' || /^\s*0+([.,]0*)?\s*$/.test(text) ? 0 : (parseAmount(text, currency) ?? Number.NaN));
  return {
    frequency: d.frequency,
    cycleMonths: Number(t.cycleMonths),
    sharePrice: money(t.sharePrice),
    minShares: Number(t.minShares),
    maxShares: Number(t.maxShares),
    socialFund: money(t.socialFund),
    loanMultipleTenths: scaled(t.loanMultiple, 10),
    loanTerms: t.loanTerms
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number),
    interestMethod: d.interestMethod,
    rateBps: scaled(t.rate, 100),
    graceDays: Number(t.graceDays),
    latePenalty: money(t.latePenalty),
    fineLate: money(t.fineLate),
    fineAbsent: money(t.fineAbsent),
    fineMissedShares: money(t.fineMissedShares),
    shareOutMethod: 'proportional',
  };
}

/** The rules' draft, from the rules in force when given, and the rules it makes. */
export function useRulesDraft(currency: Currency, rules?: SavingsRules) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules, currency));
  return { draft, setDraft, rules: () => rulesOf(draft, currency) };
}

export function RulesFields({ draft: d, setDraft, currency }: { draft: Draft; setDraft: (d: Draft) => void; currency: Currency }) {
  const { t } = useTranslation();
  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...d, text: { ...d.text, [k]: e.target.value } });
  const text = (k: keyof Fields, label: string, helper?: string, inputMode: 'numeric' | 'decimal' | 'text' = 'numeric') => (
    <FormField name={k} label={label} helper={helper}>
      <Input id={k} value={d.text[k]} onChange={set(k)} inputMode={inputMode} autoComplete="off" maxLength={20} />
    </FormField>
  );
  const money = (k: keyof Fields, label: string, helper?: string) => (
    <FormField name={k} label={label} helper={helper}>
      <MoneyInput id={k} currency={currency} value={d.text[k]} onChange={set(k)} />
    </FormField>
  );
  return (
    <>
      <Part title={t('savings.create.meetings')}>
        <FormField name="frequency" label={t('savings.create.frequency')}>
          <Select id="frequency" value={d.frequency} onChange={(e) => setDraft({ ...d, frequency: e.target.value as SavingsRules['frequency'] })} options={MEETING_FREQUENCIES.map((f) => ({ value: f, label: t(frequencyKey(f)) }))} />
        </FormField>
        {text('cycleMonths', t('savings.create.cycleMonths'), t('savings.create.cycleMonthsHelp'))}
        {money('sharePrice', t('savings.create.sharePrice'))}
        <SimpleGrid columns={2} gap="3">
          {text('minShares', t('savings.create.minShares'))}
          {text('maxShares', t('savings.create.maxShares'))}
        </SimpleGrid>
        {money('socialFund', t('savings.create.socialFund'), t('savings.create.socialFundHelp'))}
      </Part>
      <Part title={t('savings.create.loans')}>
        {text('loanMultiple', t('savings.create.loanMultiple'), t('savings.create.loanMultipleHelp'), 'decimal')}
        {text('loanTerms', t('savings.create.loanTerms'), t('savings.create.loanTermsHelp'), 'text')}
        <FormField name="interestMethod" label={t('savings.create.interestMethod')}>
          <Select id="interestMethod" value={d.interestMethod} onChange={(e) => setDraft({ ...d, interestMethod: e.target.value as SavingsRules['interestMethod'] })} options={INTEREST_METHODS.map((m) => ({ value: m, label: t(interestMethodKey(m)) }))} />
        </FormField>
        {text('rate', t('savings.create.rate'), t('savings.create.rateHelp'), 'decimal')}
        {text('graceDays', t('savings.create.graceDays'))}
        {money('latePenalty', t('savings.create.latePenalty'))}
      </Part>
      <Part title={t('savings.create.fines')} intro={t('savings.create.finesHelp')}>
        {money('fineLate', t('savings.create.fineLate'))}
        {money('fineAbsent', t('savings.create.fineAbsent'))}
        {money('fineMissedShares', t('savings.create.fineMissedShares'))}
      </Part>
      <Text fontSize="sm">{t('savings.create.shareOutLine')}</Text>
    </>
  );
}

/** A group of fields under its own heading, so a long form reads in parts. */
function Part({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Stack as="fieldset" gap="3" borderTopWidth="1px" pt="3">
      <Text as="legend" fontWeight="semibold" pt="3">
        {title}
      </Text>
      {intro && (
        <Text fontSize="sm" color="fg.muted">
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  );
}
