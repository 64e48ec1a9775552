import { Badge, Button, Card, DataList, HStack, Input, NativeSelect, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { staffCan } from '../../../shared/permissions';
import { settingsInput } from '../../../shared/schemas/admin';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';

/** The settings the server honours, saved for real; the rest are labelled honestly. */
export function SettingsTab({ me }: { me: CurrentUser }) {
  const queryClient = useQueryClient();
  const q = useQuery(trpc.admin.settings.queryOptions());
  const save = useMutation(trpc.admin.updateSettings.mutationOptions());
  const [draft, setDraft] = useState({ minPasswordLength: '8', requireEmailVerification: false, sessionTimeoutMinutes: '', defaultCommunityPrivacy: 'public' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data) {
      setDraft({
        minPasswordLength: String(q.data.minPasswordLength),
        requireEmailVerification: q.data.requireEmailVerification,
        sessionTimeoutMinutes: q.data.sessionTimeoutMinutes ? String(q.data.sessionTimeoutMinutes) : '',
        defaultCommunityPrivacy: q.data.defaultCommunityPrivacy,
      });
    }
  }, [q.data]);
  if (q.isPending) return <Skeleton h="64" />;
  const editable = staffCan(me.role, 'admin.settings');

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = settingsInput.safeParse({ ...draft, sessionTimeoutMinutes: draft.sessionTimeoutMinutes === '' ? null : draft.sessionTimeoutMinutes });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return notify.error('Error', parsed.error.issues[0]!.message);
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notify.success('Settings saved', 'They apply from now on.');
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.site.pathKey() });
    } catch (error) {
      notify.error('Error', errorInfo(error).message);
    }
  }

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">Security and communities</Card.Title>
          {!editable && (
            <Text fontSize="sm" color="fg.muted">
              Only a superadmin can change these.
            </Text>
          )}
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={!editable}>
              <Stack gap="5" maxW="lg">
                <FormField name="minPasswordLength" label="Minimum password length (8 to 16)" error={errors.minPasswordLength}>
                  <Input type="number" min={8} max={16} value={draft.minPasswordLength} onChange={(e) => setDraft({ ...draft, minPasswordLength: e.target.value })} />
                </FormField>
                <FormField
                  name="sessionTimeoutMinutes"
                  label="Session timeout in minutes (5 to 240)"
                  error={errors.sessionTimeoutMinutes}
                  helper="Signed-in users are signed out after this long without activity. Empty keeps the default of 30 days."
                >
                  <Input type="number" min={5} max={240} value={draft.sessionTimeoutMinutes} onChange={(e) => setDraft({ ...draft, sessionTimeoutMinutes: e.target.value })} />
                </FormField>
                <FormField name="defaultCommunityPrivacy" label="Default privacy for new communities" error={errors.defaultCommunityPrivacy}>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={draft.defaultCommunityPrivacy} onChange={(e) => setDraft({ ...draft, defaultCommunityPrivacy: e.target.value })}>
                      <option value="public">Public</option>
                      <option value="private">Private</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <Switch.Root
                  checked={draft.requireEmailVerification}
                  onCheckedChange={(e) => setDraft({ ...draft, requireEmailVerification: e.checked })}
                  colorPalette="brand"
                  ids={{ hiddenInput: 'requireEmailVerification' }}
                >
                  <Switch.HiddenInput />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  <Switch.Label>Require a verified email before joining or creating communities</Switch.Label>
                </Switch.Root>
                {editable && (
                  <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
                    Save settings
                  </Button>
                )}
              </Stack>
            </fieldset>
          </form>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">More settings</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="2">
            {['Notification preferences', 'Community approval before publishing', 'Invitation-only communities'].map((s) => (
              <HStack key={s} justify="space-between">
                <Text>{s}</Text>
                <Badge colorPalette="orange">Coming soon</Badge>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">System info</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Version</DataList.ItemLabel>
              <DataList.ItemValue data-testid="app-version">{q.data?.version}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Node.js</DataList.ItemLabel>
              <DataList.ItemValue>{q.data?.node}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
