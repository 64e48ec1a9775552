import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { memberName, useMembers } from './members';
import { amountText, MoneyInput } from './money-input';
import { refreshFinances } from './queries';
import { ACCOUNT_KIND_KEY, PURPOSES, PURPOSE_KEY, accountName } from './labels';
import { formatAmount } from '../../lib/format';
import type { Books, Payment } from './types';
import { PaymentRow } from './payment-row';
import { RuledList } from '../../components/rows';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

const recordForm = (currency: Currency) =>
  z.object({
    memberId: z.string().trim().min(1, 'validation.community.chooseMember'),
    amount: amountText(currency),
    purpose: z.enum(PURPOSES, { message: 'validation.finance.purpose' }),
    accountId: z.coerce.number({ message: 'validation.finance.accountId' }).int('validation.finance.accountId').positive('validation.finance.accountId'),
    reference: z.string().trim().max(80, 'validation.finance.referenceLong'),
  });

/**
 * "Record cash": money a member (or the officer) handed over at a meeting. It waits for another
 * officer to confirm it, like a declared payment; the receipt goes out then.
 */
export const RecordPaymentDialog = formDialog(RecordForm, (t) => t('finances.record.title'), { base: 'full', md: 'md' });

function RecordForm({ communityId, books, onDone }: { communityId: number; books: Books; onDone: () => void }) {
  const [recorded, setRecorded] = useState<{ payment: Payment; name: string } | null>(null);
  // After "Record payment" the dialog shows what was recorded, and where its receipt will be, before closing.
  if (recorded) return <Recorded {...recorded} currency={books.currency} onAnother={() => setRecorded(null)} onDone={onDone} />;
  return <CashForm communityId={communityId} books={books} onDone={onDone} onRecorded={(payment, name) => setRecorded({ payment, name })} />;
}

/** The payment just recorded, pending: its receipt is numbered (and offered with it) when another officer confirms it. */
function Recorded({ payment, name, currency, onAnother, onDone }: { payment: Payment; name: string; currency: Currency; onAnother: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Body>
        <Stack gap="3" role="status" data-testid="cash-recorded">
          <Text fontWeight="semibold">{t('finances.record.recordedTitle')}</Text>
          <RuledList>
            <PaymentRow payment={payment} currency={currency} who={name} testId="recorded-payment" />
          </RuledList>
          <Text fontSize="sm" color="fg.muted">
            {t('finances.record.recordedBody', { name })}
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onAnother}>
          {t('finances.record.another')}
        </Button>
        <Button colorPalette="brand" onClick={onDone}>
          {t('finances.record.close')}
        </Button>
      </Dialog.Footer>
    </>
  );
}

function CashForm({ communityId, books, onDone, onRecorded }: { communityId: number; books: Books; onDone: () => void; onRecorded: (payment: Payment, name: string) => void }) {
  const { t } = useTranslation();
  // The members load when the dialog opens (the form is mounted only while it is open).
  const members = useMembers(communityId);
  const queryClient = useQueryClient();
  const accounts = books.accounts ?? [];
  const cash = accounts.find((a) => a.kind === 'cash') ?? accounts[0];
  const form = useZodForm(recordForm(books.currency), { memberId: '', amount: '', purpose: 'dues', accountId: cash ? String(cash.id) : '', reference: '' });
  const record = useMutation(trpc.finances.recordPayment.mutationOptions());

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    const v = data;
    try {
      const payment = await record.mutateAsync({ communityId, ...v, currency: books.currency, method: 'cash', reference: v.reference || null });
      notify.success(t('finances.record.done'), t('finances.record.doneBody'));
      await refreshFinances(queryClient);
      const member = members.members.find((m) => m.userId === v.memberId);
      onRecorded(payment, member ? memberName(member) : t('finances.unknownMember'));
    } catch (error) {
      notify.error(t('finances.record.failed'), form.applyServerError(error).message);
    }
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('finances.record.submit')} busy={record.isPending} busyLabel={t('finances.form.saving')}>
      <Text fontSize="sm" color="fg.muted">
        {t('finances.record.intro')}
      </Text>
      <FormField name="memberId" label={t('finances.record.member')} error={form.errors.memberId} required>
        <Select {...form.field('memberId')} placeholder={t('finances.record.chooseMember')} options={members.members.map((m) => ({ value: m.userId, label: memberName(m) }))} />
      </FormField>
      <LoadMore query={members.query} size="xs" alignSelf="flex-start">
        {t('finances.record.moreMembers')}
      </LoadMore>
      <FormField name="amount" label={t('finances.form.amount')} error={form.errors.amount} required>
        <MoneyInput currency={books.currency} {...form.field('amount')} />
      </FormField>
      <FormField name="purpose" label={t('finances.declare.purpose')} error={form.errors.purpose}>
        <Select {...form.field('purpose')} options={PURPOSES.map((p) => ({ value: p, label: t(PURPOSE_KEY[p]) }))} />
      </FormField>
      <FormField name="accountId" label={t('finances.form.account')} error={form.errors.accountId}>
        <Select
          {...form.field('accountId')}
          options={accounts.map((a) => ({
            value: String(a.id),
            label: t('finances.form.accountOption', { name: accountName(t, a), kind: t(ACCOUNT_KIND_KEY[a.kind]), balance: formatAmount(a.balance, books.currency) }),
          }))}
        />
      </FormField>
      <FormField name="reference" label={t('finances.record.reference')} error={form.errors.reference}>
        <Input {...form.field('reference')} maxLength={80} autoComplete="off" />
      </FormField>
    </DialogForm>
  );
}
