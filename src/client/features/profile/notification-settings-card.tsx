import { Button, Field, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { DIGEST_FREQUENCIES, NOTICE_CHANNELS, NOTICE_KINDS, type DigestFrequency, type NoticeChannel, type NoticeKind } from '@shared/notices';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { zoneGroups, zoneLabel } from '../../lib/time-zones';

export const noticeSettingsQuery = () => trpc.notifications.preferences.queryOptions();

/** This device's zone, offered when the member has none. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * How each kind of notice reaches the member (in the app only, email at once, the digest, off),
 * the digest's frequency and time zone; each choice is saved as soon as it is made. A kind whose
 * emails were stopped from an email's link says so.
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(noticeSettingsQuery());
  const save = useMutation(
    trpc.notifications.setPreferences.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(noticeSettingsQuery().queryKey, data);
        notify.success(t('profile.notices.saved'));
      },
      onError: (error) => notify.error(t('profile.notices.failed'), errorInfo(error).message),
    }),
  );
  const s = settings.data;
  const zone = s?.timeZone ?? '';
  const device = deviceZone();

  return (
    <SectionCard id="profile-notices" title={t('profile.notices.title')} intro={t('profile.notices.intro')} testId="notice-settings" bodyGap="5">
      {settings.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label={t('profile.notices.loading')}>
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : settings.isError || !s ? (
        <Stack gap="2" align="flex-start" role="alert">
          <Text>{t('profile.notices.error')}</Text>
          <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
            {t('needs.retry')}
          </Button>
        </Stack>
      ) : (
        <>
          {NOTICE_KINDS.map((kind: NoticeKind) => {
            const current = s.kinds[kind];
            const id = `notice-${kind}`;
            return (
              <Field.Root key={kind} disabled={save.isPending}>
                <Field.Label htmlFor={id}>{t(`profile.notices.kinds.${kind}`)}</Field.Label>
                <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '18rem' }}>
                  <NativeSelect.Field
                    id={id}
                    data-testid={id}
                    aria-describedby={`${id}-hint`}
                    value={current.channel}
                    onChange={(e) => save.mutate({ kinds: { [kind]: e.currentTarget.value as NoticeChannel } })}
                  >
                    {NOTICE_CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {t(`profile.notices.channels.${c}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText id={`${id}-hint`}>
                  {t(`profile.notices.hints.${kind}`)}
                  {current.emailsOffFromEmailAt && (
                    <Text as="span" display="block" color="fg.warning" data-testid={`${id}-stopped`}>
                      {t('profile.notices.emailsOff', { date: formatDate(current.emailsOffFromEmailAt) })}
                    </Text>
                  )}
                </Field.HelperText>
              </Field.Root>
            );
          })}
          <Stack as="fieldset" gap="3" borderTopWidth="1px" pt="4">
            <Text as="legend" fontWeight="semibold">
              {t('profile.notices.digest.title')}
            </Text>
            <Field.Root disabled={save.isPending}>
              <Field.Label htmlFor="notice-digest">{t('profile.notices.digest.label')}</Field.Label>
              <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '18rem' }}>
                <NativeSelect.Field id="notice-digest" data-testid="notice-digest" aria-describedby="notice-digest-hint" value={s.digest} onChange={(e) => save.mutate({ digest: e.currentTarget.value as DigestFrequency })}>
                  {DIGEST_FREQUENCIES.map((d) => (
                    <option key={d} value={d}>
                      {t(`profile.notices.digest.${d}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText id="notice-digest-hint">
                {t('profile.notices.digest.hint')}
                {s.digestOffFromEmailAt && (
                  <Text as="span" display="block" color="fg.warning">
                    {t('profile.notices.digest.offFromEmail', { date: formatDate(s.digestOffFromEmailAt) })}
                  </Text>
                )}
              </Field.HelperText>
            </Field.Root>
            <Field.Root disabled={save.isPending}>
              <Field.Label htmlFor="notice-zone">{t('profile.notices.timeZone.label')}</Field.Label>
              <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '18rem' }}>
                <NativeSelect.Field id="notice-zone" aria-describedby="notice-zone-hint" value={zone} onChange={(e) => save.mutate({ timeZone: e.currentTarget.value || null })}>
                  <option value="">{t('profile.notices.timeZone.none')}</option>
                  {zoneGroups(zone).map(([region, zones]) => (
                    <optgroup key={region} label={region}>
                      {zones.map((z) => (
                        <option key={z} value={z}>
                          {zoneLabel(z)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText id="notice-zone-hint">{t('profile.notices.timeZone.hint')}</Field.HelperText>
            </Field.Root>
            {device && device !== zone && (
              <Button size="sm" variant="outline" alignSelf="flex-start" disabled={save.isPending} onClick={() => save.mutate({ timeZone: device })}>
                {t('profile.notices.timeZone.useDevice', { zone: zoneLabel(device) })}
              </Button>
            )}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}
