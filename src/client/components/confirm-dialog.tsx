import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before something that cannot be undone; the action's button shows progress. A failed
 * action keeps the dialog open and is not rethrown: `onConfirm` must report its own errors.
 */
export function ConfirmDialog(props: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
