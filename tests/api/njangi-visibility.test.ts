import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityRow, UserRow } from '../../db/schema';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { disputePayout } from '../../src/server/services/njangi/payouts';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { circleSnapshot, NJ, seedCircle, type CircleFixture } from '../setup/njangi';
import { type Op, transportsFor, REST } from '../setup/transport';

/*
 * Who sees what of a circle: everyone in the community sees its rules, members, order and each
 * round's progress; a member sees their own contributions, fines, bids and swaps, never another's;
 * the organiser sees them all. A payment's proof, reference and dispute reason are for the
 * circle's members, its organiser and the community's finance officers. Outside the community a
 * private community's circles do not exist
 * (404 for every id, as for an unknown one) and a public community's are refused (403).
 */

type Who = 'organiser' | 'asked' | 'swapper' | 'outside' | 'treasurer' | 'stranger';
let t: TestApp;
const agents = {} as Record<Who, Agent>;
const users = {} as Record<Who, UserRow>;
let pub: CommunityRow;
let priv: CommunityRow;
let inPub: CircleFixture;
let inPriv: CircleFixture;

beforeAll(async () => {
  t = makeTestApp();
  const mk = (firstName: string) => makeUser(t.db, { firstName });
  Object.assign(users, { organiser: await mk('Ngozi'), asked: await mk('Awa'), swapper: await mk('Sami'), outside: await mk('Olu'), treasurer: await mk('Tess'), stranger: await mk('Stella') });
  const beneficiary = await mk('Bih');
  const acceptor = await mk('Ace');
  pub = makeCommunity(t.db, { creator: users.organiser, name: 'Open Njangi House', isPublic: true });
  priv = makeCommunity(t.db, { creator: users.organiser, name: 'Quiet Njangi House', isPublic: false });
  for (const c of [pub, priv]) {
    for (const u of [users.asked, users.swapper, users.outside, beneficiary, acceptor]) addMember(t.db, { communityId: c.id, user: u });
    // The community's treasurer, in no circle: a finance officer.
    addMember(t.db, { communityId: c.id, user: users.treasurer, role: 'treasurer' });
  }
  const cast = { organiser: users.organiser, beneficiary, asked: users.asked, acceptor, swapper: users.swapper, officer: users.treasurer };
  inPub = seedCircle(t, { community: pub, cast, now: t.clock.now() });
  inPriv = seedCircle(t, { community: priv, cast, now: t.clock.now() });
  // Round 1's beneficiary says it did not arrive.
  disputePayout(t.db, { id: inPub.payout, userId: beneficiary.id, reason: 'Nothing arrived on my phone', now: t.clock.now() });
  for (const who of Object.keys(users) as Who[]) agents[who] = await as(t, users[who]);
});

