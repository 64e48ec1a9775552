import { Badge, Button, Card, HStack, Input, InputGroup, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { CreateAdminForm } from './create-admin-form';
import { dateText, fullName, statusOf } from './shared';
import { ResetPasswordDialog } from './reset-password-dialog';

const PAGE = 20;

/** Searchable, server-paginated users table with Previous and Next. */
export function UsersTab({ me, onViewProfile }: { me: CurrentUser; onViewProfile: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const term = useDeferredValue(search.trim());
  const q = useQuery({
    ...trpc.admin.users.queryOptions({ search: term || undefined, cursor: offset, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.items ?? [];
  return (
    <Stack gap="6">
      {me.role === 'superadmin' && <CreateAdminForm />}
      <Card.Root>
        <Card.Header gap="3">
          <Card.Title as="h2">Users</Card.Title>
          <InputGroup startElement={<Search size={16} aria-hidden />} maxW="md">
            <Input
              aria-label="Search users by name, email or role"
              placeholder="Search by name, email or role"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
            />
          </InputGroup>
        </Card.Header>
        <Card.Body>
          {q.isPending ? (
            <Skeleton h="40" />
          ) : rows.length === 0 ? (
            <Text color="fg.muted" py="6" textAlign="center">
              No users found
            </Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="users-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Name</Table.ColumnHeader>
                    <Table.ColumnHeader>Email</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader>Role</Table.ColumnHeader>
                    <Table.ColumnHeader>Created</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((u) => (
                    <Table.Row key={u.id} data-testid="user-row">
                      <Table.Cell>{fullName(u)}</Table.Cell>
                      <Table.Cell>{u.email}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={u.isEmailVerified ? 'green' : 'orange'}>{statusOf(u)}</Badge>
                      </Table.Cell>
                      <Table.Cell>{u.role}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{dateText(u.createdAt)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack justify="flex-end" gap="1">
                          <Button size="xs" variant="ghost" onClick={() => onViewProfile(u.id)}>
                            View Profile
                          </Button>
                          {u.id !== me.id && !(u.role === 'superadmin' && me.role !== 'superadmin') && (
                            <ResetPasswordDialog
                              user={u}
                              trigger={
                                <Button size="xs" variant="ghost" colorPalette="red">
                                  Reset Password
                                </Button>
                              }
                            />
                          )}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
        <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {q.data ? `showing ${rows.length ? `${q.data.offset + 1}–${q.data.offset + rows.length}` : 0} of ${q.data.total} users` : ''}
          </Text>
          <HStack>
            <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Previous
            </Button>
            <Button size="sm" variant="outline" disabled={q.data?.nextCursor == null} onClick={() => setOffset(q.data?.nextCursor ?? offset)}>
              Next
            </Button>
          </HStack>
        </Card.Footer>
      </Card.Root>
    </Stack>
  );
}
