import { Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { Markdown } from '../../components/markdown';
import { formatDate } from '../../lib/format';
import { postedBy, type Announcement } from './announcement';
import { useCurrentUser } from '../auth/current-user';

/** One announcement in full, opened by 'Read more' on the community dashboard's card. */
export function AnnouncementReader({ open, announcement, onClose }: { open: boolean; announcement: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser().user?.id;
  return (
    <DialogFrame open={open} onOpenChange={(isOpen) => !isOpen && onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" title={announcement?.title}>
      <Dialog.Body>
        <Text fontSize="sm" color="fg.muted" mb="4">
          {t('announcements.card.byline', { date: formatDate(announcement?.publishDate ?? null, { style: 'short' }), name: announcement ? postedBy(announcement, viewerId) : '' })}
        </Text>
        {announcement && <Markdown source={announcement.content} />}
      </Dialog.Body>
    </DialogFrame>
  );
}
