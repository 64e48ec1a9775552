import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, type Currency } from '@shared/money';
import { INTEREST_METHODS, MEETING_FREQUENCIES } from '@shared/savings/rules';
import type { SavingsRules } from '@shared/schemas/savings';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { ZoneSelect } from '../../components/zone-select';
import { viewerTimeZone } from '../../lib/format';
import { trpc } from '../../trpc';
import { financeSummaryQuery } from '../finances/queries';
import { MoneyInput } from '../finances/money-input';
import { frequencyKey, interestMethodKey } from './labels';
import { useSavingsAction } from './use-savings-action';

/*
 * A new savings group: its name, the zone its meetings keep, and its rules (the first cycle's,
 * copied when it opens). The fields hold what people type (a rate in percent, a loan multiple in
 * times); the rules are built from them as the server takes them (basis points, tenths, minor
 * units), and the server checks each and answers in its own words.
 */

type Draft = Record<'name' | 'cycleMonths' | 'sharePrice' | 'minShares' | 'maxShares' | 'socialFund' | 'loanMultiple' | 'loanTerms' | 'rate' | 'graceDays' | 'latePenalty' | 'fineLate' | 'fineAbsent' | 'fineMissedShares', string>;

const START: Draft = { name: '', cycleMonths: '12', sharePrice: '', minShares: '1', maxShares: '5', socialFund: '0', loanMultiple: '3', loanTerms: '3, 6', rate: '2', graceDays: '7', latePenalty: '0', fineLate: '0', fineAbsent: '0', fineMissedShares: '0' };

/** A decimal as people type it (a comma or a point), scaled to a whole number; NaN when unreadable (the server refuses it in its words). */
const scaled = (text: string, by: number) => (/^\s*\d+([.,]\d+)?\s*$/.test(text) ? Math.round(Number(text.trim().replace(',', '.')) * by) : Number.NaN);

function rulesOf(d: Draft, frequency: SavingsRules['frequency'], interestMethod: SavingsRules['interestMethod'], currency: Currency): SavingsRules {
  const money = (text: string) => (text.trim() === '' || text.trim() === '0' ? 0 : (parseAmount(text, currency) ?? Number.NaN));
  return {
    frequency,
    cycleMonths: Number(d.cycleMonths),
    sharePrice: money(d.sharePrice),
    minShares: Number(d.minShares),
    maxShares: Number(d.maxShares),
    socialFund: money(d.socialFund),
    loanMultipleTenths: scaled(d.loanMultiple, 10),
    loanTerms: d.loanTerms
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number),
    interestMethod,
    rateBps: scaled(d.rate, 100),
    graceDays: Number(d.graceDays),
    latePenalty: money(d.latePenalty),
    fineLate: money(d.fineLate),
    fineAbsent: money(d.fineAbsent),
    fineMissedShares: money(d.fineMissedShares),
    shareOutMethod: 'proportional',
  };
}

export const CreateGroupDialog = formDialog(CreateGroupForm, (t) => t('savings.create.title'), { base: 'full', md: 'lg' });

function CreateGroupForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const books = useQuery(financeSummaryQuery(communityId)).data;
  const currency = (books?.opened ? books.currency : 'XAF') as Currency;
  const [d, setD] = useState<Draft>(START);
  const [timeZone, setTimeZone] = useState(viewerTimeZone);
  const [frequency, setFrequency] = useState<SavingsRules['frequency']>('weekly');
  const [interestMethod, setInterestMethod] = useState<SavingsRules['interestMethod']>('declining');
  const create = useMutation(trpc.savings.createGroup.mutationOptions());
  const act = useSavingsAction();
  const navigate = useNavigate();
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) => setD({ ...d, [k]: e.target.value });
  const text = (k: keyof Draft, label: string, helper?: string, inputMode: 'numeric' | 'decimal' | 'text' = 'numeric') => (
    <FormField name={k} label={label} helper={helper} required={k === 'name'}>
      <Input id={k} value={d[k]} onChange={set(k)} inputMode={inputMode} autoComplete="off" maxLength={k === 'name' ? 80 : 20} />
    </FormField>
  );
  const money = (k: keyof Draft, label: string, helper?: string) => (
    <FormField name={k} label={label} helper={helper}>
      <MoneyInput id={k} currency={currency} value={d[k]} onChange={set(k)} />
    </FormField>
  );
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    let id = 0;
    const done = await act(
      async () => (id = (await create.mutateAsync({ communityId, name: d.name, timeZone, rules: rulesOf(d, frequency, interestMethod, currency) })).id),
      t('savings.actionFailed'),
      t('savings.create.created'),
    );
    if (done) {
      onDone();
      void navigate({ to: '/savings/$id', params: { id: String(id) } });
    }
  }
  if (books && !books.opened) return <Text p="6">{t('savings.create.booksFirst')}</Text>;
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('savings.create.submit')} busy={create.isPending} testId="create-group-form">
      {text('name', t('savings.create.name'), undefined, 'text')}
      <FormField name="timeZone" label={t('savings.create.timeZone')}>
        <ZoneSelect value={timeZone} onChange={setTimeZone} />
      </FormField>
      <Text fontSize="sm" color="fg.muted">
        {t('savings.create.currency', { currency })}
      </Text>
      <Part title={t('savings.create.meetings')}>
        <FormField name="frequency" label={t('savings.create.frequency')}>
          <Select id="frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as SavingsRules['frequency'])} options={MEETING_FREQUENCIES.map((f) => ({ value: f, label: t(frequencyKey(f)) }))} />
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
          <Select id="interestMethod" value={interestMethod} onChange={(e) => setInterestMethod(e.target.value as SavingsRules['interestMethod'])} options={INTEREST_METHODS.map((m) => ({ value: m, label: t(interestMethodKey(m)) }))} />
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
      <Text fontSize="sm">
        {t('savings.create.shareOut')}: {t('savings.create.proportional')}
      </Text>
    </DialogForm>
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