for (const T of transportsFor(REST)) {
  describe(`${T.name}: what njangi.get shows`, () => {
    it('the organiser sees every contribution, fine, bid and swap', async () => {
      const d = (await T.call(agents.organiser, NJ.get, { id: inPub.active })).data;
      expect(d.viewer.isOrganiser).toBe(true);
      // Round 1: five hands; round 2: the organiser's (confirmed) and the swapper's (waiting).
      expect(d.contributions).toHaveLength(7);
      expect(d.fines).toHaveLength(3);
      expect(d.swaps).toHaveLength(2);
      expect(d.hands.every((h: any) => typeof h.behind === 'boolean')).toBe(true);
      expect(d.rounds[1].beneficiaryBehind).toEqual(expect.any(Boolean));
    });

    it('a member of the circle sees only their own contributions, fines and swaps', async () => {
      const d = (await T.call(agents.asked, NJ.get, { id: inPub.active })).data;
      const mine = d.viewer.handIds;
      expect(mine).toHaveLength(1);
      expect(d.contributions.length).toBeGreaterThan(0);
      expect(d.contributions.every((c: any) => mine.includes(c.handId) && c.userId === users.asked.id)).toBe(true);
      expect(d.fines).toHaveLength(1);
      expect(d.fines[0].userId).toBe(users.asked.id);
      expect(d.swaps.map((s: any) => s.id)).toEqual([inPub.requestedSwap]);
      // Whether a hand is behind is shown for one's own hands only.
      for (const h of d.hands) expect(h.behind === undefined).toBe(!mine.includes(h.id));
      expect(d.rounds.every((r: any) => r.beneficiaryBehind === undefined)).toBe(true);
      expect(d.requests).toEqual([]);
      // Everyone sees the members, the order and each round's count of confirmed contributions.
      expect(d.members).toHaveLength(5);
      expect(d.rounds[0].confirmed).toBe(5);
      const swapper = (await T.call(agents.swapper, NJ.get, { id: inPub.active })).data;
      expect(swapper.contributions.map((c: any) => c.status)).toEqual(['confirmed', 'pending']);
      expect(swapper.fines).toEqual([]);
      expect(swapper.swaps.map((s: any) => s.id).sort()).toEqual([inPub.requestedSwap, inPub.acceptedSwap].sort());
    });

    it('a community member outside the circle sees the circle but nobody’s money', async () => {
      const d = (await T.call(agents.outside, NJ.get, { id: inPub.active })).data;
      expect(d.viewer).toMatchObject({ isOrganiser: false, status: null, handIds: [] });
      expect(d.contributions).toEqual([]);
      expect(d.fines).toEqual([]);
      expect(d.swaps).toEqual([]);
      expect(d.hands.every((h: any) => h.behind === undefined)).toBe(true);
      const auction = (await T.call(agents.outside, NJ.get, { id: inPub.auction })).data;
      expect(auction.bids).toEqual([]);
    });
  });

  describe(`${T.name}: a payment's paperwork`, () => {
    // The late circle's round 1 payout, its top-ups (one recorded with a reference), and a disputed payout.
    const paperwork = (rounds: any[]) => rounds.flatMap((r) => [r.payout, ...r.topUps]).filter(Boolean).map((p: any) => ({ proofUrl: p.proofUrl, reference: p.reference, disputeReason: p.disputeReason }));
    const someSet = (rows: ReturnType<typeof paperwork>) => rows.some((p) => p.reference !== null || p.disputeReason !== null);

    it('a community member outside the circle gets no proof, reference or dispute reason of its payouts and top-ups', async () => {
      const d = (await T.call(agents.outside, NJ.get, { id: inPub.late.id })).data;
      const rows = paperwork(d.rounds);
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.every((p) => p.proofUrl === null && p.reference === null && p.disputeReason === null)).toBe(true);
      // The amounts and states stay visible: they are each round's progress.
      expect(d.rounds[0].payout).toMatchObject({ amount: expect.any(Number), status: 'recorded' });
      expect(d.rounds[0].topUps.map((x: any) => x.status).sort()).toEqual(['owed', 'recorded']);
      const disputed = (await T.call(agents.outside, NJ.get, { id: inPub.active })).data.rounds[0].payout;
      expect(disputed).toMatchObject({ status: 'disputed', disputeReason: null, reference: null, proofUrl: null });
    });

    it('the circle’s members, its organiser and the community’s finance officers get them', async () => {
      for (const who of ['asked', 'organiser', 'treasurer'] as const) {
        const rows = paperwork((await T.call(agents[who], NJ.get, { id: inPub.late.id })).data.rounds);
        expect(someSet(rows), who).toBe(true);
        const disputed = (await T.call(agents[who], NJ.get, { id: inPub.active })).data.rounds[0].payout;
        expect(disputed.disputeReason, who).toBe('Nothing arrived on my phone');
      }
    });
  });

  describe(`${T.name}: outside the community`, () => {
    /** Every kind of id a circle operation takes, with an operation that reads or acts on it. */
    const probes = (f: CircleFixture): [string, Op, Record<string, unknown>][] => [
      ['recruiting circle', NJ.get, { id: f.recruiting }],
      ['full circle', NJ.join, { id: f.full }],
      ['running circle', NJ.get, { id: f.active }],
      ['running circle report', NJ.report, { id: f.active }],
      ['auction circle', NJ.get, { id: f.auction }],
      ['a swap request', NJ.requestSwap, { id: f.active, fromHandId: f.handOf(users.swapper.id), toHandId: f.handOf(users.asked.id) }],
      ['a declaration', NJ.declare, { id: f.active, roundId: f.laterRound, handId: f.handOf(users.asked.id), method: 'cash' }],
      ['a round (payout)', NJ.payout, { id: f.nextRound, method: 'cash' }],
      ['a round (bid)', NJ.bid, { id: f.auctionRound, handId: f.auctionHandOf(users.asked.id), discount: 100 }],
      ['a contribution', NJ.confirm, { id: f.pendingContribution }],
      ['a payout', NJ.receipt, { id: f.payout }],
      ['a swap', NJ.acceptSwap, { id: f.requestedSwap }],
    ];

    it('a private community’s circles answer 404 to an outsider, as an unknown id does; nothing changes', async () => {
      const before = circleSnapshot(t);
      const unknown = await T.call(agents.stranger, NJ.get, { id: 999_999 });
      expect(unknown.status).toBe(404);
      for (const [what, op, input] of probes(inPriv)) {
        const r = await T.call(agents.stranger, op, input);
        expect(r.status, what).toBe(404);
        expect(r.error?.code, what).toBe('NOT_FOUND');
      }
      const circles = await Promise.all([inPriv.recruiting, inPriv.full, inPriv.active, inPriv.auction].map((id) => T.call(agents.stranger, NJ.get, { id })));
      // Status and code as for an unknown id. (The text differs, "Community Not Found" against
      // "Savings circle not found", as for every row reached through the community guard.)
      for (const r of circles) expect({ status: r.status, code: r.error?.code }).toEqual({ status: unknown.status, code: unknown.error?.code });
      expect((await T.call(agents.stranger, NJ.list, { communityId: priv.id })).status).toBe(404);
      expect((await agents.stranger.rest('GET', `/api/circles/${inPriv.active}/report.csv`)).status).toBe(404);
      expect(circleSnapshot(t)).toBe(before);
    });

    it('a public community’s circles answer 403 to someone who is not a member; nothing changes', async () => {
      const before = circleSnapshot(t);
      for (const [what, op, input] of probes(inPub)) expect((await T.call(agents.stranger, op, input)).status, what).toBe(403);
      expect((await T.call(agents.stranger, NJ.list, { communityId: pub.id })).status).toBe(403);
      // An unknown id is still 404.
      expect((await T.call(agents.stranger, NJ.get, { id: 999_999 })).status).toBe(404);
      expect(circleSnapshot(t)).toBe(before);
    });
  });
}

describe('the circles a member sees across communities', () => {
  it('njangi.mine lists the caller’s circles with their next contribution due; none for a stranger', async () => {
    const mine = (await agents.asked.query('njangi.mine')).data as any[];
    const active = mine.find((c) => c.id === inPub.active)!;
    expect(active).toMatchObject({ communityName: 'Open Njangi House', myStatus: 'approved', myHands: 1, nextDue: { number: 2, dueDate: '2026-02-05', amount: 10_000 } });
    expect(mine.map((c) => c.id)).not.toContain(inPub.recruiting);
    expect((await agents.stranger.query('njangi.mine')).data).toEqual([]);
    expect((await agents.swapper.query('njangi.mine')).data.map((c: any) => c.id)).toContain(inPriv.recruiting);
  });

  it('the finance audit chain verifies after everything above', () => {
    expect(verifyAuditChain(t.db)).toBeNull();
  });
});
