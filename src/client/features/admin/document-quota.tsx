import { Button, Input, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_QUOTA_BYTES } from '@shared/documents/rules';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { formatSize } from '../documents/format';
import type { DocumentStorage } from './labels';
import { DialogForm } from '../../components/dialog-form';

const MB = 1024 * 1024;

/**
 * Staff set how much a community's documents may take, in megabytes; an empty field gives it the
 * site's default again. The dialog opens on what is used now and the quota in force (a quota of
 * the community's own is in the field); the answer is shown in the toast.
 */
export function DocumentQuotaButton({ community: c }: { community: { id: number; name: string; documents: DocumentStorage } }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('documents.admin.quotaTitle', { name: c.name })}
      size="md"
      trigger={
        <Button size="xs" variant="ghost" data-testid="document-quota">
          {t('documents.admin.quota')}
        </Button>
      }
    >
      {(close) => <QuotaForm communityId={c.id} storage={c.documents} onDone={close} />}
    </FormDialog>
  );
}

function QuotaForm({ communityId, storage, onDone }: { communityId: number; storage: DocumentStorage; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const set = useMutation(trpc.documents.setQuota.mutationOptions());
  // A quota of its own, in whole megabytes when it is one (staff set megabytes); otherwise empty: the default.
  const [value, setValue] = useState(storage.isDefault ? '' : String(Math.round(storage.quotaBytes / MB)));
  const [error, setError] = useState<string>();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const typed = value.trim();
    const mb = Number(typed);
    if (typed !== '' && (!/^\d+$/.test(typed) || mb * MB > MAX_QUOTA_BYTES)) {
      setError(t('documents.admin.invalid'));
      requestAnimationFrame(() => document.getElementById('document-quota-mb')?.focus());
      return;
    }
    try {
      const usage = await set.mutateAsync({ communityId, quotaBytes: typed === '' ? null : mb * MB });
      notify.success(t('documents.admin.saved'), t('documents.admin.usage', { used: formatSize(usage.usedBytes), total: formatSize(usage.quotaBytes) }));
      void queryClient.invalidateQueries({ queryKey: trpc.admin.communities.queryKey() });
      onDone();
    } catch (err) {
      const info = errorInfo(err);
      if (info.issues[0]) setError(info.issues[0].message);
      else notify.error(t('documents.admin.failed'), info.message);
    }
  }
  return (
    <DialogForm
      onSubmit={(e) => void onSubmit(e)}
      onCancel={onDone}
      submitLabel={t('documents.admin.save')}
      busy={set.isPending}
      cancelLabel={t('documents.admin.cancel')}
      testId="document-quota-form"
      submitTestId="document-quota-save"
    >
      <Text data-testid="document-quota-current">
        {t(storage.isDefault ? 'documents.admin.currentDefault' : 'documents.admin.current', { used: formatSize(storage.usedBytes), total: formatSize(storage.quotaBytes) })}
      </Text>
      <FormField name="document-quota-mb" label={t('documents.admin.field')} error={error} helper={t('documents.admin.help', { default: formatSize(storage.defaultBytes) })}>
        <Input
          inputMode="numeric"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          placeholder={String(Math.round(storage.defaultBytes / MB))}
          autoComplete="off"
          data-testid="document-quota-input"
        />
      </FormField>
    </DialogForm>
  );
}
