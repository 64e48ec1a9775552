import type { QueryClient } from '@tanstack/react-query';
import type { ChatPerson, ClientFrame, ConversationList, MessageDto, ServerFrame } from '@shared/chat/protocol';
import { WS_PATH } from '@shared/chat/rules';
import { TYPING_SHOWN_MS, TYPING_THROTTLE_MS } from '@shared/chat/rules';
import { trpc, trpcClient } from '../../trpc';
import { backoffDelay } from './backoff';
import { findConversation, noteMessage, noteRead, patchReactions, upsertMessage, type History } from './merge';
import { historyKey, refreshConversations } from './queries';

/*
 * The one chat connection of a signed-in tab. The socket only pushes; this module folds what it
 * pushes into the TanStack Query caches the screens read (histories, the conversation list, the
 * rail's badge). Every time it (re)opens it asks chat.since for what came after the highest
 * message id it holds, so a dropped connection loses nothing, and merging by id shows nothing
 * twice. Reconnects back off exponentially with jitter up to a cap; when the socket keeps failing
 * (a proxy that blocks WebSockets) the same catch-up runs every few seconds instead.
 */

export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'polling';

/** Failed attempts in a row (without ever opening) before polling starts. */
const FAILURES_BEFORE_POLLING = 3;
const POLL_INTERVAL_MS = 4_000;
const PING_INTERVAL_MS = 25_000;
/** The list and the badge are re-read from the server this long after a change (once for a burst of changes). */
const REFRESH_DELAY_MS = 800;

let queryClient: QueryClient | null = null;
let users = 0;
let socket: WebSocket | null = null;
let viewerId: string | null = null;
let lastId: number | null = null;
let changedSince: number | undefined;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let catchingUp: Promise<void> | null = null;
let status: ConnectionStatus = 'connecting';

const statusListeners = new Set<() => void>();
/** The calls' frames (ringing, a call's changes, signalling): features/calls/call-client.ts listens. */
type CallFrame = Extract<ServerFrame, { type: 'call.ringing' | 'call.updated' | 'call.signal' }>;
const callListeners = new Set<(f: CallFrame) => void>();
const messageListeners = new Set<(m: MessageDto) => void>();
const typingListeners = new Set<() => void>();
/** Per conversation, who is typing and until when. */
const typing = new Map<number, Map<string, { user: ChatPerson; until: number }>>();
let typingSnapshot = new Map<number, ChatPerson[]>();
let typingTimer: ReturnType<typeof setTimeout> | undefined;
const lastTypingSent = new Map<number, number>();

function setStatus(next: ConnectionStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

/** Starts the connection for one user of it (the shell's badge, the chat page); the returned function releases it. */
export function startChatSocket(client: QueryClient, viewer: string): () => void {
  queryClient = client;
  if (viewerId !== viewer) {
    // Another account in this tab: nothing of the previous one's position carries over.
    viewerId = viewer;
    lastId = null;
    changedSince = undefined;
  }
  users += 1;
  if (users === 1) {
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', onVisible);
    connect();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) stop();
  };
}

function stop() {
  window.removeEventListener('online', reconnectNow);
  document.removeEventListener('visibilitychange', onVisible);
  clearTimeout(retryTimer);
  clearInterval(pollTimer);
  clearInterval(pingTimer);
  pollTimer = undefined;
  const s = socket;
  socket = null;
  s?.close();
  setStatus('connecting');
}

function onVisible() {
  if (document.visibilityState === 'visible') reconnectNow();
}

function reconnectNow() {
  if (users === 0 || (socket && socket.readyState <= WebSocket.OPEN)) return;
  clearTimeout(retryTimer);
  connect();
}

function connect() {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
  let opened = false;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url);
  } catch {
    scheduleRetry();
    return;
  }
  socket = ws;
  ws.onmessage = (e) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(e.data)) as ServerFrame;
    } catch {
      return;
    }
    // A connection counts as working once the server greets it: some proxies accept the upgrade and then pass nothing.
    if (frame.type === 'hello' && !opened) {
      opened = true;
      failures = 0;
      clearInterval(pollTimer);
      pollTimer = undefined;
      setStatus('open');
      clearInterval(pingTimer);
      pingTimer = setInterval(() => sendFrame({ type: 'ping' }), PING_INTERVAL_MS);
    }
    handle(frame);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    clearInterval(pingTimer);
    if (!opened) failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) startPolling();
    else setStatus('offline');
    scheduleRetry();
  };
}

