import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server';
import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import type { UserRow } from '../../../db/schema';
import { clientFrame, type ChatPerson, type ClientFrame, type ServerFrame } from '@shared/chat/protocol';
import { WS_PATH } from '@shared/chat/rules';
import { TYPING_THROTTLE_MS } from '@shared/chat/rules';
import { findSession, onSessionsEnded, type SessionsEnded } from '../auth/session';
import { createContext, type AppDeps } from '../context';
import { clientIp } from '../http/client-ip';
import { restRefusal } from '../rest/errors';
import { canRead, lastReadableId, readableIds } from '../services/chat/access';
import { leaveAllCalls, signalAllowed } from '../services/chat/calls';
import { SIGNAL_LIMIT, SIGNAL_WINDOW_MS } from '@shared/chat/calls';
import { SlidingWindow } from './rate-limit';
import { personName } from '../services/chat/sql';
import { chatBus, conversationTopic, userTopic, type ChatEvent, type PubSub } from './pubsub';

/*
 * The chat WebSocket at /ws (protocol: shared/chat/protocol.ts, README "Chat in real time").
 * The upgrade is refused before it happens (plain HTTP answers) for a foreign or missing Origin
 * (403: another site's page must not ride the visitor's cookie) and without a session (401).
 *
 * Each socket subscribes to its account's topic and to every conversation it may read at
 * connect; joining or leaving (a conversation, or a community: one frame per conversation it
 * opens) arrives on the account's topic and (re)subscribes at once; every
 * delivery re-checks access with one indexed query, so someone removed from a community or a
 * private channel hears nothing more even before the subscriptions are refreshed (on each ping
 * and every minute, which also catches anything missed). A socket closes with 4401 the moment its
 * session ends (signed out, revoked, replaced by a password change or reset, the account deleted,
 * a staff action: auth/session.ts announces it), and at the minute's check once it has expired.
 *
 * What one account may hold open is bounded: client frames of a few KB (a larger one closes the
 * socket, 1009), a handful of sockets (one more is refused with 429 until one closes), and a
 * socket that has sent nothing for IDLE_MS (the client pings every 25 s) is closed with 4408.
 */

const RESYNC_MS = 60_000;
/** A client sends pings and typing notices of a few dozen bytes; the library's default would take 100 MiB. */
export const CLIENT_FRAME_MAX_BYTES = 4 * 1024;
/** Open sockets per account: one per tab or device, a few at once. */
export const SOCKETS_PER_ACCOUNT = 6;
/** Three missed pings and more: the other end is gone (a sleeping laptop, a dropped network). */
export const IDLE_MS = 90_000;
/** A call's participant whose every socket closed is taken out of their calls after this long. */
export const CALL_SOCKET_GRACE_MS = 20_000;
/** How long a refused upgrade is told to wait: at most a minute's check before an idle socket frees its slot. */
const FULL_RETRY_AFTER_S = 60;

/** The WebSocket server serve() hands the upgrades to (index.ts), with the frame limit above. */
export const chatSocketServer = () => new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_MAX_BYTES });
type Env = { Variables: { chatUser: UserRow; chatSession: string } };

// A frame is serialised once per publish, not once per socket.
const serialised = new WeakMap<ChatEvent, string>();
const json = (event: ChatEvent) => {
  let s = serialised.get(event);
  if (s === undefined) serialised.set(event, (s = JSON.stringify(event.frame)));
  return s;
};

class ChatSocket {
  private readonly subscriptions = new Map<number, () => void>();
  private readonly typedAt = new Map<number, number>();
  /** Signalling frames this socket sent lately (a flood closes nothing, the extra frames are dropped). */
  private readonly signals = new SlidingWindow(SIGNAL_LIMIT, SIGNAL_WINDOW_MS);
  private own: (() => void) | null = null;
  private readonly person: ChatPerson;
  /** When the client last sent a frame (the app's clock). */
  private heardAt: number;

  constructor(
    private readonly deps: AppDeps,
    private readonly bus: PubSub,
    readonly user: UserRow,
    readonly sessionId: string,
    private readonly ws: WebSocketLike,
  ) {
    this.person = { id: user.id, name: personName(user.firstName, user.lastName), avatarUrl: user.profileImageUrl };
    this.heardAt = deps.now();
  }

