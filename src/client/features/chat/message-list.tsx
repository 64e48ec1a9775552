import { Box, Button, Center, HStack, Separator, Spinner, Stack, Text, type CenterProps } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto } from '@shared/chat/protocol';
import { flatten } from './merge';
import { CallEntry } from '../calls/call-entry';
import { MessageItem, type MessageHandlers } from './message-item';
import { historyQuery } from './queries';

/** How close to the bottom (px) still counts as "at the newest message". */
const NEAR_BOTTOM = 48;
const MARK_READ_DELAY_MS = 600;

/**
 * The history, newest at the bottom. Scrolling up loads older pages (the position holds still
 * while they are added above); new messages keep the view at the bottom when it was there. A
 * "New messages" line marks where the viewer had read to when they opened the conversation, and
 * reading to the bottom marks the conversation read (after a short pause, only while the tab is
 * visible).
 */
export function MessageList(props: { conversation: ConversationDto; viewerId: string; handlers: MessageHandlers; onReadTo: (messageId: number) => void }) {
  const { t } = useTranslation();
  const c = props.conversation;
  const q = useInfiniteQuery(historyQuery(c.id));
  const messages = useMemo(() => flatten(q.data), [q.data]);
  // Where the viewer had read to on opening: the divider stays there while they read on.
  const [readMark] = useState(c.lastReadId);
  const firstUnread = useMemo(() => messages.find((m) => m.id > readMark && m.id > 0 && m.author?.id !== props.viewerId), [messages, readMark, props.viewerId]);
  const unreadAtOpen = useRef(c.unread);

  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const [atBottom, setAtBottom] = useState(true);
  const [dividerSeen, setDividerSeen] = useState(false);
  const edges = useRef<{ oldest: number | null; newest: number | null }>({
    oldest: null,
    newest: null,
  });

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    setAtBottom(fromBottom.current < NEAR_BOTTOM);
  }, []);

  // Keeps the view where the reader is: pinned to the bottom for new messages, still for older ones added above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !messages.length) return;
    const oldest = messages[0]!.id;
    const newestMsg = messages[messages.length - 1]!;
    const prev = edges.current;
    if (prev.newest === null) el.scrollTop = el.scrollHeight;
    else if (prev.oldest !== null && oldest < prev.oldest && newestMsg.id === prev.newest) el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
    else if (newestMsg.id !== prev.newest && (fromBottom.current < NEAR_BOTTOM || newestMsg.author?.id === props.viewerId)) el.scrollTop = el.scrollHeight;
    edges.current = { oldest, newest: newestMsg.id };
    onScroll();
  }, [messages, onScroll, props.viewerId]);

  // Images change the height as they load: stay at the bottom if that is where the reader was.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onLoad = () => {
      if (fromBottom.current < NEAR_BOTTOM) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, []);

  // Older pages load when the top comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    const el = topSentinel.current;
    const root = scroller.current;
    if (!el || !root || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, messages.length]);

  // Read to the newest message: tell the server once the reader has stayed there a moment.
  const newestReal = [...messages].reverse().find((m) => m.id > 0);
  const { onReadTo } = props;
  useEffect(() => {
    if (!atBottom || !newestReal || newestReal.id <= c.lastReadId) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') onReadTo(newestReal.id);
    }, MARK_READ_DELAY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') onReadTo(newestReal.id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [atBottom, newestReal, c.lastReadId, onReadTo]);

  // The divider seen once: the jump button has done its work.
  useEffect(() => {
    const root = scroller.current;
    const el = firstUnread ? document.getElementById('chat-unread-divider') : null;
    if (!root || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setDividerSeen(true), { root });
    io.observe(el);
    return () => io.disconnect();
  }, [firstUnread]);

  const [jumping, setJumping] = useState(false);
  async function jumpToUnread() {
    setJumping(true);
    try {
      // Older pages until the first unread one is loaded (or the beginning is reached).
      let data = q.data;
      for (let i = 0; i < 50; i += 1) {
        const loaded = flatten(data);
        if (loaded.length && loaded[0]!.id <= readMark) break;
        if (!data?.pages.at(-1)?.nextBefore) break;
        data = (await fetchNextPage()).data;
      }
    } finally {
      setJumping(false);
    }
    requestAnimationFrame(() => {
      const el = document.getElementById('chat-unread-divider');
      el?.scrollIntoView({ block: 'start' });
      el?.focus();
    });
  }

  if (q.isPending) {
    return (
      <ChatLoading flex="1" label={t('chat.screen.view.loading')} />
    );
  }
  if (q.isError) {
    return (
      <Center flex="1" p="4">
        <Stack align="center" role="alert">
          <Text>{t('chat.screen.view.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            {t('chat.screen.view.tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }

  const showJump = unreadAtOpen.current > 0 && !dividerSeen && (firstUnread === undefined || !atBottom);
  return (
    <Box position="relative" flex="1" minH="0" display="flex" flexDirection="column">
      {showJump && (
        <Button
          position="absolute"
          top="2"
          insetX="0"
          mx="auto"
          w="fit-content"
          zIndex="1"
          size="xs"
          colorPalette="brand"
          rounded="full"
          shadow="md"
          loading={jumping}
          onClick={() => void jumpToUnread()}
          data-testid="jump-to-unread"
        >
          <ArrowUp aria-hidden />
          {t('chat.screen.view.jumpToUnread', { count: unreadAtOpen.current })}
        </Button>
      )}
      <Box
        ref={scroller}
        flex="1"
        minH="0"
        overflowY="auto"
        onScroll={onScroll}
        tabIndex={0}
        aria-label={t('chat.screen.view.history')}
        role="region"
        data-testid="message-scroller"
        css={{ overflowAnchor: 'none' }}
      >
        <div ref={topSentinel} />
        {hasNextPage ? (
          <Center py="2">
            <Button size="xs" variant="ghost" loading={isFetchingNextPage} loadingText={t('chat.screen.view.loadingOlder')} onClick={() => void fetchNextPage()}>
              {t('chat.screen.view.loadOlder')}
            </Button>
          </Center>
        ) : messages.length > 0 ? (
          <Text textAlign="center" fontSize="sm" color="fg.muted" py="3">
            {t('chat.screen.view.beginning')}
          </Text>
        ) : null}
        {messages.length === 0 ? (
          <Center h="full" p="6" data-testid="messages-empty">
            <Stack align="center" textAlign="center" gap="1">
              <Text fontWeight="semibold">{t('chat.screen.view.emptyTitle')}</Text>
              <Text color="fg.muted">{t('chat.screen.view.emptyBody')}</Text>
            </Stack>
          </Center>
        ) : (
          <Stack as="ol" gap="0" listStyleType="none" pb="2" aria-label={t('chat.screen.view.history')} data-testid="messages">
            {messages.map((m) => (
              <Fragment key={m.id}>
                {m === firstUnread && (
                  <HStack as="li" id="chat-unread-divider" tabIndex={-1} px="4" py="1" gap="2" color="red.fg" data-testid="unread-divider" outline="none">
                    <Separator flex="1" borderColor="red.emphasized" />
                    <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase">
                      {t('chat.screen.view.newDivider')}
                    </Text>
                    <Separator flex="1" borderColor="red.emphasized" />
                  </HStack>
                )}
                {m.kind === 'call' ? (
                  <CallEntry m={m} />
                ) : (
                  <MessageItem message={m} viewerId={props.viewerId} canModerate={c.canModerate} isChannel={c.kind === 'channel'} {...props.handlers} />
                )}
              </Fragment>
            ))}
          </Stack>
        )}
      </Box>
      {!atBottom && messages.length > 0 && (
        <Button
          position="absolute"
          bottom="2"
          insetEnd="4"
          size="xs"
          variant="surface"
          rounded="full"
          shadow="md"
          onClick={() => {
            const el = scroller.current;
            if (el) el.scrollTop = el.scrollHeight;
          }}
          data-testid="jump-to-latest"
        >
          <ArrowDown aria-hidden />
          {t('chat.screen.view.jumpToLatest')}
        </Button>
      )}
    </Box>
  );
}

/** A chat pane while it loads: a spinner and what is loading, centred. */
export function ChatLoading({ label, ...center }: { label: string } & CenterProps) {
  return (
    <Center aria-busy="true" {...center}>
      <HStack color="fg.muted">
        <Spinner size="sm" />
        <Text>{label}</Text>
      </HStack>
    </Center>
  );
}
