import { Button, Code, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { fullName, type AdminUser } from './shared';

/**
 * Asks first, then shows the temporary password once in the same dialog, where it can be read
 * and copied (a toast vanishes too soon, and a second dialog would lose focus to the first).
 */
export function ResetPasswordDialog({ user, trigger }: { user: AdminUser; trigger: ReactElement }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ userEmail: string; tempPassword: string } | null>(null);
  const reset = useMutation(trpc.admin.resetPassword.mutationOptions());
  async function confirm() {
    try {
      const r = await reset.mutateAsync({ id: user.id });
      setResult(r);
      notify.success('Password Reset Successful', `Temporary password created for ${r.userEmail}`);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    } catch (e) {
      notify.error('Password Reset Failed', errorInfo(e).message || 'Failed to reset password');
    }
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setResult(null);
      }}
      role="alertdialog"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{result ? 'Password Reset Successful' : `Reset the password of ${fullName(user)}?`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {result ? (
                <Stack gap="3">
                  <Text>
                    Give this temporary password to <strong>{result.userEmail}</strong>. It is shown only now; at their next sign-in they
                    must choose a new one. All their sessions have ended.
                  </Text>
                  <Code fontSize="lg" p="3" data-testid="temp-password" userSelect="all">
                    {result.tempPassword}
                  </Code>
                </Stack>
              ) : (
                <Text>They are signed out everywhere and must choose a new password after signing in with a temporary one.</Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {result ? (
                <>
                  <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(result.tempPassword)}>
                    Copy
                  </Button>
                  <Dialog.ActionTrigger asChild>
                    <Button colorPalette="brand">Done</Button>
                  </Dialog.ActionTrigger>
                </>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={reset.isPending} onClick={confirm}>
                    Reset password
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
