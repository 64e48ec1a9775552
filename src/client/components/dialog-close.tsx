import { Button, CloseButton, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A dialog's close button in its corner, named "Close" for screen readers. */
export function DialogCloseButton() {
  const { t } = useTranslation();
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label={t('common.close')} />
    </Dialog.CloseTrigger>
  );
}

/** The footer of a dialog that only shows things: its Close button. */
export function DialogCloseFooter({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" type="button" onClick={onClose}>
        {t('common.close')}
      </Button>
    </Dialog.Footer>
  );
}
