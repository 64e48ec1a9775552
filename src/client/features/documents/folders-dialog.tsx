import { Button, chakra, Dialog, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Folder, Pencil, Trash2, X } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLDER_NAME_MAX } from '@shared/documents/rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { refreshDocuments } from './queries';
import type { DocumentFolder } from './kinds';

/*
 * Managers' folders (one level): add one, rename one in place, delete one after asking (its
 * documents stay, out of the folder). The server refuses a name already taken in any case.
 */

export function FoldersDialog(props: { communityId: number; folders: readonly DocumentFolder[]; trigger: ReactElement; onDeleted?: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('documents.folders.manageTitle')} trigger={props.trigger} size="md">
      {(close) => (
        <>
          <Dialog.Body>
            <Stack gap="5">
              <Text color="fg.muted">{t('documents.folders.intro')}</Text>
              <NewFolder communityId={props.communityId} />
              {props.folders.length === 0 ? (
                <Text color="fg.muted" fontSize="sm" data-testid="folders-none">
                  {t('documents.folders.none')}
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                  {props.folders.map((f) => (
                    <FolderRow key={f.id} folder={f} onDeleted={props.onDeleted} />
                  ))}
                </Stack>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              {t('common.close')}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </FormDialog>
  );
}

function NewFolder({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.documents.createFolder.mutationOptions());
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('documents.folders.nameRequired'));
      return;
    }
    try {
      await create.mutateAsync({ communityId, name: name.trim() });
      setName('');
      setError(undefined);
      notify.success(t('documents.folders.created'));
      await refreshDocuments(queryClient);
    } catch (err) {
      const info = errorInfo(err);
      setError(info.issues[0]?.message ?? info.message);
    }
  }
  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="new-folder-form">
      <HStack align="flex-end" gap="2">
        <FormField name="new-folder-name" label={t('documents.folders.newName')} error={error}>
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            maxLength={FOLDER_NAME_MAX}
            autoComplete="off"
            data-testid="new-folder-input"
          />
        </FormField>
        {/* Beside the input, level with it even when an error shows under it. */}
        <Button type="submit" colorPalette="brand" loading={create.isPending} mb={error ? '6' : '0'} data-testid="new-folder-submit">
          {t('documents.folders.create')}
        </Button>
      </HStack>
    </chakra.form>
  );
}

function FolderRow({ folder: f, onDeleted }: { folder: DocumentFolder; onDeleted?: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rename = useMutation(trpc.documents.renameFolder.mutationOptions());
  const remove = useMutation(trpc.documents.deleteFolder.mutationOptions());
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(f.name);
  const [error, setError] = useState<string>();
  async function onRename(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('documents.folders.nameRequired'));
      return;
    }
    try {
      await rename.mutateAsync({ id: f.id, name: name.trim() });
      setEditing(false);
      setError(undefined);
      notify.success(t('documents.folders.renamed'));
      await refreshDocuments(queryClient);
    } catch (err) {
      const info = errorInfo(err);
      setError(info.issues[0]?.message ?? info.message);
    }
  }
  if (editing) {
    return (
      <chakra.li borderWidth="1px" rounded="md" p="2">
        <chakra.form onSubmit={(e) => void onRename(e)} noValidate>
          <HStack align="flex-end" gap="1">
            <FormField name={`folder-${f.id}-name`} label={t('documents.folders.renameLabel', { name: f.name })} error={error}>
              <Input size="sm" value={name} onChange={(e) => setName(e.target.value)} maxLength={FOLDER_NAME_MAX} autoComplete="off" autoFocus data-testid="rename-folder-input" />
            </FormField>
            <IconButton type="submit" size="sm" variant="ghost" aria-label={t('documents.folders.save')} loading={rename.isPending} mb={error ? '6' : '0'}>
              <Check />
            </IconButton>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('documents.folders.cancel')}
              mb={error ? '6' : '0'}
              onClick={() => {
                setEditing(false);
                setName(f.name);
                setError(undefined);
              }}
            >
              <X />
            </IconButton>
          </HStack>
        </chakra.form>
      </chakra.li>
    );
  }
  return (
    <chakra.li borderWidth="1px" rounded="md" px="3" py="2" data-testid="folder-row">
      <HStack gap="2" minW="0">
        <Folder size={16} aria-hidden />
        <Text flex="1" minW="0" overflowWrap="anywhere">
          {f.name}
        </Text>
        <Text fontSize="sm" color="fg.muted" aria-hidden>
          {formatNumber(f.documentCount)}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={t('documents.folders.rename', { name: f.name })} onClick={() => setEditing(true)}>
          <Pencil />
        </IconButton>
        <ConfirmDialog
          trigger={
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('documents.folders.delete', { name: f.name })}>
              <Trash2 />
            </IconButton>
          }
          title={t('documents.folders.deleteTitle', { name: f.name })}
          description={t('documents.folders.deleteText')}
          confirmLabel={t('documents.folders.deleteConfirm')}
          onConfirm={() =>
            remove.mutateAsync({ id: f.id }).then(
              async () => {
                notify.success(t('documents.folders.deleted'));
                onDeleted?.(f.id);
                await refreshDocuments(queryClient);
              },
              (e) => {
                notify.error(t('documents.folders.failed'), errorInfo(e).message);
                throw e;
              },
            )
          }
        />
      </HStack>
    </chakra.li>
  );
}
