import { Text } from '@chakra-ui/react';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonWithIcon } from '../../../components/button-with-icon';
import { DialogForm } from '../../../components/dialog-form';
import { formDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Select } from '../../../components/select';
import { formatAmount, formatDay } from '../../../lib/format';
import { enqueue } from '../../../lib/offline/queue';
import { useZodForm } from '../../../lib/use-zod-form';
import type { Detail } from '../../circles/circle/model';

const circleCashForm = z.object({
  roundId: z.coerce.number({ message: 'validation.njangi.roundId' }).int('validation.njangi.roundId').positive('validation.njangi.roundId'),
  handId: z.coerce.number({ message: 'validation.njangi.handId' }).int('validation.njangi.handId').positive('validation.njangi.handId'),
});

/**
 * At a circle's meeting, its organiser records a hand's contribution in cash through the queue
 * (njangi.recordContribution), as the circle's page does online: confirmed at once for a member's
 * hand, waiting for a finance officer for the organiser's own. Refused when it is already recorded.
 */
export function CircleCashDialog({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  return (
    <CircleCashFormDialog
      detail={detail}
      trigger={
        <ButtonWithIcon icon={Coins} size="lg" variant="outline" data-testid="meeting-day-circle-cash">
          {t('meetingDay.circleCash')}
        </ButtonWithIcon>
      }
    />
  );
}

const CircleCashFormDialog = formDialog(CircleCashForm, (t) => t('circle.cash.title'), { base: 'full', md: 'md' });

function CircleCashForm({ detail: d, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useTranslation();
  const c = d.circle;
  const form = useZodForm(circleCashForm, { roundId: String(d.nextRoundId ?? d.rounds[0]?.id ?? ''), handId: '' });
  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const hand = d.hands.find((h) => h.id === v.handId);
    const round = d.rounds.find((r) => r.id === v.roundId);
    await enqueue({
      op: 'njangi.recordContribution',
      input: { id: c.id, roundId: v.roundId, handId: v.handId, method: 'cash' },
      label: t('meetingDay.label.circle', { name: hand?.name ?? '', amount: formatAmount(c.contribution, c.currency), round: round?.number ?? '' }),
    });
    onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('meetingDay.cash.submit')} busy={false}>
      <Text>{t('circle.cash.intro', { amount: formatAmount(c.contribution, c.currency) })}</Text>
      <FormField name="roundId" label={t('circle.cash.round')} error={form.errors.roundId} required>
        <Select {...form.field('roundId')} options={d.rounds.map((r) => ({ value: String(r.id), label: t('circle.mine.round', { number: r.number, date: formatDay(r.dueDate) }) }))} />
      </FormField>
      <FormField name="handId" label={t('circle.cash.hand')} error={form.errors.handId} required>
        <Select {...form.field('handId')} placeholder={t('circle.cash.chooseHand')} options={d.hands.map((h) => ({ value: String(h.id), label: t('circle.cash.handOption', { hand: h.handNo, name: h.name }) }))} />
      </FormField>
    </DialogForm>
  );
}
