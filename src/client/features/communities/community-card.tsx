import { Badge, Box, Button, Card, Center, HStack, Image, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Lock, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JoinButton } from './join-button';
import { initials, type Community } from './shared';

/** A community in a grid: banner or initials, badges, two-line description, where to go next. */
export function CommunityCard({ community, detailsPath = 'community' }: { community: Community; detailsPath?: 'community' | 'communities' }) {
  const { t } = useTranslation();
  const c = community;
  const detailsLink =
    detailsPath === 'communities' ? (
      <Link to="/communities/$id" params={{ id: String(c.id) }}>
        {t('communities.card.viewDetails')}
      </Link>
    ) : (
      <Link to="/community/$id/details" params={{ id: String(c.id) }}>
        {t('communities.card.viewDetails')}
      </Link>
    );
  return (
    <Card.Root overflow="hidden" data-testid="community-card" data-community-id={c.id}>
      <Box aspectRatio={2} bg="brand.muted" position="relative">
        {c.imageUrl ? (
          <Image src={c.imageUrl} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
        ) : (
          <Center h="full">
            <Text fontSize="3xl" fontWeight="bold" color="brand.fg" aria-hidden>
              {initials(c.name)}
            </Text>
          </Center>
        )}
        <HStack position="absolute" top="2" insetStart="2" gap="1">
          {!c.isPublic && (
            <Badge colorPalette="gray" variant="solid">
              <Lock size={12} aria-hidden /> {t('communities.private')}
            </Badge>
          )}
          {c.role === 'creator' && (
            <Badge colorPalette="brand" variant="solid">
              {t('communities.roles.creator')}
            </Badge>
          )}
        </HStack>
      </Box>
      <Card.Body gap="2">
        <Card.Title as="h3" lineClamp={1}>
          {c.name}
        </Card.Title>
        <Text color="fg.muted" fontSize="sm" lineClamp={2} minH="2lh">
          {c.description}
        </Text>
        <HStack gap="4" fontSize="sm" color="fg.muted" flexWrap="wrap">
          <HStack gap="1">
            <Users size={14} aria-hidden />
            <span>{t('common.members', { count: c.memberCount })}</span>
          </HStack>
          {c.location && (
            <HStack gap="1">
              <MapPin size={14} aria-hidden />
              <span>{c.location}</span>
            </HStack>
          )}
        </HStack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {c.isMember ? (
          <Button asChild size="sm" colorPalette="brand">
            <Link to="/community/$id" params={{ id: String(c.id) }}>
              {t('communities.card.viewDashboard')}
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild size="sm" variant="outline">
              {detailsLink}
            </Button>
            <JoinButton community={c} />
          </>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
