import { Button, Clipboard, HStack, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { CalendarSync } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { useSiteConfig } from '../site-config';
import { googleSubscribeLink, outlookSubscribeLink, webcalOf } from './calendar-links';
import { calendarFeedQuery } from './queries';

/** The private calendar address as the profile's card. */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  return (
    <SectionCard id="profile-calendar" title={t('profile.calendar.title')} intro={t('profile.calendar.intro')} testId="calendar-feed" bodyGap="3">
      <CalendarFeed />
    </SectionCard>
  );
}

/**
 * The member's private calendar address: every event of their communities, for Google Calendar,
 * Apple Calendar or Outlook. The server keeps only a hash, so the address is shown once, when it
 * is made (with the webcal: link calendar apps subscribe from, and Google's and Outlook's pages);
 * making a new one (or turning it off) stops the old one at once.
 */
export function CalendarFeed() {
  const { t } = useTranslation();
  const { appName } = useSiteConfig();
  const queryClient = useQueryClient();
  const status = useQuery(calendarFeedQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.calendarFeed.queryKey() });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation(
    trpc.events.calendarToken.mutationOptions({
      onSuccess: async (r) => {
        setUrl(r.url);
        await refresh();
      },
      onError: (e) => notify.error(t('profile.calendar.failed'), errorInfo(e).message),
    }),
  );
  const revoke = useMutation(
    trpc.events.revokeCalendarToken.mutationOptions({
      onSuccess: async () => {
        setUrl(null);
        notify.success(t('profile.calendar.revoked'), t('profile.calendar.revokedBody'));
        await refresh();
      },
      onError: (e) => notify.error(t('profile.calendar.failed'), errorInfo(e).message),
    }),
  );
  const active = status.data?.active ?? false;
  // Until the server has said whether an address is live, "Create" is not offered: making one replaces a working address.
  const known = status.isSuccess;
  return (
    <>
        {url ? (
          <Stack gap="2">
            <Clipboard.Root value={url}>
              <Clipboard.Label>{t('profile.calendar.address')}</Clipboard.Label>
              <InputGroup
                endElement={
                  <Clipboard.Trigger asChild>
                    <IconButton variant="surface" size="xs" me="-2" aria-label={t('profile.calendar.copy')}>
                      <Clipboard.Indicator />
                    </IconButton>
                  </Clipboard.Trigger>
                }
              >
                <Clipboard.Input asChild>
                  <Input data-testid="calendar-feed-url" readOnly fontFamily="mono" fontSize="sm" />
                </Clipboard.Input>
              </InputGroup>
            </Clipboard.Root>
            <Text fontSize="sm" color="fg.muted" role="status">
              {t('profile.calendar.shownOnce')}
            </Text>
            <HStack gap="2" flexWrap="wrap" data-testid="calendar-feed-links">
              <Button asChild size="sm" colorPalette="brand">
                <a href={webcalOf(url)} data-testid="calendar-feed-webcal">
                  <CalendarSync aria-hidden /> {t('events.calendar.subscribeApp')}
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={googleSubscribeLink(url)} target="_blank" rel="noopener noreferrer">
                  {t('events.calendar.google')}
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={outlookSubscribeLink(url, appName)} target="_blank" rel="noopener noreferrer">
                  {t('events.calendar.outlook')}
                </a>
              </Button>
            </HStack>
          </Stack>
        ) : status.isError ? (
          <HStack gap="3" role="alert" flexWrap="wrap" data-testid="calendar-feed-failed">
            <Text fontSize="sm" color="fg.error">
              {t('profile.calendar.loadFailed')}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void status.refetch()} loading={status.isFetching}>
              {t('profile.calendar.tryAgain')}
            </Button>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted" role="status">
            {status.isPending ? t('profile.calendar.checking') : active ? t('profile.calendar.active', { date: formatDate(status.data?.createdAt ?? null) }) : t('profile.calendar.none')}
          </Text>
        )}
        {known && (
          <HStack gap="2" flexWrap="wrap">
            {active ? (
              <ConfirmDialog
                title={t('profile.calendar.newTitle')}
                description={t('profile.calendar.newBody')}
                confirmLabel={t('profile.calendar.new')}
                onConfirm={() => create.mutateAsync()}
                trigger={
                  <Button size="sm" variant="outline" loading={create.isPending}>
                    {t('profile.calendar.new')}
                  </Button>
                }
              />
            ) : (
              <Button size="sm" colorPalette="brand" onClick={() => create.mutate()} loading={create.isPending}>
                {t('profile.calendar.create')}
              </Button>
            )}
            {active && (
              <ConfirmDialog
                title={t('profile.calendar.revokeTitle')}
                description={t('profile.calendar.revokeBody')}
                confirmLabel={t('profile.calendar.revoke')}
                onConfirm={() => revoke.mutateAsync()}
                trigger={
                  <Button size="sm" variant="outline" colorPalette="red" loading={revoke.isPending}>
                    {t('profile.calendar.revoke')}
                  </Button>
                }
              />
            )}
          </HStack>
        )}
    </>
  );
}
