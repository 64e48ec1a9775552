import { Box, Button, Flex, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Grid2x2, Maximize2, Mic, MicOff, Minimize2, MonitorUp, Phone, PhoneOff, RefreshCcw, Square, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDto } from '@shared/chat/protocol';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { acceptCall, callStore, callViewer, declineCall, dismissProblem, leaveCall, setExpanded, setLayout, startCalls, switchCamera, toggleCamera, toggleMute, toggleShare, type Remote, type Session } from './call-client';

/*
 * What the signed-in shell shows of calls on every page: a ring (Accept, Decline), the call itself
 * (full screen, or a bar above the page while the chat is read) and what to do when the
 * microphone or camera cannot be had. Loaded after the first paint (app-shell.tsx).
 */

const isPhone = () => window.matchMedia('(pointer: coarse)').matches;
const canShare = () => !isPhone() && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

export const useCallState = () => useSyncExternalStore(callStore.subscribe, callStore.get);

/** A failed call action: the server's reason in a toast. */
export const failed = (title: string) => (e: unknown) => notify.error(title, errorInfo(e).message);

function Ring({ call }: { call: CallDto }) {
  const { t } = useTranslation();
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => accept.current?.focus(), []);
  const name = call.startedBy?.name ?? t('calls.history.someone');
  return (
    <Box role="alertdialog" aria-labelledby={`ring-${call.id}`} aria-describedby={`ring-${call.id}-what`} bg="bg.panel" borderWidth="1px" rounded="l3" shadow="lg" p="4" w="full" data-testid="incoming-call" data-call-id={call.id}>
      <Stack gap="3">
        <Text id={`ring-${call.id}`} fontWeight="semibold">
          {t('calls.incoming.title')}
        </Text>
        <Text id={`ring-${call.id}-what`}>{t(call.media === 'video' ? 'calls.incoming.video' : 'calls.incoming.voice', { name })}</Text>
        <HStack gap="3">
          <Button ref={accept} bg="green.700" color="white" _hover={{ bg: 'green.800' }} size="lg" flex="1" onClick={() => void acceptCall(call).catch(failed(t('calls.devices.failedTitle')))} data-testid="call-accept">
            {call.media === 'video' ? <Video aria-hidden /> : <Phone aria-hidden />}
            {t('calls.incoming.accept')}
          </Button>
          <Button colorPalette="red" size="lg" flex="1" onClick={() => void declineCall(call)} data-testid="call-decline">
            <PhoneOff aria-hidden />
            {t('calls.incoming.decline')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

function Tile({ stream, name, muted, mirror, audioOnly }: { stream: MediaStream | null; name: string; muted?: boolean; mirror?: boolean; audioOnly: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  });
  return (
    <Box position="relative" bg="gray.900" rounded="l2" overflow="hidden" minH="28" h="full" aria-label={name} role="group">
      <video ref={ref} autoPlay playsInline muted={muted} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: mirror ? 'scaleX(-1)' : undefined, display: audioOnly ? 'none' : 'block' }} />
      {audioOnly && (
        <Flex position="absolute" inset="0" align="center" justify="center" fontSize="4xl" color="white" aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </Flex>
      )}
      <Text position="absolute" insetStart="2" bottom="2" px="2" py="0.5" rounded="l1" bg="blackAlpha.700" color="white" fontSize="sm">
        {name}
      </Text>
    </Box>
  );
}

function Control({ ref, label, onClick, pressed, danger, children, testId }: { ref?: Ref<HTMLButtonElement>; label: string; onClick: () => void; pressed?: boolean; danger?: boolean; children: ReactNode; testId: string }) {
  return (
    <IconButton
      ref={ref}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      size="xl"
      rounded="full"
      colorPalette={danger ? 'red' : 'gray'}
      variant={danger ? 'solid' : pressed ? 'solid' : 'subtle'}
      data-testid={testId}
    >
      {children}
    </IconButton>
  );
}

