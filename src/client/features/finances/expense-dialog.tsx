import { Button, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { amountInputText } from '../../lib/format';
import { MAX_EXPENSE_RECEIPTS } from '@shared/schemas/finances';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { amountText, MoneyInput } from './money-input';
import { ReceiptsPicker } from './proof-picker';
import { categoryName } from './labels';
import { formatAmount } from '../../lib/format';
import type { Books, Expense } from './types';
import { Select } from '../../components/select';
import { useBooksAction } from './use-books-action';

const description = z.string().trim().min(1, 'validation.finance.description').max(300, 'validation.finance.descriptionLong');

const expenseForm = (currency: Currency) =>
  z.object({
    amount: amountText(currency),
    categoryId,
    description,
    receipts: z.array(z.string()).max(MAX_EXPENSE_RECEIPTS, 'errors.finances.tooManyReceipts'),
  });

const categoryId = z.coerce.number({ message: 'validation.finance.categoryId' }).int('validation.finance.categoryId').positive('validation.finance.categoryId');

/** What finances.changeExpense takes: a new amount, description or category (the receipts stay). */
const changeForm = (currency: Currency) => z.object({ amount: amountText(currency), categoryId, description });

/**
 * "Submit expense": an officer asks to spend; leaders other than the author approve it before it
 * is paid. Given `expense`, the same dialog changes that expense's amount, category and
 * description, which sends it back for approval and makes the changer one of its authors
 * (services/finances/expenses.ts).
 */
export function ExpenseDialog({ communityId, books, trigger, expense }: { communityId: number; books: Books; trigger: ReactElement; expense?: Expense }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={expense ? t('finances.expenses.editTitle') : t('finances.expenses.submitTitle')} trigger={trigger} size={{ base: 'full', md: 'md' }}>
      {(close) => (expense ? <ChangeForm expense={expense} books={books} onDone={close} /> : <ExpenseForm communityId={communityId} books={books} onDone={close} />)}
    </FormDialog>
  );
}

function AmountField({ books, form }: { books: Books; form: { errors: Partial<Record<string, string>>; field: (name: 'amount') => object } }) {
  const { t } = useTranslation();
  const threshold = books.secondApprovalAbove;
  return (
    <FormField
      name="amount"
      label={t('finances.form.amount')}
      error={form.errors.amount}
      helper={threshold !== null ? t('finances.expenses.thresholdHelp', { amount: formatAmount(threshold, books.currency) }) : undefined}
      required
    >
      <MoneyInput currency={books.currency} {...form.field('amount')} />
    </FormField>
  );
}

function Footer({ busy, submitLabel, onCancel }: { busy: boolean; submitLabel: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" type="button" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('finances.form.saving')}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}

function CategoryField({ books, form }: { books: Books; form: { errors: Partial<Record<string, string>>; field: (name: 'categoryId') => object } }) {
  const { t } = useTranslation();
  const categories = books.categories.filter((c) => c.kind === 'expense');
  return (
    <FormField name="categoryId" label={t('finances.expenses.category')} error={form.errors.categoryId} required>
      <Select {...form.field('categoryId')} placeholder={t('finances.expenses.chooseCategory')} options={categories.map((c) => ({ value: String(c.id), label: categoryName(t, c) }))} />
    </FormField>
  );
}

function ExpenseForm({ communityId, books, onDone }: { communityId: number; books: Books; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const form = useZodForm(expenseForm(books.currency), { amount: '', categoryId: '', description: '', receipts: [] });
  const submit = useMutation(trpc.finances.submitExpense.mutationOptions());

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    if (await act(() => submit.mutateAsync({ communityId, ...data, currency: books.currency }), t('finances.expenses.submitFailed'), { title: t('finances.expenses.submitted'), body: t('finances.expenses.submittedBody') }, form.applyServerError)) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <AmountField books={books} form={form} />
          <CategoryField books={books} form={form} />
          <FormField name="description" label={t('finances.expenses.description')} error={form.errors.description} required>
            <Textarea {...form.field('description')} rows={3} maxLength={300} />
          </FormField>
          <FormField name="receipts" label={t('finances.expenses.receipts')} error={form.errors.receipts}>
            <ReceiptsPicker id="receipts" label={t('finances.expenses.addReceipt')} value={form.values.receipts ?? []} onChange={(urls) => form.setValue('receipts', urls)} testId="receipt-file" />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Footer busy={submit.isPending} submitLabel={t('finances.expenses.submit')} onCancel={onDone} />
    </form>
  );
}

function ChangeForm({ expense, books, onDone }: { expense: Expense; books: Books; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const form = useZodForm(changeForm(books.currency), { amount: amountInputText(expense.amount, books.currency), categoryId: String(expense.categoryId), description: expense.description });
  const change = useMutation(trpc.finances.changeExpense.mutationOptions());

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    // Only what changed is sent; saving nothing would still clear the approvals given so far.
    const amount = data.amount !== expense.amount ? data.amount : undefined;
    const description = data.description !== expense.description ? data.description : undefined;
    const categoryId = data.categoryId !== expense.categoryId ? data.categoryId : undefined;
    if (amount === undefined && description === undefined && categoryId === undefined) {
      notify.info(t('finances.expenses.unchanged'), t('finances.expenses.unchangedBody'));
      return onDone();
    }
    if (await act(() => change.mutateAsync({ id: expense.id, amount, currency: books.currency, description, categoryId }), t('finances.expenses.changeFailed'), { title: t('finances.expenses.changed'), body: t('finances.expenses.changedBody') }, form.applyServerError)) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {t('finances.expenses.editIntro')}
          </Text>
          <AmountField books={books} form={form} />
          <CategoryField books={books} form={form} />
          <FormField name="description" label={t('finances.expenses.description')} error={form.errors.description} required>
            <Textarea {...form.field('description')} rows={3} maxLength={300} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Footer busy={change.isPending} submitLabel={t('finances.expenses.editSubmit')} onCancel={onDone} />
    </form>
  );
}
