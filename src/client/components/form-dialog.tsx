import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog whose form is mounted only while it is open, so every opening starts from fresh
 * values; `children` gets `close` for Cancel and after a successful save.
 */
export function FormDialog(props: {
  title: string;
  trigger: ReactElement;
  size?: DialogRootProps['size'];
  children: (close: () => void) => ReactNode;
  /** Open on mount: a form loaded by its first opening (components/lazy-dialog.tsx). */
  defaultOpen?: boolean;
  /** 'alertdialog' for a form that asks before an action (components/reason-dialog.tsx). */
  role?: 'dialog' | 'alertdialog';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    // Mounted only while open: a page with several of these renders none of their parts until asked.
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={props.size} role={props.role} scrollBehavior="inside" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            {open && props.children(() => setOpen(false))}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
