import { Avatar, Badge, Button, Card, HStack, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { memberSettingsQuery } from '../communities/queries';
import { ImportLink } from '../imports/import-link';
import { initials, refreshCommunities, roleKey, type Community, type Member } from '../communities/membership';

const ASSIGNABLE = ['member', 'admin', 'treasurer'] as const;

/** Roles and removal for creator and admins; only the creator hands the community over. */
export function MemberSettings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { query: q, items: members } = useCursorList(memberSettingsQuery(c.id));
  const mayTransfer = can(c.role, 'community.transfer');
  const onDone = (title: string) => async () => {
    notify.success(title);
    await refreshCommunities(queryClient);
  };
  const onFail = (title: string) => (e: unknown) => notify.error(title, errorInfo(e).message);
  const setRole = useMutation(
    trpc.communities.setRole.mutationOptions({
      onSuccess: onDone(t('communitySettings.members.roleUpdated')),
      onError: onFail(t('communitySettings.members.roleFailed')),
    }),
  );
  const remove = useMutation(trpc.communities.removeMember.mutationOptions());
  const transfer = useMutation(trpc.communities.transferOwnership.mutationOptions());

  const row = (m: Member) => {
    const name = `${m.user.firstName} ${m.user.lastName}`.trim();
    const joined = formatDate(m.joinedAt);
    // The creator's own row: nobody demotes or removes them (they hand the community over instead).
    const locked = m.role === 'creator';
    return (
      <Table.Row key={m.id}>
        <Table.Cell>
          <HStack gap="3">
            <Avatar.Root size="sm" colorPalette="brand">
              <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
              {m.user.profileImageUrl && <Avatar.Image src={m.user.profileImageUrl} alt="" />}
            </Avatar.Root>
            <Stack gap="0">
              <Text fontWeight="medium">{name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {joined ? t('communitySettings.members.joined', { date: joined }) : t('communitySettings.members.joinedUnknown')}
              </Text>
            </Stack>
          </HStack>
        </Table.Cell>
        <Table.Cell>
          {locked ? (
            <Badge colorPalette="brand">{t('communities.roles.creator')}</Badge>
          ) : (
            <NativeSelect.Root size="sm" width="36" disabled={setRole.isPending}>
              <NativeSelect.Field
                aria-label={t('communitySettings.members.roleOf', { name })}
                value={m.role}
                onChange={(e) => setRole.mutate({ communityId: c.id, userId: m.userId, role: e.target.value as (typeof ASSIGNABLE)[number] })}
              >
                {ASSIGNABLE.map((r) => (
                  <option key={r} value={r}>
                    {t(roleKey(r))}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Table.Cell>
        <Table.Cell textAlign="end">
          {!locked && (
            <HStack justify="flex-end" gap="1">
              {mayTransfer && (
                <ConfirmDialog
                  trigger={
                    <Button size="xs" variant="ghost" aria-label={t('communitySettings.members.makeCreatorLabel', { name })}>
                      <Crown aria-hidden /> {t('communitySettings.members.makeCreator')}
                    </Button>
                  }
                  title={t('communitySettings.members.handOverTitle', { community: c.name, name })}
                  description={t('communitySettings.members.handOverBody')}
                  confirmLabel={t('communitySettings.members.handOver')}
                  onConfirm={() =>
                    transfer
                      .mutateAsync({ communityId: c.id, userId: m.userId })
                      .then(onDone(t('communitySettings.members.handedOver')), onFail(t('communitySettings.members.handOverFailed')))
                  }
                />
              )}
              <ConfirmDialog
                trigger={
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('communitySettings.members.removeLabel', { name })}>
                    <UserMinus aria-hidden /> {t('communitySettings.members.remove')}
                  </Button>
                }
                title={t('communitySettings.members.removeTitle', { name })}
                description={t('communitySettings.members.removeBody')}
                confirmLabel={t('communitySettings.members.removeConfirm')}
                onConfirm={() =>
                  remove
                    .mutateAsync({ communityId: c.id, userId: m.userId })
                    .then(onDone(t('communitySettings.members.removed')), onFail(t('communitySettings.members.removeFailed')))
                }
              />
            </HStack>
          )}
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('communitySettings.members.title')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t('communitySettings.members.intro')}
        </Text>
        {can(c.role, 'members.import') && <ImportLink communityId={c.id} kind="members" />}
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="40" />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('communitySettings.members.member')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('communitySettings.members.role')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('communitySettings.members.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>{members.map(row)}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <LoadMore query={q} mt="3">
          {t('common.loadMore')}
        </LoadMore>
      </Card.Body>
    </Card.Root>
  );
}
