import { Badge, Button, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PiggyBank, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { useCursorList } from '../../lib/use-cursor-list';
import type { Community } from '../communities/membership';
import { CircleStatusBadge } from './circle-card';
import { CreateCircleDialog } from './dialogs';
import { communityCirclesQuery, type CircleFilter } from './queries';
import { mayOrganise, STATUS_KEY, termsOf, type CommunityCircle } from './labels';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';

const FILTERS = ['recruiting', 'active', 'completed'] as const;

/**
 * A community's Savings tab: its circles, newest first, filtered by status; each with its filled
 * hands, organiser, terms and the caller's place in it. Those who may organise start one here.
 */
export function CommunityCircles({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CircleFilter>(undefined);
  const { query: q, items } = useCursorList(communityCirclesQuery(c.id, filter));
  const organiser = mayOrganise(c);
  const empty =
    items.length === 0 &&
    (filter ? (
      <EmptyNote icon={<PiggyBank />}>{t('circles.community.emptyFiltered')}</EmptyNote>
    ) : (
      <EmptyNote icon={<PiggyBank />} title={t('circles.community.empty')} titleAs="h3">
        {t(organiser ? 'circles.community.emptyOrganiser' : 'circles.community.emptyMember')}
      </EmptyNote>
    ));
  const start = organiser && (
    <CreateCircleDialog
      community={c}
      trigger={
        <Button size="sm" colorPalette="brand">
          <Plus aria-hidden /> {t('circles.community.start')}
        </Button>
      }
    />
  );
  const filters = (
    <>
      {/* Toggle buttons, not tabs: they filter one list rather than switch between panels. */}
      <HStack role="group" aria-label={t('circles.community.filter')} gap="2" flexWrap="wrap">
        {[undefined, ...FILTERS].map((f) => (
          <Button
            key={f ?? 'all'}
            size="xs"
            rounded="full"
            variant={filter === f ? 'solid' : 'outline'}
            colorPalette={filter === f ? 'brand' : 'gray'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f ? t(STATUS_KEY[f]) : t('circles.community.all')}
          </Button>
        ))}
      </HStack>
    </>
  );
  return (
    <SectionCard id="community-circles" title={t('circles.community.title')} intro={t('circles.community.intro')} actions={start} toolbar={filters} bodyGap="3" testId="community-circles">
      <ListStates query={q} loading={t('common.loading')} rows={2} rowHeight="24" failed={t('circles.community.loadFailed')} retry={t('circles.community.tryAgain')} empty={empty}>
        <Stack as="ul" gap="3" listStyleType="none" p="0" m="0">
          {items.map((circle) => (
            <CircleRow key={circle.id} circle={circle} />
          ))}
        </Stack>
      </ListStates>
      <LoadMore query={q} alignSelf="center" size="sm" />
    </SectionCard>
  );
}

function CircleRow({ circle: x }: { circle: CommunityCircle }) {
  const { t } = useTranslation();
  const mine = x.myStatus === 'approved' || x.myStatus === 'pending' ? x.myStatus : null;
  return (
    <LinkBox as="li" borderWidth="1px" rounded="md" p="3" _hover={{ borderColor: 'brand.emphasized' }} data-testid="community-circle" data-circle-id={x.id}>
      <Stack gap="1.5">
        <HStack gap="2" flexWrap="wrap" justify="space-between" align="flex-start">
          <Text as="h3" fontWeight="semibold" minW="0" overflowWrap="anywhere">
            <LinkOverlay asChild>
              <Link to="/njangi/$id" params={{ id: String(x.id) }}>
                {x.name}
              </Link>
            </LinkOverlay>
          </Text>
          <HStack gap="1" flexWrap="wrap">
            <CircleStatusBadge status={x.status} />
            {mine && (
              <Badge colorPalette={mine === 'approved' ? 'brand' : 'orange'} variant="outline" data-testid="my-circle-status">
                {t(mine === 'approved' ? 'circles.myStatus.approved' : 'circles.myStatus.pending')}
              </Badge>
            )}
          </HStack>
        </HStack>
        <Text fontSize="sm">
          {termsOf(t, x)} · {t('circles.community.filled', { count: x.filledHands, total: x.hands })}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {t('circles.community.organiser', { name: x.organiserName })}
        </Text>
      </Stack>
    </LinkBox>
  );
}
