import { Badge, Card, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Megaphone, Pencil, Pin, PinOff, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { AnnouncementDialog } from './announcement-dialog';
import { CategoryBadge } from './category-badge';
import { DeleteButton } from './delete-button';
import { announcementsSettingsQuery } from './queries';
import { postedBy, refreshAnnouncements, type Announcement } from './announcement';
import { useCurrentUser } from '../auth/current-user';
import { EmptyNote } from '../../components/empty-state';
import { ButtonWithIcon } from '../../components/button-with-icon';

/** Settings → Announcements: drafts and published, pinned highlighted; edit, delete, pin. */
export function AnnouncementsSettings({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser().user?.id;
  const queryClient = useQueryClient();
  const { query: q, items } = useCursorList(announcementsSettingsQuery(communityId));
  const del = useMutation(trpc.announcements.delete.mutationOptions());
  const pin = useMutation(
    trpc.announcements.togglePin.mutationOptions({
      onSuccess: async () => {
        notify.success(t('announcements.settings.pinUpdated'));
        await refreshAnnouncements(queryClient);
      },
      onError: () => notify.error(t('announcements.error'), t('announcements.settings.pinFailed')),
    }),
  );

  const row = (a: Announcement) => (
    <Card.Root key={a.id} size="sm" borderColor={a.isPinned ? 'brand.solid' : undefined} bg={a.isPinned ? 'brand.subtle' : undefined} data-testid="announcement-row">
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Stack gap="1" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Text fontWeight="semibold">{a.title}</Text>
              {a.isPinned && (
                <Badge colorPalette="brand">
                  <Pin size={12} aria-hidden /> {t('announcements.pinned')}
                </Badge>
              )}
              {!a.isPublished && <Badge colorPalette="orange">{t('announcements.settings.draft')}</Badge>}
              {a.category && <CategoryBadge name={a.category.name} color={a.category.color} />}
            </HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {a.content}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {a.isPublished
                ? t('announcements.settings.publishedByline', { date: formatDate(a.publishDate, { style: 'short' }), name: postedBy(a, viewerId) })
                : t('announcements.settings.draftByline', { date: formatDate(a.createdAt, { style: 'short' }), name: postedBy(a, viewerId) })}
            </Text>
          </Stack>
          <HStack gap="1" alignSelf={{ sm: 'flex-start' }}>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={a.isPinned ? t('announcements.settings.unpin', { title: a.title }) : t('announcements.settings.pin', { title: a.title })}
              onClick={() => pin.mutate({ id: a.id })}
              loading={pin.isPending && pin.variables?.id === a.id}
            >
              {a.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
            </IconButton>
            <AnnouncementDialog
              communityId={communityId}
              editing={a}
              trigger={
                <IconButton size="sm" variant="ghost" aria-label={t('announcements.settings.edit', { title: a.title })}>
                  <Pencil aria-hidden />
                </IconButton>
              }
            />
            <DeleteButton texts="announcements.settings" values={{ title: a.title }} size="sm" onDelete={() => del.mutateAsync({ id: a.id })} />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );

  return (
    <Card.Root>
      <Card.Header flexDirection="row" flexWrap="wrap" justifyContent="space-between" alignItems="center" gap="3">
        <Card.Title as="h2">{t('announcements.settings.title')}</Card.Title>
        <AnnouncementDialog
          communityId={communityId}
          trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('announcements.settings.new')}</ButtonWithIcon>}
        />
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="32" />
        ) : items.length === 0 ? (
          <EmptyNote icon={<Megaphone />} title={t('announcements.settings.empty')} />
        ) : (
          <Stack gap="3">
            {items.map(row)}
            <LoadMore query={q}>{t('common.loadMore')}</LoadMore>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
