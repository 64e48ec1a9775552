import { Badge, Button, Card, HStack, Skeleton, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../trpc';
import { StaffPager, StaffSearch, useSearchPaging } from './staff-table';

const PAGE = 20;

/** Every community with its members count; staff may hide one from discovery or delete it. */
export function CommunitiesTab() {
  const queryClient = useQueryClient();
  const paging = useSearchPaging(PAGE);
  const q = useQuery({
    ...trpc.admin.communities.queryOptions({ search: paging.term, cursor: paging.offset, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.communities.pathKey() })]);
  const hide = useMutation(trpc.admin.setCommunityHidden.mutationOptions());
  const del = useMutation(trpc.admin.deleteCommunity.mutationOptions());
  const rows = q.data?.items ?? [];
  return (
    <Card.Root>
      <Card.Header gap="3">
        <Card.Title as="h2">Communities</Card.Title>
        <StaffSearch
          label="Search communities by name or location"
          placeholder="Search by name or location"
          value={paging.search}
          onChange={paging.setSearch}
        />
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="40" />
        ) : rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            No communities found
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Creator</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Members</Table.ColumnHeader>
                  <Table.ColumnHeader>Visibility</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>
                      <Link to="/community/$id/details" params={{ id: String(c.id) }}>
                        {c.name}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{c.creatorEmail}</Table.Cell>
                    <Table.Cell textAlign="end">{formatNumber(c.memberCount)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <Badge>{c.isPublic ? 'Public' : 'Private'}</Badge>
                        {c.isHidden && <Badge colorPalette="orange">Hidden</Badge>}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(c.createdAt, { style: 'short', fallback: 'Never' })}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack justify="flex-end" gap="1">
                        <ConfirmDialog
                          trigger={
                            <Button size="xs" variant="ghost">
                              {c.isHidden ? 'Unhide' : 'Hide'}
                            </Button>
                          }
                          title={c.isHidden ? `Show ${c.name} again?` : `Hide ${c.name}?`}
                          description={
                            c.isHidden
                              ? 'It returns to discovery and search.'
                              : 'It disappears from discovery and search; its members keep access.'
                          }
                          confirmLabel={c.isHidden ? 'Unhide' : 'Hide'}
                          onConfirm={() =>
                            hide.mutateAsync({ id: c.id, hidden: !c.isHidden }).then(
                              async () => {
                                notify.success(c.isHidden ? 'Community visible again' : 'Community hidden');
                                await refresh();
                              },
                              (e) => notify.error('Error', errorInfo(e).message),
                            )
                          }
                        />
                        <ConfirmDialog
                          trigger={
                            <Button size="xs" variant="ghost" colorPalette="red">
                              Delete
                            </Button>
                          }
                          title={`Delete ${c.name}?`}
                          description="Its memberships, requests and announcements are deleted with it. This action cannot be undone."
                          confirmLabel="Delete community"
                          onConfirm={() =>
                            del.mutateAsync({ id: c.id }).then(
                              async () => {
                                notify.success('Community deleted');
                                await refresh();
                              },
                              (e) => notify.error('Error', errorInfo(e).message),
                            )
                          }
                        />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
      <StaffPager
        summary={q.data ? `showing ${rows.length} of ${q.data.total} communities` : ''}
        canPrevious={paging.offset > 0}
        canNext={q.data?.nextCursor != null}
        onPrevious={paging.previous}
        onNext={() => paging.next(q.data?.nextCursor)}
      />
    </Card.Root>
  );
}
