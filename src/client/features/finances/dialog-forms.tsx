import { Alert, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { ACCOUNT_KIND_KEY, accountName } from './labels';
import { formatAmount } from '../../lib/format';
import type { Account, Books } from './types';
import { DialogForm } from '../../components/dialog-form';
import { ReasonDialog, type ReasonDialogProps } from '../../components/reason-dialog';
import { Select } from '../../components/select';

/*
 * The small forms several decisions share: which account the money went into or comes out of
 * (confirming a payment, paying an expense), and why (rejecting, reversing). Each calls
 * `onSubmit` and closes when it resolves true; the caller toasts the outcome.
 */

const accountForm = z.object({ accountId: z.coerce.number({ message: 'validation.finance.accountId' }).int('validation.finance.accountId').positive('validation.finance.accountId') });

export function AccountChoiceForm(props: {
  books: Books;
  intro: string;
  submitLabel: string;
  /** The account chosen first: this one (the one named when cash was recorded), else the first of this kind, else the first. */
  preferredId?: number | null;
  preferredKind?: Account['kind'];
  busy: boolean;
  /** Money out of the chosen account (paying an expense): warns when its ledger balance cannot cover it. */
  spends?: number;
  onSubmit: (accountId: number) => Promise<boolean>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const accounts = props.books.accounts ?? [];
  const first = accounts.find((a) => a.id === props.preferredId) ?? accounts.find((a) => a.kind === props.preferredKind) ?? accounts[0];
  const form = useZodForm(accountForm, { accountId: first ? String(first.id) : '' });
  const chosen = accounts.find((a) => String(a.id) === String(form.values.accountId));
  const short = props.spends !== undefined && chosen && chosen.balance < props.spends ? props.spends - chosen.balance : 0;
  const money = (n: number) => formatAmount(n, props.books.currency);
  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    if (await props.onSubmit(data.accountId)) props.onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={props.onDone} submitLabel={props.submitLabel} busy={props.busy} busyLabel={t('finances.form.saving')}>
      <Text>{props.intro}</Text>
      <FormField name="accountId" label={t('finances.form.account')} error={form.errors.accountId}>
        <Select
          {...form.field('accountId')}
          options={accounts.map((a) => ({
            value: String(a.id),
            label: t('finances.form.accountOption', { name: accountName(t, a), kind: t(ACCOUNT_KIND_KEY[a.kind]), balance: formatAmount(a.balance, props.books.currency) }),
          }))}
        />
      </FormField>
      {chosen && short > 0 && (
        // The server refuses it anyway (the balance never goes below zero); said before it is tried.
        <Alert.Root status="warning" data-testid="account-shortfall">
          <Alert.Indicator />
          <Alert.Description>{t('finances.expenses.shortfall', { account: accountName(t, chosen), balance: money(chosen.balance), short: money(short) })}</Alert.Description>
        </Alert.Root>
      )}
    </DialogForm>
  );
}

/**
 * A decision on the books asked for with its reason (rejecting a payment or an expense, reversing
 * an entry, disputing money received in a circle): components/reason-dialog.tsx with the books'
 * words; the reason is required, at most 300 characters.
 */
export function FinanceReasonDialog(props: Pick<ReasonDialogProps, 'trigger' | 'title' | 'intro' | 'helper' | 'submitLabel' | 'onSubmit' | 'size'>) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      {...props}
      role="dialog"
      size={props.size ?? 'md'}
      label={t('finances.form.reason')}
      required={t('validation.finance.reason')}
      invalid={t('finances.form.invalid')}
      busyLabel={t('finances.form.saving')}
      max={300}
    />
  );
}
