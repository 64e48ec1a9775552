import { Badge, Button, Card, CloseButton, Dialog, HStack, Input, NativeSelect, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { DefinitionList } from '../../components/ui/definition-list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { useZodForm } from '../../lib/use-zod-form';
import { staffCan } from '@shared/permissions';
import { ALL_ROLES, adminUpdateUserInput } from '@shared/schemas/admin';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';
import { authTypeKey, fullName, roleName, statusKey, type AdminUser } from './labels';

/** One user's account: details and the support actions, all real server calls. */
export function ProfileTab({ me, selectedId, onSelect }: { me: CurrentUser; selectedId: string | null; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useQuery(trpc.admin.users.queryOptions({ search: search.trim() || undefined, limit: 50 }));
  const one = useQuery(trpc.admin.user.queryOptions({ id: selectedId ?? '' }, { enabled: !!selectedId }));
  const user = selectedId ? (one.data ?? null) : null;
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.profile.chooseTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <Input
              aria-label={t('admin.profile.filterLabel')}
              placeholder={t('admin.profile.filterPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <NativeSelect.Root>
              <NativeSelect.Field aria-label={t('admin.profile.userLabel')} value={selectedId ?? ''} onChange={(e) => onSelect(e.target.value)}>
                <option value="">{t('admin.profile.selectUser')}</option>
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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const verify = useMutation(
    trpc.admin.verifyUser.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.profile.verified'), user.email);
        await refresh();
      },
      onError: (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
    }),
  );
  const sendReset = useMutation(
    trpc.admin.sendResetEmail.mutationOptions({
      onSuccess: (r) => notify.success(t('admin.profile.resetSent'), r.email),
      onError: (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
    }),
  );
  // On the member's own request (the audit log records who did it); the account's money records stay.
  const remove = useMutation(
    trpc.account.deleteUser.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.profile.deleted'), fullName(user));
        await refresh();
      },
      onError: (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
    }),
  );
  const resetFactor = useMutation(
    trpc.admin.resetSecondFactor.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.profile.secondFactorReset'), user.email);
        await refresh();
      },
      onError: (e) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
    }),
  );
  const rows: [string, React.ReactNode][] = [
    [t('admin.profile.fields.email'), user.email],
    [t('admin.profile.fields.lastLogin'), formatDate(user.lastLoginAt, { style: 'short', fallback: t('admin.never') })],
    [t('admin.profile.fields.status'), <Badge colorPalette={user.isEmailVerified ? 'green' : 'orange'}>{t(statusKey(user))}</Badge>],
    [t('admin.profile.fields.created'), formatDate(user.createdAt, { style: 'short', fallback: t('admin.never') })],
    [t('admin.profile.fields.username'), user.username ?? t('admin.profile.notSet')],
    [t('admin.profile.fields.authentication'), t(authTypeKey(user.authType))],
    [t('admin.profile.fields.role'), roleName(t, user.role)],
    [
      t('admin.profile.fields.secondFactor'),
      <Badge colorPalette={user.hasSecondFactor ? 'green' : 'gray'} data-testid="user-second-factor">
        {user.hasSecondFactor ? t('admin.profile.secondFactorOn') : t('admin.profile.secondFactorOff')}
      </Badge>,
    ],
  ];
  return (
    <Card.Root data-testid="user-details">
      <Card.Header>
        <Card.Title as="h2">{fullName(user)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DefinitionList items={rows.map(([label, value]) => ({ label, value }))} />
      </Card.Body>
      <Card.Footer flexWrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={() => sendReset.mutate({ id: user.id })} loading={sendReset.isPending}>
          {t('admin.profile.sendReset')}
        </Button>
        <Button size="sm" variant="outline" disabled={user.isEmailVerified} onClick={() => verify.mutate({ id: user.id })} loading={verify.isPending}>
          {t('admin.profile.verify')}
        </Button>
        <EditUserDialog me={me} user={user} />
        {staffCan(me.role, 'admin.staff') && user.role === 'user' && user.id !== me.id && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red">
                {t('admin.profile.deleteAccount')}
              </Button>
            }
            title={t('admin.profile.deleteTitle', { name: fullName(user) })}
            description={t('admin.profile.deleteBody')}
            confirmLabel={t('admin.profile.deleteConfirm')}
            onConfirm={() => remove.mutateAsync({ userId: user.id })}
          />
        )}
        {staffCan(me.role, 'admin.staff') && user.hasSecondFactor && user.role !== 'superadmin' && user.id !== me.id && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" data-testid="reset-second-factor">
                {t('admin.profile.resetSecondFactor')}
              </Button>
            }
            title={t('admin.profile.resetSecondFactorTitle', { name: fullName(user) })}
            description={t('admin.profile.resetSecondFactorBody')}
            confirmLabel={t('admin.profile.resetSecondFactorConfirm')}
            onConfirm={() => resetFactor.mutateAsync({ id: user.id })}
          />
        )}
      </Card.Footer>
    </Card.Root>
  );
}

function EditUserDialog({ me, user }: { me: CurrentUser; user: AdminUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useZodForm(adminUpdateUserInput, { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role });
  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  // Changing a role grants or removes staff rights: for those who manage staff, and never on themselves.
  const canChangeRole = staffCan(me.role, 'admin.staff') && me.id !== user.id;
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(t('admin.errorTitle'), checked.error);
    try {
      await update.mutateAsync(canChangeRole ? checked.data : { ...checked.data, role: undefined });
      notify.success(t('admin.profile.edit.updated'));
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      setOpen(false);
    } catch (error) {
      notify.error(t('admin.errorTitle'), form.applyServerError(error).message || t('admin.profile.edit.failedFallback'));
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" colorPalette="brand">
          {t('admin.profile.edit.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('admin.profile.edit.title', { name: fullName(user) })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <HStack gap="3">
                    <FormField name="firstName" label={t('admin.profile.edit.firstName')} error={form.errors.firstName}>
                      <Input {...form.field('firstName')} />
                    </FormField>
                    <FormField name="lastName" label={t('admin.profile.edit.lastName')} error={form.errors.lastName}>
                      <Input {...form.field('lastName')} />
                    </FormField>
                  </HStack>
                  <FormField name="email" label={t('admin.profile.edit.email')} error={form.errors.email}>
                    <Input {...form.field('email')} type="email" />
                  </FormField>
                  <FormField
                    name="role"
                    label={t('admin.profile.edit.role')}
                    error={form.errors.role}
                    helper={canChangeRole ? t('admin.profile.edit.roleHelp') : t('admin.profile.edit.roleLocked')}
                  >
                    <NativeSelect.Root disabled={!canChangeRole}>
                      <NativeSelect.Field {...form.field('role')}>
                        {ALL_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleName(t, r)}
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
                    {t('common.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={update.isPending}>
                  {t('common.save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
