import { describe, expect, it } from 'vitest';
import { runCirclesJob } from '../../src/server/jobs/circles';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createLogger } from '../../src/server/logger';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { createCircle } from '../../src/server/services/njangi/circles';
import { circleConservation, conserved, unconservedCircles } from '../../src/server/services/njangi/conservation';
import { makeUser } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { circleCommunity, circleTable, NJ, NJ_TRPC_ONLY, rules } from '../setup/njangi';
import { op, TRANSPORTS } from '../setup/transport';

/*
 * A savings circle already running, brought in from its organiser's spreadsheet: its hands in
 * payout order, the rounds each has paid, the rounds paid out. The preview names each row's
 * problems; the import waits for a finance officer other than the organiser, and confirming
 * starts the circle from its real first due date with its past contributions and payouts, in one
 * transaction, money conserved, with no reminder or fine for the past.
 */

const byCircle = { params: { id: 'circleId' } };
const CI = {
  preview: op('POST', '/api/circles/:id/import/preview', 'imports.previewCircle', 'mutation', byCircle),
  submit: op('POST', '/api/circles/:id/import', 'imports.submitCircle', 'mutation', { ...byCircle, created: true }),
  list: op('GET', '/api/circles/:id/imports', 'imports.circleImports', 'query', byCircle),
  confirm: op('POST', '/api/imports/circle/:id/confirm', 'imports.confirmCircle', 'mutation', { params: { id: 'id' } }),
  reject: op('POST', '/api/imports/circle/:id/reject', 'imports.rejectCircle', 'mutation', { params: { id: 'id' } }),
  withdraw: op('POST', '/api/imports/circle/:id/withdraw', 'imports.withdrawCircle', 'mutation', { params: { id: 'id' } }),
};

