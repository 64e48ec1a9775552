import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import { cookieName, createSession } from '../../src/server/auth/session';
import { recordLogin } from '../../src/server/services/auth';
import { sessionIdleMs } from '../../src/server/services/settings';
import { makeUser } from '../factories';
import { Agent, type TestApp } from './app';

/*
 * Signed in without signing in: a session row made by the session module itself (the function a
 * successful sign-in calls), with the sign-in's bookkeeping (last sign-in, streak), and an agent
 * carrying its cookie. A password sign-in costs an argon2 verification (about 30 ms on a quiet
 * machine, 100 ms on a busy one); this costs a row. Tests whose subject is signing in (auth,
 * throttles, second factor, staff sign-in) sign in for real with signIn() (tests/setup/transport.ts).
 */

/** The cookie header value of a new session for `userId`, as the app would have set it. */
export function sessionCookieFor(t: TestApp, userId: string): string {
  const now = t.clock.now();
  const { token } = createSession(t.db, userId, now, null, sessionIdleMs(t.db));
  const user = t.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new Error(`no user ${userId} to sign in`);
  recordLogin(t.db, user, now);
  return `${cookieName(t.env.APP_URL.startsWith('https://'))}=${token}`;
}

/** An agent signed in as `user` (a session minted directly; no password check). */
export function mintSession(t: TestApp, user: Pick<UserRow, 'id'>): Agent {
  const a = new Agent(t);
  a.cookie = sessionCookieFor(t, user.id);
  return a;
}

/** A factory user (verified, password FACTORY_PASSWORD) and an agent signed in as them. */
export async function mintedUser(t: TestApp, over: Parameters<typeof makeUser>[1] = {}, opts: Parameters<typeof makeUser>[2] = {}) {
  const user = await makeUser(t.db, over, opts);
  return { user, a: mintSession(t, user) };
}
