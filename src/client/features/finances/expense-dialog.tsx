import { Button, Dialog, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '../../../shared/money';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { amountText, MoneyInput } from './money-input';
import { ProofPicker } from './proof-picker';
import { refreshFinances } from './queries';
import { categoryName, money, type Books } from './shared';

const expenseForm = (currency: Currency) =>
  z.object({
    amount: amountText(currency),
    categoryId: z.coerce.number({ message: 'validation.finance.categoryId' }).int('validation.finance.categoryId').positive('validation.finance.categoryId'),
    description: z.string().trim().min(1, 'validation.finance.description').max(300, 'validation.finance.descriptionLong'),
    receipt: z.string().nullable(),
  });

/** "Submit expense": an officer asks to spend; leaders other than the author approve it before it is paid. */
export function ExpenseDialog({ communityId, books, trigger }: { communityId: number; books: Books; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('finances.expenses.submitTitle')} trigger={trigger} size={{ base: 'full', md: 'md' }}>
      {(close) => <ExpenseForm communityId={communityId} books={books} onDone={close} />}
    </FormDialog>
  );
}

function ExpenseForm({ communityId, books, onDone }: { communityId: number; books: Books; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = books.categories.filter((c) => c.kind === 'expense');
  const form = useZodForm(expenseForm(books.currency), { amount: '', categoryId: '', description: '', receipt: null });
  const submit = useMutation(trpc.finances.submitExpense.mutationOptions());
  const threshold = books.secondApprovalAbove;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(t('finances.form.invalid'), checked.error);
    const { receipt, ...v } = checked.data;
    try {
      await submit.mutateAsync({ communityId, ...v, receipts: receipt ? [receipt] : [] });
      notify.success(t('finances.expenses.submitted'), t('finances.expenses.submittedBody'));
      await refreshFinances(queryClient);
      onDone();
    } catch (error) {
      notify.error(t('finances.expenses.submitFailed'), form.applyServerError(error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormField
            name="amount"
            label={t('finances.form.amount')}
            error={form.errors.amount}
            helper={threshold !== null ? t('finances.expenses.thresholdHelp', { amount: money(threshold, books.currency) }) : undefined}
            required
          >
            <MoneyInput currency={books.currency} {...form.field('amount')} />
          </FormField>
          <FormField name="categoryId" label={t('finances.expenses.category')} error={form.errors.categoryId} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.field('categoryId')}>
                <option value="">{t('finances.expenses.chooseCategory')}</option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {categoryName(t, c)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField name="description" label={t('finances.expenses.description')} error={form.errors.description} required>
            <Textarea {...form.field('description')} rows={3} maxLength={300} />
          </FormField>
          <FormField name="receipt" label={t('finances.expenses.receipt')} error={form.errors.receipt}>
            <ProofPicker id="receipt" label={t('finances.expenses.receipt')} value={form.values.receipt ?? null} onChange={(url) => form.setValue('receipt', url)} testId="receipt-file" />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" loading={submit.isPending} loadingText={t('finances.form.saving')}>
          {t('finances.expenses.submit')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