type File = { name: string; content: string; encoding: 'text' };
const csv = (rows: string[][], sep = ',', name = 'circle.csv'): File => ({ name, encoding: 'text', content: rows.map((r) => r.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n') });
const count = (t: TestApp, table: string, where = '1 = 1', ...args: unknown[]) => t.db.$client.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get(...args) as number;
const deps = (t: TestApp) => ({ db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send: async () => {} }, throttle: new LoginThrottle(t.clock.now) });
const problemsOf = (r: { data: { rows: { line: number; problems: { key: string }[] }[] } }) =>
  Object.fromEntries(r.data.rows.map((x) => [x.line, x.problems.map((p) => p.key.replace('imports.problems.', ''))]));

/**
 * A community (its creator organises), three members, its treasurer and an admin (the finance
 * officers who may confirm), and a recruiting fixed-order circle of 10,000 XAF a month, at most
 * two hands per member, with a late fine that must never be levied for the imported past.
 * The clock is at 2026-03-02.
 */
async function world(over: Parameters<typeof rules>[0] = {}) {
  const t = makeTestApp();
  const w = await circleCommunity(t, { members: 3, leader: true });
  const now = t.clock.now();
  const circle = createCircle(t.db, { communityId: w.community.id, organiserId: w.organiser.user.id, circle: rules({ hands: 4, maxHandsPerMember: 2, graceDays: 2, fineKind: 'fixed', fineValue: 500, ...over }), now });
  return { t, now, ...w, circleId: circle.id };
}
type World = Awaited<ReturnType<typeof world>>;

/** Round 1 fell on 2025-12-15: by 2026-03-02 three monthly rounds are due; two were paid out. */
const FIRST_DUE_EN = '12/15/2025';
const goodSheet = (w: World) =>
  csv([
    ['Position', 'Member email', 'Rounds paid', 'Received', 'Amount paid'],
    ['1', w.organiser.user.email, '3', 'yes', '30,000'],
    ['2', w.members[0]!.user.email, '3', 'Yes', '30,000'],
    ['3', w.members[1]!.user.email, '2', 'no', '20,000'],
    ['4', w.members[2]!.user.email, '3', '', ''],
  ]);
const goodInput = (w: World) => ({ circleId: w.circleId, language: 'en', firstDueDate: FIRST_DUE_EN, file: goodSheet(w) });

for (const tr of TRANSPORTS) {
  describe(tr.title(CI.submit), () => {
    it('preview, submit, confirmed by a finance officer: hands, rounds, contributions and payouts as the sheet says, money conserved', async () => {
      const w = await world();
      const org = w.organiser.a;
      const preview = await tr.call(org, CI.preview, goodInput(w));
      expect(preview.status).toBe(200);
      expect(preview.data).toMatchObject({ total: 4, withProblems: 0, hands: 4, firstDueDate: '2025-12-15', roundsDue: 3, paidOut: 2, contributions: 11, totalPaid: 110_000, missingPositions: [], currency: 'XAF' });
      expect(count(w.t, 'circle_imports')).toBe(0);

      // The admin reads French: their notice and its email are in French.
      w.t.db.$client.prepare("UPDATE users SET language = 'fr' WHERE id = ?").run(w.leader!.user.id);
      const submitted = await tr.call(org, CI.submit, goodInput(w));
      expect(submitted.status).toBe(tr.okStatus(CI.submit));
      expect(submitted.data).toMatchObject({ status: 'pending', rowCount: 4, contributions: 11, payouts: 2, total: { amount: 110_000, currency: 'XAF' }, firstDueDate: '2025-12-15' });
      // Nothing written to the circle yet.
      expect(count(w.t, 'circle_hands', 'circle_id = ?', w.circleId)).toBe(0);
      // The finance officers other than the organiser are told, once, and it waits in their "Needs you".
      const told = (u: { id: string }) => count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND user_id = ?", u.id);
      expect([told(w.officer.user), told(w.leader!.user), told(w.organiser.user), told(w.members[0]!.user)]).toEqual([1, 1, 0, 0]);
      // Each is emailed once too (written in their own language when sent); nobody else is.
      const mailed = w.t.db.$client.prepare("SELECT user_id FROM mail_outbox WHERE template = 'notice'").pluck().all() as string[];
      expect(mailed.sort()).toEqual([w.officer.user.id, w.leader!.user.id].sort());
      const french = await w.leader!.a.rest('GET', `/trpc/notifications.list?input=${encodeURIComponent('{}')}`, undefined, { 'accept-language': 'fr' });
      expect(french.body.result.data.items[0]).toMatchObject({ title: 'Une tontine en cours à confirmer', message: expect.stringContaining('Market Women Njangi, déjà en cours, depuis un tableur (4 mains)') });
      const waiting = (a: typeof org) => a.query('needs.list', {}).then((r) => r.data.items.filter((i: { kind: string }) => i.kind === 'circleImport'));
      expect(await waiting(w.officer.a)).toEqual([
        expect.objectContaining({ key: `circleImport:${submitted.data.id}`, who: `${w.organiser.user.firstName} ${w.organiser.user.lastName}`, subject: 'Market Women Njangi', details: { rows: 4 }, link: `/njangi/${w.circleId}` }),
      ]);
      expect(await waiting(org)).toEqual([]);

      // A second copy cannot wait beside it.
      const again = await tr.call(org, CI.submit, goodInput(w));
      expect(again.status).toBe(409);
      expectError(again, 'CONFLICT', 'imports.errors.circlePending');

      // The organiser (its author) never confirms it, even as a finance officer of the community.
      const own = await tr.call(org, CI.confirm, { id: submitted.data.id });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', 'imports.errors.ownCircleImport');

      // The officer reads the rows by name (never the members' addresses); a plain member sees nothing.
      const listed = await tr.call(w.officer.a, CI.list, { circleId: w.circleId });
      expect(listed.data.imports[0].rows[1]).toEqual({ line: 3, position: 2, member: `${w.members[0]!.user.firstName} ${w.members[0]!.user.lastName}`, roundsPaid: 3, received: true });
      expect(JSON.stringify(listed.data)).not.toContain(w.members[0]!.user.email);
      expect((await tr.call(w.members[0]!.a, CI.list, { circleId: w.circleId })).data).toEqual({ imports: [] });

      w.t.clock.set(w.now + 60_000);
      const confirmed = await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data).toMatchObject({ status: 'confirmed', hands: 4, contributions: 11, payouts: 2, total: { amount: 110_000, currency: 'XAF' }, paidOut: { amount: 80_000, currency: 'XAF' } });

      const circle = w.t.db.$client.prepare('SELECT status, hands, start_date AS startDate FROM circles WHERE id = ?').get(w.circleId);
      expect(circle).toEqual({ status: 'active', hands: 4, startDate: '2025-12-15' });
      const hands = circleTable(w.t, 'circle_hands', w.circleId).map((h) => [h.position, h.user_id, h.received]);
      expect(hands).toEqual([
        [1, w.organiser.user.id, 1],
        [2, w.members[0]!.user.id, 1],
        [3, w.members[1]!.user.id, 0],
        [4, w.members[2]!.user.id, 0],
      ]);
      const rounds = circleTable(w.t, 'circle_rounds', w.circleId).map((r) => [r.number, r.due_date, r.status]);
      expect(rounds).toEqual([
        [1, '2025-12-15', 'paid'],
        [2, '2026-01-15', 'paid'],
        [3, '2026-02-15', 'open'],
        [4, '2026-03-15', 'open'],
      ]);
      const contributions = circleTable(w.t, 'circle_contributions', w.circleId);
      expect(contributions).toHaveLength(11);
      expect(new Set(contributions.map((c) => JSON.stringify([c.status, c.method, c.reference, c.amount, c.receipt_no, c.recorded_by, c.decided_by])))).toEqual(
        new Set([JSON.stringify(['confirmed', 'other', 'imported', 10_000, null, w.organiser.user.id, w.officer.user.id])]),
      );
      const payouts = circleTable(w.t, 'circle_payouts', w.circleId).map((p) => [p.beneficiary_id, p.collected, p.shortfall, p.fee, p.amount, p.status, p.reference, p.receipt_no]);
      expect(payouts).toEqual([
        [w.organiser.user.id, 40_000, 0, 0, 40_000, 'confirmed', 'imported', null],
        [w.members[0]!.user.id, 40_000, 0, 0, 40_000, 'confirmed', 'imported', null],
      ]);
      // Money in = payouts + the confirmed contributions of the round not paid out yet (3 × 10,000).
      const money = circleConservation(w.t.db, w.circleId);
      expect(money).toMatchObject({ contributions: 110_000, payouts: 80_000, openRounds: 30_000 });
      expect(conserved(money)).toBe(true);
      expect(unconservedCircles(w.t.db)).toEqual([]);
      expect(verifyAuditChain(w.t.db)).toBeNull();
      // The report reads the same records: paid in = paid out + held, each member's paid in their rounds × contribution.
      const report = await tr.call(org, NJ.report, { id: w.circleId });
      expect(report.data.totals).toMatchObject({ collected: 110_000, paidOut: 80_000, held: 30_000, shortfall: 0, fees: 0 });
      expect(report.data.members.map((m: { userId: string; paidIn: number }) => [m.userId, m.paidIn])).toEqual(
        expect.arrayContaining([[w.members[1]!.user.id, 20_000], [w.organiser.user.id, 30_000]]),
      );
      expect(count(w.t, 'finance_audit', "action IN ('circle.import.submitted', 'circle.import.confirmed', 'circle.started')")).toBe(3);
      expect(count(w.t, 'finance_audit', "action = 'circle.contribution.imported'")).toBe(11);

      // Handled for every officer; the organiser told the outcome; the members told the circle runs.
      expect(await waiting(w.leader!.a)).toEqual([]);
      expect(count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND handled_at IS NULL")).toBe(0);
      expect(count(w.t, 'notifications', "title = 'notifications.circleImportConfirmed.title' AND user_id = ?", w.organiser.user.id)).toBe(1);
      expect(count(w.t, 'notifications', "title = 'notifications.circleStarted.title' AND user_id = ?", w.members[2]!.user.id)).toBe(1);
    });

    it('bad rows in English: each named with its line, and nothing submitted', async () => {
      const w = await world();
      const outsider = await makeUser(w.t.db, { email: 'not.here@example.org' });
      const file = csv([
        ['Position', 'Member email', 'Rounds paid', 'Received', 'Amount paid'],
        ['1', w.organiser.user.email, '3', 'yes', '1,500'],
        ['2', outsider.email, '1', 'no', ''],
        ['2', w.members[0]!.user.email, '4', 'no', ''],
        ['x', w.members[0]!.user.email, '2,5', 'maybe', ''],
        ['5', w.members[0]!.user.email, '1', 'no', '1,500.50'],
        ['6', w.members[1]!.user.email, '0', 'yes', '0'],
      ]);
      const input = { circleId: w.circleId, language: 'en', firstDueDate: '2025-12-15', file };
      const preview = await tr.call(w.organiser.a, CI.preview, input);
      expect(preview.status).toBe(200);
      expect(problemsOf(preview)).toEqual({
        2: ['circle.amountMismatch'],
        3: ['circle.unknownMember'],
        4: ['circle.duplicatePosition', 'circle.paidBeyondDue'],
        5: ['badPosition', 'badRoundsPaid', 'badReceived'],
        // XAF has no minor unit: "1,500.50" is no amount of it.
        6: ['badAmount', 'circle.tooManyHands'],
        7: ['circle.receivedOutOfOrder'],
      });
      expect(preview.data).toMatchObject({ hands: 6, roundsDue: 3, missingPositions: [3, 4] });
      // "1,500" read as 1,500 XAF, then found not to be three rounds of 10,000.
      expect(preview.data.rows[0].problems[0].params).toEqual({ rounds: 3, expected: 30_000, currency: 'XAF' });
      const refused = await tr.call(w.organiser.a, CI.submit, input);
      expect(refused.status).toBe(400);
      expectError(refused, 'BAD_REQUEST', 'imports.errors.rowsWithProblems', { count: 6 });
      expect(count(w.t, 'circle_imports')).toBe(0);
    });

    it('refuses members who do not organise it, outsiders and anonymous callers; a plain member never confirms', async () => {
      const w = await world();
      const member = w.members[0]!.a;
      const denied = await tr.call(member, CI.preview, goodInput(w));
      expect(denied.status).toBe(403);
      expectError(denied, 'FORBIDDEN', 'errors.njangi.organiserOnly');
      expect((await tr.call(member, CI.submit, goodInput(w))).status).toBe(403);
      const outsider = await as(w.t, await makeUser(w.t.db));
      expect((await tr.call(outsider, CI.submit, goodInput(w))).status).toBe(403);
      expect((await tr.call(agent(w.t), CI.submit, goodInput(w))).status).toBe(401);
      const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
      const memberConfirms = await tr.call(member, CI.confirm, { id: submitted.data.id });
      expect(memberConfirms.status).toBe(403);
      expectError(memberConfirms, 'FORBIDDEN', 'errors.denied.finances');
      expect((await tr.call(outsider, CI.confirm, { id: submitted.data.id })).status).toBe(403);
      expect((await tr.call(w.officer.a, CI.confirm, { id: 999_999 })).status).toBe(404);
      expect(count(w.t, 'circle_hands')).toBe(0);
    });

    it('rejected with a reason: nothing written, the organiser told, and it cannot be confirmed afterwards', async () => {
      const w = await world();
      const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
      const rejected = await tr.call(w.leader!.a, CI.reject, { id: submitted.data.id, reason: 'Awa paid three rounds' });
      expect(rejected.status).toBe(200);
      expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'Awa paid three rounds' });
      expect((await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id })).status).toBe(409);
      expect(w.t.db.$client.prepare('SELECT status FROM circles WHERE id = ?').pluck().get(w.circleId)).toBe('recruiting');
      expect(count(w.t, 'circle_contributions')).toBe(0);
      expect(count(w.t, 'notifications', "title = 'notifications.circleImportRejected.title' AND user_id = ?", w.organiser.user.id)).toBe(1);
      expect(count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND handled_at IS NULL")).toBe(0);
      expect(count(w.t, 'finance_audit', "action = 'circle.import.rejected'")).toBe(1);
    });

    it('a circle cancelled while its sheet waits: the sheet is closed with the reason and leaves the officers’ lists', async () => {
      const w = await world();
      const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
      // Started the usual way meanwhile: refused, one way at a time.
      expectError(await tr.call(w.organiser.a, NJ.start, { id: w.circleId }), 'CONFLICT', 'errors.njangi.importWaiting');
      expect(count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND handled_at IS NULL")).toBeGreaterThan(0);
      // Cancelling is a tRPC procedure only.
      expect((await w.organiser.a.mutate(NJ_TRPC_ONLY.cancel, { id: w.circleId, reason: 'We start afresh in June' })).status).toBe(200);
      const [listed] = (await tr.call(w.officer.a, CI.list, { circleId: w.circleId })).data.imports;
      expect(listed).toMatchObject({ id: submitted.data.id, status: 'rejected', reason: 'We start afresh in June' });
      expect(count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND handled_at IS NULL")).toBe(0);
      expect(count(w.t, 'finance_audit', "action = 'circle.import.withdrawn'")).toBe(1);
      expectError(await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id }), 'CONFLICT', 'imports.errors.decided');
      expect(verifyAuditChain(w.t.db)).toBeNull();
    });

    it('withdrawn by its author alone, who may then submit a corrected sheet', async () => {
      const w = await world();
      const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
      const other = await tr.call(w.members[0]!.a, CI.withdraw, { id: submitted.data.id, reason: 'Not mine' });
      expect(other.status).toBe(403);
      expectError(other, 'FORBIDDEN', 'imports.errors.notYourImport');
      const withdrawn = await tr.call(w.organiser.a, CI.withdraw, { id: submitted.data.id, reason: 'Wrong positions' });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.data).toMatchObject({ status: 'rejected', reason: 'Wrong positions' });
      expect(count(w.t, 'notifications', "title = 'notifications.circleImport.title' AND handled_at IS NULL")).toBe(0);
      expect(count(w.t, 'finance_audit', "action = 'circle.import.withdrawn'")).toBe(1);
      expect((await tr.call(w.organiser.a, CI.submit, goodInput(w))).status).toBe(tr.okStatus(CI.submit));
    });
  });
}

