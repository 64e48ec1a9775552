import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { groupConservation, groupProblems } from '../../src/server/domains/savings/conservation';
import { confirmEntry, declare, recordMeeting, reverseEntry } from '../../src/server/domains/savings/entries';
import { approveLoan, confirmLoanReceipt, disburseLoan, requestLoan } from '../../src/server/domains/savings/loans';
import { confirmShareOut, proposeShareOut } from '../../src/server/domains/savings/share-out';
import { moneyText } from '../../src/server/services/needs/sql';
import type { Agent } from '../setup/app';
import { as } from '../setup/communities';
import { expectError, textOf } from '../setup/errors';
import { N, noticesOf, whoHas } from '../setup/needs';
import { pdfText } from '../setup/pdf';
import { fundsOf, savedShares, savingsWorld, SG, type SavingsWorld } from '../setup/savings';
import { TRANSPORTS, type Transport } from '../setup/transport';

/*
 * Closing a cycle with its share-out, over both transports: an officer proposes it (every live
 * loan repaid or carried, nothing waiting), a second officer confirms it, and each member with
 * shares receives floor(shares × fund ÷ total shares) as a `share_out` entry while the rounding's
 * remainder stays in the loan fund; the cycle closes and the next one opens with shares from zero
 * while the carried loan goes on. Four eyes, racing confirmations, a proposal the money outran,
 * and the report (JSON, PDF, CSV, XLSX): every line for the officers, one's own for a member,
 * nothing for anyone outside the group.
 */

async function ok(T: Transport, a: Agent, op: (typeof SG)[keyof typeof SG], input: unknown) {
  const r = await T.call(a, op, input);
  expect(r.status, JSON.stringify(r.error)).toBe(T.okStatus(op));
  return r.data;
}

/** The first meeting of a cycle (a just-opened cycle's first meeting is its start date). */
const nextMeeting = (w: SavingsWorld, cycleId: number) => w.t.db.$client.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? ORDER BY number LIMIT 1').pluck().get(cycleId) as number;

const conserved = (w: SavingsWorld) => expect(groupProblems(groupConservation(w.t.db, w.group.id))).toEqual([]);

/**
 * Musa 4 shares, Ada 3, Tabe 2 (9,000), Musa fined 200 for being late and Ada paying the social
 * fund (500), all confirmed; then Musa borrows 3,000 of the loan fund: 6,200 cash to share.
 */
function cycleMoney(w: SavingsWorld) {
  const communityId = w.community.id;
  const now = w.t.clock.now();
  savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 4 }, { user: w.ada, shares: 3 }, { user: w.treasurer, shares: 2 }]);
  const more = recordMeeting(w.t.db, { communityId, meetingId: w.meetings[0]!, actorId: w.creator.id, payment: { method: 'cash' }, lines: [{ userId: w.musa.id, fines: ['late'] }, { userId: w.ada.id, socialFund: true }], now });
  for (const e of more) confirmEntry(w.t.db, { communityId, id: e.id, actorId: w.admin.id, now });
  const loan = requestLoan(w.t.db, { communityId, groupId: w.group.id, userId: w.musa.id, principal: 3_000, periods: 3, purpose: 'Stock for the shop', guarantors: [], now });
  approveLoan(w.t.db, { communityId, loanId: loan.id, actorId: w.treasurer.id, now });
  approveLoan(w.t.db, { communityId, loanId: loan.id, actorId: w.creator.id, now });
  disburseLoan(w.t.db, { communityId, loanId: loan.id, actorId: w.admin.id, payment: { method: 'cash' }, now });
  confirmLoanReceipt(w.t.db, { communityId, loanId: loan.id, userId: w.musa.id, now });
  return loan.id;
}

/** The cycle closed by Ngozi's proposal and Tabe's confirmation, the loan carried. */
function closed(w: SavingsWorld, loan: number) {
  const communityId = w.community.id;
  const now = w.t.clock.now();
  const p = proposeShareOut(w.t.db, { communityId, groupId: w.group.id, actorId: w.creator.id, carryLoanIds: [loan], now });
  confirmShareOut(w.t.db, { communityId, id: p.id, actorId: w.treasurer.id, now });
}

