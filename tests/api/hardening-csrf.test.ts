import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/crypto';
import { TOKEN_WRITES } from '../../src/server/http/request-frame';
import { makeTestApp } from '../setup/app';
import { changedTables, tableHashes } from '../setup/hardening-db';
import { fillPath, hostileBody, isWrite, procedures, realParams, restRoutes, sampleInput, SIGN_OUT_GETS } from '../setup/hardening-targets';
import { makeWorld, PERSONAS, send, type Persona, type World } from '../setup/hardening-world';
import { textOf } from '../setup/errors';

/*
 * CSRF: every mutation, tRPC and REST, read from the router and the app, sent with a
 * live session cookie from another site, in every content type a form or fetch() can send, is
 * refused with 403 and writes nothing. And no GET, with a cookie, changes anything.
 */
const REFUSED = { error: textOf('errors.foreignSite'), code: 'FORBIDDEN' };

const HOSTILE: [string, Record<string, string>][] = [
  ['Origin: https://evil.example', { origin: 'https://evil.example' }],
  ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
];

const CONTENT_TYPES = ['none', 'text/plain', 'multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'] as const;
type ContentType = (typeof CONTENT_TYPES)[number];

/** The input as a browser would send it in that content type (the ones a plain HTML form can send included). */
function encode(input: unknown, type: ContentType): { body?: BodyInit; headers: Record<string, string> } {
  const json = JSON.stringify(input ?? {});
  const fields = Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]);
  switch (type) {
    case 'none':
      // Bytes: a string body would be labelled text/plain by the Request constructor.
      return { body: new TextEncoder().encode(json), headers: {} };
    case 'text/plain':
      return { body: json, headers: { 'content-type': 'text/plain' } };
    case 'multipart/form-data': {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      return { body: form, headers: {} };
    }
    case 'application/x-www-form-urlencoded':
      return { body: new URLSearchParams(fields), headers: {} };
    case 'application/json':
      return { body: json, headers: { 'content-type': 'application/json' } };
  }
}

const PROCEDURES = procedures();
const MUTATIONS = PROCEDURES.filter((p) => p.type === 'mutation');
const QUERIES = PROCEDURES.filter((p) => p.type === 'query');
const ROUTES = restRoutes(makeTestApp().app);
// A one-click unsubscribe (RFC 8058) comes from the mail provider, cross-site by nature: its
// credential is the signed token in the request, checked below instead.
const REST_WRITES = ROUTES.filter((r) => isWrite(r.method) && !TOKEN_WRITES.has(r.path));
const REST_READS = ROUTES.filter((r) => !isWrite(r.method));

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

/**
 * The signed-in persona for whom the write would succeed if it came from the app: staff procedures
 * need the superadmin, leaving and one's notifications the member, the rest the creator.
 */
function actorFor(path: string): Persona {
  if (path.startsWith('admin.') || path.startsWith('/api/admin/')) return 'superadmin';
  if (path.startsWith('notifications.') || path === 'communities.leave' || path.endsWith('/leave')) return 'member';
  return 'creator';
}

async function expectRefused(path: string, method: string, input: unknown, persona: Persona) {
  const failures: string[] = [];
  for (const [label, hostile] of HOSTILE) {
    for (const type of CONTENT_TYPES) {
      const before = tableHashes(w.t.db);
      const { body, headers } = encode(input, type);
      const r = await send(w.t, path, { method, headers: { ...headers, ...hostile, cookie: w.cookies[persona]! }, body });
      const changed = changedTables(before, tableHashes(w.t.db));
      let parsed: unknown = r.text;
      try {
        parsed = JSON.parse(r.text);
      } catch {
        /* reported below */
      }
      if (r.status !== 403 || JSON.stringify(parsed) !== JSON.stringify(REFUSED) || changed.length) {
        failures.push(`${label}, ${type}: ${r.status} ${r.text.slice(0, 120)}${changed.length ? `; changed ${changed.join(', ')}` : ''}`);
      }
    }
  }
  expect(failures, `${method} ${path}`).toEqual([]);
}

describe('tRPC: every mutation refuses a cross-site write', () => {
  it('covers every mutation of the router', () => {
    expect(MUTATIONS.length).toBeGreaterThan(30);
  });
  it.each(MUTATIONS.map((m) => [m.path]))('tRPC: %s with a foreign Origin or Sec-Fetch-Site: cross-site, in 5 content types → 403, nothing written', async (path) => {
    await expectRefused(`/trpc/${path}`, 'POST', sampleInput(w, path), actorFor(path));
  });
});

describe('REST: a write whose credential is a token in the request', () => {
  it('is taken from another site (a mail provider), but a forged token is refused and writes nothing', async () => {
    expect([...TOKEN_WRITES]).toEqual(['/api/notifications/unsubscribe']);
    const before = tableHashes(w.t.db);
    const r = await send(w.t, '/api/notifications/unsubscribe', {
      method: 'POST',
      headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'forged.token' }),
    });
    expect(r.status).toBe(400);
    expect(changedTables(before, tableHashes(w.t.db))).toEqual([]);
  });
});

