import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { financeWorld } from '../setup/finances';
import { buildCircle, circleCommunity, payCash } from '../setup/njangi';
import { makeTestApp, type Agent, type CallResult } from '../setup/app';
import { expectError, textOf } from '../setup/errors';
import { finesAt, meetingWorld } from '../setup/meetings';
import { checkInCode } from '../../src/server/domains/meetings/codes';
import { SYNC_OPERATIONS } from '../../src/server/domains/sync/allowlist';
import { OPERATIONS_BY_PATH } from '../../src/server/operations';

/*
 * The offline sync (sync.apply, POST /api/sync): a phone's records, each applied once whatever
 * number of times it arrives, refusals remembered with their reason, and each record held to the
 * guard of the operation it names.
 */

type Outcome = { key: string; outcome: 'applied' | 'refused'; result?: any; error?: { code: string; message: string } };

/** The batch through tRPC or REST; the answer's results either way. */
async function send(a: Agent, records: unknown[], via: 'trpc' | 'rest' = 'trpc', language = 'en'): Promise<Outcome[]> {
  if (via === 'rest') {
    const r: CallResult = await a.rest('POST', '/api/sync', { records }, { 'accept-language': language });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results;
  }
  const r = await a.mutate('sync.apply', { records }, { 'accept-language': language });
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return r.data.results;
}

async function books() {
  const w = await financeWorld();
  const tr = await as(w.t, w.treasurer);
  const cash = (key: string, amount: number) => ({
    key,
    op: 'finances.recordPayment',
    input: { communityId: w.community.id, memberId: w.member.id, accountId: w.books.account, amount, currency: 'XAF', purpose: 'dues', method: 'cash' },
  });
  const recorded = () => w.t.db.$client.prepare("SELECT amount FROM payments WHERE community_id = ? AND recorded_by = ? ORDER BY id").pluck().all(w.community.id, w.treasurer.id) as number[];
  const audited = () => w.t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE community_id = ? AND action LIKE 'payment.recorded%'").pluck().get(w.community.id) as number;
  return { ...w, tr, cash, recorded, audited };
}