const LINES = [
  { userId: 'ada', name: 'Ada Test', shares: 3, amount: 2_066 },
  { userId: 'musa', name: 'Musa Test', shares: 4, amount: 2_755 },
  { userId: 'tabe', name: 'Tabe Test', shares: 2, amount: 1_377 },
];
const linesOf = (w: SavingsWorld) => LINES.map((l) => ({ ...l, userId: ({ ada: w.ada, musa: w.musa, tabe: w.treasurer } as Record<string, UserRow>)[l.userId]!.id }));

for (const T of TRANSPORTS) {
  describe(`${T.name}: a savings cycle's share-out`, () => {
    it('proposed with the loan carried, confirmed by a second officer once: exact shares, the remainder kept in the fund, the cycle closed, the next one from zero', async () => {
      const w = await savingsWorld();
      const loan = cycleMoney(w);
      const [ngozi, awa, tabe, musa, kofi] = [await as(w.t, w.creator), await as(w.t, w.admin), await as(w.t, w.treasurer), await as(w.t, w.musa), await as(w.t, w.kofi)];
      const id = w.group.id;

      expectError(await T.call(musa, SG.shareOutPreview, { id }), 403, 'errors.savings.officersOnly');
      expectError(await T.call(kofi, SG.shareOutPreview, { id }), 403, 'errors.savings.officersOnly');
      const preview = await ok(T, ngozi, SG.shareOutPreview, { id });
      // 6,200 over 9 shares: 2,755 + 2,066 + 1,377 = 6,198, and 2 stay in the fund.
      expect(preview).toMatchObject({ cycleId: w.cycle.id, currency: 'XAF', fund: 6_200, totalShares: 9, paidOut: 6_198, carried: 2, socialFund: 500, pendingEntries: 0, proposal: null });
      expect(preview.lines).toEqual(linesOf(w));
      expect(preview.outstandingLoans).toEqual([{ id: loan, borrowerId: w.musa.id, borrowerName: 'Musa Test', status: 'active', outstanding: 3_000 }]);

      // The loan must be carried (or repaid) first; only a live loan of the group can be carried.
      expectError(await T.call(ngozi, SG.proposeShareOut, { id, carryLoanIds: [] }), 409, 'errors.savings.loansOutstanding', { count: 1 });
      expectError(await T.call(ngozi, SG.proposeShareOut, { id, carryLoanIds: [loan + 1000] }), 400, 'errors.savings.loanNotCarriable');
      expectError(await T.call(musa, SG.proposeShareOut, { id, carryLoanIds: [loan] }), 403, 'errors.savings.officersOnly');
      const proposal = await ok(T, ngozi, SG.proposeShareOut, { id, carryLoanIds: [loan] });
      expect(proposal).toMatchObject({ status: 'pending', proposedById: w.creator.id, proposedByName: 'Ngozi Test', carriedLoanIds: [loan], fund: 6_200, totalShares: 9 });
      expectError(await T.call(awa, SG.proposeShareOut, { id, carryLoanIds: [loan] }), 409, 'errors.savings.shareOutPending');
      expect((await ok(T, tabe, SG.shareOutPreview, { id })).proposal).toMatchObject({ id: proposal.id, proposedByName: 'Ngozi Test' });

      // The other officers are told, and it waits on them, never on its proposer or a plain member.
      expect(await whoHas(T, { ngozi, awa, tabe, musa }, `savingsShareOut:${proposal.id}`)).toEqual(['awa', 'tabe']);
      expect(noticesOf(w.t, w.treasurer.id, 'notifications.savingsShareOutProposed')).toMatchObject([{ item_key: `savingsShareOut:${proposal.id}` }]);
      expect(noticesOf(w.t, w.creator.id, 'notifications.savingsShareOutProposed')).toEqual([]);
      // The item opens the group's page, where the share-out panel is, and counts on the savings groups' tab.
      const item = T.page(await T.call(tabe, N.list, { limit: 100 })).items.find((i: { key: string }) => i.key === `savingsShareOut:${proposal.id}`);
      expect(item).toMatchObject({ tab: 'savings-groups', link: `/savings/${id}`, amount: { amount: 6_200, currency: 'XAF' }, who: 'Ngozi Test' });

      // Four eyes: its proposer never confirms it, a plain member never decides, only the proposer withdraws.
      expectError(await T.call(ngozi, SG.confirmShareOut, { id: proposal.id }), 403, 'errors.savings.ownProposal');
      expectError(await T.call(ngozi, SG.rejectShareOut, { id: proposal.id, reason: 'Changed my mind' }), 403, 'errors.savings.ownProposal');
      expectError(await T.call(musa, SG.confirmShareOut, { id: proposal.id }), 403, 'errors.savings.officersOnly');
      expectError(await T.call(tabe, SG.withdrawShareOut, { id: proposal.id }), 403, 'errors.savings.proposerOnly');

      // Two officers confirm at once: one wins, the other is told it was decided; paid once.
      const racing = await Promise.all([T.call(tabe, SG.confirmShareOut, { id: proposal.id }), T.call(awa, SG.confirmShareOut, { id: proposal.id })]);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
      expectError(racing.find((r) => r.status === 409), 409, 'errors.savings.shareOutDecided');
      expect(racing.find((r) => r.status === 200)!.data).toMatchObject({ status: 'confirmed', paidOut: 6_198, carried: 2 });
      const paid = w.t.db.$client.prepare("SELECT member_id AS userId, shares, amount, status, recorded_by AS recordedBy FROM savings_entries WHERE kind = 'share_out' ORDER BY amount DESC").all();
      expect(paid).toEqual([
        { userId: w.musa.id, shares: 4, amount: 2_755, status: 'confirmed', recordedBy: w.creator.id },
        { userId: w.ada.id, shares: 3, amount: 2_066, status: 'confirmed', recordedBy: w.creator.id },
        { userId: w.treasurer.id, shares: 2, amount: 1_377, status: 'confirmed', recordedBy: w.creator.id },
      ]);
      // Money handed to each member and confirmed by a second officer: each takes the group's next
      // receipt number (five confirmed entries before them), in the lines' order; Musa's receipt is his.
      const numbered = w.t.db.$client.prepare("SELECT id, member_id AS userId, receipt_no AS receiptNo FROM savings_entries WHERE kind = 'share_out' ORDER BY receipt_no").all() as { id: number; userId: string; receiptNo: number }[];
      expect(numbered.map((e) => [e.userId, e.receiptNo])).toEqual([
        [w.ada.id, 6],
        [w.musa.id, 7],
        [w.treasurer.id, 8],
      ]);
      const musaReceipt = await w.t.app.request(`/api/communities/${w.community.id}/savings/entries/${numbered[1]!.id}/receipt.pdf`, { headers: { cookie: musa.cookie! } });
      expect(musaReceipt.status).toBe(200);
      const receiptText = await pdfText(new Uint8Array(await musaReceipt.arrayBuffer()));
      expect(receiptText).toContain(textOf('savingsFiles.receipt.kinds.share_out', { count: 4 }, 'fr'));
      expect(receiptText).toContain(textOf('savingsFiles.receipt.paidTo', {}, 'fr'));
      // Paid out + carried = the fund: the loan fund keeps the 2 of rounding; the social fund is not shared.
      expect(fundsOf(w.t, id)).toEqual({ loanFund: 2, socialFund: 500 });
      expect(groupConservation(w.t.db, id)).toMatchObject({ shareOut: 6_198, loansOutstanding: 3_000, conserved: true });
      expect(w.t.db.$client.prepare('SELECT status FROM savings_cycles WHERE id = ?').pluck().get(w.cycle.id)).toBe('closed');
      expect(await whoHas(T, { awa, tabe }, `savingsShareOut:${proposal.id}`)).toEqual([]);

      // Each member is told their own amount, in their language (Musa reads French).
      const musaTold = noticesOf(w.t, w.musa.id, 'notifications.savingsShareOutPaid');
      expect(musaTold.map((n) => JSON.parse(n.params))).toEqual([{ group: 'Table banking', amount: moneyText(2_755, 'XAF', 'fr'), shares: 4 }]);
      expect(noticesOf(w.t, w.ada.id, 'notifications.savingsShareOutPaid').map((n) => JSON.parse(n.params))).toEqual([{ group: 'Table banking', amount: moneyText(2_066, 'XAF', 'en'), shares: 3 }]);
      expect(noticesOf(w.t, w.creator.id, 'notifications.savingsShareOutPaid')).toEqual([]);

      // Nothing more happens in the closed cycle.
      expectError(await T.call(ngozi, SG.shareOutPreview, { id }), 409, 'errors.savings.noOpenCycle');
      expectError(await T.call(awa, SG.rejectShareOut, { id: proposal.id, reason: 'Too late' }), 409, 'errors.savings.shareOutDecided');

      // The report: every line for an officer, only one's own (with the totals) for a member, nothing outside the group.
      const full = await ok(T, awa, SG.shareOut, { cycleId: w.cycle.id });
      expect(full).toMatchObject({ cycleId: w.cycle.id, groupName: 'Table banking', currency: 'XAF', fund: 6_200, totalShares: 9, paidOut: 6_198, carried: 2, allLines: true });
      expect(full.lines).toEqual(linesOf(w));
      const own = await ok(T, musa, SG.shareOut, { cycleId: w.cycle.id });
      expect(own).toMatchObject({ fund: 6_200, totalShares: 9, paidOut: 6_198, carried: 2, allLines: false });
      expect(own.lines).toEqual([linesOf(w)[1]]);
      expectError(await T.call(kofi, SG.shareOut, { cycleId: w.cycle.id }), 404, 'errors.savings.cycleNotFound');

      // The next cycle opens; shares start from zero, the carried loan goes on and its repayment counts.
      const next = await ok(T, ngozi, SG.openCycle, { id, startDate: '2026-03-09' });
      expect(next).toMatchObject({ number: 2, status: 'open' });
      expect((await ok(T, musa, SG.statement, { id })).totals).toMatchObject({ shares: 0, savings: 0 });
      expect((await ok(T, musa, SG.loan, { id: loan })).status).toBe('active');
      const repayment = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' });
      // Receipt numbers go on across cycles: the group's counter is not a rule a cycle copies.
      expect((await ok(T, tabe, SG.confirmRepayment, { id: repayment.id })).receiptNo).toBe(9);
      expect(fundsOf(w.t, id).loanFund).toBe(1_002);
      expect((await ok(T, ngozi, SG.shareOutPreview, { id })).fund).toBe(1_002);
      // The carried loan still holds Musa's own 3,000 against this cycle's savings, which start from
      // nothing: his free savings are none (never below), and his new shares cannot be reversed away.
      w.t.clock.advance(7 * 86_400_000);
      const [mine] = (await ok(T, tabe, SG.recordMeeting, { meetingId: nextMeeting(w, next.id), method: 'cash', lines: [{ userId: w.musa.id, shares: 2 }] })) as { id: number }[];
      await ok(T, awa, SG.confirm, { id: mine!.id });
      expectError(await T.call(awa, SG.reverse, { id: mine!.id, reason: 'Typed twice', step: 'propose' }), 409, 'errors.savings.sharesHeld');
      conserved(w);
    });

    it('a carried loan’s repayment is money of the open cycle: the closed cycle’s statement and report never change, and none is confirmed between cycles', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const musa = await as(w.t, w.musa);
      const id = w.group.id;
      const loan = cycleMoney(w);
      closed(w, loan);
      const old = w.cycle.id;
      // What belongs to the cycle (the funds' cash and the loans are the group's now, whichever cycle is read).
      const ofCycle = async () => {
        const ledger = await ok(T, ngozi, SG.ledger, { id, cycleId: old });
        const statement = await ok(T, musa, SG.statement, { id, cycleId: old });
        return { members: ledger.members, confirmed: ledger.confirmed, totals: statement.totals, entries: statement.entries };
      };
      const closedCycle = await ofCycle();
      const closedReport = await ok(T, ngozi, SG.shareOut, { cycleId: old });

      // Between cycles a repayment may be recorded but not confirmed: there is no open cycle to count it in.
      const early = await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' });
      expectError(await T.call(tabe, SG.confirmRepayment, { id: early.id }), 409, 'errors.savings.noOpenCycle');
      expect(fundsOf(w.t, id).loanFund).toBe(2);

      const next = await ok(T, ngozi, SG.openCycle, { id, startDate: '2026-03-09' });
      await ok(T, tabe, SG.confirmRepayment, { id: early.id });
      const cycles = w.t.db.$client.prepare("SELECT DISTINCT cycle_id FROM savings_entries WHERE loan_id = ? AND kind LIKE 'repayment_%'").pluck().all(loan);
      expect(cycles).toEqual([next.id]);
      // The closed cycle reads as it did when it closed.
      expect(await ofCycle()).toEqual(closedCycle);
      expect(await ok(T, ngozi, SG.shareOut, { cycleId: old })).toEqual(closedReport);
      // The open cycle's statement shows it, its share-out shares it, and the money still adds up.
      expect((await ok(T, musa, SG.statement, { id })).entries.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['repayment_principal']));
      expect((await ok(T, ngozi, SG.shareOutPreview, { id })).fund).toBe(1_002);
      conserved(w);
    });

    it('a confirmation is refused (409) when the lines changed under the same fund and total shares: an equal swap between members', async () => {
      const w = await savingsWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const id = w.group.id;
      const communityId = w.community.id;
      const now = w.t.clock.now();
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 4 }, { user: w.ada, shares: 3 }]);
      const proposal = await ok(T, ngozi, SG.proposeShareOut, { id, carryLoanIds: [] });
      // Both entries reversed by two officers and recorded again the other way round: 7 shares and 7,000 still, Ada's 3 now Musa's.
      for (const member of [w.musa, w.ada]) {
        const entry = w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE member_id = ? AND kind = 'shares'").pluck().get(member.id) as number;
        reverseEntry(w.t.db, { communityId, id: entry, actorId: w.treasurer.id, reason: 'Swapped on the sheet', step: 'propose', now });
        reverseEntry(w.t.db, { communityId, id: entry, actorId: w.admin.id, reason: 'Agreed', step: 'make', now });
      }
      const again = recordMeeting(w.t.db, { communityId, meetingId: w.meetings[0]!, actorId: w.creator.id, payment: { method: 'cash' }, lines: [{ userId: w.musa.id, shares: 3 }, { userId: w.ada.id, shares: 4 }], now });
      for (const e of again) confirmEntry(w.t.db, { communityId, id: e.id, actorId: w.admin.id, now });
      expect(await ok(T, ngozi, SG.shareOutPreview, { id })).toMatchObject({ fund: proposal.fund, totalShares: proposal.totalShares });

      expectError(await T.call(tabe, SG.confirmShareOut, { id: proposal.id }), 409, 'errors.savings.moneyChanged');
      expect(w.t.db.$client.prepare('SELECT status FROM savings_cycles WHERE id = ?').pluck().get(w.cycle.id)).toBe('open');
      expect(w.t.db.$client.prepare("SELECT count(*) FROM savings_entries WHERE kind = 'share_out'").pluck().get()).toBe(0);
      // Proposed again on the lines as they are, it closes.
      await ok(T, tabe, SG.rejectShareOut, { id: proposal.id, reason: 'The lines changed' });
      const fresh = await ok(T, ngozi, SG.proposeShareOut, { id, carryLoanIds: [] });
      expect(await ok(T, tabe, SG.confirmShareOut, { id: fresh.id })).toMatchObject({ status: 'confirmed' });
      conserved(w);
    });

    it('refused while money waits; a proposal the money outran is refused (409), rejected with a reason or withdrawn', async () => {
      const w = await savingsWorld();
      const communityId = w.community.id;
      const [ngozi, awa, tabe] = [await as(w.t, w.creator), await as(w.t, w.admin), await as(w.t, w.treasurer)];
      const id = w.group.id;
      savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 2 }, { user: w.ada, shares: 1 }]);

      // Musa's declaration waits for an officer: it could never be confirmed in a closed cycle.
      const waiting = declare(w.t.db, { communityId, meetingId: w.meetings[0]!, userId: w.musa.id, payment: { method: 'cash' }, line: { socialFund: true }, now: w.t.clock.now() });
      expectError(await T.call(ngozi, SG.proposeShareOut, { id, carryLoanIds: [] }), 409, 'errors.savings.entriesWaiting', { count: 1 });
      confirmEntry(w.t.db, { communityId, id: waiting[0]!.id, actorId: w.admin.id, now: w.t.clock.now() });

      // A reversal one officer proposed waits for a second as money does: closing is refused until it is made or declined.
      const adas = w.t.db.$client.prepare("SELECT id FROM savings_entries WHERE member_id = ? AND kind = 'shares'").pluck().get(w.ada.id) as number;
      await ok(T, awa, SG.reverse, { id: adas, reason: 'Counted twice?', step: 'propose' });
      expectError(await T.call(ngozi, SG.proposeShareOut, { id, carryLoanIds: [] }), 409, 'errors.savings.reversalsWaiting', { count: 1 });
      expect((await ok(T, ngozi, SG.shareOutPreview, { id })).pendingReversals).toBe(1);
      await ok(T, tabe, SG.declineReversal, { id: adas, reason: 'Counted once' });

      const first = await ok(T, ngozi, SG.proposeShareOut, { id, carryLoanIds: [] });
      expect(first).toMatchObject({ fund: 3_000, totalShares: 3 });
      // One proposed after the share-out was: its confirmation is refused too, and the cycle stays open.
      await ok(T, awa, SG.reverse, { id: adas, reason: 'Counted twice after all?', step: 'propose' });
      expectError(await T.call(tabe, SG.confirmShareOut, { id: first.id }), 409, 'errors.savings.reversalsWaiting', { count: 1 });
      await ok(T, awa, SG.declineReversal, { id: adas, reason: 'No, once' });
      // A fine confirmed meanwhile: the fund is no longer what was proposed.
      const fine = recordMeeting(w.t.db, { communityId, meetingId: w.meetings[0]!, actorId: w.creator.id, payment: { method: 'cash' }, lines: [{ userId: w.ada.id, fines: ['absent'] }], now: w.t.clock.now() });
      confirmEntry(w.t.db, { communityId, id: fine[0]!.id, actorId: w.admin.id, now: w.t.clock.now() });
      expectError(await T.call(tabe, SG.confirmShareOut, { id: first.id }), 409, 'errors.savings.moneyChanged');
      expect(w.t.db.$client.prepare("SELECT count(*) FROM savings_entries WHERE kind = 'share_out'").pluck().get()).toBe(0);

      // Awa rejects it with a reason; Ngozi is told, and may propose again, then withdraw.
      expect(await ok(T, awa, SG.rejectShareOut, { id: first.id, reason: 'The fines moved' })).toMatchObject({ status: 'rejected' });
      expect(noticesOf(w.t, w.creator.id, 'notifications.savingsShareOutRejected')).toHaveLength(1);
      expectError(await T.call(tabe, SG.confirmShareOut, { id: first.id }), 409, 'errors.savings.shareOutDecided');
      const second = await ok(T, ngozi, SG.proposeShareOut, { id, carryLoanIds: [] });
      expect(second).toMatchObject({ fund: 3_500, totalShares: 3 });
      // A loan asked for meanwhile must be settled or carried before the cycle closes.
      const asked = requestLoan(w.t.db, { communityId, groupId: id, userId: w.ada.id, principal: 500, periods: 3, purpose: 'Seeds', guarantors: [], now: w.t.clock.now() });
      expectError(await T.call(tabe, SG.confirmShareOut, { id: second.id }), 409, 'errors.savings.loansOutstanding', { count: 1 });
      await ok(T, tabe, SG.rejectLoan, { id: asked.id, reason: 'After the share-out' });
      expect(await ok(T, ngozi, SG.withdrawShareOut, { id: second.id })).toMatchObject({ status: 'withdrawn' });
      expectError(await T.call(tabe, SG.confirmShareOut, { id: second.id }), 409, 'errors.savings.shareOutDecided');
      expect(await whoHas(T, { awa, tabe }, `savingsShareOut:${second.id}`)).toEqual([]);
      expect(w.t.db.$client.prepare('SELECT status FROM savings_cycles WHERE id = ?').pluck().get(w.cycle.id)).toBe('open');
      conserved(w);
    });
  });
}

