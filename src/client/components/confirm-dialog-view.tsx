import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from './confirm-dialog';

/** The dialog behind ConfirmDialog (confirm-dialog.tsx), loaded with its first opening. */
export function ConfirmDialogView(props: ConfirmDialogProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const [busy, setBusy] = useState(false);
  return (
    // Mounted only while open: a page with several of these renders none of their parts until asked.
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog" size="sm" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.description}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('common.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await props.onConfirm();
                    setOpen(false);
                  } catch {
                    // The action reports its own failure (a mutation's onError toasts it); the dialog stays open to try again.
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