  open() {
    this.own = this.bus.subscribe(userTopic(this.user.id), (event) => this.onOwn(event));
    this.resync();
    // The newest message among those it may read (not the instance's: that would tell how busy others are).
    const last = lastReadableId(this.deps.db, this.user.id);
    this.send({ type: 'hello', userId: this.user.id, lastMessageId: last });
  }

  close() {
    this.own?.();
    for (const off of this.subscriptions.values()) off();
    this.subscriptions.clear();
  }

  /** Subscriptions = the conversations readable now; a socket whose session ended (signed out, revoked, expired) is closed. */
  resync() {
    const found = findSession(this.deps.db, this.sessionId);
    if (!found || found.session.expiresAt <= this.deps.now() || found.user.mustChangePassword) {
      this.end(4401, 'session ended');
      return;
    }
    const ids = new Set(readableIds(this.deps.db, this.user.id));
    for (const [id, off] of this.subscriptions) {
      if (!ids.has(id)) {
        off();
        this.subscriptions.delete(id);
      }
    }
    for (const id of ids) this.watch(id);
  }

  /** The minute's check: an idle socket is closed, any other resynced. */
  check() {
    if (this.deps.now() - this.heardAt >= IDLE_MS) this.end(4408, 'idle');
    else this.resync();
  }

  private end(code: number, reason: string) {
    this.ws.close(code, reason);
    this.close();
  }

  private watch(id: number) {
    if (this.subscriptions.has(id)) return;
    this.subscriptions.set(
      id,
      this.bus.subscribe(conversationTopic(id), (event) => this.onConversation(id, event)),
    );
  }

  private drop(id: number) {
    this.subscriptions.get(id)?.();
    this.subscriptions.delete(id);
  }

  private onConversation(id: number, event: ChatEvent) {
    if (event.exceptUserId === this.user.id) return;
    if (!canRead(this.deps.db, this.user.id, id)) {
      this.drop(id);
      this.send({ type: 'conversation.removed', conversationId: id });
      return;
    }
    this.raw(json(event));
  }

  private onOwn(event: ChatEvent) {
    const f = event.frame;
    // A ring or a signal belongs to a conversation: only while this account may still read it.
    if (event.conversationId !== undefined && !canRead(this.deps.db, this.user.id, event.conversationId)) return;
    if (f.type === 'conversation.created' && canRead(this.deps.db, this.user.id, f.conversationId)) this.watch(f.conversationId);
    if (f.type === 'conversation.removed' && !canRead(this.deps.db, this.user.id, f.conversationId)) this.drop(f.conversationId);
    this.raw(json(event));
  }

  message(data: unknown) {
    this.heardAt = this.deps.now();
    let parsed;
    try {
      parsed = clientFrame.safeParse(JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'ping') {
      this.resync();
      this.send({ type: 'pong' });
      return;
    }
    if (frame.type === 'call.signal') {
      this.signal(frame);
      return;
    }
    const id = frame.conversationId;
    if (!this.subscriptions.has(id) || !canRead(this.deps.db, this.user.id, id)) return;
    const now = Date.now();
    if (now - (this.typedAt.get(id) ?? 0) < TYPING_THROTTLE_MS) return;
    this.typedAt.set(id, now);
    this.bus.publish(conversationTopic(id), { frame: { type: 'typing', conversationId: id, user: this.person }, conversationId: id, exceptUserId: this.user.id });
  }

  /** Relays a part of an offer, answer or ICE candidate to one other participant of the call, if both are in it and may read it. */
  private signal(frame: Extract<ClientFrame, { type: 'call.signal' }>) {
    const now = this.deps.now();
    if (!this.signals.take('s', Date.now()).ok) return;
    const conversationId = signalAllowed(this.deps.db, { callId: frame.callId, from: this.user.id, to: frame.to, now });
    if (conversationId === null) return;
    this.bus.publish(userTopic(frame.to), { frame: { type: 'call.signal', callId: frame.callId, from: this.user.id, signal: frame.signal }, conversationId });
  }

  send(frame: ServerFrame) {
    this.raw(JSON.stringify(frame));
  }

  private raw(text: string) {
    if (this.ws.readyState === 1) this.ws.send(text);
  }
}

/** The live sockets of one app, for resyncs, tests and the benchmark. */
export class ChatHub {
  readonly sockets = new Set<ChatSocket>();
  private readonly perAccount = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  /** How long a call waits for an account whose last socket closed to come back (tests set 0). */
  callGraceMs = CALL_SOCKET_GRACE_MS;
  constructor(readonly deps: AppDeps) {}

