import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../setup/app';
import { depth } from '../setup/depth';
import { changedTables, dbHash, tableHashes } from '../setup/hardening-db';
import {
  BROKEN_JSON,
  encodeBody,
  ENCODINGS,
  FILE_BYTES,
  inputArb,
  queryArb,
  safeEncode,
  segmentArb,
  type Encoding,
} from '../setup/hardening-fuzz';
import { fillPath, isWrite, paramNames, procedures, restRoutes, SIGN_OUT_GETS, type Procedure, type Route } from '../setup/hardening-targets';
import { cookieFor, makeWorld, PERSONAS, seededValues, send, worldCopy, type Persona, type World } from '../setup/hardening-world';

/*
 * Fuzz: generated and malformed input to every tRPC procedure and every REST route,
 * as a visitor and as signed-in member, creator and superadmin of a seeded community. Never a
 * 5xx, never a stack trace, SQL or a file path in a response, and a refused write leaves every
 * row of every table as it was (a read, at any status, too; only an accepted write may change
 * anything). Procedures and routes are read from the router and the app, so new ones are fuzzed
 * without being listed here.
 *
 * FUZZ_RUNS (runs per target and persona: 3 in `npm test`, 30 in `npm run test:deep`) and
 * FUZZ_SEED make a run longer or repeatable.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? depth(3, 30));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Cells allowed to write although they answer 4xx, each with its reason. None so far: failed
 * sign-ins and password checks are throttled in memory (LoginThrottle), a failed login writes
 * nothing, and a spent-but-expired email token is the only refused call that deletes a row,
 * which random tokens cannot hit.
 */
const WRITES_ON_REFUSAL: Record<string, string> = {};

const PROCEDURES = procedures();
const ROUTES = restRoutes(makeTestApp().app);

const stats = {
  inputs: 0,
  fiveHundreds: 0,
  statuses: new Map<number, number>(),
  procedures: new Set<string>(),
  routes: new Set<string>(),
  /** Statuses per target, printed with FUZZ_VERBOSE=1 (to see that the fuzz gets past validation). */
  byCell: new Map<string, Map<number, number>>(),
};

let seeded: World | undefined;
let current: World | undefined;
/** The seeded world, copied afresh from its first build whenever an accepted write (or a sign-out) changed it. */
async function world(): Promise<World> {
  seeded ??= await makeWorld();
  if (!current || dbHash(current.t.db) !== current.baseline) current = worldCopy(seeded);
  return current;
}

type Req = { method: string; path: string; headers: Record<string, string>; body?: BodyInit; text: string };

const LEAKS: [string, RegExp][] = [
  ['a stack trace', / {4}at /],
  ['SQL text', /SQLITE|SELECT |INSERT INTO|sqlite/i],
  ['a file path', /\/work\/|node_modules|\.ts:\d+/],
];

