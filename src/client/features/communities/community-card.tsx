import { Badge, Button, Card, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Lock, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JoinButton } from './join-button';
import { IMAGE_SIZES } from '../../lib/images';
import { CommunityCover } from './community-cover';
import type { Community } from './membership';

/** A community in a grid: its cover, badges, two-line description, where to go next. */
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
      <CommunityCover communityId={c.id} imageUrl={c.imageUrl} lazy sizes={IMAGE_SIZES.card} aspectRatio={2}>
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
      </CommunityCover>
      <Card.Body gap="2">
        {/* Two lines: long names ("Ghana Nurses of the Tri-State Area") stay readable on a phone. */}
        <Card.Title as="h3" lineClamp={2} overflowWrap="anywhere">
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
