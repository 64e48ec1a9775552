import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WebSocket } from 'ws';
import { chatSocketServer } from '../../src/server/chat/ws';
import type { UserRow } from '../../db/schema';
import { createChannel } from '../../src/server/services/chat/conversations';
import { sendMessageNow } from '../../src/server/services/chat/messages';
import { reportMessage } from '../../src/server/services/chat/moderation';
import { startCall } from '../../src/server/services/chat/calls';
import type { ServerFrame } from '../../src/shared/chat/protocol';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { agent, type Agent, type TestApp } from './app';
import { eventWorld } from './events';
import { op, TRPC, type Op } from './transport';

/** The documented chat paths and their procedures, for tests over both transports. */
export const C = {
  conversations: op('GET', '/api/conversations', 'chat.conversations', 'query'),
  messages: op('GET', '/api/conversations/:id/messages', 'chat.messages', 'query', { params: { id: 'conversationId' } }),
  send: op('POST', '/api/conversations/:id/messages', 'chat.send', 'mutation', { params: { id: 'conversationId' }, created: true }),
  edit: op('PATCH', '/api/messages/:id', 'chat.edit', 'mutation', { params: { id: 'id' } }),
  delete: op('DELETE', '/api/messages/:id', 'chat.delete', 'mutation', { params: { id: 'id' } }),
  createChannel: op('POST', '/api/communities/:id/channels', 'chat.createChannel', 'mutation', { params: { id: 'communityId' }, created: true }),
  /** POST /api/conversations with kind 'direct' (tRPC ignores `kind`). */
  openDirect: op('POST', '/api/conversations', 'chat.openDirect', 'mutation', { created: true }),
  createGroup: op('POST', '/api/conversations', 'chat.createGroup', 'mutation', { created: true }),
};

/** A tRPC-only procedure (no REST path). */
const only = (procedure: string, type: 'query' | 'mutation' = 'mutation'): Op => op('POST', '/api/none', procedure, type);
export const CT = {
  conversation: only('chat.conversation', 'query'),
  unreadTotal: only('chat.unreadTotal', 'query'),
  since: only('chat.since', 'query'),
  react: only('chat.react'),
  markRead: only('chat.markRead'),
  setMuted: only('chat.setMuted'),
  updateChannel: only('chat.updateChannel'),
  addMembers: only('chat.addMembers'),
  removeMember: only('chat.removeMember'),
  people: only('chat.people', 'query'),
  muteMember: only('chat.muteMember'),
  report: only('chat.report'),
  reports: only('chat.reports', 'query'),
  resolveReport: only('chat.resolveReport'),
};
export { TRPC };

/** The #general channel of a community. */
export const generalOf = (t: TestApp, communityId: number) =>
  t.db.$client.prepare("SELECT id FROM conversations WHERE community_id = ? AND kind = 'channel' AND is_default = 1").pluck().get(communityId) as number;

/**
 * The events' world (host creator, admin, treasurer, Amara, Bih (French) in a public community;
 * a private community with host and Amara; an outsider) with each community's #general.
 */
export async function chatWorld(opts: { smtpUrl?: string; env?: Record<string, string> } = {}) {
  const w = await eventWorld(opts);
  return { ...w, general: generalOf(w.t, w.community.id), privateGeneral: generalOf(w.t, w.privateCommunity.id) };
}
export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;

/** The app on a real port (for the WebSocket), over the same database as `t.app.request`. */
export async function listen(t: TestApp) {
  const wss = chatSocketServer();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: wss } }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    origin: new URL(t.env.APP_URL).origin,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        server.close(() => resolve());
      }),
  };
}
export type Listening = Awaited<ReturnType<typeof listen>>;

/** A WebSocket client that records every frame and can wait for one. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  private waiters: { test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
    });
  }

  /** Opens the socket as `who` (cookie) with `origin`; resolves once the server said hello. */
  static async connect(l: Listening, who: Agent | null, origin: string | null = l.origin): Promise<ChatClient> {
    const headers: Record<string, string> = {};
    if (who?.cookie) headers.cookie = who.cookie;
    if (origin) headers.origin = origin;
    const ws = new WebSocket(l.wsUrl, { headers });
    const client = new ChatClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new UpgradeRefused(res.statusCode ?? 0, res.headers['retry-after'])));
      ws.once('error', reject);
    });
    await client.next((f) => f.type === 'hello', 5_000);
    return client;
  }

  /** The first frame (already received, or to come) that passes `test`. */
  next<F extends ServerFrame>(test: (f: ServerFrame) => boolean, timeoutMs = 2_000): Promise<F> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen as F);
    return new Promise<F>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as F);
        },
      });
    });
  }

  of<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[] {
    return this.frames.filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type);
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter?: string,
  ) {
    super(`upgrade refused: ${status}`);
  }
}

/** Resolves after `ms` (letting frames that should not come have their chance). */
export const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

/** An agent with a fresh session for `user`, without the login's deliberate slowness (many members at once). */
export function sessionAgent(t: TestApp, user: { id: string }): Agent {
  const { token } = createSession(t.db, user.id, t.clock.now());
  const a = agent(t);
  a.cookie = `${SESSION_COOKIE}=${token}`;
  return a;
}

/** A JSON call to the real server (not app.request), as `who`. */
export async function over(l: Listening, who: Agent, method: string, path: string, body?: unknown) {
  const res = await fetch(`${l.base}${path}`, {
    method,
    headers: { cookie: who.cookie ?? '', origin: l.origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * The authorization matrix's chat rows per community: #general, a private channel (creator and
 * admins), a message of the creator's reported by `reporter`, a call ringing in #general started by
 * the creator, and #lounge with no call (where one may start).
 */
export type ChatFixture = { chat: { general: number; privateChannel: number; message: number; report: number; call: number; lounge: number } };
export function seedChat(t: TestApp, community: { id: number; name: string }, creator: UserRow, reporter: UserRow): ChatFixture {
  const now = t.clock.now();
  const general = generalOf(t, community.id);
  const admins = t.db.$client.prepare("SELECT user_id FROM memberships WHERE community_id = ? AND role = 'admin'").pluck().all(community.id) as string[];
  const privateChannel = createChannel(t.db, { user: creator, community, input: { name: 'leaders', topic: null, isPrivate: true, memberIds: admins }, now }).id;
  const message = sendMessageNow(t.db, { user: creator, input: { conversationId: general, body: 'Welcome to the chat' }, now }).id;
  const report = reportMessage(t.db, { user: reporter, id: message, reason: 'Testing reports', now }).id;
  // A ring long enough never to end while the matrix runs.
  const call = startCall(t.db, { user: creator, conversationId: general, media: 'audio', clock: { now: () => now, ringMs: 24 * 3_600_000 } }).id;
  const lounge = createChannel(t.db, { user: creator, community, input: { name: 'lounge', topic: null, isPrivate: false, memberIds: [] }, now }).id;
  return { chat: { general, privateChannel, message, report, call, lounge } };
}