function decoded(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What is wrong with a response, if anything (an empty list means it is fine). */
function problems(req: Req, res: { status: number; text: string }, api: 'rest' | 'trpc'): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status}`);
  // A success may echo the caller's own text back; only what the request did not carry is a leak.
  const sent = `${decoded(req.path)}\n${req.text}`;
  for (const [what, re] of LEAKS) if (re.test(res.text) && !re.test(sent)) out.push(`the body holds ${what}`);
  // The URL parser resolves '..' and '.': '/api/../x' is a request for '/x', outside the API
  // (the SPA's, or Hono's plain 404 without a built client), where the JSON error shape does not apply.
  const inApi = /^\/(api|trpc)\//.test(new URL(req.path, 'http://localhost').pathname);
  if (res.status >= 400 && inApi) {
    let body: any;
    try {
      body = JSON.parse(res.text);
    } catch {
      out.push('the error body is not JSON');
      return out;
    }
    const messages: unknown[] =
      api === 'rest' || typeof body?.error === 'string'
        ? [body?.error]
        : (Array.isArray(body) ? body : [body]).filter((b) => b?.error).map((b) => b.error.message);
    if (messages.length === 0) out.push('no error message');
    for (const m of messages) {
      if (typeof m !== 'string' || !m.trim()) out.push('the error message is missing');
      else if (/^\s*[[{]/.test(m)) out.push(`the error message is a raw dump: ${m.slice(0, 80)}`);
    }
    if (api === 'rest' && typeof body?.code !== 'string') out.push('the REST error has no code');
  }
  return out;
}

/**
 * Sends one request as the persona and checks it. `write`: the call asks for a change, so the
 * database may differ afterwards if (and only if) it was accepted.
 */
async function check(w: World, persona: Persona, req: Req, o: { write: boolean; cell: string; api: 'rest' | 'trpc'; ip: string }) {
  const cookie = await cookieFor(w, persona);
  // Mail an earlier accepted call queued is sent first: its sender, woken after that commit, would
  // otherwise mark it sent during this call, and a refusal would seem to have written.
  await w.t.flushMail();
  const before = tableHashes(w.t.db);
  const res = await send(w.t, req.path, { method: req.method, headers: { ...req.headers, ...(cookie ? { cookie } : {}) }, body: req.body }, o.ip);
  stats.inputs += 1;
  stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) stats.fiveHundreds += 1;
  const cell = stats.byCell.get(o.cell) ?? new Map<number, number>();
  cell.set(res.status, (cell.get(res.status) ?? 0) + 1);
  stats.byCell.set(o.cell, cell);
  const found = problems(req, res, o.api);
  const mayWrite = o.write && res.status < 400;
  if (!mayWrite && !(o.cell in WRITES_ON_REFUSAL)) {
    const changed = changedTables(before, tableHashes(w.t.db));
    if (changed.length) found.push(`answered ${res.status} but changed ${changed.join(', ')}`);
  }
  if (found.length) {
    throw new Error(
      `${o.cell} as ${persona}: ${found.join('; ')}\n  ${req.method} ${req.path.slice(0, 300)}\n  sent: ${req.text.slice(0, 300)}\n  got ${res.status}: ${res.text.slice(0, 500)}`,
    );
  }
}

const options = () => ({ numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) });
let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

describe('tRPC: every procedure under fuzzing', () => {
  const shapes = ['plain', 'plain', 'plain', 'plain', 'plain', 'batch', 'wrong-method'] as const;

  function trpcRequest(proc: Procedure, r: { input: unknown; encoding: Encoding; broken: string; shape: (typeof shapes)[number]; brokenQuery: boolean; file: Uint8Array }): Req {
    const base = `/trpc/${proc.path}`;
    const asQuery = (input: unknown, batch: boolean): Req => {
      const payload = batch ? JSON.stringify({ 0: input, 1: input }) : r.brokenQuery ? r.broken : JSON.stringify(input);
      const path = batch ? `/trpc/${proc.path},${proc.path}?batch=1&input=${safeEncode(payload)}` : input === undefined && !r.brokenQuery ? base : `${base}?input=${safeEncode(payload)}`;
      return { method: 'GET', path, headers: {}, text: payload };
    };
    const asPost = (input: unknown, batch: boolean): Req => {
      const { body, headers, text } = encodeBody(batch ? { 0: input } : input, r.encoding, r.broken, r.file);
      return { method: 'POST', path: batch ? `${base}?batch=1` : base, headers, body, text };
    };
    const query = proc.type === 'query';
    if (r.shape === 'wrong-method') return query ? asPost(r.input, false) : asQuery(r.input, false);
    return query ? asQuery(r.input, r.shape === 'batch') : asPost(r.input, r.shape === 'batch');
  }

  for (const proc of PROCEDURES) {
    it(`tRPC: ${proc.path} (${proc.type})`, async () => {
      const w = await world();
      const arb = fc.record({
        input: inputArb(seededValues(w)),
        encoding: fc.constantFrom(...ENCODINGS),
        broken: fc.constantFrom(...BROKEN_JSON),
        shape: fc.constantFrom(...shapes),
        brokenQuery: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
        file: fc.constantFrom(...FILE_BYTES),
      });
      const ip = nextIp();
      for (const persona of PERSONAS) {
        await fc.assert(
          fc.asyncProperty(arb, (r) =>
            check(w, persona, trpcRequest(proc, r), { write: proc.type === 'mutation', cell: `tRPC ${proc.path}`, api: 'trpc', ip }),
          ),
          options(),
        );
      }
      stats.procedures.add(proc.path);
    });
  }
});

describe('REST: every route under fuzzing', () => {
  function restRequest(route: Route, r: { segments: string[]; query: string; input: unknown; encoding: Encoding; broken: string; file: Uint8Array }): Req {
    const filled = fillPath(route.path, r.segments);
    const path = r.query ? `${filled}?${r.query}` : filled;
    if (!isWrite(route.method)) return { method: route.method, path, headers: {}, text: decoded(r.query) };
    const { body, headers, text } = encodeBody(r.input, r.encoding, r.broken, r.file);
    return { method: route.method, path, headers, body, text: `${decoded(r.query)}\n${text}` };
  }

  for (const route of ROUTES) {
    it(`REST: ${route.method} ${route.path}`, async () => {
      const w = await world();
      const seeded = seededValues(w);
      const n = paramNames(route.path).length;
      const arb = fc.record({
        segments: fc.array(segmentArb(seeded), { minLength: n, maxLength: n }),
        query: fc.oneof(fc.constant(''), queryArb(seeded)),
        input: inputArb(seeded),
        encoding: fc.constantFrom(...ENCODINGS),
        broken: fc.constantFrom(...BROKEN_JSON),
        file: fc.constantFrom(...FILE_BYTES),
      });
      const write = isWrite(route.method) || SIGN_OUT_GETS.has(route.path);
      const ip = nextIp();
      for (const persona of PERSONAS) {
        await fc.assert(
          fc.asyncProperty(arb, (r) => check(w, persona, restRequest(route, r), { write, cell: `REST ${route.method} ${route.path}`, api: 'rest', ip })),
          options(),
        );
      }
      stats.routes.add(`${route.method} ${route.path}`);
    });
  }

  it('REST: unknown /api paths, any method', async () => {
    const w = await world();
    const seeded = seededValues(w);
    const arb = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      segments: fc.array(segmentArb(seeded), { minLength: 1, maxLength: 4 }),
      query: queryArb(seeded),
      input: inputArb(seeded),
      encoding: fc.constantFrom(...ENCODINGS),
      broken: fc.constantFrom(...BROKEN_JSON),
    });
    for (const persona of PERSONAS) {
      await fc.assert(
        fc.asyncProperty(arb, (r) => {
          const path = `/api/${r.segments.join('/')}?${r.query}`;
          const write = isWrite(r.method);
          const { body, headers, text } = write ? encodeBody(r.input, r.encoding, r.broken) : { body: undefined, headers: {}, text: '' };
          return check(w, persona, { method: r.method, path, headers, body, text: `${decoded(r.query)}\n${text}` }, { write, cell: 'REST /api/*', api: 'rest', ip: nextIp() });
        }),
        options(),
      );
    }
    stats.routes.add('ALL /api/*');
  });
});

describe('found by fuzzing', () => {
  // categories.update with no field to change reached drizzle's .set({}), which throws: a 500.
  it('tRPC: categories.update and REST: PATCH /api/announcement-categories/:id with nothing to change answer 200 and write nothing', async () => {
    const w = await makeWorld();
    const cookie = w.cookies.creator!;
    const before = dbHash(w.t.db);
    const trpc = await send(w.t, '/trpc/categories.update', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ id: w.ids.category, unknown: 'ignored' }),
    });
    expect(trpc.status, trpc.text).toBe(200);
    expect(JSON.parse(trpc.text).result.data).toMatchObject({ id: w.ids.category, name: 'Events' });
    for (const body of [undefined, '{}']) {
      const rest = await send(w.t, `/api/announcement-categories/${w.ids.category}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body });
      expect(rest.status, rest.text).toBe(200);
      expect(JSON.parse(rest.text)).toMatchObject({ id: w.ids.category, name: 'Events' });
    }
    // Still scoped: an unknown id is a 404, not the no-op's 200.
    const missing = await send(w.t, '/api/announcement-categories/999999', { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(404);
    expect(dbHash(w.t.db)).toBe(before);
  });
});

