import { Badge, Button, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';

type Device = { browser: string | null; os: string | null; kind: 'desktop' | 'mobile' | 'tablet' | null };
const KIND_ICON = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;
/** A device counts as active now when its session was used in the last five minutes. */
const ACTIVE_NOW_MS = 5 * 60_000;

/** Where this account is signed in ("Chrome on Linux · active now"), with a way to sign out the other devices. */
export function DevicesCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The profile route's loader starts this same query.
  const q = useQuery(trpc.auth.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
  const others = useMutation(
    trpc.auth.revokeOtherSessions.mutationOptions({
      onSuccess: async (r) => {
        notify.success(t('profile.devices.othersSignedOut'), t('profile.devices.ended', { count: r.ended }));
        await refresh();
      },
      onError: (e) => notify.error(t('profile.devices.error'), errorInfo(e).message),
    }),
  );
  const one = useMutation(trpc.auth.revokeSession.mutationOptions({ onSettled: refresh }));
  const sessions = q.data ?? [];
  const deviceName = (d: Device) =>
    d.browser && d.os ? t('profile.devices.browserOn', { browser: d.browser, os: d.os }) : (d.browser ?? d.os ?? t('profile.devices.unknown'));
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('profile.devices.title')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" data-testid="devices">
          {sessions.map((s) => (
            <HStack key={s.id} justify="space-between" gap="3" flexWrap="wrap">
              <Stack gap="0" minW="0">
                <HStack>
                  <Icon as={KIND_ICON[s.device.kind ?? 'desktop']} boxSize="4" color="fg.muted" aria-hidden />
                  <Text fontWeight="medium" truncate maxW="md" title={s.userAgent ?? undefined}>
                    {deviceName(s.device)}
                  </Text>
                  {s.current && <Badge colorPalette="green">{t('profile.devices.current')}</Badge>}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {s.current || Date.now() - Date.parse(s.lastActiveAt) < ACTIVE_NOW_MS
                    ? t('profile.devices.activityNow', { signedIn: formatDateTime(s.signedInAt) })
                    : t('profile.devices.activity', { signedIn: formatDateTime(s.signedInAt), active: formatDateTime(s.lastActiveAt) })}
                </Text>
              </Stack>
              {!s.current && (
                <Button size="xs" variant="outline" onClick={() => one.mutate({ id: s.id })} loading={one.isPending && one.variables?.id === s.id}>
                  {t('profile.devices.signOut')}
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      {sessions.length > 1 && (
        <Card.Footer>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => others.mutate()} loading={others.isPending}>
            {t('profile.devices.signOutOthers')}
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
