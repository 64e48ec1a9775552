import { DataList, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/toaster';
import { useZodForm } from '../../../lib/use-zod-form';
import { PaymentFields, paymentFields, paymentInput } from './payment-fields';
import { refreshCircle } from './queries';
import { DialogForm } from '../../../components/dialog-form';

const paymentForm = z.object(paymentFields);

type Props = {
  title: string;
  trigger: ReactElement;
  /** What is being paid, in a sentence. */
  intro: string;
  /** The figures behind the amount, label and value, the last one the total. */
  lines?: [string, string][];
  submitLabel: string;
  /** Sends the payment (method, reference, proof) to the server. */
  send: (payment: ReturnType<typeof paymentInput>) => Promise<unknown>;
  done: string;
  doneBody?: string;
  failed: string;
  proofTestId: string;
};

/**
 * Records money handed over (a top-up paid on, a payout to the organiser recorded by a finance
 * officer): how it was paid, a reference and a proof; its beneficiary then confirms receipt.
 */
export function RecordPaymentDialog(props: Props) {
  return (
    <FormDialog title={props.title} trigger={props.trigger} size={{ base: 'full', md: 'md' }}>
      {(close) => <PaymentForm {...props} onDone={close} />}
    </FormDialog>
  );
}

function PaymentForm(p: Props & { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(paymentForm, { method: 'cash', reference: '', proofUrl: null });
  const [busy, setBusy] = useState(false);

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    setBusy(true);
    try {
      await p.send(paymentInput(v));
      notify.success(p.done, p.doneBody);
      await refreshCircle(queryClient);
      p.onDone();
    } catch (error) {
      notify.error(p.failed, form.applyServerError(error).message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={p.onDone} submitLabel={p.submitLabel} busy={busy} busyLabel={t('circle.saving')}>
      <Text>{p.intro}</Text>
      {p.lines && <SplitList testId="payment-split" lines={p.lines.map(([label, value], i) => [label, value, i === p.lines!.length - 1])} />}
      <PaymentFields values={form.values} errors={form.errors} set={(k, v) => form.setValue(k, v as never)} proofTestId={p.proofTestId} />
    </DialogForm>
  );
}

/** A payment's split, a line each (label, amount), the total's lines in bold over a rule. */
export function SplitList({ lines, testId, label }: { lines: [string, string, boolean?][]; testId: string; label?: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid={testId} aria-label={label}>
      {lines.map(([label, value, total]) => (
        <DataList.Item key={label} fontWeight={total ? 'semibold' : undefined} borderTopWidth={total ? '1px' : undefined} pt={total ? '2' : undefined}>
          <DataList.ItemLabel flex="1">{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end" whiteSpace="nowrap">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
