import { NativeSelect, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import { PaymentFields, paymentFields, paymentInput } from './payment-fields';
import { type Detail, useCircleAction } from './model';
import { formatAmount, formatDay } from '../../../lib/format';
import { DialogForm } from '../../../components/dialog-form';
import { Select } from '../../../components/select';

const cashForm = z.object({
  roundId: z.coerce.number({ message: 'validation.njangi.roundId' }).int('validation.njangi.roundId').positive('validation.njangi.roundId'),
  handId: z.coerce.number({ message: 'validation.njangi.handId' }).int('validation.njangi.handId').positive('validation.njangi.handId'),
  ...paymentFields,
});

/** "Record cash": the organiser records money handed over for any hand and round; it is confirmed at once (the organiser's own waits for a finance officer). */
export const RecordCashDialog = formDialog(CashForm, (t) => t('circle.cash.title'), { base: 'full', md: 'md' });

function CashForm({ detail: d, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const c = d.circle;
  const record = useMutation(trpc.njangi.recordContribution.mutationOptions());
  const round = d.nextRoundId ?? d.rounds[0]?.id ?? '';
  const form = useZodForm(cashForm, { roundId: String(round), handId: '', method: 'cash', reference: '', proofUrl: null });
  const roundId = Number(form.values.roundId);
  // Which hands already have a contribution counting for the chosen round (the organiser sees them all).
  const live = new Map(d.contributions.filter((x) => x.roundId === roundId && x.status !== 'rejected').map((x) => [x.handId, x.status]));

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const done = await run(
      () => record.mutateAsync({ id: c.id, roundId: v.roundId, handId: v.handId, ...paymentInput(v) }),
      t('circle.cash.done'),
      t('circle.cash.failed'),
      // Cash for the organiser's own hand waits for a finance officer: no receipt number yet.
      (row) => (row.status === 'pending' ? t('circle.cash.doneOwn') : t('circle.receipts.number', { number: row.receiptNo ?? 0 })),
      form.applyServerError,
    );
    if (done) onDone();
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('circle.cash.submit')} busy={record.isPending} busyLabel={t('circle.saving')}>
      <Text>{t('circle.cash.intro', { amount: formatAmount(c.contribution, c.currency) })}</Text>
      <FormField name="roundId" label={t('circle.cash.round')} error={form.errors.roundId} required>
        <Select {...form.field('roundId')} options={d.rounds.map((r) => ({ value: String(r.id), label: t('circle.mine.round', { number: r.number, date: formatDay(r.dueDate) }) }))} />
      </FormField>
      <FormField name="handId" label={t('circle.cash.hand')} error={form.errors.handId} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.field('handId')}>
            <option value="">{t('circle.cash.chooseHand')}</option>
            {d.hands.map((h) => {
              const state = live.get(h.id);
              const label = t('circle.cash.handOption', { hand: h.handNo, name: h.name });
              return (
                <option key={h.id} value={String(h.id)} disabled={!!state}>
                  {state ? t('circle.cash.handTaken', { label, state: t(state === 'confirmed' ? 'circle.mine.state.confirmed' : 'circle.mine.state.pending') }) : label}
                </option>
              );
            })}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <PaymentFields values={form.values} errors={form.errors} set={(k, v) => form.setValue(k, v as never)} proofTestId="cash-proof-file" />
    </DialogForm>
  );
}
