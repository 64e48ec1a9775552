import { Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { amountInputText } from '../../lib/format';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { MoneyInput, optionalAmountText } from './money-input';
import { categoryName } from './labels';
import type { BudgetLine } from './types';
import { DialogForm } from '../../components/dialog-form';
import { useBooksAction } from './use-books-action';

/** Each category's field is named after it, so the form can focus the first wrong one. */
const fieldOf = (categoryId: number) => `planned-${categoryId}`;

/** "Edit budget": one amount planned per category for the year; an empty one leaves the category out. */
export const BudgetDialog = formDialog(BudgetForm, (t, { year }) => t('finances.budget.editTitle', { year }), { base: 'full', md: 'lg' });

function BudgetForm({ communityId, year, currency, lines, onDone }: { communityId: number; year: number; currency: Currency; lines: BudgetLine[]; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const schema = useMemo(() => z.object(Object.fromEntries(lines.map((l) => [fieldOf(l.categoryId), optionalAmountText(currency)]))), [lines, currency]);
  const form = useZodForm(schema, Object.fromEntries(lines.map((l) => [fieldOf(l.categoryId), l.planned > 0 ? amountInputText(l.planned, currency) : ''])));
  const save = useMutation(trpc.finances.setBudget.mutationOptions());

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    const planned = data as Record<string, number | null>;
    if (await act(() => save.mutateAsync({ communityId, year, currency, lines: lines.map((l) => ({ categoryId: l.categoryId, planned: planned[fieldOf(l.categoryId)] ?? 0 })) }), t('finances.budget.failed'), t('finances.budget.saved'), form.applyServerError)) onDone();
  });

  const group = (kind: BudgetLine['kind'], title: string) => {
    const of = lines.filter((l) => l.kind === kind);
    if (of.length === 0) return null;
    return (
      <Stack as="fieldset" gap="3" border="0" p="0" m="0" minW="0">
        <Text as="legend" fontWeight="semibold" mb="3">
          {title}
        </Text>
        {of.map((l) => {
          const name = fieldOf(l.categoryId);
          return (
            <FormField key={l.categoryId} name={name} label={categoryName(t, l)} error={form.errors[name]}>
              <MoneyInput currency={currency} {...form.field(name)} />
            </FormField>
          );
        })}
      </Stack>
    );
  };

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('finances.budget.submit')} busy={save.isPending} busyLabel={t('finances.form.saving')}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          {t('finances.budget.editIntro')}
        </Text>
        {group('income', t('finances.budget.income'))}
        {group('expense', t('finances.budget.expenses'))}
      </Stack>
    </DialogForm>
  );
}