describe('tRPC: imports.previewCircle with French files and malformed ones', () => {
  const [tr] = TRANSPORTS;
  it('reads French headers, semicolons, oui/non, day-first dates, and amounts written "1 501,50" or "1,501.50"', async () => {
    // A euro circle of 500.50 a month: three rounds are 1,501.50.
    const w = await world({ currency: 'EUR', contribution: 50_050 });
    const file = csv(
      [
        ['Position', 'E-mail du membre', 'Tours payés', 'A reçu', 'Montant versé'],
        ['1', w.organiser.user.email, '3', 'oui', '1 501,50'],
        ['2', w.members[0]!.user.email, '3', 'Oui', '1,501.50'],
        ['3', w.members[1]!.user.email, '2', 'non', '1 001,00'],
        ['4', w.members[2]!.user.email, '3', 'non', '1 500,50'],
      ],
      ';',
      'tontine.csv',
    );
    const r = await tr.call(w.organiser.a, CI.preview, { circleId: w.circleId, language: 'fr', firstDueDate: '15/12/2025', file });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ firstDueDate: '2025-12-15', roundsDue: 3, paidOut: 2 });
    expect(problemsOf(r)).toEqual({ 2: [], 3: [], 4: [], 5: ['circle.amountMismatch'] });
    expect(r.data.rows[3].problems[0].params).toEqual({ rounds: 3, expected: 150_150, currency: 'EUR' });
  });

  it('wrong columns, more than 5,000 rows, a first due date that is not one (in either language) or is still to come', async () => {
    const w = await world();
    const call = (input: Record<string, unknown>) => tr.call(w.organiser.a, CI.preview, { ...goodInput(w), ...input });
    const wrong = await call({ file: csv([['Name', 'Amount'], ['Ann', '1']]) });
    expect(wrong.status).toBe(400);
    expectError(wrong, 'BAD_REQUEST', 'imports.errors.missingColumns', { columns: 'Position, Member email, Rounds paid', found: 'Name, Amount' });
    // The members' sheet is not a circle's: its email column is known, the rest missing.
    const members = await call({ file: csv([['Name', 'Email', 'Phone'], ['Ann', w.organiser.user.email, '']]) });
    expectError(members, 'BAD_REQUEST', 'imports.errors.missingColumns', { columns: 'Position, Rounds paid', found: 'Name, Email, Phone' });
    const many = csv([['Position', 'Member email', 'Rounds paid'], ...Array.from({ length: 5001 }, (_, i) => [String(i + 1), `p${i}@e.org`, '0'])]);
    expectError(await call({ file: many }), 'BAD_REQUEST', 'imports.errors.tooManyRows', { max: 5000 });
    // Day first in a French file, month first in an English one: 15/12/2025 is no English date, 12/15/2025 no French one.
    expectError(await call({ firstDueDate: '15/12/2025' }), 'BAD_REQUEST', 'imports.errors.badFirstDue', { value: '15/12/2025', format: 'MM/DD/YYYY' });
    expectError(await call({ language: 'fr', firstDueDate: '12/15/2025' }), 'BAD_REQUEST', 'imports.errors.badFirstDue', { value: '12/15/2025', format: 'JJ/MM/AAAA' });
    expectError(await call({ firstDueDate: '02/30/2026' }), 'BAD_REQUEST', 'imports.errors.badFirstDue', { value: '02/30/2026', format: 'MM/DD/YYYY' });
    expectError(await call({ firstDueDate: '2026-04-01' }), 'BAD_REQUEST', 'imports.errors.firstDueFuture', { value: '2026-04-01' });
    const one = await call({ file: csv([['Position', 'Member email', 'Rounds paid'], ['1', w.organiser.user.email, '0']]) });
    expectError(one, 'BAD_REQUEST', 'imports.errors.circleSize', { count: 1, min: 2, max: 60 });
  });

  it('only a recruiting circle with a fixed order', async () => {
    const random = await world({ payoutMethod: 'random' });
    expectError(await tr.call(random.organiser.a, CI.preview, goodInput(random)), 'CONFLICT', 'imports.errors.circleNotFixed');
    const w = await world();
    await tr.call(w.organiser.a, CI.submit, goodInput(w));
    const id = w.t.db.$client.prepare('SELECT id FROM circle_imports').pluck().get() as number;
    await tr.call(w.officer.a, CI.confirm, { id });
    expectError(await tr.call(w.organiser.a, CI.preview, goodInput(w)), 'CONFLICT', 'imports.errors.circleNotRecruiting');
  });
});

