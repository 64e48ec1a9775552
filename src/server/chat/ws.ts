import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server';
import { Hono } from 'hono';
import type { UserRow } from '../../../db/schema';
import { clientFrame, type ChatPerson, type ServerFrame } from '@shared/chat/protocol';
import { WS_PATH } from '@shared/chat/rules';
import { TYPING_THROTTLE_MS } from '@shared/chat/rules';
import { findSession } from '../auth/session';
import { createContext, type AppDeps } from '../context';
import { clientIp } from '../http/client-ip';
import { canRead, lastReadableId, readableIds } from '../services/chat/access';
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
 * and every minute, which also catches anything missed, and closes the socket
 * with 4401 once its session has ended: signed out, revoked or expired).
 */

const RESYNC_MS = 60_000;
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
  private own: (() => void) | null = null;
  private readonly person: ChatPerson;

  constructor(
    private readonly deps: AppDeps,
    private readonly bus: PubSub,
    private readonly user: UserRow,
    private readonly sessionId: string,
    private readonly ws: WebSocketLike,
  ) {
    this.person = { id: user.id, name: personName(user.firstName, user.lastName), avatarUrl: user.profileImageUrl };
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
      this.ws.close(4401, 'session ended');
      this.close();
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
    if (f.type === 'conversation.created' && canRead(this.deps.db, this.user.id, f.conversationId)) this.watch(f.conversationId);
    if (f.type === 'conversation.removed' && !canRead(this.deps.db, this.user.id, f.conversationId)) this.drop(f.conversationId);
    this.raw(json(event));
  }

  message(data: unknown) {
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
    const id = frame.conversationId;
    if (!this.subscriptions.has(id) || !canRead(this.deps.db, this.user.id, id)) return;
    const now = Date.now();
    if (now - (this.typedAt.get(id) ?? 0) < TYPING_THROTTLE_MS) return;
    this.typedAt.set(id, now);
    this.bus.publish(conversationTopic(id), { frame: { type: 'typing', conversationId: id, user: this.person }, conversationId: id, exceptUserId: this.user.id });
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
  private timer: NodeJS.Timeout | null = null;
  constructor(readonly deps: AppDeps) {}

  add(s: ChatSocket) {
    this.sockets.add(s);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const socket of this.sockets) socket.resync();
      }, RESYNC_MS);
      this.timer.unref();
    }
  }
  remove(s: ChatSocket) {
    this.sockets.delete(s);
    if (!this.sockets.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

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
  const bus = chatBus(deps.db);
  app.get(
    WS_PATH,
    (c, next) => {
      if (!sameOrigin(deps.env.APP_URL, c.req.raw)) return c.json({ error: 'Forbidden', code: 'FORBIDDEN' }, 403);
      const ctx = createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders: new Headers() });
      if (!ctx.user || !ctx.session || ctx.user.mustChangePassword) return c.json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401);
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