  /** The sockets `userId` holds open now. */
  openBy(userId: string): number {
    return this.perAccount.get(userId) ?? 0;
  }

  add(s: ChatSocket) {
    this.sockets.add(s);
    this.perAccount.set(s.user.id, this.openBy(s.user.id) + 1);
    if (!this.timer) {
      this.timer = setInterval(() => this.check(), RESYNC_MS);
      this.timer.unref();
      // Listening only while sockets are open: an app without any holds nothing in the session module.
      this.stopListening = onSessionsEnded((ended) => this.sessionsEnded(ended));
    }
  }
  remove(s: ChatSocket) {
    if (!this.sockets.delete(s)) return;
    const left = this.openBy(s.user.id) - 1;
    if (left > 0) this.perAccount.set(s.user.id, left);
    else {
      this.perAccount.delete(s.user.id);
      // The last tab is gone, and with it the browser's side of any call it was in; unless a socket
      // comes back within the grace (a phone's connection dropping for a moment keeps its call).
      const userId = s.user.id;
      const leave = () => {
        if (!this.openBy(userId)) leaveAllCalls(this.deps.db, userId, this.deps.now());
      };
      if (this.callGraceMs <= 0) leave();
      else setTimeout(leave, this.callGraceMs).unref();
    }
    if (!this.sockets.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.stopListening?.();
      this.stopListening = null;
    }
  }

  /** The minute's check of every socket (tests call it with the clock moved on). */
  check() {
    for (const socket of this.sockets) socket.check();
  }

  private sessionsEnded(ended: SessionsEnded) {
    for (const socket of this.sockets) {
      if ('sessionId' in ended ? socket.sessionId === ended.sessionId : socket.user.id === ended.userId) socket.resync();
    }
  }
}

// The hub of each app, by its database (as the bus): tests reach it to run the minute's check.
const hubs = new WeakMap<object, ChatHub>();
export const chatHubOf = (db: object): ChatHub | undefined => hubs.get(db);

/** Whether the upgrade comes from the app's own pages: APP_URL's origin (or the server's own, as the CSRF check allows). */
export function sameOrigin(appUrl: string, request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === new URL(appUrl).origin || origin === new URL(request.url).origin;
}

/** GET /ws: mounted by app.ts; serve() needs `websocket: { server: new WebSocketServer({ noServer: true }) }` (index.ts). */
export function chatSocketRoutes(deps: AppDeps) {
  const app = new Hono<Env>();
  const hub = new ChatHub(deps);
  hubs.set(deps.db, hub);
  const bus = chatBus(deps.db);
  app.get(
    WS_PATH,
    (c, next) => {
      if (!sameOrigin(deps.env.APP_URL, c.req.raw)) return c.json({ error: 'Forbidden', code: 'FORBIDDEN' }, 403);
      const ctx = createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders: new Headers() });
      if (!ctx.user || !ctx.session || ctx.user.mustChangePassword) return c.json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401);
      if (hub.openBy(ctx.user.id) >= SOCKETS_PER_ACCOUNT) {
        return c.json(restRefusal(ctx.language, 'TOO_MANY_REQUESTS', 'chat.errors.tooManySockets'), 429, { 'Retry-After': String(FULL_RETRY_AFTER_S) });
      }
      c.set('chatUser', ctx.user);
      c.set('chatSession', ctx.session.id);
      return next();
    },
    upgradeWebSocket((c) => {
      const user = c.get('chatUser');
      const sessionId = c.get('chatSession');
      let socket: ChatSocket | null = null;
      return {
        onOpen: (_event, ws) => {
          // Upgrades that raced past the check above: the one over the limit closes at once.
          if (hub.openBy(user.id) >= SOCKETS_PER_ACCOUNT) return ws.close(4429, 'too many sockets');
          socket = new ChatSocket(deps, bus, user, sessionId, ws.raw as WebSocketLike);
          hub.add(socket);
          socket.open();
        },
        onMessage: (event) => socket?.message(event.data),
        onClose: () => {
          if (!socket) return;
          socket.close();
          hub.remove(socket);
        },
      };
    }),
  );
  return app;
}
