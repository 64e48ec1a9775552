import { Text } from '@chakra-ui/react';
import { Banknote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { ButtonWithIcon } from '../../../components/button-with-icon';
import { DialogForm } from '../../../components/dialog-form';
import { formDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Select } from '../../../components/select';
import { formatAmount } from '../../../lib/format';
import { enqueue } from '../../../lib/offline/queue';
import { useZodForm } from '../../../lib/use-zod-form';
import { PURPOSES, PURPOSE_KEY } from '../../finances/labels';
import { amountText, MoneyInput } from '../../finances/money-input';
import type { Books } from '../../finances/types';
import type { RosterEntry } from './queries';

const cashForm = (currency: Currency) =>
  z.object({
    memberId: z.string().trim().min(1, 'validation.community.chooseMember'),
    purpose: z.enum(PURPOSES, { message: 'validation.finance.purpose' }),
    amount: amountText(currency),
  });

/**
 * "Cash received": a member's dues or donation handed over at the meeting, recorded on the phone
 * and sent with the queue as the treasurer's cash record (finances.recordPayment). Like any cash
 * recorded by an officer, it then waits for another officer to confirm it.
 */
export function CashDialog(props: { communityId: number; books: Books; roster: readonly RosterEntry[] }) {
  const { t } = useTranslation();
  return (
    <CashFormDialog
      {...props}
      trigger={
        <ButtonWithIcon icon={Banknote} size="lg" variant="outline" data-testid="meeting-day-cash">
          {t('meetingDay.cash.open')}
        </ButtonWithIcon>
      }
    />
  );
}

const CashFormDialog = formDialog(CashForm, (t) => t('meetingDay.cash.title'), { base: 'full', md: 'md' });

function CashForm({ communityId, books, roster, onDone }: { communityId: number; books: Books; roster: readonly RosterEntry[]; onDone: () => void }) {
  const { t } = useTranslation();
  const accounts = books.accounts ?? [];
  const cash = accounts.find((a) => a.kind === 'cash') ?? accounts[0];
  const form = useZodForm(cashForm(books.currency), { memberId: '', purpose: 'dues', amount: '' });
  const onSubmit = form.submit(t('finances.form.invalid'), async (v) => {
    if (!cash) return;
    const member = roster.find((m) => m.userId === v.memberId);
    const label = t('meetingDay.label.cash', { name: member?.name ?? '', amount: formatAmount(v.amount, books.currency), purpose: t(PURPOSE_KEY[v.purpose]) });
    await enqueue({
      op: 'finances.recordPayment',
      input: { communityId, memberId: v.memberId, accountId: cash.id, amount: v.amount, currency: books.currency, purpose: v.purpose, method: 'cash' },
      label,
    });
    // No toast: offline, the toaster's code may not be on the phone yet. The banner counts the record.
    onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('meetingDay.cash.submit')} busy={false}>
      <Text fontSize="sm" color="fg.muted">
        {t('meetingDay.cash.intro')}
      </Text>
      <FormField name="memberId" label={t('meetingDay.cash.member')} error={form.errors.memberId} required>
        <Select {...form.field('memberId')} placeholder={t('meetingDay.cash.chooseMember')} options={roster.map((m) => ({ value: m.userId, label: m.name }))} />
      </FormField>
      <FormField name="purpose" label={t('meetingDay.cash.purpose')} error={form.errors.purpose}>
        <Select {...form.field('purpose')} options={PURPOSES.map((p) => ({ value: p, label: t(PURPOSE_KEY[p]) }))} />
      </FormField>
      <FormField name="amount" label={t('meetingDay.cash.amount')} error={form.errors.amount} required>
        <MoneyInput currency={books.currency} {...form.field('amount')} />
      </FormField>
    </DialogForm>
  );
}
