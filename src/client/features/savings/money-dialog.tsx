import { Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { parseAmount, type Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { MoneyInput } from '../finances/money-input';
import { PaymentFields, usePayment, type Payment } from './payment-fields';

/**
 * Money handed over for a loan (its payout, a repayment): an amount when it is not fixed
 * (`amountLabel`), and how it was paid. `onSubmit` runs the change and reports its failure; the
 * dialog closes when it resolves true.
 */
export function MoneyDialog(props: {
  trigger: ReactElement;
  title: string;
  intro: string;
  currency: Currency;
  amountLabel?: string;
  submitLabel: string;
  busy: boolean;
  testId: string;
  onSubmit: (amount: number, payment: Payment) => Promise<boolean>;
}) {
  return (
    <FormDialog title={props.title} trigger={props.trigger} size={{ base: 'full', md: 'md' }}>
      {(close) => <MoneyForm {...props} close={close} />}
    </FormDialog>
  );
}

function MoneyForm({ close, ...p }: Parameters<typeof MoneyDialog>[0] & { close: () => void }) {
  const [amount, setAmount] = useState('');
  const { payment, fields } = usePayment();
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void p.onSubmit(p.amountLabel ? (parseAmount(amount, p.currency) ?? Number.NaN) : 0, payment).then((ok) => ok && close());
      }}
      onCancel={close}
      submitLabel={p.submitLabel}
      busy={p.busy}
      testId={p.testId}
    >
      <Text>{p.intro}</Text>
      {p.amountLabel && (
        <FormField name={`${p.testId}-amount`} label={p.amountLabel} required>
          <MoneyInput id={`${p.testId}-amount`} currency={p.currency} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
      )}
      <PaymentFields fields={fields} idPrefix={p.testId} />
    </DialogForm>
  );
}
