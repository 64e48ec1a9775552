import { Input, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX, type DocumentVisibility } from '@shared/documents/rules';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { placeServerIssues } from '../../lib/server-issues';
import { trpc } from '../../trpc';
import { refreshDocuments } from './queries';
import type { DocumentDetail, DocumentFolder } from './kinds';
import { FolderSelect, VisibilitySelect } from './upload-form';
import { DialogForm } from '../../components/dialog-form';

type Values = { title: string; description: string; folderId: string; visibility: DocumentVisibility };
type Errors = Partial<Record<keyof Values, string>>;
const FIELDS = ['title', 'description', 'folderId', 'visibility'] as const;

/** A document's title, description, folder and visibility (managers), in the detail dialog. */
export function EditDocumentForm(props: { document: DocumentDetail; folders: readonly DocumentFolder[]; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.documents.update.mutationOptions());
  const d = props.document;
  const [values, setValues] = useState<Values>({ title: d.title, description: d.description, folderId: d.folderId ? String(d.folderId) : '', visibility: d.visibility });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof Values) => (v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const focus = (f: keyof Values) => requestAnimationFrame(() => document.getElementById(`edit-${f}`)?.focus());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    if (!values.title.trim()) {
      setErrors({ title: t('documents.upload.titleRequired') });
      focus('title');
      return;
    }
    try {
      await update.mutateAsync({
        id: d.id,
        title: values.title.trim(),
        description: values.description.trim(),
        folderId: values.folderId ? Number(values.folderId) : null,
        visibility: values.visibility,
      });
      notify.success(t('documents.edit.saved'));
      await refreshDocuments(queryClient);
      props.onDone();
    } catch (error) {
      setErrors({});
      const info = placeServerIssues(error, setErrors, (path) => FIELDS.find((f) => f === path[0]), (f) => `edit-${f}`);
      if (info.first === undefined) notify.error(t('documents.edit.failed'), info.message);
    }
  }

  return (
    <DialogForm
      onSubmit={(e) => void onSubmit(e)}
      onCancel={props.onDone}
      submitLabel={t('documents.edit.save')}
      busy={update.isPending}
      busyLabel={t('documents.edit.saving')}
      cancelLabel={t('documents.upload.cancel')}
      testId="edit-document-form"
      submitTestId="edit-document-submit"
    >
      <Stack gap="5">
        <FormField name="edit-title" label={t('documents.upload.docTitle')} error={errors.title} required>
          <Input value={values.title} onChange={(e) => set('title')(e.target.value)} maxLength={DOCUMENT_TITLE_MAX} autoComplete="off" data-testid="edit-title-input" />
        </FormField>
        <FormField name="edit-description" label={t('documents.upload.description')} error={errors.description}>
          <Textarea value={values.description} onChange={(e) => set('description')(e.target.value)} rows={3} maxLength={DOCUMENT_DESCRIPTION_MAX} autoresize maxH="40" />
        </FormField>
        <FolderSelect id="edit-folderId" folders={props.folders} value={values.folderId} onChange={set('folderId')} error={errors.folderId} />
        <VisibilitySelect id="edit-visibility" value={values.visibility} onChange={(v) => set('visibility')(v)} error={errors.visibility} />
      </Stack>
    </DialogForm>
  );
}
