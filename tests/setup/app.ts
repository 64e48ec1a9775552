import { createApp } from '../../src/server/app';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { openDatabaseImage, type DB } from '../../db/database';
import { freshDatabase } from './db-image';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer, type MailMessage } from '../../src/server/mail/mailer';
import { createOutboxSender } from '../../src/server/mail/outbox';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Files written by tests go to the system's temporary folder, one per test process, never into
// the checkout's data/uploads (tests that count files give their app a folder of its own).
const TEST_UPLOADS = join(tmpdir(), `harambee-test-uploads-${process.pid}`);

export type TestApp = ReturnType<typeof makeTestApp>;

/**
 * The real app over a fresh, migrated in-memory SQLite database (a copy of one migrated once
 * per run: tests/setup/db-image.ts), with a clock the test controls. Mail goes to `smtpUrl` (an in-process SMTP server) when given.
 */
export function makeTestApp(opts: { smtpUrl?: string; env?: Record<string, string>; image?: Buffer; now?: number; /** false: calls answer without waiting for the mail they queued. */ waitForMail?: boolean } = {}) {
  const db: DB = opts.image ? openDatabaseImage(opts.image) : freshDatabase();
  let now = opts.now ?? Date.parse('2026-03-02T10:00:00Z');
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (ms: number) => {
      now = ms;
    },
  };
  const env = loadEnv({ APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DATABASE_PATH: ':memory:', UPLOADS_DIR: TEST_UPLOADS, ...opts.env });
  const logLines: string[] = [];
  const log = createLogger('debug', (line) => logLines.push(line));
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: env.MAIL_FROM, outboxDir: '/tmp/harambee-test-outbox', log: () => {} });
  const outbox = createOutboxSender({ db, env, log, now: clock.now, mailer });
  const throttle = new LoginThrottle(clock.now);
  // A slowed sign-in's wait is recorded, not slept (the throttle tests read `pauses`).
  const pauses: number[] = [];
  throttle.pause = (ms) => {
    pauses.push(ms);
    return new Promise((resolve) => setImmediate(resolve));
  };
  const app = createApp({ db, env, log, now: clock.now, throttle, mailer, outbox });
  /** Waits until the mail queued so far has left (it leaves after each answer, as in the server). */
  const flushMail = async () => {
    if (opts.waitForMail === false) return;
    await new Promise((r) => setImmediate(r));
    await outbox.wake();
  };
  return { app, db, clock, env, logLines, outbox, flushMail, pauses };
}

/**
 * The mail a test app's queue sends, caught instead of delivered: `flush()` sends what is queued
 * (as the server's sender does after each write) and `sent` holds every message so far.
 */
export function catchMail(t: TestApp) {
  const sent: MailMessage[] = [];
  const sender = createOutboxSender({ db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send: async (m) => void sent.push(m) } });
  return { sent, flush: () => sender.wake() };
}

/** The bytes of the app's database as it is now: give them to makeTestApp({ image }) for a copy. */
export const imageOf = (t: Pick<TestApp, 'db'>): Buffer => t.db.$client.serialize();

type Json = Record<string, unknown> | unknown[] | null;
export type CallResult = { status: number; body: any; headers: Headers };

/**
 * A browser-like client: keeps the session cookie between calls and can speak
 * tRPC (POST/GET /trpc/x.y) or REST (/api/...).
 */
export class Agent {
  cookie: string | null = null;
  /** Cookies other than the session's, by name. */
  others = new Map<string, string>();
  origin: string | null = null;
  constructor(private readonly t: TestApp) {}

  private async send(path: string, init: RequestInit): Promise<CallResult> {
    const headers = new Headers(init.headers);
    const sent = [this.cookie, ...this.others.values()].filter(Boolean).join('; ');
    if (sent) headers.set('cookie', sent);
    if (this.origin) headers.set('origin', this.origin);
    const res = await this.t.app.request(path, { ...init, headers });
    // The mail a write queued leaves right after its answer: the next step of a test sees it.
    await this.t.flushMail();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      // `cookie` is the session's; any other cookie (the pending sign-in after sign-up) is kept beside it.
      if (/harambee_session$/.test(name)) this.cookie = value ? pair! : null;
      else if (value) this.others.set(name, pair!);
      else this.others.delete(name);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  }

  rest(method: string, path: string, body?: Json | string, headers: Record<string, string> = {}) {
    const hasBody = body !== undefined;
    return this.send(path, {
      method,
      headers: hasBody ? { 'content-type': 'application/json', ...headers } : headers,
      body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
    });
  }

  /** A tRPC mutation; the result is unwrapped: `data` on success, `error` with its code and issues otherwise. */
  async mutate(path: string, input?: unknown, headers: Record<string, string> = {}) {
    const r = await this.send(`/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: input === undefined ? undefined : JSON.stringify(input),
    });
    return unwrap(r);
  }

  async query(path: string, input?: unknown) {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return unwrap(await this.send(`/trpc/${path}${q}`, { method: 'GET' }));
  }
}

function unwrap(r: CallResult) {
  const error = r.body?.error;
  return {
    status: r.status,
    headers: r.headers,
    data: r.body?.result?.data,
    error: error
      ? { message: error.message as string, code: error.data?.code as string, issues: error.data?.issues as { path: string[]; message: string }[] | undefined }
      : undefined,
  };
}

export const agent = (t: TestApp) => new Agent(t);

export const PASSWORD = 'Harambee#2026';
let seq = 0;
/** A unique sign-up payload. */
export function newUser(over: Partial<Record<string, string>> = {}) {
  seq += 1;
  return {
    firstName: 'Amara',
    lastName: `Okafor${seq}`,
    email: `amara${seq}.${Date.now()}@example.org`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...over,
  };
}
