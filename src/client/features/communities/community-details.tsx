import { Badge, Button, Card, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Lock, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DefinitionList } from '../../components/ui/definition-list';
import { PublicEventsCard } from '../events/public-events-card';
import { formatDate } from '../../lib/format';
import { JoinButton } from './join-button';
import { CommunityNotFound } from './not-found';
import { communityQuery } from './queries';
import { CommunityCover } from './community-cover';
import { canOpenSettings } from './membership';
import { MembersAndPlace } from './members-and-place';

/** /community/{id}/details and /communities/{id}: what anyone may know about a community. */
export function CommunityDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery(communityQuery(Number(id)));
  if (q.isPending) {
    return (
      <Container maxW="4xl" py="8" aria-busy="true">
        <Skeleton h="240px" rounded="lg" mb="6" />
        <Skeleton h="8" w="60%" mb="3" />
        <Skeleton h="20" />
      </Container>
    );
  }
  if (q.isError || !q.data) return <CommunityNotFound />;
  const c = q.data;
  return (
    <Container maxW="4xl" py={{ base: '4', md: '8' }}>
      <Stack gap="6">
        <CommunityCover communityId={c.id} imageUrl={c.imageUrl} alt={t('communities.details.bannerAlt', { name: c.name })} aspectRatio={{ base: 2, md: 3 }} rounded="lg" />
        {/* Name and facts on the left, the actions in one row at the right edge (below the name on a phone). */}
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} gap="4">
          <Stack gap="2" minW="0" flex="1">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
                {c.name}
              </Heading>
              {!c.isPublic && (
                <Badge>
                  <Lock size={12} aria-hidden /> {t('communities.private')}
                </Badge>
              )}
            </HStack>
            <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap">
              <MembersAndPlace community={c} />
            </HStack>
          </Stack>
          <HStack gap="2" flexWrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} flexShrink={0} data-testid="details-actions">
            {canOpenSettings(c.role) && (
              <Button asChild variant="outline">
                <Link to="/community/$id/settings" params={{ id: String(c.id) }}>
                  <Settings aria-hidden /> {t('communities.details.settings')}
                </Link>
              </Button>
            )}
            {c.isMember && (
              <Button asChild colorPalette="brand">
                <Link to="/community/$id" params={{ id: String(c.id) }}>
                  {t('communities.details.viewDashboard')}
                </Link>
              </Button>
            )}
            {!c.isMember && <JoinButton community={c} size="md" signedOutLabel={t('communities.details.signInToJoin')} withdrawable />}
          </HStack>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {c.isPublic ? t('communities.details.publicNote') : t('communities.details.privateNote')}
        </Text>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="stretch">
          <Card.Root flex="1">
            <Card.Header>
              <Card.Title as="h2">{t('communities.details.about')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text color={c.description ? undefined : 'fg.muted'} whiteSpace="pre-line" overflowWrap="anywhere">
                {c.description || t('communities.details.noDescription')}
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root flex="1">
            <Card.Header>
              <Card.Title as="h2">{t('communities.details.activity')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <DefinitionList
                labelWidth="7rem"
                items={[
                  { label: t('communities.details.created'), value: c.createdAt ? formatDate(c.createdAt) : t('communities.details.visibleToMembers') },
                  { label: t('communities.details.lastUpdated'), value: c.updatedAt ? formatDate(c.updatedAt) : t('communities.details.visibleToMembers') },
                  { label: t('communities.details.status'), value: <Badge colorPalette="green">{t('communities.details.active')}</Badge> },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Stack>
        {c.isPublic && <PublicEventsCard communityId={c.id} isMember={c.isMember} />}
      </Stack>
    </Container>
  );
}
