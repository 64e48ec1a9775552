import { Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { mentionsAsText } from '@shared/discussions/rules';
import { onIncomingMessage, typingStore } from './socket';
import { realName } from '../../lib/person-name';

/** At most one announcement per this interval; what arrives meanwhile is summed up in the next one. */
const ANNOUNCE_INTERVAL_MS = 4_000;

/**
 * A polite live region telling a screen reader about new messages from others in the open
 * conversation: "New message from Ama: …". A busy channel would drown the reader, so announcements
 * are spaced out, and several messages in one interval become "3 new messages".
 */
export function NewMessageAnnouncer({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const queued = useRef<{
    count: number;
    last: { name: string; body: string } | null;
  }>({ count: 0, last: null });
  const lastAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const flush = () => {
      timer.current = undefined;
      const { count, last } = queued.current;
      if (!count || !last) return;
      queued.current = { count: 0, last: null };
      lastAt.current = Date.now();
      setText(
        count === 1
          ? t('chat.screen.live.newMessage', {
              name: last.name,
              text: mentionsAsText(last.body).slice(0, 200),
            })
          : t('chat.screen.live.newMessages', { count }),
      );
    };
    const off = onIncomingMessage((m) => {
      if (m.conversationId !== conversationId) return;
      queued.current = {
        count: queued.current.count + 1,
        last: {
          name: realName(m.author?.name) ?? t('chat.screen.message.formerMember'),
          body: m.body,
        },
      };
      if (timer.current) return;
      timer.current = setTimeout(flush, Math.max(0, lastAt.current + ANNOUNCE_INTERVAL_MS - Date.now()));
    });
    return () => {
      off();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [conversationId, t]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
      {text}
    </VisuallyHidden>
  );
}

/** "Ama is typing…" under the history, from the socket's typing frames. */
export function TypingIndicator({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const all = useSyncExternalStore(typingStore.subscribe, typingStore.get);
  const people = all.get(conversationId) ?? [];
  const text =
    people.length === 0
      ? ''
      : people.length === 1
        ? t('chat.screen.typing.one', { name: people[0]!.name })
        : people.length === 2
          ? t('chat.screen.typing.two', {
              first: people[0]!.name,
              second: people[1]!.name,
            })
          : t('chat.screen.typing.many');
  return (
    <Text fontSize="xs" color="fg.muted" px="4" minH="5" data-testid="typing-indicator" aria-hidden={!text}>
      {text}
    </Text>
  );
}