describe('sync.apply', () => {
  it('the same batch sent three times (tRPC, REST, tRPC) records each once and answers the first result each time', async () => {
    const w = await books();
    const batch = [w.cash('k-1', 1000), w.cash('k-2', 2000), w.cash('k-3', 3000)];
    const first = await send(w.tr, batch);
    expect(first.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(first.map((r) => r.key)).toEqual(['k-1', 'k-2', 'k-3']);
    expect(first[0]!.result).toMatchObject({ status: 'pending', amount: 1000, recordedBy: w.treasurer.id });
    const second = await send(w.tr, batch, 'rest');
    const third = await send(w.tr, batch);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(w.recorded()).toEqual([1000, 2000, 3000]);
    // Audited as the operation itself does, once per record.
    expect(w.audited()).toBe(3);
  });

  it('a batch interrupted half-way (its first half applied) resumes when the whole batch is sent again', async () => {
    const w = await books();
    const batch = [1, 2, 3, 4, 5, 6].map((n) => w.cash(`half-${n}`, n * 100));
    const firstHalf = await send(w.tr, batch.slice(0, 3));
    const all = await send(w.tr, batch);
    expect(all.slice(0, 3)).toEqual(firstHalf);
    expect(all.every((r) => r.outcome === 'applied')).toBe(true);
    expect(w.recorded()).toEqual([100, 200, 300, 400, 500, 600]);
  });

  it('two batches racing with the same keys apply each record once', async () => {
    const w = await books();
    const batch = [w.cash('race-1', 700), w.cash('race-2', 800)];
    const other = await as(w.t, w.treasurer);
    const [a, b] = await Promise.all([send(w.tr, batch), send(other, batch, 'rest')]);
    expect(a).toEqual(b);
    expect(w.recorded()).toEqual([700, 800]);
  });

  it('a refused record carries its code and the reason in the caller’s language, is remembered, and the others still apply', async () => {
    const w = await books();
    // Wrong currency: the books are in XAF; the refusal is the operation's own.
    const wrong = { ...w.cash('bad-1', 500), input: { ...w.cash('bad-1', 500).input, currency: 'USD' } };
    const out = await send(w.tr, [w.cash('ok-1', 400), wrong, w.cash('ok-2', 600)], 'trpc', 'fr');
    expect(out.map((r) => r.outcome)).toEqual(['applied', 'refused', 'applied']);
    const code = out[1]!.error!.code;
    expect(code).toMatch(/^errors\.finances\./);
    expect(out[1]!.error!.message).toBe(textOf(code as never, { currency: 'XAF' }, 'fr'));
    // Sent again (even fixed), the key answers its first answer: a refused record never lands later behind the phone's back.
    const again = await send(w.tr, [{ ...wrong, input: w.cash('bad-1', 500).input }]);
    expect(again[0]).toMatchObject({ outcome: 'refused', error: { code, message: textOf(code as never, { currency: 'XAF' }) } });
    expect(w.recorded()).toEqual([400, 600]);
  });

  it('a circle’s contribution already paid by someone else is refused with its reason; a key reused for another kind of record is refused', async () => {
    const t = makeTestApp();
    const { organiser, community, members, officer } = await circleCommunity(t, { members: 2 });
    const circle = buildCircle(t, { community, organiser: organiser.user, members: members.map((m) => m.user) });
    const hand = circle.handsOf[members[0]!.user.id]![0]!;
    const record = { key: 'njangi-1', op: 'njangi.recordContribution', input: { id: circle.id, roundId: circle.rounds[0], handId: hand, method: 'cash' } };
    // Meanwhile, online, the organiser's cash for that hand was already recorded.
    payCash(t, { circleId: circle.id, roundId: circle.rounds[0]!, handId: hand, organiserId: organiser.user.id, officerId: officer.user.id, now: t.clock.now() });
    const [refused] = await send(organiser.a, [record]);
    expect(refused!.outcome).toBe('refused');
    expect(refused!.error!.code).toMatch(/^errors\.njangi\./);
    const count = t.db.$client.prepare('SELECT count(*) FROM circle_contributions WHERE hand_id = ?').pluck().get(hand);
    expect(count).toBe(1);

    const [reused] = await send(organiser.a, [{ ...record, op: 'finances.recordPayment' }]);
    expect(reused).toMatchObject({ outcome: 'refused', error: { code: 'errors.sync.keyReused', message: textOf('errors.sync.keyReused') } });
    // The same key is each account's own: another phone's record with that key is its own record.
    const [other] = await send(officer.a, [{ key: 'njangi-1', op: 'sync.apply', input: {} }]);
    expect(other).toMatchObject({ outcome: 'refused', error: { code: 'errors.sync.notAllowed' } });
  });

  it('refuses operations outside the allowlist (confirming money never comes from an offline phone) without running them', async () => {
    const w = await books();
    const out = await send(w.tr, [{ key: 'c-1', op: 'finances.confirmPayment', input: { id: w.books.payment, accountId: w.books.account } }, { key: 'c-2', op: 'no.such', input: {} }]);
    expect(out.map((r) => r.error?.code)).toEqual(['errors.sync.notAllowed', 'errors.sync.notAllowed']);
    const status = w.t.db.$client.prepare('SELECT status FROM payments WHERE id = ?').pluck().get(w.books.payment);
    expect(status).toBe('pending');
  });

  it('holds each record to its operation’s guard: a plain member recording cash is refused (finances.record)', async () => {
    const w = await books();
    const member = await as(w.t, w.member);
    const [out] = await send(member, [w.cash('m-1', 900)]);
    expect(out).toMatchObject({ outcome: 'refused', error: { code: 'errors.denied.finances' } });
    expect(w.recorded()).toEqual([]);
  });

  it('refuses a signed-out caller, an empty or oversized batch and a bad key, on both transports', async () => {
    const w = await books();
    const anon = new (w.tr.constructor as new (t: unknown) => Agent)(w.t);
    expectError(await anon.mutate('sync.apply', { records: [w.cash('x', 1)] }), 'UNAUTHORIZED', 'errors.authRequired');
    expectError(await anon.rest('POST', '/api/sync', { records: [w.cash('x', 1)] }), 401, 'errors.authRequired');
    expectError(await w.tr.mutate('sync.apply', { records: [] }), 'BAD_REQUEST', 'validation.sync.records');
    const many = Array.from({ length: 501 }, (_, i) => w.cash(`m${i}`, 1));
    expectError(await w.tr.rest('POST', '/api/sync', { records: many }), 400, 'validation.sync.records');
    expectError(await w.tr.mutate('sync.apply', { records: [{ ...w.cash('x', 1), key: 'has space' }] }), 'BAD_REQUEST', 'validation.sync.key');
    expect(w.recorded()).toEqual([]);
  });

  it('the prune job removes answers older than 30 days', async () => {
    const w = await books();
    await send(w.tr, [w.cash('old', 100)]);
    w.t.clock.advance(31 * 86_400_000);
    await send(await as(w.t, w.treasurer), [w.cash('new', 100)]);
    const { pruneSyncRecords } = await import('../../src/server/domains/sync/prune');
    expect(pruneSyncRecords({ db: w.t.db, now: w.t.clock.now })).toEqual({ syncRecordsPruned: 1 });
    expect(w.t.db.$client.prepare('SELECT key FROM sync_records').pluck().all()).toEqual(['new']);
  });

  it('a meeting day sent twice: each mark, check-in and cash record once, each fine posted once; a mark sent after the meeting was cancelled is refused with that reason', async () => {
    const w = await meetingWorld();
    const sec = await as(w.t, w.admin);
    const account = w.t.db.$client.prepare('SELECT id FROM finance_accounts WHERE community_id = ?').pluck().get(w.community.id) as number;
    const mark = (key: string, userId: string, status: string) => ({ key, op: 'meetings.markAttendance', input: { meetingId: w.meeting.id, userId, status } });
    const day = [
      mark('d-1', w.musa.id, 'present'),
      mark('d-2', w.kofi.id, 'late'),
      mark('d-3', w.ada.id, 'absent'),
      // Ada arrives after all and shows her code: the correction cancels her unpaid absence fine.
      { key: 'd-4', op: 'meetings.checkIn', input: { meetingId: w.meeting.id, code: checkInCode(w.community.id, w.ada.id).toLowerCase() } },
      { key: 'd-5', op: 'finances.recordPayment', input: { communityId: w.community.id, memberId: w.musa.id, accountId: account, amount: 2000, currency: 'XAF', purpose: 'dues', method: 'cash' } },
    ];
    const first = await send(sec, day);
    expect(first.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(await send(sec, day, 'rest')).toEqual(first);
    const marks = w.t.db.$client.prepare('SELECT user_id AS userId, status FROM meeting_attendance WHERE meeting_id = ? ORDER BY user_id').all(w.meeting.id);
    expect(marks).toEqual(
      [
        { userId: w.musa.id, status: 'present' },
        { userId: w.kofi.id, status: 'late' },
        { userId: w.ada.id, status: first[3]!.result.status },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(['present', 'late']).toContain(first[3]!.result.status);
    const fines = finesAt(w.t, w.meeting.id);
    expect(fines.filter((f) => f.memberId === w.kofi.id)).toHaveLength(1);
    expect(fines.filter((f) => f.memberId === w.ada.id && f.reason === 'absent').map((f) => f.status)).toEqual(['cancelled']);
    expect(w.t.db.$client.prepare("SELECT count(*) FROM payments WHERE community_id = ? AND member_id = ? AND amount = 2000").pluck().get(w.community.id, w.musa.id)).toBe(1);

    w.t.db.$client.prepare("UPDATE events SET status = 'cancelled' WHERE id = ?").run(w.meeting.eventId);
    const [late] = await send(sec, [mark('d-6', w.kofi.id, 'present')], 'trpc', 'fr');
    expect(late).toMatchObject({ outcome: 'refused', error: { code: 'errors.meetings.cancelled', message: textOf('errors.meetings.cancelled', undefined, 'fr') } });
    expect(w.t.db.$client.prepare('SELECT status FROM meeting_attendance WHERE meeting_id = ? AND user_id = ?').pluck().get(w.meeting.id, w.kofi.id)).toBe('late');
  });

  it('a plain member (no meetings.record) sending attendance is refused inside the answer, and nothing is marked', async () => {
    const w = await meetingWorld();
    const ada = await as(w.t, w.ada);
    const [out] = await send(ada, [{ key: 'm-1', op: 'meetings.markAttendance', input: { meetingId: w.meeting.id, userId: w.ada.id, status: 'present' } }]);
    expect(out).toMatchObject({ outcome: 'refused', error: { code: 'errors.denied.meetingsRecord', message: textOf('errors.denied.meetingsRecord') } });
    expect(w.t.db.$client.prepare('SELECT count(*) FROM meeting_attendance').pluck().get()).toBe(0);
  });

  it('allows only existing writes that answer what they wrote (no grouped write’s later answer)', () => {
    for (const path of SYNC_OPERATIONS) {
      const op = OPERATIONS_BY_PATH.get(path);
      expect(op?.type, path).toBe('mutation');
      expect(op?.grouped?.after, path).toBeUndefined();
    }
  });
});
