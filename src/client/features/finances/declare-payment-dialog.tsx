import { Input, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { amountText, MoneyInput } from './money-input';
import { ProofPicker } from './proof-picker';
import { METHODS, METHOD_KEY, PROVIDERS, PURPOSES, PURPOSE_KEY } from './labels';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';
import { useBooksAction } from './use-books-action';
import { amountInputText } from '../../lib/format';
import { HowToPay } from '../collecting/how-to-pay';
import { SmsPaste } from '../collecting/sms-paste';
import { fieldsFromText } from '../collecting/links';

const optionalText = (max: number, message: 'validation.finance.referenceLong' | 'validation.finance.descriptionLong') => z.string().trim().max(max, message);

const declareForm = (currency: Currency) =>
  z
    .object({
      amount: amountText(currency),
      purpose: z.enum(PURPOSES, { message: 'validation.finance.purpose' }),
      method: z.enum(METHODS, { message: 'validation.finance.method' }),
      provider: optionalText(40, 'validation.finance.referenceLong'),
      reference: optionalText(80, 'validation.finance.referenceLong'),
      proofUrl: z.string().nullable(),
      note: optionalText(500, 'validation.finance.descriptionLong'),
      // As the server reads it (schemas/finances.ts): the provider's id of the transfer, at most 64 of these characters.
      transactionId: z.string().trim().max(64, 'validation.finance.transactionId').regex(/^[A-Za-z0-9._-]*$/, 'validation.finance.transactionId'),
      smsText: z.string().trim().max(1000, 'validation.finance.smsTextLong'),
    })
    .superRefine((v, ctx) => {
      if (v.method === 'mobile_money' && !v.provider) ctx.addIssue({ code: 'custom', path: ['provider'], message: 'errors.finances.providerRequired' });
    });

/** "I paid": a member declares a payment; it waits, pending, until an officer confirms it. */
export const DeclarePaymentDialog = formDialog(DeclareForm, (t) => t('finances.declare.title'), { base: 'full', md: 'md' });

function DeclareForm({ communityId, currency, onDone }: { communityId: number; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const providers = useId();
  const form = useZodForm(declareForm(currency), { amount: '', purpose: 'dues', method: 'mobile_money', provider: '', reference: '', proofUrl: null, note: '', transactionId: '', smsText: '' });
  const declare = useMutation(trpc.finances.declarePayment.mutationOptions());
  const mobile = form.values.method === 'mobile_money';

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    const payment = {
      communityId,
      amount: data.amount,
      // The currency the amount was typed in: if the books changed theirs meanwhile, the server says so.
      currency,
      purpose: data.purpose,
      method: data.method,
      provider: data.method === 'mobile_money' ? data.provider : null,
      reference: data.reference || null,
      proofUrl: data.proofUrl,
      note: data.note || null,
      transactionId: data.transactionId || null,
      // The pasted text stays with the payment for the treasurer, read or not.
      smsText: data.smsText || null,
    };
    const toast = { title: t('finances.declare.done'), body: t('finances.declare.doneBody') };
    if (await act(() => declare.mutateAsync(payment), t('finances.declare.failed'), toast, form.applyServerError)) onDone();
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('finances.declare.submit')} busy={declare.isPending} busyLabel={t('finances.form.saving')}>
      <HowToPay communityId={communityId} />
      <SmsPaste
        communityId={communityId}
        currency={currency}
        value={form.values.smsText}
        error={form.errors.smsText}
        onChange={(text) => form.setValue('smsText', text)}
        onRead={(read) => form.setValues((v) => ({ ...v, ...fieldsFromText(read, currency, amountInputText) }))}
      />
      <FormField name="amount" label={t('finances.form.amount')} error={form.errors.amount} required>
        <MoneyInput currency={currency} {...form.field('amount')} />
      </FormField>
      <FormField name="purpose" label={t('finances.declare.purpose')} error={form.errors.purpose}>
        <Select {...form.field('purpose')} options={PURPOSES.map((p) => ({ value: p, label: t(PURPOSE_KEY[p]) }))} />
      </FormField>
      <FormField name="method" label={t('finances.declare.method')} error={form.errors.method}>
        <Select {...form.field('method')} options={METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m]) }))} />
      </FormField>
      {mobile && (
        <FormField name="provider" label={t('finances.declare.provider')} error={form.errors.provider} helper={t('finances.declare.providerHelp')} required>
          <Input {...form.field('provider')} list={providers} maxLength={40} autoComplete="off" />
          <datalist id={providers}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </FormField>
      )}
      <FormField name="reference" label={t('finances.declare.reference')} error={form.errors.reference} helper={t('finances.declare.referenceHelp')}>
        <Input {...form.field('reference')} maxLength={80} autoComplete="off" />
      </FormField>
      <FormField name="transactionId" label={t('collecting.sms.transactionId')} error={form.errors.transactionId} helper={t('collecting.sms.transactionIdHelp')}>
        <Input {...form.field('transactionId')} maxLength={64} autoComplete="off" />
      </FormField>
      <FormField name="proofUrl" label={t('finances.proof.label')} error={form.errors.proofUrl}>
        <ProofPicker id="proofUrl" label={t('finances.proof.label')} value={form.values.proofUrl ?? null} onChange={(url) => form.setValue('proofUrl', url)} testId="proof-file" />
      </FormField>
      <FormField name="note" label={t('finances.declare.note')} error={form.errors.note}>
        <Textarea {...form.field('note')} rows={2} maxLength={500} />
      </FormField>
    </DialogForm>
  );
}
