import { Badge, Box, Button, Card, Center, Container, DataList, Heading, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Calendar, Lock, MapPin, Settings, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PublicEventsCard } from '../events/public-events-card';
import { formatDate } from '../../lib/format';
import { JoinButton } from './join-button';
import { CommunityNotFound } from './not-found';
import { communityQuery } from './queries';
import { canOpenSettings, initials } from './shared';

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
        <Box aspectRatio={{ base: 2, md: 3 }} bg="brand.muted" rounded="lg" overflow="hidden">
          {c.imageUrl ? (
            <Image src={c.imageUrl} alt={t('communities.details.bannerAlt', { name: c.name })} w="full" h="full" objectFit="cover" />
          ) : (
            <Center h="full">
              <Text fontSize="5xl" fontWeight="bold" color="brand.fg" aria-hidden>
                {initials(c.name)}
              </Text>
            </Center>
          )}
        </Box>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
          <Stack gap="2">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                {c.name}
              </Heading>
              {!c.isPublic && (
                <Badge>
                  <Lock size={12} aria-hidden /> {t('communities.private')}
                </Badge>
              )}
            </HStack>
            <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap">
              <HStack gap="1">
                <Users size={14} aria-hidden /> {t('common.members', { count: c.memberCount })}
              </HStack>
              {c.location && (
                <HStack gap="1">
                  <MapPin size={14} aria-hidden /> {c.location}
                </HStack>
              )}
              {c.createdAt && (
                <HStack gap="1">
                  <Calendar size={14} aria-hidden /> {t('communities.details.createdOn', { date: formatDate(c.createdAt) })}
                </HStack>
              )}
            </HStack>
          </Stack>
          <HStack gap="2" alignSelf={{ md: 'flex-start' }} flexWrap="wrap">
            {c.isMember && (
              <Button asChild colorPalette="brand">
                <Link to="/community/$id" params={{ id: String(c.id) }}>
                  {t('communities.details.viewDashboard')}
                </Link>
              </Button>
            )}
            {canOpenSettings(c.role) && (
              <Button asChild variant="outline">
                <Link to="/community/$id/settings" params={{ id: String(c.id) }}>
                  <Settings aria-hidden /> {t('communities.details.settings')}
                </Link>
              </Button>
            )}
            {!c.isMember && <JoinButton community={c} size="md" signedOutLabel={t('communities.details.signInToJoin')} withdrawable />}
          </HStack>
        </Stack>
        <Text>{c.description}</Text>
        <Text fontSize="sm" color="fg.muted">
          {c.isPublic ? t('communities.details.publicNote') : t('communities.details.privateNote')}
        </Text>
        {c.isPublic && <PublicEventsCard communityId={c.id} isMember={c.isMember} />}
        <Stack direction={{ base: 'column', md: 'row' }} gap="4">
          <Card.Root flex="1">
            <Card.Header>
              <Card.Title as="h2">{t('communities.details.about')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Text color="fg.muted">{c.description || t('communities.details.noDescription')}</Text>
            </Card.Body>
          </Card.Root>
          <Card.Root flex="1">
            <Card.Header>
              <Card.Title as="h2">{t('communities.details.activity')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('communities.details.created')}</DataList.ItemLabel>
                  <DataList.ItemValue>{c.createdAt ? formatDate(c.createdAt) : t('communities.details.visibleToMembers')}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('communities.details.lastUpdated')}</DataList.ItemLabel>
                  <DataList.ItemValue>{c.updatedAt ? formatDate(c.updatedAt) : t('communities.details.visibleToMembers')}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('communities.details.status')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge colorPalette="green">{t('communities.details.active')}</Badge>
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Stack>
    </Container>
  );
}
