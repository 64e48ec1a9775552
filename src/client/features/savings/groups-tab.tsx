import { Badge, Button, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PiggyBank, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { EmptyNote } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { formatAmount } from '../../lib/format';
import { trpc } from '../../trpc';
import type { Community } from '../communities/membership';
import { CreateGroupDialog } from './create-group-dialog';
import { roleKey } from './labels';
import { groupsQuery, type GroupSummary } from './queries';
import { useSavingsAction } from './use-savings-action';

/**
 * A community's savings groups: each with its currency, its share and the viewer's place in it
 * (or a button to ask to join); the community's leaders start new ones. Nobody's money shows here.
 */
export function GroupsTab({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const q = useQuery(groupsQuery(c.id));
  const leader = can(c.role, 'savings.organise');
  return (
    <SectionCard
      id="savings-groups"
      testId="savings-groups"
      title={t('savings.groups.title')}
      intro={t('savings.groups.intro')}
      actions={leader && <CreateGroupDialog communityId={c.id} trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('savings.groups.create')}</ButtonWithIcon>} />}
    >
      <ListStates
        query={q}
        loading={t('savings.loading')}
        failed={t('savings.loadFailed')}
        retry={t('savings.tryAgain')}
        empty={q.data?.length === 0 && <EmptyNote icon={<PiggyBank />}>{t(leader ? 'savings.groups.emptyLeader' : 'savings.groups.empty')}</EmptyNote>}
      >
        {() => (
          <RuledList>
            {q.data!.map((g) => (
              <GroupRow key={g.id} g={g} />
            ))}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

function GroupRow({ g }: { g: GroupSummary }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const join = useMutation(trpc.savings.join.mutationOptions());
  const canAsk = g.status === 'active' && !g.myRole && g.myStatus !== 'pending';
  return (
    <LinkBox as="li" py="3" data-testid="savings-group">
      <HStack justify="space-between" align="center" flexWrap="wrap" gap="2">
        <Stack gap="0.5" minW="0" flex="1 1 14rem">
          <LinkOverlay asChild>
            <Link to="/savings/$id" params={{ id: String(g.id) }}>
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {g.name}
              </Text>
            </Link>
          </LinkOverlay>
          <Text fontSize="sm" color="fg.muted">
            {g.currency} · {t('savings.groups.share', { price: formatAmount(g.rules.sharePrice, g.currency) })} · {t('savings.groups.members', { count: g.members })}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {g.status !== 'active' && <Badge>{t('savings.groups.closed')}</Badge>}
          {g.myRole && <Badge colorPalette="brand">{t('savings.groups.myRole', { role: t(roleKey(g.myRole)) })}</Badge>}
          {!g.myRole && g.myStatus === 'pending' && <Badge colorPalette="orange">{t('savings.memberStatus.pending')}</Badge>}
          {canAsk && (
            // Above the row's link, so the button is its own target.
            <Button size="sm" variant="outline" position="relative" zIndex="1" aria-label={t('savings.groups.joinLabel', { name: g.name })} loading={join.isPending} onClick={() => void act(() => join.mutateAsync({ id: g.id }), t('savings.actionFailed'), t('savings.groups.joinAsked'))}>
              {t('savings.groups.join')}
            </Button>
          )}
        </HStack>
      </HStack>
    </LinkBox>
  );
}
