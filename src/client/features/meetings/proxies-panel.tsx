import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';
import { Select } from '../../components/select';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { useMeetingAction, type MeetingData } from './meeting-data';

/*
 * Proxies of a meeting: the reader gives their vote to another member or takes it back (until the
 * first vote opens), sees the votes they carry; the officers (meetings.record) see every proxy.
 * What shows is what meetings.proxies sent: a member never receives anyone else's.
 */
export function ProxiesPanel({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const meetingId = meeting.meeting.id;
  const q = useQuery(trpc.meetings.proxies.queryOptions({ meetingId }));
  return (
    <SectionCard id="meeting-proxies" testId="meeting-proxies" title={t('meetingMinutes.proxies.title')} intro={q.data && t('meetingMinutes.proxies.intro', { max: q.data.maxProxies })}>
      <ListStates query={q} loading={t('meetingMinutes.loading')} failed={t('meetingMinutes.loadFailed')} retry={t('meetingMinutes.retry')}>
        {() => {
          const p = q.data!;
          return (
            <Stack gap="4">
              {p.locked && <Text color="fg.muted">{t('meetingMinutes.proxies.locked')}</Text>}
              {p.given ? <GivenProxy meetingId={meetingId} holder={p.given.holder.name} locked={p.locked} /> : !p.locked && <GiveProxy meeting={meeting} />}
              <Stack gap="1">
                <Text fontWeight="semibold">{t('meetingMinutes.proxies.held')}</Text>
                {p.held.length ? (
                  <List.Root ps="5" data-testid="proxies-held">
                    {p.held.map((x) => (
                      <List.Item key={x.id}>{x.grantor.name}</List.Item>
                    ))}
                  </List.Root>
                ) : (
                  <Text color="fg.muted">{t('meetingMinutes.proxies.heldNone')}</Text>
                )}
              </Stack>
              {p.all && (
                <Stack gap="1">
                  <Text fontWeight="semibold">{t('meetingMinutes.proxies.all')}</Text>
                  {p.all.length ? (
                    <List.Root ps="5" data-testid="proxies-all">
                      {p.all.map((x) => (
                        <List.Item key={x.id}>{t('meetingMinutes.proxies.line', { grantor: x.grantor.name, holder: x.holder.name })}</List.Item>
                      ))}
                    </List.Root>
                  ) : (
                    <Text color="fg.muted">{t('meetingMinutes.proxies.allNone')}</Text>
                  )}
                </Stack>
              )}
            </Stack>
          );
        }}
      </ListStates>
    </SectionCard>
  );
}

function GivenProxy({ meetingId, holder, locked }: { meetingId: number; holder: string; locked: boolean }) {
  const { t } = useTranslation();
  const revoke = useMutation(trpc.meetings.revokeProxy.mutationOptions());
  const act = useMeetingAction();
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="2" data-testid="proxy-given">
      <Text>{t('meetingMinutes.proxies.given', { name: holder })}</Text>
      {!locked && (
        <Button size="sm" variant="outline" loading={revoke.isPending} onClick={() => void act(() => revoke.mutateAsync({ meetingId }), t('meetingMinutes.actionFailed'), t('meetingMinutes.proxies.revoked'))}>
          {t('meetingMinutes.proxies.revoke')}
        </Button>
      )}
    </HStack>
  );
}

/** The community's members but the reader, to carry the reader's vote. */
function GiveProxy({ meeting }: { meeting: MeetingData }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const members = useQuery(trpc.communities.members.queryOptions({ communityId: meeting.meeting.communityId, limit: 100 }));
  const [holderId, setHolderId] = useState('');
  const grant = useMutation(trpc.meetings.grantProxy.mutationOptions());
  const act = useMeetingAction();
  const others = (members.data?.items ?? []).filter((m) => m.userId !== me.id).map((m) => ({ value: m.userId, label: `${m.user.firstName ?? ''} ${m.user.lastName ?? ''}`.trim() }));
  return (
    <HStack align="end" flexWrap="wrap" gap="3" data-testid="proxy-give">
      <FormField name="proxy-holder" label={t('meetingMinutes.proxies.holder')}>
        <Select id="proxy-holder" value={holderId} onChange={(e) => setHolderId(e.target.value)} options={[{ value: '', label: t('meetingMinutes.proxies.chooseHolder') }, ...others]} />
      </FormField>
      <Button
        colorPalette="brand"
        disabled={!holderId}
        loading={grant.isPending}
        onClick={() => void act(() => grant.mutateAsync({ meetingId: meeting.meeting.id, holderId }), t('meetingMinutes.actionFailed'), (r) => t('meetingMinutes.proxies.givenToast', { name: r.holder.name }))}
      >
        {t('meetingMinutes.proxies.give')}
      </Button>
    </HStack>
  );
}
