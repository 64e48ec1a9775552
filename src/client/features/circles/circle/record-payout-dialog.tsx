import { Alert, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formDialog } from '../../../components/form-dialog';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import { PaymentFields, paymentFields, paymentInput } from './payment-fields';
import { payoutPreview } from './payout-preview';
import { type Detail, type Round, useCircleAction } from './model';
import { formatAmount } from '../../../lib/format';
import { SplitList } from './record-payment-dialog';
import { DialogForm } from '../../../components/dialog-form';

const payoutForm = z.object(paymentFields);

/** The organiser hands a round's pot over: the split it will record, a warning if the beneficiary is behind, then how it was paid. */
export const RecordPayoutDialog = formDialog(PayoutForm, (t, { round }) => t('circle.payout.title', { round: round.number }), { base: 'full', md: 'md' });

function PayoutForm({ detail: d, round, onDone }: { detail: Detail; round: Round; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const c = d.circle;
  const p = payoutPreview(d, round);
  const form = useZodForm(payoutForm, { method: 'cash', reference: '', proofUrl: null });
  const record = useMutation(trpc.njangi.recordPayout.mutationOptions());
  const m = (n: number) => formatAmount(n, c.currency);
  // The beneficiary still owes a contribution or a fine: the organiser may pay, but knowingly.
  const behind = round.beneficiaryBehind ?? p.hand?.behind ?? false;
  const name = p.hand?.name ?? '';
  // An auction won by the organiser's own hand: a finance officer records it, not the organiser.
  const own = p.hand?.userId === c.organiserId;

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const done = await run(
      () => record.mutateAsync({ id: round.id, ...paymentInput(v) }),
      t('circle.payout.done'),
      t('circle.payout.failed'),
      (paid) => t('circle.payout.doneBody', { amount: m(paid.amount), round: round.number }),
      form.applyServerError,
    );
    if (done) onDone();
  });

  const lines: [string, string, boolean?][] = [
    [t('circle.split.pot'), m(p.pot)],
    [t('circle.split.collected'), m(p.collected)],
    [t('circle.split.shortfall'), p.shortfall ? `− ${m(p.shortfall)}` : m(0)],
    [t('circle.split.fines'), p.fines ? `+ ${m(p.fines)}` : m(0)],
    [t('circle.split.fee'), p.fee ? `− ${m(p.fee)}` : m(0)],
    ...(c.payoutMethod === 'auction' ? ([[t('circle.split.discount'), p.discount ? `− ${m(p.discount)}` : m(0)]] as [string, string][]) : []),
    ...(p.carryIn && round.number === c.hands ? ([[t('circle.split.carry'), `+ ${m(p.carryIn)}`]] as [string, string][]) : []),
    [t('circle.split.payout'), m(Math.max(p.amount, 0)), true],
  ];

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('circle.payout.submit')} busy={record.isPending} busyLabel={t('circle.saving')} disabled={p.amount <= 0 || own}>
      <Text>{p.hand ? t('circle.payout.to', { name, hand: p.hand.handNo }) : t('circle.payout.toUnknown')}</Text>
      {own && (
        <Alert.Root status="info" data-testid="payout-own">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.payout.ownTitle')}</Alert.Title>
            <Alert.Description>{t('circle.payout.ownBody')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {behind && (
        <Alert.Root status="warning" data-testid="beneficiary-behind">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.payout.behindTitle', { name })}</Alert.Title>
            <Alert.Description>{t('circle.payout.behindBody')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <SplitList testId="payout-split" label={t('circle.split.title')} lines={lines} />
      {c.payoutMethod === 'auction' && p.share > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('circle.split.shareNote', { amount: m(p.share) })}
        </Text>
      )}
      {p.waiting > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('circle.payout.waiting', { count: p.waiting })}</Alert.Description>
        </Alert.Root>
      )}
      {p.amount <= 0 && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{t('circle.payout.nothing')}</Alert.Description>
        </Alert.Root>
      )}
      <PaymentFields values={form.values} errors={form.errors} set={(k, v) => form.setValue(k, v as never)} proofTestId="payout-proof-file" />
    </DialogForm>
  );
}
