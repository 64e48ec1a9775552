import { Button, Dialog, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from './confirm-dialog';
import { DialogFrame } from './dialog-frame';

/** The dialog behind ConfirmDialog (confirm-dialog.tsx), loaded with its first opening. */
export function ConfirmDialogView(props: ConfirmDialogProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await props.onConfirm();
      setOpen(false);
    } catch {
      // The action reports its own failure (a mutation's onError toasts it); the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  }
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={props.title} trigger={props.trigger} role="alertdialog" size="sm" closeLabel={null}>
      <Dialog.Body>
        <Text>{props.description}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="red" loading={busy} onClick={() => void confirm()}>
          {props.confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
