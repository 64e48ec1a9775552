import { expect } from 'vitest';
import type { CommunityRow, UserRow } from '../../db/schema';
import { groupConservation, groupProblems } from '../../src/server/domains/savings/conservation';
import type { SavingsRules } from '../../src/shared/schemas/savings';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { confirmEntry, recordMeeting } from '../../src/server/domains/savings/entries';
import { createGroup } from '../../src/server/domains/savings/groups';
import { answerGuarantee, approveLoan, confirmLoanReceipt, disburseLoan, requestLoan } from '../../src/server/domains/savings/loans';
import { addMember as addToGroup, setRole } from '../../src/server/domains/savings/members';
import { makeTestApp, type Agent, type TestApp } from './app';
import { association } from './association';
import { storedProof } from './proofs';
import { op, type Op, type Transport } from './transport';

/*
 * Savings-and-loans group helpers for the API tests: every savings.* operation with its REST path,
 * and a community with open books (XAF) and a weekly group whose chair is the community's creator
 * Ngozi, treasurer Tabe (the community's treasurer), secretary Awa (an admin), with members Musa and
 * Ada; Kofi belongs to the community but not to the group. Its first cycle opened on the test
 * clock's day (2 March 2026, Douala), so meeting 1 is today and meeting 2 a week ahead.
 */

const byId = { params: { id: 'id' } };
const byCommunity = { params: { id: 'communityId' } };
const byMeeting = { params: { meetingId: 'meetingId' } };

export const SG = {
  groups: op('GET', '/api/communities/:id/savings-groups', 'savings.groups', 'query', byCommunity),
  createGroup: op('POST', '/api/communities/:id/savings-groups', 'savings.createGroup', 'mutation', { ...byCommunity, created: true }),
  group: op('GET', '/api/savings-groups/:id', 'savings.group', 'query', byId),
  changeRules: op('PUT', '/api/savings-groups/:id/rules', 'savings.changeRules', 'mutation', byId),
  join: op('POST', '/api/savings-groups/:id/join', 'savings.join', 'mutation', byId),
  decideJoin: op('POST', '/api/savings-groups/:id/requests', 'savings.decideJoin', 'mutation', byId),
  addMember: op('POST', '/api/savings-groups/:id/members', 'savings.addMember', 'mutation', { ...byId, created: true }),
  setRole: op('POST', '/api/savings-groups/:id/roles', 'savings.setRole', 'mutation', byId),
  openCycle: op('POST', '/api/savings-groups/:id/cycles', 'savings.openCycle', 'mutation', { ...byId, created: true }),
  statement: op('GET', '/api/savings-groups/:id/statement', 'savings.statement', 'query', byId),
  ledger: op('GET', '/api/savings-groups/:id/ledger', 'savings.ledger', 'query', byId),
  recordMeeting: op('POST', '/api/savings-meetings/:meetingId/records', 'savings.recordMeeting', 'mutation', { ...byMeeting, created: true }),
  declare: op('POST', '/api/savings-meetings/:meetingId/declarations', 'savings.declare', 'mutation', { ...byMeeting, created: true }),
  confirm: op('POST', '/api/savings-entries/:id/confirm', 'savings.confirm', 'mutation', byId),
  reject: op('POST', '/api/savings-entries/:id/reject', 'savings.reject', 'mutation', byId),
  reverse: op('POST', '/api/savings-entries/:id/reverse', 'savings.reverse', 'mutation', { ...byId, created: true }),
  declineReversal: op('POST', '/api/savings-entries/:id/reverse/decline', 'savings.declineReversal', 'mutation', byId),
  proposeGrant: op('POST', '/api/savings-groups/:id/grants', 'savings.proposeGrant', 'mutation', { ...byId, created: true }),
  requestLoan: op('POST', '/api/savings-groups/:id/loans', 'savings.requestLoan', 'mutation', { ...byId, created: true }),
  loan: op('GET', '/api/savings-loans/:id', 'savings.loan', 'query', byId),
  answerGuarantee: op('POST', '/api/savings-loans/:id/guarantee', 'savings.answerGuarantee', 'mutation', byId),
  approveLoan: op('POST', '/api/savings-loans/:id/approve', 'savings.approveLoan', 'mutation', byId),
  rejectLoan: op('POST', '/api/savings-loans/:id/reject', 'savings.rejectLoan', 'mutation', byId),
  disburseLoan: op('POST', '/api/savings-loans/:id/disbursement', 'savings.disburseLoan', 'mutation', byId),
  cancelDisbursement: op('POST', '/api/savings-loans/:id/disbursement/cancel', 'savings.cancelDisbursement', 'mutation', byId),
  confirmGrantReceipt: op('POST', '/api/savings-entries/:id/received', 'savings.confirmGrantReceipt', 'mutation', byId),
  confirmLoanReceipt: op('POST', '/api/savings-loans/:id/received', 'savings.confirmLoanReceipt', 'mutation', byId),
  writeOffLoan: op('POST', '/api/savings-loans/:id/write-off', 'savings.writeOffLoan', 'mutation', byId),
  recordRepayment: op('POST', '/api/savings-loans/:id/repayments', 'savings.recordRepayment', 'mutation', { ...byId, created: true }),
  confirmRepayment: op('POST', '/api/savings-repayments/:id/confirm', 'savings.confirmRepayment', 'mutation', byId),
  rejectRepayment: op('POST', '/api/savings-repayments/:id/reject', 'savings.rejectRepayment', 'mutation', byId),
  shareOutPreview: op('GET', '/api/savings-groups/:id/share-out', 'savings.shareOutPreview', 'query', byId),
  proposeShareOut: op('POST', '/api/savings-groups/:id/share-outs', 'savings.proposeShareOut', 'mutation', { ...byId, created: true }),
  confirmShareOut: op('POST', '/api/savings-share-outs/:id/confirm', 'savings.confirmShareOut', 'mutation', byId),
  rejectShareOut: op('POST', '/api/savings-share-outs/:id/reject', 'savings.rejectShareOut', 'mutation', byId),
  withdrawShareOut: op('POST', '/api/savings-share-outs/:id/withdraw', 'savings.withdrawShareOut', 'mutation', byId),
  shareOut: op('GET', '/api/savings-cycles/:cycleId/share-out', 'savings.shareOut', 'query', { params: { cycleId: 'cycleId' } }),
} satisfies Record<string, Op>;

