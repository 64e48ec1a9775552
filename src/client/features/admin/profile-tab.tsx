import { Badge, Button, Card, HStack, Input, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/dialog-form';
import { FormDialog } from '../../components/form-dialog';
import { FormField, SelectField } from '../../components/form-field';
import { Select } from '../../components/select';
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
            <Select
              aria-label={t('admin.profile.userLabel')}
              value={selectedId ?? ''}
              onChange={(e) => onSelect(e.target.value)}
              placeholder={t('admin.profile.selectUser')}
              options={(list.data?.items ?? []).map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }))}
            />
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
  // Each action toasts what it did and reloads the staff screens' lists, or toasts the server's refusal.
  const toasts = <R,>(done: string, detail: (r: R) => string, reload = true) => ({
    onSuccess: async (r: R) => {
      notify.success(done, detail(r));
      if (reload) await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    },
    onError: (e: unknown) => notify.error(t('admin.errorTitle'), errorInfo(e).message),
  });
  const verify = useMutation(trpc.admin.verifyUser.mutationOptions(toasts(t('admin.profile.verified'), () => user.email)));
  const sendReset = useMutation(trpc.admin.sendResetEmail.mutationOptions(toasts(t('admin.profile.resetSent'), (r: { email: string }) => r.email, false)));
  // On the member's own request (the audit log records who did it); the account's money records stay.
  const remove = useMutation(trpc.account.deleteUser.mutationOptions(toasts(t('admin.profile.deleted'), () => fullName(user))));
  const resetFactor = useMutation(trpc.admin.resetSecondFactor.mutationOptions(toasts(t('admin.profile.secondFactorReset'), () => user.email)));
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
  return (
    <FormDialog
      title={t('admin.profile.edit.title', { name: fullName(user) })}
      trigger={
        <Button size="sm" colorPalette="brand">
          {t('admin.profile.edit.open')}
        </Button>
      }
    >
      {(close) => <EditUserForm me={me} user={user} onDone={close} />}
    </FormDialog>
  );
}

function EditUserForm({ me, user, onDone }: { me: CurrentUser; user: AdminUser; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(adminUpdateUserInput, { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role });
  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  // Changing a role grants or removes staff rights: for those who manage staff, and never on themselves.
  const canChangeRole = staffCan(me.role, 'admin.staff') && me.id !== user.id;
  const onSubmit = form.submit(t('admin.errorTitle'), async (data) => {
    try {
      await update.mutateAsync(canChangeRole ? data : { ...data, role: undefined });
      notify.success(t('admin.profile.edit.updated'));
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      onDone();
    } catch (error) {
      notify.error(t('admin.errorTitle'), form.applyServerError(error).message || t('admin.profile.edit.failedFallback'));
    }
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('common.save')} busy={update.isPending}>
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
      <SelectField
        field={form.field('role')}
        label={t('admin.profile.edit.role')}
        error={form.errors.role}
        helper={canChangeRole ? t('admin.profile.edit.roleHelp') : t('admin.profile.edit.roleLocked')}
        root={{ disabled: !canChangeRole }}
        options={ALL_ROLES.map((r) => ({ value: r, label: roleName(t, r) }))}
      />
    </DialogForm>
  );
}
