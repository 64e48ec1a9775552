import { IconButton } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { refreshAnnouncements } from './announcement';

/**
 * The red bin of an announcement's or a category's card, asking first: deleted, said so and the
 * announcements reloaded. Its words are the catalogue's `<texts>.delete` (the button's name),
 * `.deleteTitle`, `.deleteBody`, `.deleteConfirm`, `.deleted` and `.deleteFailed`, given `values`
 * (the title or name).
 */
export function DeleteButton({
  texts,
  values,
  size,
  onDelete,
}: {
  texts: 'announcements.settings' | 'announcements.categories';
  values: { title: string } | { name: string };
  size: 'xs' | 'sm';
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      trigger={
        <IconButton size={size} variant="ghost" colorPalette="red" aria-label={t(`${texts}.delete`, values)}>
          <Trash2 aria-hidden />
        </IconButton>
      }
      title={t(`${texts}.deleteTitle`, values)}
      description={t(`${texts}.deleteBody`)}
      confirmLabel={t(`${texts}.deleteConfirm`)}
      onConfirm={async () => {
        try {
          await onDelete();
          notify.success(t(`${texts}.deleted`));
          await refreshAnnouncements(queryClient);
        } catch {
          notify.error(t('announcements.error'), t(`${texts}.deleteFailed`));
        }
      }}
    />
  );
}
