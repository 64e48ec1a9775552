import { IconButton } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';

/** Copies `value` (a number, a name, a reference) for pasting in the provider's app; `label` names what ("Copy the number 677 12 34 56"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('collecting.copied'), value);
    } catch {
      // A browser that refuses the clipboard (no secure context, a denied permission): the value is on screen to copy by hand.
      notify.info(t('collecting.copyFailed'), value);
    }
  }
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={label} onClick={() => void copy()}>
      <Copy aria-hidden />
    </IconButton>
  );
}
