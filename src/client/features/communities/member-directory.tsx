import { Avatar, Badge, Card, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Mail, Phone, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { memberDirectoryQuery } from './queries';
import { initials, roleKey } from './membership';
import { avatarImage } from '../../lib/images';
import { EmptyNote } from '../../components/empty-state';
import { useSignedInUser } from '../auth/current-user';
import { MessageButton } from '../chat/message-button';

/** The members tab: who belongs, their role, and ways to reach them: a direct message, and their email or phone when shared (members only, server-checked). */
export function MemberDirectory({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const { query: q, items: members } = useCursorList(memberDirectoryQuery(communityId));
  if (q.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" aria-busy="true">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h="120px" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (members.length === 0) {
    return <EmptyNote icon={<Users />} title={t('communities.directory.empty')} />;
  }
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {members.map((m) => {
          const name = `${m.user.firstName} ${m.user.lastName}`.trim();
          const joined = formatDate(m.joinedAt);
          return (
            <Card.Root key={m.id} size="sm" data-testid="member-card">
              <Card.Body>
                <HStack gap="3" align="flex-start">
                  <Avatar.Root colorPalette="brand">
                    <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
                    {m.user.profileImageUrl && <Avatar.Image {...avatarImage(m.user.profileImageUrl)} alt="" />}
                  </Avatar.Root>
                  <Stack gap="1" flex="1" minW="0">
                    <Text fontWeight="semibold" truncate>
                      {name}
                    </Text>
                    <HStack gap="2">
                      <Badge colorPalette={m.role === 'creator' ? 'brand' : m.role === 'member' ? 'gray' : 'purple'}>{t(roleKey(m.role))}</Badge>
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {joined ? t('communities.directory.joined', { date: joined }) : t('communities.directory.joinedUnknown')}
                    </Text>
                  </Stack>
                  <HStack gap="1">
                    {m.userId !== me.id && <MessageButton userId={m.userId} name={name} communityId={communityId} />}
                    {m.user.email && (
                      <IconButton asChild size="sm" variant="ghost" aria-label={t('communities.directory.email', { name })}>
                        <a href={`mailto:${m.user.email}`}>
                          <Mail aria-hidden />
                        </a>
                      </IconButton>
                    )}
                    {m.user.phoneNumber && (
                      <IconButton asChild size="sm" variant="ghost" aria-label={t('communities.directory.call', { name })}>
                        <a href={`tel:${m.user.phoneNumber}`}>
                          <Phone aria-hidden />
                        </a>
                      </IconButton>
                    )}
                  </HStack>
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
      <LoadMore query={q} alignSelf="center">
        {t('communities.directory.loadMore')}
      </LoadMore>
    </Stack>
  );
}
