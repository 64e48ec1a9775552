import { Badge, Button, Card, CloseButton, DataList, Dialog, HStack, Input, NativeSelect, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { useZodForm } from '../../lib/use-zod-form';
import { staffCan } from '../../../shared/permissions';
import { ALL_ROLES, adminUpdateUserInput } from '../../../shared/schemas/admin';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { AUTH_TYPE_LABEL, fullName, statusOf, type AdminUser } from './shared';

/** One user's account: details and the support actions, all real server calls. */
export function ProfileTab({ me, selectedId, onSelect }: { me: CurrentUser; selectedId: string | null; onSelect: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const list = useQuery(trpc.admin.users.queryOptions({ search: search.trim() || undefined, limit: 50 }));
  const one = useQuery(trpc.admin.user.queryOptions({ id: selectedId ?? '' }, { enabled: !!selectedId }));
  const user = selectedId ? (one.data ?? null) : null;
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">Choose a user</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <Input aria-label="Filter users" placeholder="Filter by name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
            <NativeSelect.Root>
              <NativeSelect.Field aria-label="User" value={selectedId ?? ''} onChange={(e) => onSelect(e.target.value)}>
                <option value="">Select a user…</option>
                {list.data?.items.map((u) => (
                  <option key={u.id} value={u.id}>
                    {fullName(u)} ({u.email})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </Card.Body>
      </Card.Root>
      {selectedId && one.isPending && <Skeleton h="48" />}
      {user && <UserDetails key={`${user.id}:${user.updatedAt}`} me={me} user={user} />}
    </Stack>
  );
}

function UserDetails({ me, user }: { me: CurrentUser; user: AdminUser }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const verify = useMutation(
    trpc.admin.verifyUser.mutationOptions({
      onSuccess: async () => {
        notify.success('Account verified', user.email);
        await refresh();
      },
      onError: (e) => notify.error('Error', errorInfo(e).message),
    }),
  );
  const sendReset = useMutation(
    trpc.admin.sendResetEmail.mutationOptions({
      onSuccess: (r) => notify.success('Reset email sent', r.email),
      onError: (e) => notify.error('Error', errorInfo(e).message),
    }),
  );
  const rows: [string, React.ReactNode][] = [
    ['Email', user.email],
    ['Last login', formatDate(user.lastLoginAt, { style: 'short', fallback: 'Never' })],
    ['Status', <Badge colorPalette={user.isEmailVerified ? 'green' : 'orange'}>{statusOf(user)}</Badge>],
    ['Created', formatDate(user.createdAt, { style: 'short', fallback: 'Never' })],
    ['Username', user.username ?? 'Not set'],
    ['Authentication', AUTH_TYPE_LABEL(user.authType)],
    ['Role', user.role],
  ];
  return (
    <Card.Root data-testid="user-details">
      <Card.Header>
        <Card.Title as="h2">{fullName(user)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
      <Card.Footer flexWrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={() => sendReset.mutate({ id: user.id })} loading={sendReset.isPending}>
          Send reset email
        </Button>
        <Button size="sm" variant="outline" disabled={user.isEmailVerified} onClick={() => verify.mutate({ id: user.id })} loading={verify.isPending}>
          Verify account
        </Button>
        <EditUserDialog me={me} user={user} />
        <Text fontSize="xs" color="fg.muted" w="full">
          Account notes: coming soon.
        </Text>
      </Card.Footer>
    </Card.Root>
  );
}

function EditUserDialog({ me, user }: { me: CurrentUser; user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useZodForm(adminUpdateUserInput, { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role });
  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  // Changing a role grants or removes staff rights: for those who manage staff, and never on themselves.
  const canChangeRole = staffCan(me.role, 'admin.staff') && me.id !== user.id;
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error('Error', checked.error);
    try {
      await update.mutateAsync(canChangeRole ? checked.data : { ...checked.data, role: undefined });
      notify.success('User profile updated successfully');
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      setOpen(false);
    } catch (error) {
      notify.error('Error', form.applyServerError(error).message || 'An error occurred while updating the profile');
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" colorPalette="brand">
          Edit profile
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Edit {fullName(user)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <HStack gap="3">
                    <FormField name="firstName" label="First name" error={form.errors.firstName}>
                      <Input {...form.field('firstName')} />
                    </FormField>
                    <FormField name="lastName" label="Last name" error={form.errors.lastName}>
                      <Input {...form.field('lastName')} />
                    </FormField>
                  </HStack>
                  <FormField name="email" label="Email" error={form.errors.email}>
                    <Input {...form.field('email')} type="email" />
                  </FormField>
                  <FormField
                    name="role"
                    label="Role"
                    error={form.errors.role}
                    helper={canChangeRole ? 'A role change signs the user out everywhere.' : 'Only a superadmin can change roles, and not their own.'}
                  >
                    <NativeSelect.Root disabled={!canChangeRole}>
                      <NativeSelect.Field {...form.field('role')}>
                        {ALL_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button">
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={update.isPending}>
                  Save
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
