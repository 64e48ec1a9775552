import { Button, Code, Dialog, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { fullName, type AdminUser } from './labels';

/**
 * Asks first, then shows the temporary password once in the same dialog, where it can be read
 * and copied (a toast vanishes too soon, and a second dialog would lose focus to the first).
 */
export function ResetPasswordDialog({ user, trigger }: { user: AdminUser; trigger: ReactElement }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ userEmail: string; tempPassword: string } | null>(null);
  const reset = useMutation(trpc.admin.resetPassword.mutationOptions());
  async function confirm() {
    try {
      const r = await reset.mutateAsync({ id: user.id });
      setResult(r);
      notify.success(t('admin.resetPassword.success'), t('admin.resetPassword.successText', { email: r.userEmail }));
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    } catch (e) {
      notify.error(t('admin.resetPassword.failed'), errorInfo(e).message || t('admin.resetPassword.failedFallback'));
    }
  }
  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) setResult(null);
      }}
      role="alertdialog"
      trigger={trigger}
      title={result ? t('admin.resetPassword.success') : t('admin.resetPassword.confirmTitle', { name: fullName(user) })}
      closeLabel={null}
    >
      <Dialog.Body>
        {result ? (
          <Stack gap="3">
            <Text>
              <Trans i18nKey="admin.resetPassword.giveIt" values={{ email: result.userEmail }} components={{ b: <strong /> }} />
            </Text>
            <Code fontSize="lg" p="3" data-testid="temp-password" userSelect="all">
              {result.tempPassword}
            </Code>
          </Stack>
        ) : (
          <Text>{t('admin.resetPassword.confirmText')}</Text>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {result ? (
          <>
            <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(result.tempPassword)}>
              {t('admin.resetPassword.copy')}
            </Button>
            <Dialog.ActionTrigger asChild>
              <Button colorPalette="brand">{t('admin.resetPassword.done')}</Button>
            </Dialog.ActionTrigger>
          </>
        ) : (
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="red" loading={reset.isPending} onClick={confirm}>
              {t('admin.resetPassword.confirm')}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </DialogFrame>
  );
}
