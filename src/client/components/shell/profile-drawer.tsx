import { Avatar, Badge, Button, CloseButton, DataList, Drawer, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../features/auth/current-user';
import { myCountsQuery } from '../../features/communities/queries';
import { formatDate, formatNumber } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { profilePanelInput } from '@shared/schemas/profile';
import type { MessageKey } from '@shared/i18n/catalogue';
import { trpc } from '../../trpc';
import { FormField } from '../form-field';
import { AvatarPicker } from '../image-picker';
import { LanguageSwitcher } from '../language-switcher';
import { notify } from '../toaster';
import { currentLoginStreak } from '@shared/login-streak';

const ROLE_LABEL: Partial<Record<string, MessageKey>> = { user: 'profile.roles.user', admin: 'profile.roles.admin', superadmin: 'profile.roles.superadmin' };

/**
 * The profile side panel: a summary to read (with the language choice), or a short form (name,
 * place, bio, photo) saved through profile.updatePanel.
 */
export function ProfileDrawer({ user, trigger, defaultOpen }: { user: CurrentUser; trigger: ReactElement; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen ?? false);
  const [editing, setEditing] = useState(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setEditing(false);
      }}
      placement="end"
      size={{ base: 'full', sm: 'sm' }}
      // Mounted only while open: the panel is no part of every page's first render.
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>{trigger}</Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="profile-panel">
            <Drawer.Header>
              <Drawer.Title>{editing ? t('profile.panel.editTitle') : t('profile.panel.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{editing ? <PanelEdit user={user} onDone={() => setEditing(false)} /> : <PanelView user={user} onEdit={() => setEditing(true)} onLeave={() => setOpen(false)} />}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('profile.panel.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function PanelView({ user, onEdit, onLeave }: { user: CurrentUser; onEdit: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const counts = useQuery(myCountsQuery());
  const stats = useQuery(trpc.events.myStats.queryOptions());
  return (
    <Stack gap="6">
      <Stack align="center" textAlign="center" gap="1">
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback>{(user.firstName[0] ?? 'U').toUpperCase()}</Avatar.Fallback>
          {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
        </Avatar.Root>
        <Text fontWeight="bold" fontSize="lg">
          {user.firstName} {user.lastName}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {user.email}
        </Text>
        {user.location && <Text fontSize="sm">{user.location}</Text>}
      </Stack>
      <Stack gap="1">
        <Text fontWeight="semibold">{t('profile.panel.about')}</Text>
        <Text color={user.bio ? undefined : 'fg.muted'}>{user.bio || t('profile.panel.noBio')}</Text>
      </Stack>
      <Facts
        title={t('profile.panel.activity')}
        facts={[
          [t('profile.panel.created'), counts.data ? formatNumber(counts.data.created) : '…', 'created-count'],
          [t('profile.panel.joined'), counts.data ? formatNumber(counts.data.joined) : '…', 'joined-count'],
          [t('profile.panel.eventsAttended'), stats.data ? formatNumber(stats.data.attended) : '…', 'attended-count'],
          [t('profile.panel.loginStreak'), t('profile.panel.days', { count: currentLoginStreak(user.loginStreak, user.lastLoginAt, Date.now()) })],
        ]}
      />
      <Facts
        title={t('profile.panel.accountInfo')}
        facts={[
          [t('profile.panel.memberSince'), formatDate(user.createdAt, { fallback: t('profile.panel.unknownDate') })],
          [t('profile.panel.accountType'), <Badge key="role">{t(ROLE_LABEL[user.role] ?? 'profile.roles.user')}</Badge>],
        ]}
      />
      <Stack gap="2">
        <Text fontWeight="semibold">{t('common.language')}</Text>
        <LanguageSwitcher size="sm" />
      </Stack>
      <HStack>
        <Button colorPalette="brand" onClick={onEdit} flex="1">
          {t('profile.panel.edit')}
        </Button>
        <Button asChild variant="outline" flex="1">
          <Link to="/profile" onClick={onLeave}>
            {t('profile.panel.fullProfile')}
          </Link>
        </Button>
      </HStack>
    </Stack>
  );
}

/** A titled list of facts: each a label and its value (with the test id the journeys read it by). */
function Facts({ title, facts }: { title: string; facts: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{title}</Text>
      <DataList.Root orientation="horizontal" size="sm">
        {facts.map(([label, value, testId]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

function PanelEdit({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(profilePanelInput, {
    firstName: user.firstName,
    lastName: user.lastName,
    location: user.location ?? '',
    bio: user.bio ?? '',
    profileImage: user.profileImageUrl ?? '',
  });
  const save = useMutation(trpc.profile.updatePanel.mutationOptions());
  const onSubmit = form.submit(t('profile.panel.failed'), async (data) => {
    try {
      queryClient.setQueryData(trpc.auth.me.queryKey(), await save.mutateAsync(data));
      notify.success(t('profile.saved.title'), t('profile.saved.description'));
      onDone();
    } catch (error) {
      form.applyServerError(error);
      notify.error(t('profile.panel.failed'), t('profile.panel.failedDescription'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <AvatarPicker
          id="panel-photo"
          value={form.values.profileImage || null}
          fallback={(form.values.firstName?.[0] ?? 'U').toUpperCase()}
          onChange={(url) => form.setValue('profileImage', url ?? '')}
        />
        <FormField name="firstName" label={t('profile.fields.firstName')} error={form.errors.firstName}>
          <Input {...form.field('firstName')} />
        </FormField>
        <FormField name="lastName" label={t('profile.fields.lastName')} error={form.errors.lastName}>
          <Input {...form.field('lastName')} />
        </FormField>
        <FormField name="location" label={t('profile.fields.location')} error={form.errors.location}>
          <Input {...form.field('location')} placeholder={t('profile.placeholders.location')} />
        </FormField>
        <FormField name="bio" label={t('profile.fields.bio')} error={form.errors.bio}>
          <Textarea {...form.field('bio')} placeholder={t('profile.placeholders.bio')} rows={4} />
        </FormField>
        <HStack justify="flex-end">
          <Button variant="outline" type="button" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText={t('profile.panel.saving')}>
            {t('profile.panel.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