describe('REST: every write route refuses a cross-site write', () => {
  it.each(REST_WRITES.map((r) => [`${r.method} ${r.path}`, r] as const))('REST: %s with a foreign Origin or Sec-Fetch-Site: cross-site, in 5 content types → 403, nothing written', async (_label, route) => {
    await expectRefused(fillPath(route.path, realParams(w, route)), route.method, hostileBody(w), actorFor(route.path));
  });
});

/*
 * Outside /api and /trpc the app has one route a page could reach cross-site with the visitor's
 * cookie: the chat's WebSocket upgrade (GET /ws). It checks the Origin itself (a GET passes the
 * write guard); tests/api/chat-ws.test.ts connects for real, refused for a foreign or missing
 * Origin and without a session. Here: that it is the only such route, and that the look-alike
 * origins the write guard refuses are refused by the upgrade too, before anything is upgraded.
 */
describe('the WebSocket upgrade refuses other sites', () => {
  it('GET /ws is the only route outside /api, /trpc and /uploads (a new one must come with its own origin check)', () => {
    const outside = new Set(
      w.t.app.routes.filter((r) => !/^\/(api|trpc|uploads)\//.test(r.path)).map((r) => `${r.method} ${r.path}`),
    );
    expect([...outside]).toEqual(['GET /ws']);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
    ['another port of the same host', { origin: 'http://localhost:3001' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('GET /ws with a live session and %s → 403, not upgraded', async (_label, headers) => {
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const r = await send(w.t, '/ws', { method: 'GET', headers: { ...upgrade, ...headers, cookie: w.cookies.member! } });
    expect(r.status, r.text).toBe(403);
    expect(JSON.parse(r.text)).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the same writes from the app itself are not refused (the 403 above is the CSRF guard)', () => {
  it('tRPC: profile.update and REST: PATCH /api/user/profile with the app Origin change the profile', async () => {
    const a = await makeWorld();
    const r1 = await send(a.t, '/trpc/profile.update', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: a.cookies.member!, 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Kumasi' }),
    });
    expect(r1.status).toBe(200);
    const r2 = await send(a.t, '/api/user/profile', {
      method: 'PATCH',
      headers: { 'sec-fetch-site': 'same-origin', cookie: a.cookies.member!, 'content-type': 'application/json' },
      body: JSON.stringify({ bio: 'Same-origin bio' }),
    });
    expect(r2.status).toBe(200);
    expect(a.t.db.$client.prepare('SELECT location, bio FROM users WHERE id = ?').get(a.users.member.id)).toEqual({ location: 'Kumasi', bio: 'Same-origin bio' });
  });
});

/*
 * Reads with a cookie. validateSessionToken renews a session (one UPDATE of `sessions`) once it is
 * past half its idle lifetime; the personas signed in moments ago on the test clock, which does not
 * move here, so no renewal can happen and any change would be the read's own doing.
 */
describe('no GET changes anything', () => {
  // GET /api/auth/logout and GET /api/logout end the session: the public API has them as
  // sign-out navigations (the header menu's Sign out), so they are the one deliberate exception.
  const reads = REST_READS.filter((r) => !SIGN_OUT_GETS.has(r.path));
  const QUERY = 'limit=5&search=Circle&location=Accra&cursor=1';
  const SITES: Record<string, string>[] = [{}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }];

  it.each(reads.map((r) => [`${r.method} ${r.path}`, r] as const))('REST: %s, as every persona, same-site and cross-site, writes nothing', async (_label, route) => {
    const path = fillPath(route.path, realParams(w, route));
    const query = route.path === '/api/announcement-categories' ? `communityId=${w.ids.pub}` : QUERY;
    for (const persona of PERSONAS) {
      for (const extra of SITES) {
        const before = tableHashes(w.t.db);
        const cookie = w.cookies[persona];
        const r = await send(w.t, `${path}?${query}`, { method: 'GET', headers: { ...extra, ...(cookie ? { cookie } : {}) } });
        expect(r.status, `${persona}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(changedTables(before, tableHashes(w.t.db)), `${persona} GET ${path}`).toEqual([]);
      }
    }
  });

  it.each(QUERIES.map((q) => [q.path]))('tRPC: %s (query), as every persona, same-site and cross-site, writes nothing', async (path) => {
    const input = sampleInput(w, path);
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    for (const persona of PERSONAS) {
      for (const extra of SITES) {
        const before = tableHashes(w.t.db);
        const cookie = w.cookies[persona];
        const r = await send(w.t, `/trpc/${path}${q}`, { method: 'GET', headers: { ...extra, ...(cookie ? { cookie } : {}) } });
        expect(r.status, `${persona}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(changedTables(before, tableHashes(w.t.db)), `${persona} ${path}`).toEqual([]);
      }
    }
  });

  it('the sessions the reads used are all still there (nothing signed anyone out)', () => {
    const ids = ['member', 'creator', 'superadmin'] as const;
    for (const p of ids) {
      const token = w.cookies[p]!.split('=')[1]!;
      expect(w.t.db.$client.prepare('SELECT count(*) FROM sessions WHERE id = ?').pluck().get(hashToken(token))).toBe(1);
    }
  });
});
