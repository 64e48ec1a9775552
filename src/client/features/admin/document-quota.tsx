import { Button, chakra, Dialog, Input, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DOCUMENT_QUOTA_BYTES, MAX_QUOTA_BYTES } from '@shared/documents/rules';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { formatSize } from '../documents/format';

const MB = 1024 * 1024;

/**
 * Staff set how much a community's documents may take, in megabytes; an empty field gives it the
 * site's default again. The answer (what is used of the new quota) is shown in the toast.
 */
export function DocumentQuotaButton({ community: c }: { community: { id: number; name: string } }) {
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
      {(close) => <QuotaForm communityId={c.id} onDone={close} />}
    </FormDialog>
  );
}

function QuotaForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const set = useMutation(trpc.documents.setQuota.mutationOptions());
  const [value, setValue] = useState('');
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
      onDone();
    } catch (err) {
      const info = errorInfo(err);
      if (info.issues[0]) setError(info.issues[0].message);
      else notify.error(t('documents.admin.failed'), info.message);
    }
  }
  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate display="contents" data-testid="document-quota-form">
      <Dialog.Body>
        <Stack gap="4">
          <FormField name="document-quota-mb" label={t('documents.admin.field')} error={error} helper={t('documents.admin.help', { default: formatSize(DEFAULT_DOCUMENT_QUOTA_BYTES) })}>
            <Input
              inputMode="numeric"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              placeholder={String(DEFAULT_DOCUMENT_QUOTA_BYTES / MB)}
              autoComplete="off"
              data-testid="document-quota-input"
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          {t('documents.admin.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" loading={set.isPending} data-testid="document-quota-save">
          {t('documents.admin.save')}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
