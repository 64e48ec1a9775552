import { Badge, Button, Card, DataList, HStack, Input, NativeSelect, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import type { MessageKey } from '@shared/i18n/catalogue';
import { staffCan } from '@shared/permissions';
import { settingsInput } from '@shared/schemas/admin';
import { trpc } from '../../trpc';
import type { CurrentUser } from '../auth/current-user';

/** Settings not built yet, shown as coming. */
const UPCOMING: MessageKey[] = ['admin.settings.upcoming.notifications', 'admin.settings.upcoming.approval', 'admin.settings.upcoming.invitationOnly'];

/** The settings the server honours, saved for real; the rest are labelled honestly. */
export function SettingsTab({ me }: { me: CurrentUser }) {
  const { t } = useTranslation();
  // The schema's messages are catalogue keys; a message that is not one (zod's own) shows as it is.
  const say = (message: string) => t(message as MessageKey, { defaultValue: message });
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
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= say(i.message);
      setErrors(next);
      return notify.error(t('admin.errorTitle'), say(parsed.error.issues[0]!.message));
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notify.success(t('admin.settings.saved'), t('admin.settings.savedText'));
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.site.pathKey() });
    } catch (error) {
      notify.error(t('admin.errorTitle'), errorInfo(error).message);
    }
  }

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.settings.securityTitle')}</Card.Title>
          {!editable && (
            <Text fontSize="sm" color="fg.muted">
              {t('admin.settings.superadminOnly')}
            </Text>
          )}
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={!editable}>
              <Stack gap="5" maxW="lg">
                <FormField name="minPasswordLength" label={t('admin.settings.minPasswordLength')} error={errors.minPasswordLength}>
                  <Input type="number" min={8} max={16} value={draft.minPasswordLength} onChange={(e) => setDraft({ ...draft, minPasswordLength: e.target.value })} />
                </FormField>
                <FormField
                  name="sessionTimeoutMinutes"
                  label={t('admin.settings.sessionTimeout')}
                  error={errors.sessionTimeoutMinutes}
                  helper={t('admin.settings.sessionTimeoutHelp')}
                >
                  <Input type="number" min={5} max={240} value={draft.sessionTimeoutMinutes} onChange={(e) => setDraft({ ...draft, sessionTimeoutMinutes: e.target.value })} />
                </FormField>
                <FormField name="defaultCommunityPrivacy" label={t('admin.settings.defaultPrivacy')} error={errors.defaultCommunityPrivacy}>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={draft.defaultCommunityPrivacy} onChange={(e) => setDraft({ ...draft, defaultCommunityPrivacy: e.target.value })}>
                      <option value="public">{t('admin.settings.public')}</option>
                      <option value="private">{t('admin.settings.private')}</option>
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
                  <Switch.Label>{t('admin.settings.requireVerification')}</Switch.Label>
                </Switch.Root>
                {editable && (
                  <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
                    {t('admin.settings.save')}
                  </Button>
                )}
              </Stack>
            </fieldset>
          </form>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.settings.moreTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="2">
            {UPCOMING.map((key) => (
              <HStack key={key} justify="space-between">
                <Text>{t(key)}</Text>
                <Badge colorPalette="orange">{t('admin.comingSoon')}</Badge>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('admin.settings.systemTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('admin.settings.version')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="app-version">{q.data?.version}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('admin.settings.node')}</DataList.ItemLabel>
              <DataList.ItemValue>{q.data?.node}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
