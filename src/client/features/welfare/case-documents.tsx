import { Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';
import { ProofPicker } from '../finances/proof-picker';
import type { CaseView } from './queries';

/*
 * A supporting paper added to a case while it is being checked (a death certificate that came
 * late, a hospital letter): uploaded as a private proof, seen only by the officers and whoever
 * opened the case, who are the ones offered this.
 */

export const AddDocumentDialog = formDialog(AddDocumentForm, (t) => t('welfare.documents.addTitle'), { base: 'full', md: 'md' });

function AddDocumentForm({ k, onDone }: { k: CaseView; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction([trpc.welfare.pathKey()], { wait: true });
  const add = useMutation(trpc.welfare.addDocument.mutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!url) return notify.error(t('welfare.documents.invalid'), t('welfare.documents.fileFirst'));
    if (await act(() => add.mutateAsync({ id: k.id, url, label }), t('welfare.documents.failed'), t('welfare.documents.added'))) onDone();
  }
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('welfare.documents.submit')} busy={add.isPending} testId="add-document-form">
      <ProofPicker id="caseDocument" label={t('welfare.documents.file')} value={url} onChange={setUrl} testId="add-case-document" />
      <FormField name="label" label={t('welfare.documents.label')} helper={t('welfare.documents.labelHelp')}>
        <Input id="label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} autoComplete="off" />
      </FormField>
    </DialogForm>
  );
}