function scheduleRetry() {
  if (users === 0) return;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, backoffDelay(failures));
}

function startPolling() {
  setStatus('polling');
  if (pollTimer) return;
  void catchUp();
  pollTimer = setInterval(() => void catchUp(), POLL_INTERVAL_MS);
}

function sendFrame(frame: ClientFrame): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

/** Sends a part of a call's signal (an offer, answer or ICE candidate) for one participant. */
export const sendCallFrame = (frame: Extract<ClientFrame, { type: 'call.signal' }>) => sendFrame(frame);

/** Hears the calls' frames; the returned function stops. */
export function onCallFrame(listener: (f: CallFrame) => void): () => void {
  callListeners.add(listener);
  return () => callListeners.delete(listener);
}

/** Tells the conversation's others that the viewer is typing (at most once per throttle interval). */
export function sendTyping(conversationId: number) {
  const now = Date.now();
  if (now - (lastTypingSent.get(conversationId) ?? 0) < TYPING_THROTTLE_MS) return;
  lastTypingSent.set(conversationId, now);
  sendFrame({ type: 'typing', conversationId });
}

/**
 * Everything after the highest id held, page after page; one run at a time (a second caller
 * waits for the running one). The first ever run starts from the hello's id: history before it
 * comes from the screens' own queries.
 */
function catchUp(): Promise<void> {
  if (catchingUp) return catchingUp;
  catchingUp = (async () => {
    try {
      lastId ??= await seedLastId();
      for (let round = 0; round < 20 && lastId !== null; round += 1) {
        const res = await trpcClient.chat.since.query({
          afterId: lastId,
          ...(changedSince !== undefined ? { changedSince } : {}),
        });
        for (const m of res.messages) applyMessage(m, true);
        for (const m of res.changed) applyMessage(m, false);
        changedSince = res.now;
        if (!res.more) break;
      }
    } catch {
      // Offline or signed out: the next reconnect or poll tries again.
    } finally {
      catchingUp = null;
    }
  })();
  return catchingUp;
}

/**
 * Where to start when the server never greeted this tab (WebSockets blocked from the start): the
 * newest message the conversation list knows of, fetched now if need be. What the screens show is
 * at least that recent, so nothing after it is missed.
 */
async function seedLastId(): Promise<number | null> {
  const qc = queryClient;
  if (!qc) return null;
  const list = await qc.fetchQuery(trpc.chat.conversations.queryOptions(undefined, { staleTime: 30_000 }));
  let max = 0;
  for (const c of [...list.direct, ...list.communities.flatMap((g) => g.channels)]) max = Math.max(max, c.lastMessage?.id ?? 0);
  for (const [, h] of qc.getQueriesData<History>({
    queryKey: ['chat', 'history'],
  }))
    for (const p of h?.pages ?? []) for (const m of p.messages) max = Math.max(max, m.id);
  return max;
}

function handle(frame: ServerFrame) {
  const qc = queryClient;
  if (!qc) return;
  switch (frame.type) {
    case 'hello':
      viewerId = frame.userId;
      lastId ??= frame.lastMessageId;
      void catchUp();
      return;
    case 'message.created':
      applyMessage(frame.message, true);
      return;
    case 'message.updated':
    case 'message.deleted':
      applyMessage(frame.message, false);
      return;
    case 'reaction':
      qc.setQueryData<History>(historyKey(frame.conversationId), (h) => (h ? patchReactions(h, frame.messageId, frame.reactions) : h));
      return;
    case 'typing':
      if (frame.user.id !== viewerId) noteTyping(frame.conversationId, frame.user);
      return;
    case 'read':
      qc.setQueryData<ConversationList>(trpc.chat.conversations.queryKey(), (l) => (l ? noteRead(l, frame.conversationId, frame.lastReadId) : l));
      scheduleRefresh();
      return;
    // Joining or leaving a community sends one frame per conversation in it: one re-read of the list for them all.
    case 'conversation.removed':
      qc.removeQueries({ queryKey: historyKey(frame.conversationId) });
      scheduleRefresh();
      return;
    case 'conversation.created':
    case 'conversation.updated':
      scheduleRefresh();
      return;
    case 'call.updated': {
      // The conversation's "Join" bar reads this.
      const live = frame.call.status === 'ringing' || frame.call.status === 'active';
      qc.setQueryData(trpc.calls.current.queryKey({ conversationId: frame.call.conversationId }), { call: live ? frame.call : null });
      for (const l of callListeners) l(frame);
      return;
    }
    case 'call.ringing':
    case 'call.signal':
      for (const l of callListeners) l(frame);
      return;
    default:
      return;
  }
}

