import { Avatar, Badge, Button, CloseButton, DataList, Drawer, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import type { CurrentUser } from '../../features/auth/current-user';
import { myCountsQuery } from '../../features/communities/queries';
import { formatDate, formatNumber } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { profilePanelInput } from '../../../shared/schemas/profile';
import { trpc } from '../../trpc';
import { FormField } from '../form-field';
import { AvatarPicker } from '../image-picker';
import { notify } from '../toaster';

const ROLE_LABEL: Record<string, string> = { user: 'Standard User', admin: 'Administrator', superadmin: 'Super Administrator' };

/** The profile side panel: a summary to read, or a short form (name, place, bio, photo) saved through profile.updatePanel. */
export function ProfileDrawer({ user, trigger }: { user: CurrentUser; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
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
    >
      <Drawer.Trigger asChild>{trigger}</Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="profile-panel">
            <Drawer.Header>
              <Drawer.Title>{editing ? 'Edit profile' : 'Your Profile'}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{editing ? <PanelEdit user={user} onDone={() => setEditing(false)} /> : <PanelView user={user} onEdit={() => setEditing(true)} onLeave={() => setOpen(false)} />}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close profile panel" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function PanelView({ user, onEdit, onLeave }: { user: CurrentUser; onEdit: () => void; onLeave: () => void }) {
  const counts = useQuery(myCountsQuery());
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
        <Text fontWeight="semibold">About</Text>
        <Text color={user.bio ? undefined : 'fg.muted'}>{user.bio || 'No bio provided yet.'}</Text>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">Activity Summary</Text>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Communities Created</DataList.ItemLabel>
            <DataList.ItemValue data-testid="created-count">{counts.data ? formatNumber(counts.data.created) : '…'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Communities Joined</DataList.ItemLabel>
            <DataList.ItemValue data-testid="joined-count">{counts.data ? formatNumber(counts.data.joined) : '…'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Login streak</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.loginStreak} {user.loginStreak === 1 ? 'day' : 'days'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">Account Info</Text>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Member Since</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(user.createdAt, { fallback: 'Unknown' })}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Account Type</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge>{ROLE_LABEL[user.role] ?? 'Standard User'}</Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>
      <HStack>
        <Button colorPalette="brand" onClick={onEdit} flex="1">
          Edit Profile
        </Button>
        <Button asChild variant="outline" flex="1">
          <Link to="/profile" onClick={onLeave}>
            Full profile
          </Link>
        </Button>
      </HStack>
    </Stack>
  );
}

function PanelEdit({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(profilePanelInput, {
    firstName: user.firstName,
    lastName: user.lastName,
    location: user.location ?? '',
    bio: user.bio ?? '',
    profileImage: user.profileImageUrl ?? '',
  });
  const save = useMutation(trpc.profile.updatePanel.mutationOptions());
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error('Update failed', checked.error);
    try {
      queryClient.setQueryData(trpc.auth.me.queryKey(), await save.mutateAsync(checked.data));
      notify.success('Profile updated', 'Your profile has been updated successfully.');
      onDone();
    } catch (error) {
      form.applyServerError(error);
      notify.error('Update failed', 'There was an error updating your profile. Please try again.');
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <AvatarPicker
          id="panel-photo"
          value={form.values.profileImage || null}
          fallback={(form.values.firstName?.[0] ?? 'U').toUpperCase()}
          onChange={(url) => form.setValue('profileImage', url ?? '')}
        />
        <FormField name="firstName" label="First name" error={form.errors.firstName}>
          <Input {...form.field('firstName')} />
        </FormField>
        <FormField name="lastName" label="Last name" error={form.errors.lastName}>
          <Input {...form.field('lastName')} />
        </FormField>
        <FormField name="location" label="Location" error={form.errors.location}>
          <Input {...form.field('location')} placeholder="City, Country" />
        </FormField>
        <FormField name="bio" label="Bio" error={form.errors.bio}>
          <Textarea {...form.field('bio')} placeholder="Tell us about yourself..." rows={4} />
        </FormField>
        <HStack justify="flex-end">
          <Button variant="outline" type="button" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Saving...">
            Save Changes
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
