import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { EyeOff, Lock, Pin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** A topic's Pinned / Locked / Hidden badges (each with its icon and its word). */
export function TopicBadges({ topic: x }: { topic: { isPinned: boolean; isLocked: boolean; hidden: boolean } }) {
  const { t } = useTranslation();
  if (!x.isPinned && !x.isLocked && !x.hidden) return null;
  return (
    <HStack gap="1.5" flexWrap="wrap">
      {x.isPinned && (
        <Badge colorPalette="brand" variant="subtle" data-testid="topic-pinned-badge">
          <Pin size={12} aria-hidden /> {t('discussions.pinned')}
        </Badge>
      )}
      {x.isLocked && (
        <Badge colorPalette="orange" variant="subtle" data-testid="topic-locked-badge">
          <Lock size={12} aria-hidden /> {t('discussions.locked')}
        </Badge>
      )}
      {x.hidden && (
        <Badge colorPalette="red" variant="subtle">
          <EyeOff size={12} aria-hidden /> {t('discussions.hidden')}
        </Badge>
      )}
    </HStack>
  );
}

/** The "New" marker of an unread topic: a dot and a word, read out in full by screen readers. */
export function UnreadMarker() {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="brand" variant="solid" rounded="full" data-testid="topic-unread" title={t('discussions.unreadLabel')}>
      <Box as="span" w="1.5" h="1.5" rounded="full" bg="currentColor" aria-hidden />
      <span aria-hidden>{t('discussions.unread')}</span>
      <span className="sr-only">{t('discussions.unreadLabel')}</span>
    </Badge>
  );
}

/** "(edited)" with the time of the edit on hover and for screen readers. */
export function EditedMarker({ at }: { at: number | null }) {
  const { t } = useTranslation();
  const label = t('discussions.editedAt', { date: formatDateTime(at) });
  return (
    <Text as="span" color="fg.muted" fontSize="xs" fontStyle="italic" title={label} data-testid="edited-marker">
      <span aria-hidden>({t('discussions.edited')})</span>
      <span className="sr-only">{label}</span>
    </Text>
  );
}
