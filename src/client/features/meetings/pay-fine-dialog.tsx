import { Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toDecimal, type Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { amountText, MoneyInput } from '../finances/money-input';
import { METHODS, METHOD_KEY } from '../finances/labels';
import type { FineRow } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/** Declares paying one's own fine: it waits for a finance officer's confirmation, then the fine reads as paid. */
export const PayFineDialog = formDialog(PayFineForm, (t) => t('meetings.fines.payTitle'), { base: 'full', md: 'sm' });

const schema = (currency: Currency) => z.object({ amount: amountText(currency), method: z.enum(METHODS), reference: z.string().trim().max(80, 'validation.finance.referenceLong') });

function PayFineForm({ fine, currency, onDone }: { communityId: number; fine: FineRow; currency: string; onDone: () => void }) {
  const { t } = useTranslation();
  const books = currency as Currency;
  const form = useZodForm(schema(books), { amount: toDecimal(fine.amount - fine.paid, books), method: 'cash', reference: '' });
  const pay = useMutation(trpc.meetings.payFine.mutationOptions());
  const act = useMeetingsAction();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const v = form.validate().data;
    if (!v) return;
    const send = () => pay.mutateAsync({ fineId: fine.id, amount: v.amount, currency: books, method: v.method, provider: v.method === 'mobile_money' ? 'Mobile money' : null, reference: v.reference || null });
    if (await act(send, t('meetings.actionFailed'), t('meetings.fines.declared'), form.applyServerError)) onDone();
  }
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('meetings.fines.paySubmit')} busy={pay.isPending} testId="pay-fine-form">
      <FormField name="amount" label={t('meetings.fines.amount', { currency })} error={form.errors.amount} required>
        <MoneyInput currency={books} {...form.field('amount')} />
      </FormField>
      <FormField name="method" label={t('meetings.fines.method')} error={form.errors.method}>
        <Select id="method" {...form.field('method')} options={METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m]) }))} />
      </FormField>
      <FormField name="reference" label={t('meetings.fines.reference')} error={form.errors.reference}>
        <Input {...form.field('reference')} maxLength={80} autoComplete="off" />
      </FormField>
    </DialogForm>
  );
}
