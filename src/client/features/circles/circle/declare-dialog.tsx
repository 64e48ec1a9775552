import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formDialog } from '../../../components/form-dialog';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import { PaymentFields, paymentFields, paymentInput } from './payment-fields';
import { type Circle, type Hand, type Round, useCircleAction } from './model';
import { formatAmount, formatDay } from '../../../lib/format';
import { DialogForm } from '../../../components/dialog-form';

const declareForm = z.object(paymentFields);

/** "I paid" for one of the viewer's hands in one round: it waits until the organiser confirms it. */
export const DeclareDialog = formDialog(DeclareForm, (t) => t('circle.pay.title'), { base: 'full', md: 'md' });

function DeclareForm({ circle: c, hand, round, onDone }: { circle: Circle; hand: Hand; round: Round; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const form = useZodForm(declareForm, { method: 'mobile_money', reference: '', proofUrl: null });
  const declare = useMutation(trpc.njangi.declareContribution.mutationOptions());

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const done = await run(() => declare.mutateAsync({ id: c.id, roundId: round.id, handId: hand.id, ...paymentInput(v) }), t('circle.pay.done'), t('circle.pay.failed'), t('circle.pay.doneBody'), form.applyServerError);
    if (done) onDone();
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('circle.pay.submit')} busy={declare.isPending} busyLabel={t('circle.saving')}>
      <Text data-testid="declare-summary">
        {t(hand.userId === c.organiserId ? 'circle.pay.summaryOwn' : 'circle.pay.summary', {
          amount: formatAmount(c.contribution, c.currency),
          round: round.number,
          hand: hand.handNo,
          date: formatDay(round.dueDate),
        })}
      </Text>
      <PaymentFields values={form.values} errors={form.errors} set={(k, v) => form.setValue(k, v as never)} proofTestId="contribution-proof-file" />
    </DialogForm>
  );
}