function CallView({ s }: { s: Session }) {
  const { t } = useTranslation();
  const video = s.call.media === 'video';
  const others = s.remotes;
  const inCall = s.call.participants.filter((p) => p.state === 'joined').length;
  const status = s.call.status === 'ringing' ? t('calls.view.ringing') : others.length === 0 ? t('calls.view.alone') : others.some((r) => !r.connected) ? t('calls.view.connecting') : '';
  const me = <Tile stream={s.local} name={t('calls.view.you')} muted mirror={!s.sharing} audioOnly={!video || s.cameraOff} />;
  const tiles = others.map((r: Remote) => <Tile key={r.userId} stream={r.stream} name={r.name} audioOnly={!video} />);
  const speaker = s.layout === 'speaker' && others.length > 0;
  const names = s.call.participants.filter((p) => p.person.id !== callViewer()).map((p) => p.person.name);
  // Opening the view puts the keyboard on its first control; Escape goes back to the chat (the call goes on).
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <Flex
      role="dialog"
      aria-modal="false"
      aria-label={t('calls.view.label', { names: names.join(', ') })}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setExpanded(false);
      }} position="fixed" inset="0" zIndex="modal" bg="gray.950" color="white" direction="column" data-testid="call-view" data-call-id={s.call.id}>
      <Stack flex="1" minH="0" p="3" gap="2">
        <Text role="status" aria-live="polite" fontSize="sm" minH="5" data-testid="call-status">
          {s.poor ? t('calls.view.poorConnection') : s.notice ? t(`calls.view.${s.notice.key}`, { name: s.notice.name }) : status}
          {s.relayOnly ? ` · ${t('calls.view.relayOnly')}` : ''}
        </Text>
        {speaker ? (
          <Stack flex="1" minH="0" gap="2">
            <Box flex="1" minH="0">
              {tiles[0]}
            </Box>
            <HStack h="28" gap="2" overflowX="auto">
              <Box w="36" h="full" flexShrink={0}>
                {me}
              </Box>
              {tiles.slice(1).map((tile, i) => (
                <Box key={i} w="36" h="full" flexShrink={0}>
                  {tile}
                </Box>
              ))}
            </HStack>
          </Stack>
        ) : (
          <SimpleGrid flex="1" minH="0" gap="2" columns={{ base: inCall > 2 ? 2 : 1, md: inCall > 4 ? 3 : inCall > 1 ? 2 : 1 }} autoRows="1fr">
            {me}
            {tiles}
          </SimpleGrid>
        )}
      </Stack>
      <HStack justify="center" gap={{ base: '2', md: '3' }} wrap="wrap" p="3" pb="calc(0.75rem + env(safe-area-inset-bottom))" bg="blackAlpha.600">
        <Control ref={first} label={s.muted ? t('calls.view.unmute') : t('calls.view.mute')} pressed={s.muted} onClick={toggleMute} testId="call-mute">
          {s.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
        </Control>
        {video && (
          <Control label={s.cameraOff ? t('calls.view.cameraOn') : t('calls.view.cameraOff')} pressed={s.cameraOff} onClick={toggleCamera} testId="call-camera">
            {s.cameraOff ? <VideoOff aria-hidden /> : <Video aria-hidden />}
          </Control>
        )}
        {video && isPhone() && (
          <Control label={t('calls.view.switchCamera')} onClick={() => void switchCamera()} testId="call-switch-camera">
            <RefreshCcw aria-hidden />
          </Control>
        )}
        {video && (
          <Control label={s.layout === 'grid' ? t('calls.view.speaker') : t('calls.view.grid')} onClick={() => setLayout(s.layout === 'grid' ? 'speaker' : 'grid')} testId="call-layout">
            {s.layout === 'grid' ? <Square aria-hidden /> : <Grid2x2 aria-hidden />}
          </Control>
        )}
        {canShare() && (
          <Control label={s.sharing ? t('calls.view.stopShare') : t('calls.view.share')} pressed={s.sharing} onClick={() => void toggleShare()} testId="call-share">
            <MonitorUp aria-hidden />
          </Control>
        )}
        <Control label={t('calls.view.minimise')} onClick={() => setExpanded(false)} testId="call-minimise">
          <Minimize2 aria-hidden />
        </Control>
        <IconButton aria-label={t('calls.view.leave')} title={t('calls.view.leave')} size="xl" rounded="full" colorPalette="red" onClick={() => void leaveCall()} data-testid="call-leave">
          <PhoneOff aria-hidden />
        </IconButton>
      </HStack>
    </Flex>
  );
}

/** The call while the chat is read: a bar with who is in it, to open it again or leave. */
function CallBar({ s }: { s: Session }) {
  const { t } = useTranslation();
  // Back from the call view, the keyboard lands on the way back to it.
  const open = useRef<HTMLButtonElement>(null);
  useEffect(() => open.current?.focus(), []);
  const names = s.remotes.map((r) => r.name).join(', ');
  return (
    <HStack role="region" aria-label={t('calls.join.going')} position="fixed" insetX="3" bottom={{ base: 'calc(5.5rem + env(safe-area-inset-bottom))', md: '4' }} insetStart={{ md: 'auto' }} zIndex="sticky" bg="green.700" color="white" rounded="l3" shadow="lg" p="2" gap="2" maxW={{ md: 'sm' }} data-testid="call-bar">
      <Text flex="1" minW="0" lineClamp={1} px="2" fontSize="sm" role="status">
        {s.poor ? t('calls.view.poorConnection') : names || t('calls.view.alone')}
      </Text>
      <IconButton ref={open} aria-label={t('calls.view.open')} title={t('calls.view.open')} size="lg" variant="subtle" onClick={() => setExpanded(true)} data-testid="call-open">
        <Maximize2 aria-hidden />
      </IconButton>
      <IconButton aria-label={t('calls.view.leave')} title={t('calls.view.leave')} size="lg" colorPalette="red" onClick={() => void leaveCall()} data-testid="call-bar-leave">
        <PhoneOff aria-hidden />
      </IconButton>
    </HStack>
  );
}

function Problem({ problem }: { problem: 'denied' | 'noDevice' | 'failed' }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <Box role="alertdialog" aria-labelledby="call-problem-title" aria-describedby="call-problem-text" bg="bg.panel" borderWidth="1px" borderColor="border.error" rounded="l3" shadow="lg" p="4" w="full" data-testid="call-problem" data-problem={problem}>
      <Stack gap="2">
        <Text id="call-problem-title" fontWeight="semibold">
          {t(`calls.devices.${problem}Title`)}
        </Text>
        <Text id="call-problem-text" fontSize="sm">
          {t(`calls.devices.${problem}`)}
        </Text>
        <Button ref={close} alignSelf="end" variant="outline" onClick={dismissProblem}>
          {t('common.close')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Mounted once by the signed-in shell. */
export default function CallLayer({ viewerId }: { viewerId: string }) {
  useEffect(() => startCalls(viewerId), [viewerId]);
  const state = useCallState();
  const s = state.session;
  return (
    <>
      {(state.incoming.length > 0 || state.problem) && (
        <Stack position="fixed" top="3" insetX="3" insetStart={{ md: 'auto' }} w={{ md: 'sm' }} zIndex="toast" gap="2">
          {state.problem && <Problem problem={state.problem} />}
          {state.incoming.map((call) => (
            <Ring key={call.id} call={call} />
          ))}
        </Stack>
      )}
      {s && (s.expanded ? <CallView s={s} /> : <CallBar s={s} />)}
    </>
  );
}
