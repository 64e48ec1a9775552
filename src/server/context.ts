import type { SessionRow, UserRow } from '../../db/schema';
import { readSessionToken, sessionCookie, validateSessionToken } from './auth/session';
import type { LoginThrottle } from './auth/rate-limit';
import type { DB } from '../../db/database';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { OutboxSender } from './mail/outbox';
import { languageFromHeader, type Language } from '@shared/i18n/languages';
import { sessionIdleMs } from './services/settings';

/** What the app is built from; tests pass their own database, mailer and clock. */
export type AppDeps = {
  db: DB;
  env: Env;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  throttle: LoginThrottle;
  /** The sender of queued mail (mail/outbox.ts); createApp makes one when not given. */
  outbox?: OutboxSender;
};

export type Context = AppDeps & {
  user: UserRow | null;
  session: SessionRow | null;
  ip: string;
  userAgent: string | null;
  /** The language the caller reads: the request's Accept-Language (the app sends its interface language). */
  language: Language;
  /** Headers added to the response: Set-Cookie, Retry-After. */
  resHeaders: Headers;
  secureCookies: boolean;
  /** The request's Cookie header, as sent (read where a cookie other than the session's matters: auth/pending-sign-in.ts). */
  cookieHeader: string | null;
};

/** One context builder for tRPC and the REST routes, so both authenticate alike. */
export function createContext(deps: AppDeps, req: { headers: Headers; ip: string; resHeaders: Headers }): Context {
  const now = deps.now();
  const secureCookies = deps.env.APP_URL.startsWith('https://');
  const cookieHeader = req.headers.get('cookie');
  const token = readSessionToken(cookieHeader, secureCookies);
  const found = token ? validateSessionToken(deps.db, token, now, sessionIdleMs(deps.db)) : null;
  if (found?.renewed && token) {
    req.resHeaders.append('Set-Cookie', sessionCookie(token, found.session.expiresAt, now, secureCookies));
  }
  // Every key named in one object literal, never `...deps` followed by the request's keys: each
  // request's context then has the same shape, which V8 builds from one cached layout; a spread
  // followed by new keys is built key by key, on every request.
  return {
    db: deps.db,
    env: deps.env,
    mailer: deps.mailer,
    log: deps.log,
    now: deps.now,
    throttle: deps.throttle,
    outbox: deps.outbox,
    user: found?.user ?? null,
    session: found?.session ?? null,
    ip: req.ip,
    userAgent: req.headers.get('user-agent'),
    language: languageFromHeader(req.headers.get('accept-language')),
    resHeaders: req.resHeaders,
    secureCookies,
    cookieHeader,
  };
}
