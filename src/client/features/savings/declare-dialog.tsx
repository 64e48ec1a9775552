import { Checkbox, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { formatAmount } from '../../lib/format';
import { trpc } from '../../trpc';
import { PaymentFields, usePayment } from './payment-fields';
import type { Group, Meeting } from './queries';
import { useSavingsAction } from './use-savings-action';

/** A member declares what they paid at a meeting (shares, the social fund); an officer confirms it. */
export const DeclareDialog = formDialog(DeclareForm, (t, p) => t('savings.declare.title', { number: p.meeting.number }), { base: 'full', md: 'md' });

function DeclareForm({ g, meeting, onDone }: { g: Group; meeting: Meeting; onDone: () => void }) {
  const { t } = useTranslation();
  const rules = g.cycle!.rules;
  const [shares, setShares] = useState(String(rules.minShares));
  const [socialFund, setSocialFund] = useState(false);
  const { payment, fields } = usePayment();
  const declare = useMutation(trpc.savings.declare.mutationOptions());
  const act = useSavingsAction();
  const counts = Array.from({ length: rules.maxShares - rules.minShares + 1 }, (_, i) => rules.minShares + i);
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void act(
          () => declare.mutateAsync({ meetingId: meeting.id, ...payment, ...(shares ? { shares: Number(shares) } : {}), ...(socialFund ? { socialFund: true } : {}) }),
          t('savings.actionFailed'),
          t('savings.declare.done'),
        ).then((ok) => ok && onDone());
      }}
      onCancel={onDone}
      submitLabel={t('savings.declare.submit')}
      busy={declare.isPending}
      testId="declare-form"
    >
      <Text>{t('savings.declare.intro')}</Text>
      <FormField name="declare-shares" label={t('savings.declare.shares')}>
        <Select
          id="declare-shares"
          value={shares}
          onChange={(e) => setShares(e.target.value)}
          placeholder="0"
          options={counts.map((n) => ({ value: String(n), label: `${n} · ${formatAmount(n * rules.sharePrice, g.currency)}` }))}
        />
      </FormField>
      {rules.socialFund > 0 && (
        <Checkbox.Root checked={socialFund} onCheckedChange={(d) => setSocialFund(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('savings.declare.socialFund', { amount: formatAmount(rules.socialFund, g.currency) })}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <PaymentFields fields={fields} idPrefix="declare" />
    </DialogForm>
  );
}