describe('found by fuzzing (2026-11-27)', () => {
  // With the books open, finances.updateSettings naming no setting reached drizzle's .set({}): a 500.
  it('tRPC: finances.updateSettings with nothing to change answers 200 with the books as they are and writes nothing (no audit record either)', async () => {
    const w = await makeWorld();
    const before = dbHash(w.t.db);
    for (const body of [{ communityId: w.ids.pub }, { communityId: w.ids.pub, unknown: 'ignored' }]) {
      const r = await send(w.t, '/trpc/finances.updateSettings', {
        method: 'POST',
        headers: { cookie: w.cookies.creator!, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, r.text).toBe(200);
      expect(JSON.parse(r.text).result.data).toMatchObject({ communityId: w.ids.pub, currency: 'XAF' });
    }
    expect(dbHash(w.t.db)).toBe(before);
    // A real change still goes through, and is audited.
    const r = await send(w.t, '/trpc/finances.updateSettings', {
      method: 'POST',
      headers: { cookie: w.cookies.creator!, 'content-type': 'application/json' },
      body: JSON.stringify({ communityId: w.ids.pub, transparency: 'ledger' }),
    });
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text).result.data.transparency).toBe('ledger');
    expect(w.t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'settings.changed'").pluck().get()).toBe(1);
  });
});

describe('after the fuzzing', () => {
  it('the app still answers, and every procedure and route was fuzzed', async () => {
    const w = await world();
    expect((await send(w.t, '/trpc/site.config', { method: 'GET' })).status).toBe(200);
    expect((await send(w.t, '/api/communities/all', { method: 'GET' })).status).toBe(200);
    const cookie = (await cookieFor(w, 'member'))!;
    const me = await send(w.t, '/api/auth/user', { method: 'GET', headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text).id).toBe(w.users.member.id);
    expect([...stats.procedures].sort()).toEqual(PROCEDURES.map((p) => p.path).sort());
    expect(stats.routes.size).toBe(ROUTES.length + 1);
    expect(stats.fiveHundreds).toBe(0);
  });
});

const tally = (m: Map<number, number>) => [...m.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');

afterAll(() => {
  const statuses = tally(stats.statuses);
  if (process.env.FUZZ_VERBOSE) for (const [cell, m] of stats.byCell) console.log(`[fuzz] ${cell}: ${tally(m)}`);
  console.log(
    `[fuzz] inputs tried: ${stats.inputs}; procedures covered: ${stats.procedures.size}/${PROCEDURES.length}; ` +
      `routes covered: ${stats.routes.size}/${ROUTES.length + 1} (incl. the /api/* fallback); 500s seen: ${stats.fiveHundreds}; ` +
      `runs per target and persona: ${RUNS}; statuses: ${statuses}`,
  );
});
