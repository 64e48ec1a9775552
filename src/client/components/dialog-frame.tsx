import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's frame: its trigger (when it has one), the backdrop, the content under its title and
 * the close button in the corner. Its parts mount only while it is open. FormDialog and
 * ConfirmDialog are this with their own state; a dialog opened from elsewhere (a card's "Read
 * more") passes `open` and `onOpenChange`. `children` are the Dialog.Body and Dialog.Footer.
 */
export function DialogFrame({
  title,
  trigger,
  onOpenChange,
  closeLabel,
  children,
  ...root
}: {
  title: ReactNode;
  trigger?: ReactElement;
  onOpenChange?: (open: boolean) => void;
  /** The corner button's name ("Close" unless given); null for a dialog that only its own buttons close (a confirmation). */
  closeLabel?: string | null;
  children: ReactNode;
} & Omit<DialogRootProps, 'onOpenChange' | 'children'>) {
  const { t } = useTranslation();
  return (
    // Mounted only while open: a page with several of these renders none of their parts until asked.
    <Dialog.Root lazyMount unmountOnExit onOpenChange={onOpenChange && ((e) => onOpenChange(e.open))} {...root}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            {closeLabel !== null && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel ?? t('common.close')} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
