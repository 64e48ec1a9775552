import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Phone, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto } from '@shared/chat/protocol';
import { trpc } from '../../trpc';
import { acceptCall, setExpanded, startCall } from './call-client';
import { failed, useCallState } from './call-layer';

/*
 * A conversation's part of calls: the voice and video buttons in its header, and the "Join" bar
 * under it while a call is going (who is in it). The bar's data is the calls.current query, which
 * the chat socket keeps up to date from `call.updated` frames.
 */

const currentCall = (conversationId: number) => trpc.calls.current.queryOptions({ conversationId }, { staleTime: 60_000 });

export function CallButtons({ c, name }: { c: ConversationDto; name: string }) {
  const { t } = useTranslation();
  const state = useCallState();
  const current = useQuery(currentCall(c.id));
  const busy = state.busy || !!state.session || !!current.data?.call;
  const start = (media: 'audio' | 'video') => void startCall(c.id, media).catch(failed(t('calls.devices.failedTitle')));
  return (
    <HStack gap="1">
      <IconButton variant="ghost" size="sm" disabled={busy} aria-label={t('calls.startVoiceIn', { name })} title={t('calls.startVoice')} onClick={() => start('audio')} data-testid="call-start-voice">
        <Phone aria-hidden />
      </IconButton>
      <IconButton variant="ghost" size="sm" disabled={busy} aria-label={t('calls.startVideoIn', { name })} title={t('calls.startVideo')} onClick={() => start('video')} data-testid="call-start-video">
        <Video aria-hidden />
      </IconButton>
    </HStack>
  );
}

export function JoinBar({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const state = useCallState();
  const call = useQuery(currentCall(conversationId)).data?.call;
  if (!call) return null;
  const inIt = state.session?.call.id === call.id;
  const people = call.participants.filter((p) => p.state === 'joined').map((p) => p.person.name);
  return (
    <HStack px={{ base: '2', md: '4' }} py="2" gap="3" bg="green.subtle" color="green.fg" borderBottomWidth="1px" role="region" aria-label={t('calls.join.going')} data-testid="call-join-bar">
      {call.media === 'video' ? <Video size={18} aria-hidden /> : <Phone size={18} aria-hidden />}
      <Text flex="1" minW="0" fontSize="sm" lineClamp={2}>
        {people.length ? t('calls.join.who', { names: people.join(', '), count: people.length }) : t('calls.join.going')}
      </Text>
      {inIt ? (
        <Button size="md" colorPalette="green" onClick={() => setExpanded(true)}>
          {t('calls.join.back')}
        </Button>
      ) : (
        <Button size="md" colorPalette="green" disabled={state.busy || !!state.session} onClick={() => void acceptCall(call).catch(failed(t('calls.devices.failedTitle')))} data-testid="call-join">
          {t('calls.join.join')}
        </Button>
      )}
    </HStack>
  );
}
