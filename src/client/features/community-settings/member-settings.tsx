import { Avatar, Badge, Button, Card, HStack, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, UserMinus } from 'lucide-react';
import { can } from '../../../shared/permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { memberSettingsQuery } from '../communities/queries';
import { ROLE_LABEL, initials, refreshCommunities, type Community, type Member } from '../communities/shared';

const ASSIGNABLE = ['member', 'admin', 'treasurer'] as const;

/** Roles and removal for creator and admins; only the creator hands the community over. */
export function MemberSettings({ community: c }: { community: Community }) {
  const queryClient = useQueryClient();
  const { query: q, items: members } = useCursorList(memberSettingsQuery(c.id));
  const mayTransfer = can(c.role, 'community.transfer');
  const onDone = (title: string) => async () => {
    notify.success(title);
    await refreshCommunities(queryClient);
  };
  const onFail = (title: string) => (e: unknown) => notify.error(title, errorInfo(e).message);
  const setRole = useMutation(trpc.communities.setRole.mutationOptions({ onSuccess: onDone('Role updated'), onError: onFail('Failed to update role') }));
  const remove = useMutation(trpc.communities.removeMember.mutationOptions());
  const transfer = useMutation(trpc.communities.transferOwnership.mutationOptions());

  const row = (m: Member) => {
    const name = `${m.user.firstName} ${m.user.lastName}`.trim();
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
                Joined {formatDate(m.joinedAt, { fallback: 'Unknown' })}
              </Text>
            </Stack>
          </HStack>
        </Table.Cell>
        <Table.Cell>
          {locked ? (
            <Badge colorPalette="brand">{ROLE_LABEL.creator}</Badge>
          ) : (
            <NativeSelect.Root size="sm" width="36" disabled={setRole.isPending}>
              <NativeSelect.Field
                aria-label={`Role of ${name}`}
                value={m.role}
                onChange={(e) => setRole.mutate({ communityId: c.id, userId: m.userId, role: e.target.value as (typeof ASSIGNABLE)[number] })}
              >
                {ASSIGNABLE.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABEL[r]}
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
                    <Button size="xs" variant="ghost" aria-label={`Make ${name} the creator`}>
                      <Crown aria-hidden /> Make creator
                    </Button>
                  }
                  title={`Hand ${c.name} over to ${name}?`}
                  description="They become the creator; you stay on as an admin. Only they can hand it back."
                  confirmLabel="Hand over"
                  onConfirm={() =>
                    transfer.mutateAsync({ communityId: c.id, userId: m.userId }).then(onDone('Community handed over'), onFail('Failed to hand over'))
                  }
                />
              )}
              <ConfirmDialog
                trigger={
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Remove ${name}`}>
                    <UserMinus aria-hidden /> Remove
                  </Button>
                }
                title={`Remove ${name}?`}
                description="They lose access to the community's members and content. This action cannot be undone."
                confirmLabel="Remove member"
                onConfirm={() => remove.mutateAsync({ communityId: c.id, userId: m.userId }).then(onDone('Member removed'), onFail('Failed to remove member'))}
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
        <Card.Title as="h2">Members</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          Admins can manage settings; treasurers will manage finances. Nobody can remove or demote the creator.
        </Text>
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="40" />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Member</Table.ColumnHeader>
                  <Table.ColumnHeader>Role</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>{members.map(row)}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <LoadMore query={q} mt="3" />
      </Card.Body>
    </Card.Root>
  );
}