describe('tRPC: imports.confirmCircle, twice at once and against a circle that changed', () => {
  const [tr] = TRANSPORTS;
  it('two finance officers confirming at once: one writes, the other is told it was decided', async () => {
    const w = await world();
    const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
    const [a, b] = await Promise.all([tr.call(w.officer.a, CI.confirm, { id: submitted.data.id }), tr.call(w.leader!.a, CI.confirm, { id: submitted.data.id })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(count(w.t, 'circle_contributions')).toBe(11);
    expect(count(w.t, 'circle_payouts')).toBe(2);
    expect(count(w.t, 'circle_hands')).toBe(4);
  });

  it('a circle whose every round is past and paid out arrives completed, a round paid short recorded as its shortfall', async () => {
    const w = await world();
    const file = csv([
      ['Position', 'Member email', 'Rounds paid', 'Received'],
      ['1', w.organiser.user.email, '4', 'yes'],
      ['2', w.members[0]!.user.email, '4', 'yes'],
      ['3', w.members[1]!.user.email, '3', 'yes'],
      ['4', w.members[2]!.user.email, '4', 'yes'],
    ]);
    const submitted = await tr.call(w.organiser.a, CI.submit, { circleId: w.circleId, language: 'en', firstDueDate: '10/15/2025', file });
    expect(submitted.data).toMatchObject({ contributions: 15, payouts: 4 });
    expect((await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id })).status).toBe(200);
    expect(w.t.db.$client.prepare('SELECT status FROM circles WHERE id = ?').pluck().get(w.circleId)).toBe('completed');
    expect(circleTable(w.t, 'circle_payouts', w.circleId).map((p) => [p.collected, p.shortfall, p.amount])).toEqual([
      [40_000, 0, 40_000],
      [40_000, 0, 40_000],
      [40_000, 0, 40_000],
      [30_000, 10_000, 30_000],
    ]);
    const money = circleConservation(w.t.db, w.circleId);
    expect(money).toMatchObject({ contributions: 150_000, payouts: 150_000, openRounds: 0 });
    expect(conserved(money)).toBe(true);
  });

  it('a member who left the community since: the confirmation is refused whole (409) and the import still waits', async () => {
    const w = await world();
    const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
    w.t.db.$client.prepare('DELETE FROM memberships WHERE community_id = ? AND user_id = ?').run(w.community.id, w.members[2]!.user.id);
    const refused = await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id });
    expect(refused.status).toBe(409);
    expectError(refused, 'CONFLICT', 'imports.errors.circleChanged');
    expect(w.t.db.$client.prepare('SELECT status FROM circle_imports').pluck().get()).toBe('pending');
    expect(count(w.t, 'circle_hands')).toBe(0);
  });

  it('the circle job then sends no reminder and levies no fine for the imported past; the next round is reminded as usual', async () => {
    const w = await world();
    const submitted = await tr.call(w.organiser.a, CI.submit, goodInput(w));
    await tr.call(w.officer.a, CI.confirm, { id: submitted.data.id });
    const before = count(w.t, 'notifications');
    const ran = runCirclesJob(deps(w.t));
    expect(ran.fines).toBe(0);
    expect(count(w.t, 'circle_fines')).toBe(0);
    const sent = w.t.db.$client.prepare('SELECT title FROM notifications ORDER BY id').pluck().all().slice(before) as string[];
    // Round 3 (open, position 3) is next to be paid out: its beneficiary hears so; nobody hears "overdue" or "due soon" of the past.
    expect(sent).toEqual(['notifications.circlePayoutNext.title']);
    // Round 4 (due 2026-03-15) is the circle's own: its fine falls due as for any circle once its grace days pass.
    w.t.clock.set(Date.parse('2026-03-18T12:00:00Z'));
    expect(runCirclesJob(deps(w.t)).fines).toBe(4);
    expect(w.t.db.$client.prepare('SELECT DISTINCT r.number FROM circle_fines f JOIN circle_rounds r ON r.id = f.round_id').pluck().all()).toEqual([4]);
  });
});