async function download(w: SavingsWorld, who: Agent | null, path: string) {
  const res = await w.t.app.request(path, { headers: who?.cookie ? { cookie: who.cookie } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('REST: the share-out report files', () => {
  it('PDF, CSV and XLSX in the language asked for: every line for an officer, one line for a member, 404 outside the group', async () => {
    const w = await savingsWorld();
    closed(w, cycleMoney(w));
    const [ngozi, musa, kofi] = [await as(w.t, w.creator), await as(w.t, w.musa), await as(w.t, w.kofi)];
    const base = `/api/communities/${w.community.id}/savings/cycles/${w.cycle.id}/share-out`;

    const pdf = await download(w, musa, `${base}.pdf?lang=fr`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    const mine = await pdfText(pdf.bytes);
    expect(mine).toContain('Partage de Table banking, cycle 1');
    expect(mine).toContain('Musa Test');
    // The line's three columns on one baseline (the thousands separator is whatever the font draws for it).
    expect(mine).toMatch(/Musa Test42\D{1,3}755\D{1,3}FCFA/);
    expect(mine).toContain('Fonds partagé\u00a0: 6');
    expect(mine).not.toContain('Ada Test');
    const all = await pdfText((await download(w, ngozi, `${base}.pdf?lang=en`)).bytes);
    for (const name of ['Ada Test', 'Musa Test', 'Tabe Test']) expect(all).toContain(name);
    expect(all).toContain('Share-out of Table banking, cycle 1');

    const csv = await download(w, ngozi, `${base}.csv?lang=en`);
    expect(csv.status).toBe(200);
    const lines = new TextDecoder().decode(csv.bytes).split('\r\n');
    expect(lines).toContain('Member,Shares,Amount (XAF)');
    expect(lines).toContain('Ada Test,3,2066');
    expect(lines).toContain('Musa Test,4,2755');
    expect(lines).toContain('Tabe Test,2,1377');
    expect(lines.some((l) => l.startsWith('Table banking,1,') && l.endsWith(',6200,9,6198,2'))).toBe(true);
    const own = new TextDecoder().decode((await download(w, musa, `${base}.csv?lang=fr`)).bytes);
    expect(own).toContain('Membre,Parts,Montant (XAF)');
    expect(own).toContain('Musa Test,4,2755');
    expect(own).not.toContain('Ada Test');

    const xlsx = await download(w, ngozi, `${base}.xlsx`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[1]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Member', 'Shares', 'Amount (XAF)']);
    expect([2, 3, 4].map((r) => (sheet.getRow(r).values as unknown[]).slice(1))).toEqual([
      ['Ada Test', 3, 2_066],
      ['Musa Test', 4, 2_755],
      ['Tabe Test', 2, 1_377],
    ]);

    for (const ext of ['pdf', 'csv', 'xlsx']) expect((await download(w, kofi, `${base}.${ext}`)).status).toBe(404);
    expect((await download(w, null, `${base}.pdf`)).status).toBe(401);
    // An open cycle has no share-out yet.
    expect((await download(w, ngozi, `/api/communities/${w.community.id}/savings/cycles/999999/share-out.csv`)).status).toBe(404);
  });
});
