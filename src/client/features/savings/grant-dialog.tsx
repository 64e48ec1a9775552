import { Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, type Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { formatAmount } from '../../lib/format';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { MoneyInput } from '../finances/money-input';
import { memberName } from './members-card';
import { PaymentFields, usePayment } from './payment-fields';
import type { Group } from './queries';
import { useSavingsAction } from './use-savings-action';

/** An officer proposes a grant from the social fund for another member's emergency; a second officer approves it among the entries to confirm. */
export const GrantDialog = formDialog(GrantForm, (t) => t('savings.grants.title'), { base: 'full', md: 'md' });

function GrantForm({ g, onDone }: { g: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  // Nobody proposes a grant to themselves (the server refuses it too).
  const others = g.members.filter((m) => m.status === 'active' && m.userId !== me.id);
  const [userId, setUserId] = useState(others[0]?.userId ?? '');
  const [amount, setAmount] = useState('');
  const [purpose, setPurpose] = useState('');
  const { payment, fields } = usePayment();
  const propose = useMutation(trpc.savings.proposeGrant.mutationOptions());
  const act = useSavingsAction();
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => propose.mutateAsync({ id: g.id, userId, amount: parseAmount(amount, g.currency as Currency) ?? Number.NaN, purpose, ...payment }), t('savings.actionFailed'), t('savings.grants.proposed')).then((ok) => ok && onDone());
      }}
      onCancel={onDone}
      submitLabel={t('savings.grants.submit')}
      busy={propose.isPending}
      testId="grant-form"
    >
      <Text>{t('savings.grants.intro')}</Text>
      {g.funds && <Text fontSize="sm" color="fg.muted">{t('savings.grants.available', { amount: formatAmount(g.funds.socialFund, g.currency) })}</Text>}
      <FormField name="grant-member" label={t('savings.grants.member')} required>
        <Select id="grant-member" value={userId} onChange={(e) => setUserId(e.target.value)} options={others.map((m) => ({ value: m.userId, label: memberName(m) }))} />
      </FormField>
      <FormField name="grant-amount" label={t('savings.grants.amount')} required>
        <MoneyInput id="grant-amount" currency={g.currency as Currency} value={amount} onChange={(e) => setAmount(e.target.value)} />
      </FormField>
      <FormField name="grant-purpose" label={t('savings.grants.purpose')} required>
        <Textarea id="grant-purpose" value={purpose} onChange={(e) => setPurpose(e.target.value)} maxLength={300} rows={3} />
      </FormField>
      <PaymentFields fields={fields} idPrefix="grant" />
    </DialogForm>
  );
}
