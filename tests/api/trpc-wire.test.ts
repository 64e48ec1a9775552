import Database from 'better-sqlite3';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import type { DB } from '../../db/database';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createContext } from '../../src/server/context';
import { createLogger } from '../../src/server/logger';
import { appRouter } from '../../src/server/trpc/root';
import { addMember, FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { appFromImage, takeImage } from '../setup/hardening-authz';
import { signIn } from '../setup/transport';

/*
 * Our /trpc handler (src/server/trpc/http.ts) speaks tRPC's HTTP protocol straight from the
 * operations. Here every request goes both to it and to tRPC's own fetchRequestHandler over
 * appRouter (the same operations as tRPC procedures), each on its own copy of one database, and
 * the two answers must be the same: status, JSON body, and the headers procedures set.
 */

type Req = { name: string; method: 'GET' | 'POST'; path: string; body?: string; contentType?: string | null; as?: 'member' | 'outsider' | 'stuck' };

let base: TestApp;
let image: Buffer;
let now: number;
const cookies: Record<string, string> = {};
// A fresh database numbers communities from 1 (checked below).
const PUBLIC_ID = 1;
const PRIVATE_ID = 2;

beforeAll(async () => {
  base = makeTestApp();
  now = base.clock.now();
  const member = await makeUser(base.db, { email: 'member@example.org' });
  const outsider = await makeUser(base.db, { email: 'outsider@example.org', username: 'taken' });
  await makeUser(base.db, { email: 'stuck@example.org', mustChangePassword: true });
  expect(makeCommunity(base.db, { creator: member, name: 'Open Drummers', isPublic: true }).id).toBe(PUBLIC_ID);
  expect(makeCommunity(base.db, { creator: member, name: 'Quiet Savers', isPublic: false }).id).toBe(PRIVATE_ID);
  addMember(base.db, { communityId: PUBLIC_ID, user: outsider });
  for (const who of ['member', 'outsider', 'stuck'] as const) cookies[who] = (await signIn(base, `${who}@example.org`, FACTORY_PASSWORD)).cookie!;
  image = takeImage(base);
});

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

function init(r: Req): RequestInit {
  const headers = new Headers();
  if (r.as) headers.set('cookie', cookies[r.as]!);
  const type = r.contentType === undefined ? (r.method === 'POST' ? 'application/json' : null) : r.contentType;
  if (type) headers.set('content-type', type);
  return { method: r.method, headers, body: r.body };
}

async function ours(r: Req) {
  const app = appFromImage(image, base, now);
  const res = await app.app.request(r.path, init(r));
  // Always JSON (tRPC's adapter labels its whole-request errors text/plain).
  expect(res.headers.get('content-type')).toBe('application/json');
  return read(res);
}

async function reference(r: Req) {
  const sqlite = new Database(image);
  sqlite.pragma('foreign_keys = ON');
  const deps = {
    db: drizzle(sqlite, { schema }) as DB,
    env: base.env,
    log: createLogger('silent'),
    now: () => now,
    throttle: new LoginThrottle(() => now),
    mailer: { send: async () => {} },
  };
  const req = new Request(`http://localhost${r.path}`, init(r));
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext(deps, { headers: req.headers, ip: '127.0.0.1', resHeaders }),
  });
  return read(res);
}

async function read(res: Response) {
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as unknown,
    setCookie: res.headers.getSetCookie().map((c) => c.split('=')[0]),
    retryAfter: res.headers.get('retry-after'),
  };
}

