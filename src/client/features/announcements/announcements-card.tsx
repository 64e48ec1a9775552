import { Badge, Button, Card, HStack, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pin, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownToText } from '@shared/markdown';
import { ANNOUNCEMENT_PREVIEW_LENGTH as PREVIEW_LENGTH } from '@shared/constants';
import { lazyControlledDialog } from '../../components/lazy-dialog';
import { CategoryBadge } from './category-badge';
import { formatDate } from '../../lib/format';
import { announcementsCardQuery } from './queries';
import { postedBy, type Announcement } from './announcement';
import { useCurrentUser } from '../auth/current-user';

/** The whole announcement, loaded with the first 'Read more'. */
const AnnouncementReader = lazyControlledDialog(
  () => import('./announcement-reader').then((m) => m.AnnouncementReader),
  (props) => props.onClose(),
);

const preview = (content: string) => {
  const text = markdownToText(content);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH).trimEnd()}…` : text;
};

/** The community dashboard's Announcements card: pinned first, a 150-character preview, 'Read more'. */
export function AnnouncementsCard({ communityId, canManage }: { communityId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser().user?.id;
  const q = useQuery(announcementsCardQuery(communityId));
  const [open, setOpen] = useState<Announcement | null>(null);
  // Leaders' lists include drafts; the dashboard shows what members see.
  const items = (q.data?.items ?? []).filter((a) => a.isPublished).slice(0, 5);
  const settings = { to: '/community/$id/settings', params: { id: String(communityId) }, search: { section: 'announcements' as const } };
  return (
    <Card.Root>
      <Card.Header flexDirection="row" flexWrap="wrap" justifyContent="space-between" alignItems="center">
        <Card.Title as="h2">{t('announcements.card.title')}</Card.Title>
        {canManage && (
          <Button asChild size="xs" variant="outline">
            <Link {...settings}>
              <Plus aria-hidden /> {t('announcements.card.new')}
            </Link>
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Spinner color="brand.solid" aria-label={t('announcements.card.loading')} />
        ) : items.length === 0 ? (
          <Stack gap="2">
            <Text color="fg.muted">{t('announcements.card.empty')}</Text>
            {canManage && (
              <ChakraLink asChild color="brand.fg" fontSize="sm">
                <Link {...settings}>{t('announcements.card.createFirst')}</Link>
              </ChakraLink>
            )}
          </Stack>
        ) : (
          <Stack gap="4" separator={<hr />}>
            {items.map((a) => (
              <Stack key={a.id} gap="1" data-testid="announcement-item">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{a.title}</Text>
                  {a.isPinned && (
                    <Badge colorPalette="brand" size="sm">
                      <Pin size={10} aria-hidden /> {t('announcements.pinned')}
                    </Badge>
                  )}
                  {a.category && <CategoryBadge name={a.category.name} color={a.category.color} />}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {t('announcements.card.byline', { date: formatDate(a.publishDate, { style: 'short' }), name: postedBy(a, viewerId) })}
                </Text>
                <Text fontSize="sm">{preview(a.content)}</Text>
                <Button
                  variant="plain"
                  size="xs"
                  alignSelf="flex-start"
                  px="0"
                  color="brand.fg"
                  aria-label={t('announcements.card.readMoreAbout', { title: a.title })}
                  onClick={() => setOpen(a)}
                >
                  {t('announcements.card.readMore')}
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
      <AnnouncementReader open={!!open} announcement={open} onClose={() => setOpen(null)} />
    </Card.Root>
  );
}