/** A message from the socket or the catch-up, into its history (if loaded) and the list. */
function applyMessage(m: MessageDto, isNew: boolean) {
  const qc = queryClient;
  if (!qc) return;
  if (lastId === null || m.id > lastId) lastId = m.id;
  // The same message from the socket and from the catch-up (or our own send's answer) counts once.
  if (isNew && !firstSight(m.id)) isNew = false;
  const key = historyKey(m.conversationId);
  const before = qc.getQueryData<History>(key);
  if (before) qc.setQueryData<History>(key, upsertMessage(before, m));
  if (isNew) {
    clearTyping(m.conversationId, m.author?.id);
    const list = qc.getQueryData<ConversationList>(trpc.chat.conversations.queryKey());
    if (list && findConversation(list, m.conversationId)) {
      // The list tells whether the message counts (not muted, not mine, not already read): the badge moves at once.
      const next = noteMessage(list, m, viewerId ?? '');
      qc.setQueryData(trpc.chat.conversations.queryKey(), next);
      const delta = next.unreadTotal - list.unreadTotal;
      if (delta) qc.setQueryData<{ count: number }>(trpc.chat.unreadTotal.queryKey(), (t) => (t ? { ...t, count: t.count + delta } : t));
    } else {
      // A conversation the list does not hold yet, or no list loaded (another page): the server's counts.
      scheduleRefresh();
    }
    if (m.author?.id !== viewerId) for (const l of messageListeners) l(m);
  }
}

const seen = new Set<number>();
const SEEN_MAX = 5_000;
function firstSight(id: number): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  // Sets iterate in insertion order: the oldest ids go first.
  if (seen.size > SEEN_MAX)
    for (const old of seen) {
      seen.delete(old);
      if (seen.size <= SEEN_MAX) break;
    }
  return true;
}

/** The server's counts, re-read once for a burst of changes the cached list could not account for. */
function scheduleRefresh() {
  // Not pushed back by each new frame: a busy channel still gets its counts re-read on time.
  if (refreshTimer !== undefined) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    if (queryClient) void refreshConversations(queryClient);
  }, REFRESH_DELAY_MS);
}

function noteTyping(conversationId: number, user: ChatPerson) {
  const people = typing.get(conversationId) ?? new Map();
  people.set(user.id, { user, until: Date.now() + TYPING_SHOWN_MS });
  typing.set(conversationId, people);
  publishTyping();
}

function clearTyping(conversationId: number, userId: string | undefined) {
  if (userId && typing.get(conversationId)?.delete(userId)) publishTyping();
}

function publishTyping() {
  const now = Date.now();
  const next = new Map<number, ChatPerson[]>();
  let soonest = Infinity;
  for (const [id, people] of typing) {
    for (const [uid, t] of people) {
      if (t.until <= now) people.delete(uid);
      else soonest = Math.min(soonest, t.until);
    }
    if (people.size)
      next.set(
        id,
        [...people.values()].map((t) => t.user),
      );
    else typing.delete(id);
  }
  typingSnapshot = next;
  for (const l of typingListeners) l();
  clearTimeout(typingTimer);
  if (soonest !== Infinity) typingTimer = setTimeout(publishTyping, soonest - now + 10);
}

export const connection = {
  subscribe(l: () => void) {
    statusListeners.add(l);
    return () => statusListeners.delete(l);
  },
  get: () => status,
};

export const typingStore = {
  subscribe(l: () => void) {
    typingListeners.add(l);
    return () => typingListeners.delete(l);
  },
  get: () => typingSnapshot,
};

/** Calls `listener` with each new message from someone else (for the screen reader's announcements). */
export function onIncomingMessage(listener: (m: MessageDto) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** Our own write's answer: merged like a frame, so whichever of the two comes first wins and the other is a no-op. */
export const applyOwnMessage = (m: MessageDto) => applyMessage(m, true);