const REQUESTS: Req[] = [
  { name: 'a public query, signed out', method: 'GET', path: `/trpc/communities.list?input=${q({ limit: 2 })}` },
  { name: 'a query without input', method: 'GET', path: '/trpc/site.config' },
  { name: 'a batch of three queries, as the React app sends them', method: 'GET', path: `/trpc/communities.list,site.config,auth.me?batch=1&input=${q({ 0: { limit: 2 } })}`, as: 'member' },
  { name: 'a batch whose calls answer different statuses (207)', method: 'GET', path: `/trpc/communities.byId,communities.list?batch=1&input=${q({ 0: { id: 'x' }, 1: {} })}` },
  { name: 'a batch of failures with one status', method: 'GET', path: `/trpc/auth.sessions,communities.myCounts?batch=1&input=${q({})}` },
  { name: 'a batch without input', method: 'GET', path: '/trpc/site.config,auth.me?batch=1' },
  { name: 'signed-in query, signed out (401)', method: 'GET', path: '/trpc/auth.sessions' },
  { name: "a private community's members, to an outsider (404)", method: 'GET', path: `/trpc/communities.members?input=${q({ communityId: PRIVATE_ID })}`, as: 'outsider' },
  { name: 'members of a community, to its member', method: 'GET', path: `/trpc/communities.members?input=${q({ communityId: PUBLIC_ID })}`, as: 'outsider' },
  { name: 'a validation error with issues (400)', method: 'GET', path: `/trpc/communities.list?input=${q({ limit: 1000 })}` },
  { name: 'an unknown procedure (404)', method: 'GET', path: '/trpc/nothing.here' },
  { name: 'an unknown procedure in a batch', method: 'GET', path: '/trpc/nothing.here,site.config?batch=1' },
  { name: 'a mutation over GET (405)', method: 'GET', path: '/trpc/auth.logout' },
  { name: 'a query over POST (405)', method: 'POST', path: '/trpc/site.config', body: '{}' },
  { name: 'a mutation without content type (415)', method: 'POST', path: '/trpc/auth.logout', contentType: null },
  { name: 'a mutation as text/plain (415)', method: 'POST', path: '/trpc/auth.logout', body: '{}', contentType: 'text/plain' },
  { name: 'a query input that is not JSON', method: 'GET', path: '/trpc/communities.list?input=%7Bnope' },
  { name: 'a batch input that is not an object', method: 'GET', path: `/trpc/communities.list,site.config?batch=1&input=${q([1])}` },
  { name: 'a mutation body that is not JSON', method: 'POST', path: '/trpc/communities.create', body: '{"name":', as: 'member' },
  { name: 'a mutation without a body, taking input', method: 'POST', path: '/trpc/communities.create', as: 'member' },
  { name: 'a mutation without input and without a body', method: 'POST', path: '/trpc/auth.logout', as: 'member' },
  {
    name: 'a mutation that writes',
    method: 'POST',
    path: '/trpc/communities.create',
    body: JSON.stringify({ name: 'Harbour Choir', description: 'A choir for the harbour district.', isPublic: true }),
    as: 'member',
  },
  { name: 'a batch of mutations', method: 'POST', path: '/trpc/notifications.markAllRead,auth.revokeOtherSessions?batch=1', body: '{}', as: 'member' },
  { name: 'field issues from a service (409)', method: 'POST', path: '/trpc/profile.update', body: JSON.stringify({ username: 'taken' }), as: 'member' },
  { name: 'a refusal by capability (403)', method: 'POST', path: '/trpc/communities.update', body: JSON.stringify({ communityId: PUBLIC_ID, name: 'Renamed' }), as: 'outsider' },
  { name: 'a password change waits (403)', method: 'GET', path: '/trpc/auth.sessions', as: 'stuck' },
  { name: 'sign-in refused (401)', method: 'POST', path: '/trpc/auth.login', body: JSON.stringify({ email: 'member@example.org', password: 'wrong-password' }) },
  { name: 'sign-in sets the cookie', method: 'POST', path: '/trpc/auth.login', body: JSON.stringify({ email: 'member@example.org', password: FACTORY_PASSWORD }) },
];

describe('tRPC: /trpc answers as tRPC’s own fetch adapter does', () => {
  for (const r of REQUESTS) {
    it(r.name, async () => {
      const [a, b] = await Promise.all([ours(r), reference(r)]);
      expect(a).toEqual(b);
    });
  }

  it('covers success, batches, every refusal status and the protocol errors', async () => {
    const statuses = new Set<number>();
    for (const r of REQUESTS) statuses.add((await ours(r)).status);
    expect([...statuses].sort()).toEqual([200, 207, 400, 401, 403, 404, 405, 409, 415]);
  });
});
