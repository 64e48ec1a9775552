import { Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { ProofPicker } from '../../finances/proof-picker';
import { METHODS, METHOD_KEY } from '../../finances/labels';
import { Select } from '../../../components/select';

/** How money moved, as contributions and payouts record it: the method, a reference, a proof. */
export const paymentFields = {
  method: z.enum(METHODS, { message: 'validation.finance.method' }),
  reference: z.string().trim().max(80, 'validation.finance.referenceLong'),
  proofUrl: z.string().nullable(),
};
export type PaymentValues = { method: (typeof METHODS)[number]; reference: string; proofUrl: string | null };

/** What the server takes: an empty reference is none. */
export const paymentInput = (v: PaymentValues) => ({ method: v.method, reference: v.reference || null, proofUrl: v.proofUrl });

/** The three fields, for the forms that record money (declare, record cash, record payout). */
export function PaymentFields(props: {
  values: PaymentValues;
  errors: Partial<Record<string, string>>;
  set: (name: keyof PaymentValues, value: string | null) => void;
  /** The proof's file input, for the browser tests. */
  proofTestId: string;
}) {
  const { t } = useTranslation();
  const { values, errors, set } = props;
  return (
    <>
      <FormField name="method" label={t('circle.pay.method')} error={errors.method}>
        <Select name="method" value={values.method} onChange={(e) => set('method', e.target.value)} options={METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m]) }))} />
      </FormField>
      <FormField name="reference" label={t('circle.pay.reference')} error={errors.reference} helper={t('circle.pay.referenceHelp')}>
        <Input name="reference" value={values.reference} onChange={(e) => set('reference', e.target.value)} maxLength={80} autoComplete="off" />
      </FormField>
      <FormField name="proofUrl" label={t('circle.pay.proof')} error={errors.proofUrl}>
        <ProofPicker id="proofUrl" label={t('circle.pay.proof')} value={values.proofUrl} onChange={(url) => set('proofUrl', url)} testId={props.proofTestId} />
      </FormField>
    </>
  );
}