/** A VSLA's usual rules: shares of 1,000 (one to five a meeting), 500 to the social fund, loans up to three times one's savings. */
export const VSLA: SavingsRules = {
  frequency: 'weekly',
  cycleMonths: 12,
  sharePrice: 1_000,
  minShares: 1,
  maxShares: 5,
  socialFund: 500,
  loanMultipleTenths: 30,
  loanTerms: [3, 6],
  interestMethod: 'declining',
  rateBps: 200,
  graceDays: 7,
  latePenalty: 500,
  fineLate: 200,
  fineAbsent: 500,
  fineMissedShares: 300,
  shareOutMethod: 'proportional',
};

export type SavingsWorld = Awaited<ReturnType<typeof savingsWorld>>;

export async function savingsWorld(opts: { rules?: Partial<SavingsRules> } = {}) {
  const t = makeTestApp();
  const now = t.clock.now();
  const { long, community, creator, admin, treasurer, musa, ada, kofi } = await association(t);
  saveFinanceSettings(t.db, { communityId: community.id, actorId: treasurer.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
  const group = buildGroup(t, { community, chair: creator, treasurer, secretary: admin, members: [musa, ada], rules: { ...VSLA, ...(opts.rules ?? {}) } });
  const proof = (owner: UserRow, ext: 'webp' | 'pdf' = 'pdf') => storedProof(t, owner.id, ext);
  return { t, now, community, creator, admin, treasurer, musa, ada, kofi, ...group, proof };
}

/** A group with its officers and members and an open first cycle starting today; its meetings' ids in order. */
export function buildGroup(t: TestApp, p: { community: CommunityRow; chair: UserRow; treasurer: UserRow; secretary: UserRow; members: UserRow[]; rules?: SavingsRules; name?: string }) {
  const now = t.clock.now();
  const communityId = p.community.id;
  const group = createGroup(t.db, { communityId, actorId: p.chair.id, name: p.name ?? 'Table banking', timeZone: 'Africa/Douala', rules: p.rules ?? VSLA, now });
  for (const u of [p.treasurer, p.secretary, ...p.members]) addToGroup(t.db, { communityId, groupId: group.id, actorId: p.chair.id, userId: u.id, now });
  setRole(t.db, { communityId, groupId: group.id, actorId: p.chair.id, userId: p.treasurer.id, role: 'treasurer', now });
  setRole(t.db, { communityId, groupId: group.id, actorId: p.chair.id, userId: p.secretary.id, role: 'secretary', now });
  const cycle = openCycle(t.db, { communityId, groupId: group.id, actorId: p.chair.id, startDate: '2026-03-02', now });
  const meetings = (t.db.$client.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? ORDER BY number').all(cycle.id) as { id: number }[]).map((m) => m.id);
  return { group, cycle, meetings };
}

/** The group's stored funds and its conservation sums. */
export const fundsOf = (t: TestApp, groupId: number) =>
  t.db.$client.prepare('SELECT loan_fund_cash AS loanFund, social_fund_cash AS socialFund FROM savings_groups WHERE id = ?').get(groupId) as { loanFund: number; socialFund: number };

/** Shares recorded for members at a meeting by one officer and confirmed by another (the services' own path). */
export function savedShares(w: SavingsWorld, by: { recorder: UserRow; confirmer: UserRow }, lines: { user: UserRow; shares: number }[]) {
  const communityId = w.community.id;
  const now = w.t.clock.now();
  const entries = recordMeeting(w.t.db, { communityId, meetingId: w.meetings[0]!, actorId: by.recorder.id, payment: { method: 'cash' }, lines: lines.map((l) => ({ userId: l.user.id, shares: l.shares })), now });
  for (const e of entries) confirmEntry(w.t.db, { communityId, id: e.id, actorId: by.confirmer.id, now });
}

/**
 * A loan taken to `until` through the services' own path: requested by `borrower` (with
 * `guarantors`, who accept), approved by Tabe then Ngozi, handed over by Tabe, received.
 */
export function loanThrough(w: SavingsWorld, p: { borrower: UserRow; principal: number; guarantors?: UserRow[]; until: 'approved' | 'disbursing' | 'active' }) {
  const communityId = w.community.id;
  const now = w.t.clock.now();
  const loan = requestLoan(w.t.db, { communityId, groupId: w.group.id, userId: p.borrower.id, principal: p.principal, periods: 3, purpose: 'Stock for the shop', guarantors: (p.guarantors ?? []).map((g) => g.id), now });
  for (const g of p.guarantors ?? []) answerGuarantee(w.t.db, { communityId, loanId: loan.id, userId: g.id, accept: true, now });
  for (const officer of [w.treasurer, w.creator]) approveLoan(w.t.db, { communityId, loanId: loan.id, actorId: officer.id, now });
  if (p.until === 'approved') return loan.id;
  disburseLoan(w.t.db, { communityId, loanId: loan.id, actorId: w.treasurer.id, payment: { method: 'cash' }, now });
  if (p.until === 'active') confirmLoanReceipt(w.t.db, { communityId, loanId: loan.id, userId: p.borrower.id, now });
  return loan.id;
}

/** Calls a savings operation that must succeed on this transport, and returns its data. */
export async function ok(T: Transport, a: Agent, operation: Op, input: unknown) {
  const r = await T.call(a, operation, input);
  expect(r.status, JSON.stringify(r.error)).toBe(T.okStatus(operation));
  return r.data;
}

/** The group's money adds up, with nothing named wrong; its sums. */
export function conserved(w: SavingsWorld) {
  const c = groupConservation(w.t.db, w.group.id);
  expect(groupProblems(c)).toEqual([]);
  return c;
}
