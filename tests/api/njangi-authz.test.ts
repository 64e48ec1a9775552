import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityRow, UserRow } from '../../db/schema';
import { OPERATIONS } from '../../src/server/operations';
import { njangiFiles } from '../../src/server/operations/njangi';
import { confirmReceipt } from '../../src/server/services/njangi/payouts';
import { joinCircle } from '../../src/server/services/njangi/membership';
import { confirmTopUp } from '../../src/server/services/njangi/topups';
import { addMember, FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { Agent, makeTestApp, type TestApp } from '../setup/app';
import { appFromImage, tableHash, takeImage } from '../setup/hardening-authz';
import { restRoutes } from '../setup/hardening-targets';
import { NJ, REPORT_CSV_PATH, seedCircle, type CircleFixture } from '../setup/njangi';
import { REST, signIn, TRPC, type Op } from '../setup/transport';

/*
 * Who may call each savings-circle procedure: every njangi.* operation × the circle's organiser
 * (the community's creator), a member of the circle, a community member outside the circle, a
 * community leader (an admin who does not organise it), an outsider of a public and of a private
 * community, and a signed-out caller; over tRPC and, where it has one, its REST path. Each cell
 * states its status; every cell runs on its own copy of one database, and a refused call (or a
 * read) leaves every row of every table as it was, while an allowed write changes something.
 *
 * The rows are checked against OPERATIONS.njangi: a new procedure without a row fails.
 */

type Caller = 'organiser' | 'member' | 'outside' | 'leader' | 'outsider (public)' | 'outsider (private)' | 'signed out';
const CALLERS: Caller[] = ['organiser', 'member', 'outside', 'leader', 'outsider (public)', 'outsider (private)', 'signed out'];
/** 'ok' = 2xx (201 for REST creations); otherwise the status of the refusal. */
type Want = 'ok' | 400 | 401 | 403 | 404 | 409;

type Fx = { f: CircleFixture; community: CommunityRow; caller: UserRow | null; users: World['users'] };
type Row = {
  input: (x: Fx) => Record<string, unknown>;
  want: Record<Caller, Want>;
  /** Sets the cell's own copy of the database up before the call. */
  prepare?: (t: TestApp, x: Fx) => void;
};

/**
 * The statuses of one row: organiser, member of the circle, member outside it, leader; then the
 * outsiders and the signed-out caller as the community guard answers them (public 403, private
 * 404, signed out 401), or as any account is answered (`account`: allowed when signed in).
 */
function cells(organiser: Want, member: Want, outside: Want, leader: Want, guard: 'community' | 'account' = 'community'): Record<Caller, Want> {
  const [pub, priv]: [Want, Want] = guard === 'community' ? [403, 404] : ['ok', 'ok'];
  return { organiser, member, outside, leader, 'outsider (public)': pub, 'outsider (private)': priv, 'signed out': 401 };
}

const everyone = cells('ok', 'ok', 'ok', 'ok');
const organiserOnly = cells('ok', 403, 403, 403);
const handHolders = cells('ok', 'ok', 403, 403);
/**
 * The organiser's own money: the community's finance officers (the leader, an admin) decide it;
 * the organiser, a finance officer too as the community's creator, is refused by the service.
 */
const officersNotOrganiser = cells(403, 403, 403, 'ok');

const ROWS: Record<string, Row> = {
  list: { input: (x) => ({ communityId: x.community.id }), want: everyone },
  mine: { input: () => ({}), want: cells('ok', 'ok', 'ok', 'ok', 'account') },
  myRecord: { input: () => ({}), want: cells('ok', 'ok', 'ok', 'ok', 'account') },
  // Starting a circle is for the community's leaders (circles.organise), unless a setting lets every member.
  create: {
    input: (x) => ({ communityId: x.community.id, name: 'New Njangi', currency: 'XAF', contribution: 5000, frequency: 'monthly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 4, payoutMethod: 'fixed' }),
    want: cells('ok', 403, 403, 'ok'),
  },
  get: { input: (x) => ({ id: x.f.active }), want: everyone },
  // The full circle: the organiser changes their own hands (1 → 1), the member of it is already in (409), others ask.
  join: { input: (x) => ({ id: x.f.full, hands: 1 }), want: cells('ok', 409, 'ok', 'ok') },
  // Each caller but the organiser has first asked to join: they may take it back; the organiser cannot leave (403).
  leave: {
    input: (x) => ({ id: x.f.recruiting }),
    prepare: (t, x) => {
      if (x.caller && x.caller.id !== x.users.organiser.id) joinCircle(t.db, { circleId: x.f.recruiting, userId: x.caller.id, hands: 1, now: t.clock.now() });
    },
    want: cells(403, 'ok', 'ok', 'ok'),
  },
  decideJoin: { input: (x) => ({ id: x.f.recruiting, userId: x.f.requesterId, approve: true }), want: organiserOnly },
  // Approved members of the picking circle pick; outside it there is no place to pick for (403).
  pickPosition: { input: (x) => ({ id: x.f.picking, position: 2 }), want: cells('ok', 'ok', 403, 403) },
  // Only the member holds position 1: anyone else has nothing there to release (404).
  releasePosition: { input: (x) => ({ id: x.f.picking, position: 1 }), want: cells(404, 'ok', 404, 404) },
  start: { input: (x) => ({ id: x.f.full }), want: organiserOnly },
  cancel: { input: (x) => ({ id: x.f.recruiting, reason: 'Not enough members' }), want: organiserOnly },
  // For the caller's own hand (callers without one name the organiser's: not theirs, 403).
  declareContribution: { input: (x) => ({ id: x.f.active, roundId: x.f.laterRound, handId: x.f.handOf(x.caller?.id), method: 'mobile_money', reference: 'MOMO-9' }), want: handHolders },
  recordContribution: { input: (x) => ({ id: x.f.active, roundId: x.f.laterRound, handId: x.f.handOf(x.users.swapper.id), method: 'cash' }), want: organiserOnly },
  confirmContribution: { input: (x) => ({ id: x.f.pendingContribution }), want: organiserOnly },
  rejectContribution: { input: (x) => ({ id: x.f.pendingContribution, reason: 'Not on the statement' }), want: organiserOnly },
  bid: { input: (x) => ({ id: x.f.auctionRound, handId: x.f.auctionHandOf(x.caller?.id), discount: 1000 }), want: handHolders },
  recordPayout: { input: (x) => ({ id: x.f.nextRound, method: 'cash' }), want: organiserOnly },
  // The member received round 1: only they confirm or dispute it, not the organiser who paid it.
  confirmReceipt: { input: (x) => ({ id: x.f.payout }), want: cells(403, 'ok', 403, 403) },
  disputePayout: { input: (x) => ({ id: x.f.payout, reason: 'Nothing arrived' }), want: cells(403, 'ok', 403, 403) },
  requestSwap: { input: (x) => ({ id: x.f.active, fromHandId: x.f.handOf(x.caller?.id), toHandId: x.f.handOf(x.users.swapper.id) }), want: handHolders },
  // The requested swap asks the member; the accepted one waits for the organiser.
  acceptSwap: { input: (x) => ({ id: x.f.requestedSwap }), want: cells(403, 'ok', 403, 403) },
  approveSwap: { input: (x) => ({ id: x.f.acceptedSwap }), want: organiserOnly },
  declineSwap: { input: (x) => ({ id: x.f.requestedSwap }), want: handHolders },
  // Top-ups: the member received round 1 of the late circle; the organiser records paying its top-up on, the member confirms it.
  recordTopUp: { input: (x) => ({ id: x.f.late.owedTopUp, method: 'cash' }), want: organiserOnly },
  confirmTopUp: { input: (x) => ({ id: x.f.late.recordedTopUp }), want: cells(403, 'ok', 403, 403) },
  disputeTopUp: { input: (x) => ({ id: x.f.late.recordedTopUp, reason: 'Nothing arrived' }), want: cells(403, 'ok', 403, 403) },
  officerConfirmContribution: { input: (x) => ({ id: x.f.late.organiserPending }), want: officersNotOrganiser },
  officerRejectContribution: { input: (x) => ({ id: x.f.late.organiserPending, reason: 'Not in the cash box' }), want: officersNotOrganiser },
  officerMarkFinePaid: { input: (x) => ({ id: x.f.late.organiserFine }), want: officersNotOrganiser },
  officerWaiveFine: { input: (x) => ({ id: x.f.late.organiserFine, reason: 'Was travelling' }), want: officersNotOrganiser },
  officerRecordPayout: { input: (x) => ({ id: x.f.late.organiserRound, method: 'cash' }), want: officersNotOrganiser },
  officerRecordTopUp: { input: (x) => ({ id: x.f.late.organiserTopUp, method: 'cash' }), want: officersNotOrganiser },
  markFinePaid: { input: (x) => ({ id: x.f.fine }), want: organiserOnly },
  waiveFine: { input: (x) => ({ id: x.f.fine, reason: 'Family emergency' }), want: organiserOnly },
  report: { input: (x) => ({ id: x.f.active }), want: everyone },
  reportCsv: { input: (x) => ({ id: x.f.active }), want: everyone },
};

/** The REST path of each procedure that has one (a file route for the CSV). */
const REST_OPS: Record<string, Op | ((input: Record<string, unknown>) => string)> = {
  list: NJ.list,
  create: NJ.create,
  get: NJ.get,
  join: NJ.join,
  start: NJ.start,
  declareContribution: NJ.declare,
  confirmContribution: NJ.confirm,
  rejectContribution: NJ.reject,
  bid: NJ.bid,
  recordPayout: NJ.payout,
  confirmReceipt: NJ.receipt,
  recordTopUp: NJ.recordTopUp,
  confirmTopUp: NJ.confirmTopUp,
  officerConfirmContribution: NJ.officerConfirm,
  officerRejectContribution: NJ.officerReject,
  officerRecordPayout: NJ.officerPayout,
  officerRecordTopUp: NJ.officerRecordTopUp,
  requestSwap: NJ.requestSwap,
  acceptSwap: NJ.acceptSwap,
  approveSwap: NJ.approveSwap,
  report: NJ.report,
  reportCsv: (input) => REPORT_CSV_PATH(input.id as number),
};

/** The REST-only files (receipts, the printable report), with who may fetch them. */
const FILES: Record<keyof typeof njangiFiles, Row & { path: (input: Record<string, unknown>) => string }> = {
  reportPdf: { path: (i) => `/api/circles/${i.id}/report.pdf`, input: (x) => ({ id: x.f.active }), want: everyone },
  reportXlsx: { path: (i) => `/api/circles/${i.id}/report.xlsx`, input: (x) => ({ id: x.f.active }), want: everyone },
  // The member's own round-1 receipt: theirs and the organiser's to fetch.
  contributionReceipt: { path: (i) => `/api/circles/contributions/${i.id}/receipt.pdf`, input: (x) => ({ id: x.f.paidContributions[x.users.member.id] }), want: cells('ok', 'ok', 403, 403) },
  payoutReceipt: {
    path: (i) => `/api/circles/payouts/${i.id}/receipt.pdf`,
    input: (x) => ({ id: x.f.payout }),
    // The member has confirmed receiving round 1, so the payout has a receipt.
    prepare: (t, x) => void confirmReceipt(t.db, { id: x.f.payout, userId: x.users.member.id, now: t.clock.now() }),
    want: cells('ok', 'ok', 403, 403),
  },
  topUpReceipt: {
    path: (i) => `/api/circles/top-ups/${i.id}/receipt.pdf`,
    input: (x) => ({ id: x.f.late.recordedTopUp }),
    // The member has confirmed the top-up of round 1, so it has a receipt.
    prepare: (t, x) => void confirmTopUp(t.db, { id: x.f.late.recordedTopUp, userId: x.users.member.id, now: t.clock.now() }),
    want: cells('ok', 'ok', 403, 403),
  },
};

type World = {
  t: TestApp;
  image: Buffer;
  now: number;
  users: Record<'organiser' | 'member' | 'acceptor' | 'swapper' | 'outside' | 'leader' | 'stranger', UserRow>;
  pub: CommunityRow;
  priv: CommunityRow;
  fixtures: Map<number, CircleFixture>;
  cookies: Map<string, string>;
};
let W: World;

beforeAll(async () => {
  const t = makeTestApp();
  const now = t.clock.now();
  const mk = (firstName: string) => makeUser(t.db, { firstName, lastName: 'Njangi' });
  const users: World['users'] = {
    organiser: await mk('Ngozi'),
    member: await mk('Mbah'),
    acceptor: await mk('Ace'),
    swapper: await mk('Sami'),
    outside: await mk('Olu'),
    leader: await mk('Ade'),
    stranger: await mk('Stella'),
  };
  const pub = makeCommunity(t.db, { creator: users.organiser, name: 'Open Njangi House', isPublic: true });
  const priv = makeCommunity(t.db, { creator: users.organiser, name: 'Quiet Njangi House', isPublic: false });
  const fixtures = new Map<number, CircleFixture>();
  for (const c of [pub, priv]) {
    for (const u of [users.member, users.acceptor, users.swapper, users.outside]) addMember(t.db, { communityId: c.id, user: u });
    addMember(t.db, { communityId: c.id, user: users.leader, role: 'admin' });
    // The member holds two hands: the first received round 1, the second is asked to swap. The
    // leader, an admin, is the finance officer who decides on the organiser's own money.
    const cast = { organiser: users.organiser, beneficiary: users.member, asked: users.member, acceptor: users.acceptor, swapper: users.swapper, officer: users.leader, hands: { [users.member.id]: 2 } };
    fixtures.set(c.id, seedCircle(t, { community: c, cast, now }));
  }
  const cookies = new Map<string, string>();
  for (const u of Object.values(users)) cookies.set(u.id, (await signIn(t, u.email, FACTORY_PASSWORD)).cookie!);
  W = { t, image: takeImage(t), now, users, pub, priv, fixtures, cookies };
}, 60_000);

function fixture(caller: Caller): Fx {
  const community = caller === 'outsider (private)' ? W.priv : W.pub;
  const user: Record<Caller, UserRow | null> = {
    organiser: W.users.organiser,
    member: W.users.member,
    outside: W.users.outside,
    leader: W.users.leader,
    'outsider (public)': W.users.stranger,
    'outsider (private)': W.users.stranger,
    'signed out': null,
  };
  return { f: W.fixtures.get(community.id)!, community, caller: user[caller], users: W.users };
}

function openCell(x: Fx) {
  const app = appFromImage(W.image, W.t, W.now);
  const a = new Agent(app);
  a.cookie = x.caller ? W.cookies.get(x.caller.id)! : null;
  return { app, a };
}

const TYPE = (name: string) => (OPERATIONS.njangi as Record<string, { type: 'query' | 'mutation' }>)[name]!.type;

/** One cell over one transport; a description of what went wrong, or null. */
async function runCell(name: string, row: Row, caller: Caller, transport: 'tRPC' | 'REST', path?: (input: Record<string, unknown>) => string): Promise<string | null> {
  const x = fixture(caller);
  const { app, a } = openCell(x);
  row.prepare?.(app, x);
  // What the preparation queued (a join request's notice to the organiser) leaves first: the call is judged by what it changes itself.
  await app.flushMail();
  const input = row.input(x);
  const before = tableHash(app.db);
  let status: number;
  let body: unknown;
  if (path) {
    const r = await a.rest('GET', path(input));
    [status, body] = [r.status, r.status < 400 ? '(file)' : r.body];
  } else if (transport === 'tRPC') {
    const op: Op = { rest: { method: 'GET', path: '' }, trpc: { path: `njangi.${name}`, type: TYPE(name) } };
    const r = await TRPC.call(a, op, input);
    [status, body] = [r.status, r.error ?? 'ok'];
  } else {
    const target = REST_OPS[name]!;
    if (typeof target === 'function') {
      const r = await a.rest('GET', target(input));
      [status, body] = [r.status, r.status < 400 ? '(file)' : r.body];
    } else {
      const r = await REST.call(a, target, input);
      [status, body] = [r.status, r.error ?? 'ok'];
    }
  }
  const wrote = tableHash(app.db) !== before;
  const want = row.want[caller];
  const label = `${transport} njangi.${name} | ${caller}: expected ${want}, got ${status} ${JSON.stringify(body)}`;
  const ok = status >= 200 && status < 300;
  if (want === 'ok') {
    if (!ok) return label;
    const write = !path && TYPE(name) === 'mutation';
    if (write && !wrote) return `${label} (allowed but wrote nothing)`;
    if (!write && wrote) return `${label} (a read changed the database)`;
    return null;
  }
  if (status !== want) return label;
  if (wrote) return `${label} (refused but the database changed)`;
  return null;
}

describe('savings circles: the authorization matrix has a row for every procedure', () => {
  it('one row per njangi.* operation, none for a procedure that is gone', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(OPERATIONS.njangi).sort());
  });
  it('one row per REST-only savings-circle file', () => {
    expect(Object.keys(FILES).sort()).toEqual(Object.keys(njangiFiles).sort());
  });
  it('every savings-circle REST route is a procedure’s or a file’s of this matrix', () => {
    const njangiPaths = restRoutes(makeTestApp().app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((p) => /\/(circles|contributions|rounds|payouts|swaps|top-ups)(\/|$)/.test(p))
      // Importing a running circle is the imports domain's (its cells are in hardening-authz.test.ts).
      .filter((p) => !/^\S+ \/api\/circles\/:id[^/]*\/imports?(\/|$)/.test(p));
    const known = new Set([
      ...Object.values(REST_OPS)
        .filter((o): o is Op => typeof o !== 'function')
        .map((o) => `${o.rest.method} ${o.rest.path}`),
      'GET /api/circles/:id/report.csv',
      ...Object.values(FILES).map((f) => `GET ${f.path({ id: ':id' })}`),
    ]);
    expect(njangiPaths.filter((p) => !known.has(p.replace(/:id\{[^}]*\}/, ':id')))).toEqual([]);
  });
});

describe('savings circles: every procedure × caller, over tRPC and REST', () => {
  for (const name of Object.keys(OPERATIONS.njangi).sort()) {
    it(`njangi.${name}`, async () => {
      const row = ROWS[name];
      if (!row) throw new Error(`njangi.${name} has no row: state who may call it`);
      const misses: string[] = [];
      for (const caller of CALLERS) {
        const m = await runCell(name, row, caller, 'tRPC');
        if (m) misses.push(m);
        if (REST_OPS[name]) {
          const r = await runCell(name, row, caller, 'REST');
          if (r) misses.push(r);
        }
      }
      expect(misses).toEqual([]);
    });
  }
  for (const [name, row] of Object.entries(FILES)) {
    it(`REST file ${name}`, async () => {
      const misses: string[] = [];
      for (const caller of CALLERS) {
        const m = await runCell(name, row, caller, 'REST', row.path);
        if (m) misses.push(m);
      }
      expect(misses).toEqual([]);
    });
  }
});
