import type { InfiniteData } from '@tanstack/react-query';
import type { ChatReaction, ConversationDto, ConversationList, MessageDto, MessagePage } from '@shared/chat/protocol';

/*
 * Pure merges of what the socket, the catch-up and our own writes bring into the cached history
 * and conversation list. Everything is keyed by message id, so a message that arrives twice
 * (from the socket and from the catch-up, or as our own send's answer) is stored once.
 */

export type History = InfiniteData<MessagePage, unknown>;

/** The history with `message` in place: replaced where its id is, else added to the newest page in id order. */
export function upsertMessage(history: History, message: MessageDto): History {
  let found = false;
  const pages = history.pages.map((page) => {
    const i = page.messages.findIndex((m) => m.id === message.id || (message.clientNonce !== null && m.clientNonce === message.clientNonce && m.id < 0));
    if (i < 0) return page;
    found = true;
    const messages = page.messages.slice();
    messages[i] = message;
    return { ...page, messages: sortNewestFirst(messages) };
  });
  if (found) return { ...history, pages };
  if (!pages.length)
    return {
      pageParams: [undefined],
      pages: [{ messages: [message], nextBefore: null, lastReadId: 0 }],
    };
  // Older than everything loaded and more pages wait: it will come with its page.
  const oldest = pages[pages.length - 1]!;
  const oldestId = oldest.messages[oldest.messages.length - 1]?.id;
  if (oldest.nextBefore !== null && oldestId !== undefined && message.id > 0 && message.id < oldestId) return history;
  const [first, ...rest] = pages;
  return {
    ...history,
    pages: [{ ...first!, messages: sortNewestFirst([message, ...first!.messages]) }, ...rest],
  };
}

/** Pending copies (negative ids) stay newest until the server's answer replaces them. */
function sortNewestFirst(messages: MessageDto[]): MessageDto[] {
  const key = (m: MessageDto) => (m.id < 0 ? Number.MAX_SAFE_INTEGER + m.id : m.id);
  return messages.sort((a, b) => key(b) - key(a));
}

export function removeMessage(history: History, id: number): History {
  return {
    ...history,
    pages: history.pages.map((p) => ({
      ...p,
      messages: p.messages.filter((m) => m.id !== id),
    })),
  };
}

export function patchReactions(history: History, messageId: number, reactions: ChatReaction[]): History {
  return {
    ...history,
    pages: history.pages.map((p) =>
      p.messages.some((m) => m.id === messageId)
        ? {
            ...p,
            messages: p.messages.map((m) => (m.id === messageId ? { ...m, reactions } : m)),
          }
        : p,
    ),
  };
}

/** The loaded messages oldest first, each id once (pages can overlap when new messages shift the cursor). */
export function flatten(history: History | undefined): MessageDto[] {
  if (!history) return [];
  const seen = new Set<number>();
  const out: MessageDto[] = [];
  for (const page of history.pages)
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  return out.reverse();
}

/** My reaction toggled on a message, as the server will answer it. */
export function toggleReaction(reactions: ChatReaction[], emoji: string, userId: string, on: boolean): ChatReaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) return on ? [...reactions, { emoji, count: 1, userIds: [userId] }] : reactions;
  const has = existing.userIds.includes(userId);
  if (has === on) return reactions;
  const userIds = on ? [...existing.userIds, userId] : existing.userIds.filter((u) => u !== userId);
  return userIds.length ? reactions.map((r) => (r.emoji === emoji ? { ...r, count: userIds.length, userIds } : r)) : reactions.filter((r) => r.emoji !== emoji);
}

const mapConversations = (list: ConversationList, id: number, change: (c: ConversationDto) => ConversationDto): ConversationList => ({
  ...list,
  communities: list.communities.map((g) => (g.channels.some((c) => c.id === id) ? { ...g, channels: g.channels.map((c) => (c.id === id ? change(c) : c)) } : g)),
  direct: list.direct.map((c) => (c.id === id ? change(c) : c)),
});

export function findConversation(list: ConversationList | undefined, id: number): ConversationDto | undefined {
  if (!list) return undefined;
  return list.direct.find((c) => c.id === id) ?? list.communities.flatMap((g) => g.channels).find((c) => c.id === id);
}

const previewOf = (m: MessageDto) => m.body.slice(0, 120);

/**
 * A new message in the list: its preview, and one more unread unless it is mine or already read.
 * The direct conversations stay most recent first. Unknown conversations are left to a refetch.
 */
export function noteMessage(list: ConversationList, message: MessageDto, viewerId: string): ConversationList {
  const c = findConversation(list, message.conversationId);
  if (!c || (c.lastMessage && c.lastMessage.id >= message.id)) return list;
  const mine = message.author?.id === viewerId;
  const unreadDelta = !mine && message.id > c.lastReadId ? 1 : 0;
  const next = mapConversations(list, c.id, (x) => ({
    ...x,
    lastMessage: {
      id: message.id,
      authorName: message.author?.name ?? null,
      preview: previewOf(message),
      createdAt: message.createdAt,
      deleted: message.deletedAt !== null,
      isCall: message.kind === 'call',
    },
    lastMessageAt: message.createdAt,
    unread: x.unread + unreadDelta,
    lastReadId: mine ? Math.max(x.lastReadId, message.id) : x.lastReadId,
  }));
  const direct = c.kind === 'channel' ? next.direct : [...next.direct].sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0));
  return {
    ...next,
    direct,
    unreadTotal: next.unreadTotal + (c.muted ? 0 : unreadDelta),
  };
}

/** Read up to `lastReadId`: the conversation's unread count drops to what is newer (0 when it was the newest). */
export function noteRead(list: ConversationList, conversationId: number, lastReadId: number): ConversationList {
  const c = findConversation(list, conversationId);
  if (!c || lastReadId <= c.lastReadId) return list;
  const unread = c.lastMessage && c.lastMessage.id > lastReadId ? c.unread : 0;
  return {
    ...mapConversations(list, conversationId, (x) => ({
      ...x,
      lastReadId,
      unread,
    })),
    unreadTotal: Math.max(0, list.unreadTotal - (c.muted ? 0 : c.unread - unread)),
  };
}

export function patchConversation(list: ConversationList, id: number, change: Partial<ConversationDto>): ConversationList {
  return mapConversations(list, id, (c) => ({ ...c, ...change }));
}
