import { Alert, Button, chakra, Dialog, Input, NativeSelect, Progress, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX, MAX_DOCUMENT_BYTES, type DocumentVisibility } from '@shared/documents/rules';
import { FormField } from '../../components/form-field';
import { formatSize } from './format';
import type { DocumentFolder } from './kinds';
import { postForm, UploadError } from './upload';

/*
 * The form behind "Upload" (a new document: file, title, description, folder, visibility) and
 * "Upload a new version" (the file alone). The file goes by XMLHttpRequest so a bar shows how much
 * has gone; Cancel stops it. The server decides the kind by content: its refusal (too large, over
 * the quota, a kind it does not keep) is shown as it words it.
 */

type Fields = { title: string; description: string; folderId: string; visibility: DocumentVisibility };
type Errors = Partial<Record<'file' | keyof Fields, string>>;
const FIELDS = ['file', 'title', 'description', 'folderId', 'visibility'] as const;

/** 'Minutes 2024-03.pdf' → 'Minutes 2024-03'. */
const titleFromName = (name: string) => name.replace(/\.[^.]{1,8}$/, '').trim().slice(0, DOCUMENT_TITLE_MAX);

export function UploadForm(props: {
  url: string;
  /** Only the file: a new version of an existing document. */
  fileOnly?: boolean;
  folders?: readonly DocumentFolder[];
  initialFolderId?: number;
  submit: string;
  help?: string;
  testId: string;
  onDone: (result: unknown, title: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<Fields>({ title: '', description: '', folderId: props.initialFolderId ? String(props.initialFolderId) : '', visibility: 'members' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const autoTitle = useRef('');
  const max = formatSize(MAX_DOCUMENT_BYTES);
  // Closing the dialog mid-upload stops the upload.
  useEffect(() => () => aborter.current?.abort(), []);

  const set = (k: keyof Fields) => (v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };
  function onFile(next: File | null) {
    setFile(next);
    setFailure(null);
    setErrors((x) => ({ ...x, file: next && next.size > MAX_DOCUMENT_BYTES ? t('documents.upload.tooLarge', { max }) : undefined }));
    // The title follows the file until someone types their own.
    if (next && (values.title === '' || values.title === autoTitle.current)) {
      autoTitle.current = titleFromName(next.name);
      set('title')(autoTitle.current);
    }
  }
  const focus = (field: (typeof FIELDS)[number]) => requestAnimationFrame(() => document.getElementById(`upload-${field}`)?.focus());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (progress !== null) return;
    const next: Errors = {};
    if (!file) next.file = t('documents.upload.chooseFile');
    else if (file.size > MAX_DOCUMENT_BYTES) next.file = t('documents.upload.tooLarge', { max });
    if (!props.fileOnly && !values.title.trim()) next.title = t('documents.upload.titleRequired');
    const first = FIELDS.find((f) => next[f]);
    if (first || !file) {
      setErrors(next);
      if (first) focus(first);
      return;
    }
    const body = new FormData();
    body.append('file', file);
    if (!props.fileOnly) {
      body.append('title', values.title.trim());
      body.append('description', values.description.trim());
      body.append('folderId', values.folderId);
      body.append('visibility', values.visibility);
    }
    setFailure(null);
    setProgress(0);
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const result = await postForm(props.url, body, { onProgress: setProgress, signal: controller.signal });
      await props.onDone(result, values.title.trim());
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const placed: Errors = {};
      if (error instanceof UploadError) {
        for (const issue of error.issues) {
          const field = FIELDS.find((f) => f === issue.path[0]);
          if (field && (field === 'file' || !props.fileOnly)) placed[field] ??= issue.message;
        }
      }
      setErrors(placed);
      const firstPlaced = FIELDS.find((f) => placed[f]);
      if (firstPlaced) focus(firstPlaced);
      else setFailure(error instanceof Error ? error.message : t('documents.upload.failed'));
    } finally {
      aborter.current = null;
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate display="contents" data-testid={props.testId}>
      <Dialog.Body>
        <Stack gap="5">
          {props.help && <Text color="fg.muted">{props.help}</Text>}
          <FormField name="upload-file" label={t('documents.upload.file')} error={errors.file} helper={t('documents.upload.fileHelp', { max })} required>
            <Input
              type="file"
              accept={DOCUMENT_ACCEPT}
              p="1.5"
              h="auto"
              onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              disabled={busy}
              data-testid="upload-file-input"
            />
          </FormField>
          {file && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="upload-selected">
              {t('documents.upload.selected', { name: file.name, size: formatSize(file.size) })}
            </Text>
          )}
          {!props.fileOnly && (
            <>
              <FormField name="upload-title" label={t('documents.upload.docTitle')} error={errors.title} helper={t('documents.upload.titleHelp')} required>
                <Input value={values.title} onChange={(e) => set('title')(e.target.value)} maxLength={DOCUMENT_TITLE_MAX} autoComplete="off" disabled={busy} data-testid="upload-title-input" />
              </FormField>
              <FormField name="upload-description" label={t('documents.upload.description')} error={errors.description}>
                <Textarea value={values.description} onChange={(e) => set('description')(e.target.value)} rows={3} maxLength={DOCUMENT_DESCRIPTION_MAX} autoresize maxH="40" disabled={busy} />
              </FormField>
              <FolderSelect id="upload-folderId" folders={props.folders ?? []} value={values.folderId} onChange={set('folderId')} error={errors.folderId} disabled={busy} />
              <VisibilitySelect id="upload-visibility" value={values.visibility} onChange={(v) => set('visibility')(v)} error={errors.visibility} disabled={busy} />
            </>
          )}
          {busy && (
            <Progress.Root value={Math.round(progress * 100)} max={100} size="sm" colorPalette="brand" aria-label={t('documents.upload.progress')} data-testid="upload-progress">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {failure && (
            <Alert.Root status="error" role="alert" data-testid="upload-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('documents.upload.failed')}</Alert.Title>
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button
          variant="outline"
          onClick={() => {
            aborter.current?.abort();
            props.onCancel();
          }}
        >
          {t('documents.upload.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('documents.upload.submitting')} data-testid="upload-submit">
          {props.submit}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

/** The folder a document goes in ('' : none). */
export function FolderSelect(props: { id: string; folders: readonly DocumentFolder[]; value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormField name={props.id} label={t('documents.upload.folder')} error={props.error}>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid="document-folder-select">
          <option value="">{t('documents.upload.noFolder')}</option>
          <FolderOptions folders={props.folders} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** All members, or leaders only. */
export function VisibilitySelect(props: { id: string; value: DocumentVisibility; onChange: (v: DocumentVisibility) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormField name={props.id} label={t('documents.upload.visibility')} error={props.error} helper={t('documents.upload.visibilityHelp')}>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value as DocumentVisibility)} data-testid="document-visibility-select">
          <option value="members">{t('documents.upload.visibilityMembers')}</option>
          <option value="leaders">{t('documents.upload.visibilityLeaders')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The community's folders as a select's options. */
export function FolderOptions({ folders }: { folders: readonly DocumentFolder[] }) {
  return folders.map((f) => (
    <option key={f.id} value={String(f.id)}>
      {f.name}
    </option>
  ));
}