describe('REST: GET /api/imports/templates/circle/:language.:format', () => {
  it('serves the running circle’s template in each language, as CSV and as a workbook the preview reads back', async () => {
    const w = await world();
    const [tr] = TRANSPORTS;
    const preview = (file: { name: string; content: string; encoding: 'text' | 'base64' }, language: 'en' | 'fr') =>
      tr.call(w.organiser.a, CI.preview, { circleId: w.circleId, language, firstDueDate: '2025-12-15', file });
    const fr = await w.t.app.request('/api/imports/templates/circle/fr.csv');
    expect(fr.status).toBe(200);
    expect(fr.headers.get('content-disposition')).toContain('harambee-tontine-en-cours-fr.csv');
    const xlsx = await w.t.app.request('/api/imports/templates/circle/en.xlsx');
    expect(xlsx.headers.get('content-disposition')).toContain('harambee-running-circle-en.xlsx');
    // The examples' addresses are nobody's here: that is their only problem; "30 000" and "30,000" are three rounds of 10,000.
    for (const r of [
      await preview({ name: 'tontine.csv', content: await fr.text(), encoding: 'text' }, 'fr'),
      await preview({ name: 'circle.xlsx', content: Buffer.from(await xlsx.arrayBuffer()).toString('base64'), encoding: 'base64' }, 'en'),
    ]) {
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ total: 4, hands: 4, paidOut: 2, missingPositions: [] });
      expect(new Set(Object.values(problemsOf(r)).flat())).toEqual(new Set(['circle.unknownMember']));
    }
  });
});
