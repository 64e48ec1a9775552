import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTRY_METHODS, type EntryMethod } from '@shared/savings/rules';
import { FormField } from '../../components/form-field';
import { Select } from '../../components/select';
import { ProofPicker } from '../finances/proof-picker';
import { METHOD_KEY } from '../finances/labels';

/*
 * How a group's money moved (a meeting's, a loan's, a grant's): the method, a reference, a proof.
 * A group takes cash, mobile money or other (no bank transfers: ENTRY_METHODS); mobile money names
 * its transaction or shows its proof, which the server checks and says so in its own words.
 */

export type Payment = { method: EntryMethod; reference: string | null; proofUrl: string | null };

/** The fields' state, and the payment as the procedures take it (an empty reference is none). */
export function usePayment() {
  const [method, setMethod] = useState<EntryMethod>('cash');
  const [reference, setReference] = useState('');
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const payment: Payment = { method, reference: reference.trim() || null, proofUrl };
  return { payment, fields: { method, setMethod, reference, setReference, proofUrl, setProofUrl } };
}

export function PaymentFields({ fields: f, idPrefix }: { fields: ReturnType<typeof usePayment>['fields']; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField name={`${idPrefix}-method`} label={t('savings.payment.method')}>
        <Select id={`${idPrefix}-method`} value={f.method} onChange={(e) => f.setMethod(e.target.value as EntryMethod)} options={ENTRY_METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m]) }))} />
      </FormField>
      {f.method !== 'cash' && (
        <>
          <FormField name={`${idPrefix}-reference`} label={t('savings.payment.reference')} helper={t('savings.payment.referenceHelp')}>
            <Input id={`${idPrefix}-reference`} value={f.reference} onChange={(e) => f.setReference(e.target.value)} maxLength={80} autoComplete="off" />
          </FormField>
          <ProofPicker id={`${idPrefix}-proof`} label={t('savings.payment.proof')} value={f.proofUrl} onChange={f.setProofUrl} testId={`${idPrefix}-proof`} />
        </>
      )}
    </>
  );
}
