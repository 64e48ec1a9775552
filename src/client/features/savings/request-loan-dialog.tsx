import { Checkbox, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, type Currency } from '@shared/money';
import { MAX_GUARANTORS } from '@shared/savings/rules';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { formatAmount, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { MoneyInput } from '../finances/money-input';
import { memberName } from './members-card';
import type { Group } from './queries';
import { useSavingsAction } from './use-savings-action';

/**
 * A member asks for a loan: an amount within their limit (their savings × the cycle's multiple,
 * from their statement), one of the cycle's terms, what it is for, and guarantors from the group
 * for what their own savings do not cover. The server checks each and says which rule refused it.
 */
export const RequestLoanDialog = formDialog(RequestLoanForm, (t) => t('savings.loans.requestTitle'), { base: 'full', md: 'md' });

function RequestLoanForm({ g, limit, onDone }: { g: Group; limit: number; onDone: () => void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const rules = g.cycle!.rules;
  const [amount, setAmount] = useState('');
  const [periods, setPeriods] = useState(String(rules.loanTerms[0] ?? 1));
  const [purpose, setPurpose] = useState('');
  const [guarantors, setGuarantors] = useState<string[]>([]);
  const request = useMutation(trpc.savings.requestLoan.mutationOptions());
  const act = useSavingsAction();
  const navigate = useNavigate();
  const others = g.members.filter((m) => m.status === 'active' && m.userId !== me.id);
  const toggle = (userId: string, on: boolean) => setGuarantors(on ? [...guarantors, userId] : guarantors.filter((x) => x !== userId));
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    let loanId = 0;
    const ok = await act(
      async () => (loanId = (await request.mutateAsync({ id: g.id, principal: parseAmount(amount, g.currency as Currency) ?? Number.NaN, periods: Number(periods), purpose, guarantors })).id),
      t('savings.actionFailed'),
      t('savings.loans.requested'),
    );
    if (!ok) return;
    onDone();
    void navigate({ to: '/savings/$id', params: { id: String(g.id) }, search: { loan: loanId } });
  }
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('savings.loans.submit')} busy={request.isPending} testId="request-loan-form">
      <Text fontWeight="medium" data-testid="loan-limit">
        {limit > 0 ? t('savings.loans.limit', { amount: formatAmount(limit, g.currency), multiple: formatNumber(rules.loanMultipleTenths / 10) }) : t('savings.loans.noLimit')}
      </Text>
      <FormField name="loan-amount" label={t('savings.loans.amount')} required>
        <MoneyInput id="loan-amount" currency={g.currency as Currency} value={amount} onChange={(e) => setAmount(e.target.value)} />
      </FormField>
      <FormField name="loan-periods" label={t('savings.loans.term')}>
        <Select id="loan-periods" value={periods} onChange={(e) => setPeriods(e.target.value)} options={rules.loanTerms.map((n) => ({ value: String(n), label: t('savings.loans.months', { count: n }) }))} />
      </FormField>
      <FormField name="loan-purpose" label={t('savings.loans.purpose')} required>
        <Textarea id="loan-purpose" value={purpose} onChange={(e) => setPurpose(e.target.value)} maxLength={300} rows={2} />
      </FormField>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="medium" mb="1">
          {t('savings.loans.guarantors')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('savings.loans.guarantorsHelp')}
        </Text>
        {others.map((m) => (
          <Checkbox.Root key={m.userId} checked={guarantors.includes(m.userId)} disabled={!guarantors.includes(m.userId) && guarantors.length >= MAX_GUARANTORS} onCheckedChange={(d) => toggle(m.userId, d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{memberName(m)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </DialogForm>
  );
}
