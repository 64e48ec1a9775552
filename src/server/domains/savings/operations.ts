import {
  answerGuaranteeInput,
  cancelDisbursementInput,
  ledgerInput,
  changeRulesInput,
  communityGroupsInput,
  createGroupInput,
  decideJoinInput,
  declareInput,
  disburseInput,
  loanIdInput,
  rejectLoanInput,
  writeOffInput,
  rejectRepaymentInput,
  repaymentIdInput,
  repaymentInput,
  requestLoanInput,
  entryIdInput,
  entryReceiptInput,
  repaymentReceiptInput,
  groupIdInput,
  memberInput,
  openCycleInput,
  proposeGrantInput,
  recordMeetingInput,
  rejectEntryInput,
  reverseEntryInput,
  declineReversalInput,
  setRoleInput,
  statementInput,
  proposeShareOutInput,
  rejectShareOutInput,
  shareOutFileInput,
  shareOutIdInput,
  shareOutReportInput,
} from '@shared/schemas/savings';
import type { Context } from '../../context';
import { toCsv } from '../../exports/table';
import { toXlsx } from '../../exports/xlsx';
import { inCommunity, mutation, query, type SignedInContext } from '../../operations/define';
import { openCycle } from './cycles';
import { confirmEntry, declare, declineReversal, entryCommunity, ENTRY_NOT_FOUND, meetingCommunity, recordMeeting, rejectEntry, reverseEntry } from './entries';
import { confirmGrantReceipt, proposeGrant } from './grants';
import { changeRules, createGroup, GROUP_NOT_FOUND, groupCommunity, groupView, listGroups } from './groups';
import { addMember, askToJoin, decideJoin, setRole } from './members';
import { answerGuarantee, approveLoan, cancelDisbursement, confirmLoanReceipt, disburseLoan, loanCommunity, LOAN_NOT_FOUND, rejectLoan, requestLoan } from './loans';
import { confirmRepayment, loanStatement, recordRepayment, rejectRepayment, repaymentCommunity } from './repayments';
import { entryReceipt, repaymentReceipt } from './receipts';
import { groupLedger, myStatement } from './statement';
import { writeOffLoan } from './write-off';
import { confirmShareOut, cycleCommunity, proposeShareOut, rejectShareOut, shareOutCommunity, shareOutPreview, withdrawShareOut } from './share-out';
import { shareOutExport, shareOutPdf, shareOutReport } from './share-out-report';

/*
 * Savings-and-loans groups. Members of the community (savings.view) see its groups and their rules,
 * ask to join, and inside a group they belong to declare their own money and read their own
 * statement; the community's leaders (savings.organise) start groups and name their officers. The
 * group's officers (chair, treasurer, secretary) are the group's own and checked by the services,
 * as a circle's organiser is: they add members, open cycles, record meetings' money, confirm,
 * reject and reverse entries (never their own) and read every member's totals.
 */

const ofGroup = (input: { id: number }, ctx: Context) => groupCommunity(ctx.db, input.id);
const ofMeeting = (input: { meetingId: number }, ctx: Context) => meetingCommunity(ctx.db, input.meetingId);
const ofEntry = (input: { id: number }, ctx: Context) => entryCommunity(ctx.db, input.id);
const inGroup = inCommunity('savings.view', ofGroup, GROUP_NOT_FOUND);
const atMeeting = inCommunity('savings.view', ofMeeting, 'errors.savings.meetingNotFound');
const onEntry = inCommunity('savings.view', ofEntry, ENTRY_NOT_FOUND);
const onLoan = inCommunity('savings.view', (input: { id: number }, ctx: Context) => loanCommunity(ctx.db, input.id), LOAN_NOT_FOUND);
const onRepayment = inCommunity('savings.view', (input: { id: number }, ctx: Context) => repaymentCommunity(ctx.db, input.id), 'errors.savings.repaymentNotFound');
const onShareOut = inCommunity('savings.view', (input: { id: number }, ctx: Context) => shareOutCommunity(ctx.db, input.id), 'errors.savings.shareOutNotFound');
const ofCycle = inCommunity('savings.view', (input: { cycleId: number }, ctx: Context) => cycleCommunity(ctx.db, input.cycleId), 'errors.savings.cycleNotFound');
const paymentOf = (input: { method: 'cash' | 'mobile_money' | 'other'; reference?: string | null; proofUrl?: string | null }) => ({ method: input.method, reference: input.reference, proofUrl: input.proofUrl });

export const savings = {
  groups: query({ input: communityGroupsInput, access: inCommunity('savings.view'), run: (ctx, _input, { community }) => listGroups(ctx.db, { communityId: community.id, viewerId: ctx.user.id }) }),
  group: query({ input: groupIdInput, access: inGroup, run: (ctx, input, { community }) => groupView(ctx.db, { communityId: community.id, groupId: input.id, viewerId: ctx.user.id }) }),
  createGroup: mutation({
    input: createGroupInput,
    access: inCommunity('savings.organise'),
    run: (ctx, input, { community }) => createGroup(ctx.db, { communityId: community.id, actorId: ctx.user.id, name: input.name, timeZone: input.timeZone, rules: input.rules, now: ctx.now() }),
  }),
  /** New rules for the group's next cycle; the open cycle keeps the ones it opened with. */
  changeRules: mutation({ input: changeRulesInput, access: inGroup, run: (ctx, input, { community }) => changeRules(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, rules: input.rules, now: ctx.now() }) }),

  join: mutation({ input: groupIdInput, access: inGroup, run: (ctx, input, { community }) => askToJoin(ctx.db, { communityId: community.id, groupId: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  decideJoin: mutation({
    input: decideJoinInput,
    access: inGroup,
    run: (ctx, input, { community }) => decideJoin(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, approve: input.approve, now: ctx.now() }),
  }),
  addMember: mutation({ input: memberInput, access: inGroup, run: (ctx, input, { community }) => addMember(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, now: ctx.now() }) }),
  /** The community's leaders name the group's officers. */
  setRole: mutation({
    input: setRoleInput,
    access: inCommunity('savings.organise', ofGroup, GROUP_NOT_FOUND),
    run: (ctx, input, { community }) => setRole(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, role: input.role, now: ctx.now() }),
  }),
  openCycle: mutation({ input: openCycleInput, access: inGroup, run: (ctx, input, { community }) => openCycle(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, startDate: input.startDate, now: ctx.now() }) }),

  /** An officer records members' money of a meeting; each entry waits for another officer. */
  recordMeeting: mutation({
    input: recordMeetingInput,
    access: atMeeting,
    run: (ctx, input, { community }) =>
      recordMeeting(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, payment: paymentOf(input), lines: input.lines, now: ctx.now() }),
  }),
  /** A member declares their own shares and social fund for a meeting. */
  declare: mutation({
    input: declareInput,
    access: atMeeting,
    run: (ctx, input, { community }) =>
      declare(ctx.db, {
        communityId: community.id,
        meetingId: input.meetingId,
        userId: ctx.user.id,
        payment: paymentOf(input),
        line: { shares: input.shares, socialFund: input.socialFund },
        now: ctx.now(),
      }),
  }),
  confirm: mutation({ input: entryIdInput, access: onEntry, run: (ctx, input, { community }) => confirmEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  reject: mutation({ input: rejectEntryInput, access: onEntry, run: (ctx, input, { community }) => rejectEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** The first officer proposes a reversal (`step: 'propose'`); a second (neither the proposer nor the member) makes it (`step: 'make'`). */
  reverse: mutation({ input: reverseEntryInput, access: onEntry, run: (ctx, input, { community }) => reverseEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, step: input.step, now: ctx.now() }) }),
  /** The proposer withdraws a reversal, or another officer declines it: the entry keeps counting. */
  declineReversal: mutation({
    input: declineReversalInput,
    access: onEntry,
    run: (ctx, input, { community }) => declineReversal(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }),
  }),

  /**
   * An officer proposes a grant from the social fund for a member's emergency; a second officer
   * approves it (confirm, as meeting money), and the beneficiary confirms receiving it.
   */
  proposeGrant: mutation({
    input: proposeGrantInput,
    access: inGroup,
    run: (ctx, input, { community }) =>
      proposeGrant(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, amount: input.amount, purpose: input.purpose, payment: paymentOf(input), now: ctx.now() }),
  }),

  confirmGrantReceipt: mutation({ input: entryIdInput, access: onEntry, run: (ctx, input, { community }) => confirmGrantReceipt(ctx.db, { communityId: community.id, id: input.id, userId: ctx.user.id, now: ctx.now() }) }),

  /** The caller's own statement: their shares, savings, social fund and fines, and their entries. */
  statement: query({ input: statementInput, access: inGroup, run: (ctx, input, { community }) => myStatement(ctx.db, { communityId: community.id, groupId: input.id, userId: ctx.user.id, cycleId: input.cycleId }) }),
  /** The officers' view: every member's totals, what waits for a second officer, the funds; with `verify`, whether the money adds up. */
  ledger: query({
    input: ledgerInput,
    access: inGroup,
    run: (ctx, input, { community }) => groupLedger(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, cycleId: input.cycleId, verify: input.verify }),
  }),

  /** A member asks for a loan within their limit, naming guarantors for what their savings do not cover. */
  requestLoan: mutation({
    input: requestLoanInput,
    access: inGroup,
    run: (ctx, input, { community }) =>
      requestLoan(ctx.db, { communityId: community.id, groupId: input.id, userId: ctx.user.id, principal: input.principal, periods: input.periods, purpose: input.purpose, guarantors: input.guarantors, now: ctx.now() }),
  }),
  answerGuarantee: mutation({ input: answerGuaranteeInput, access: onLoan, run: (ctx, input, { community }) => answerGuarantee(ctx.db, { communityId: community.id, loanId: input.id, userId: ctx.user.id, accept: input.accept, now: ctx.now() }) }),
  /** Two officers other than the borrower and its guarantors approve, one after the other. */
  approveLoan: mutation({ input: loanIdInput, access: onLoan, run: (ctx, input, { community }) => approveLoan(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  rejectLoan: mutation({ input: rejectLoanInput, access: onLoan, run: (ctx, input, { community }) => rejectLoan(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** An officer records handing the loan over; the borrower confirms receiving it. */
  disburseLoan: mutation({ input: disburseInput, access: onLoan, run: (ctx, input, { community }) => disburseLoan(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, payment: paymentOf(input), now: ctx.now() }) }),
  /** The borrower or an officer who is no party withdraws a disbursement the borrower did not get: the loan is approved again. */
  cancelDisbursement: mutation({
    input: cancelDisbursementInput,
    access: onLoan,
    run: (ctx, input, { community }) => cancelDisbursement(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }),
  }),
  confirmLoanReceipt: mutation({ input: loanIdInput, access: onLoan, run: (ctx, input, { community }) => confirmLoanReceipt(ctx.db, { communityId: community.id, loanId: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  /** An officer records a repayment, or the borrower declares one; another officer confirms it. */
  recordRepayment: mutation({
    input: repaymentInput,
    access: onLoan,
    run: (ctx, input, { community }) => recordRepayment(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, amount: input.amount, payment: paymentOf(input), now: ctx.now() }),
  }),
  confirmRepayment: mutation({ input: repaymentIdInput, access: onRepayment, run: (ctx, input, { community }) => confirmRepayment(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  rejectRepayment: mutation({ input: rejectRepaymentInput, access: onRepayment, run: (ctx, input, { community }) => rejectRepayment(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** Writing a loan off: one officer proposes, a second decides (neither the borrower nor a guarantor), each with a reason. */
  writeOffLoan: mutation({ input: writeOffInput, access: onLoan, run: (ctx, input, { community }) => writeOffLoan(ctx.db, { communityId: community.id, loanId: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** A loan's statement: for its borrower, its guarantors and the group's officers only. */
  loan: query({ input: loanIdInput, access: onLoan, run: (ctx, input, { community }) => loanStatement(ctx.db, { communityId: community.id, loanId: input.id, viewerId: ctx.user.id, now: ctx.now() }) }),

  /** The open cycle's share-out as it would be now (fund, lines, loans to settle or carry, a waiting proposal), for the group's officers. */
  shareOutPreview: query({ input: groupIdInput, access: inGroup, run: (ctx, input, { community }) => shareOutPreview(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id }) }),
  /** An officer proposes closing the open cycle with its share-out, naming the active loans carried into the next cycle. */
  proposeShareOut: mutation({
    input: proposeShareOutInput,
    access: inGroup,
    run: (ctx, input, { community }) => proposeShareOut(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, carryLoanIds: input.carryLoanIds, now: ctx.now() }),
  }),
  /** A second officer confirms it: the shares are paid out and the cycle closes, in one transaction. */
  confirmShareOut: mutation({ input: shareOutIdInput, access: onShareOut, run: (ctx, input, { community }) => confirmShareOut(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  rejectShareOut: mutation({ input: rejectShareOutInput, access: onShareOut, run: (ctx, input, { community }) => rejectShareOut(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** The proposer takes their proposal back. */
  withdrawShareOut: mutation({ input: shareOutIdInput, access: onShareOut, run: (ctx, input, { community }) => withdrawShareOut(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  /** A closed cycle's share-out report: every line for the officers, the totals and one's own line for a member. */
  shareOut: query({ input: shareOutReportInput, access: ofCycle, run: (ctx, input, { community }) => shareOutReport(ctx.db, { communityId: community.id, cycleId: input.cycleId, viewerId: ctx.user.id }) }),
};

/** The report of a share-out in the language asked for, else the reader's. */
const reportFile = (ctx: SignedInContext, input: { cycleId: number; lang?: 'en' | 'fr' }, communityId: number) => ({
  report: shareOutReport(ctx.db, { communityId, cycleId: input.cycleId, viewerId: ctx.user.id }),
  language: input.lang ?? ctx.user.language,
});

/** Files only over REST: a closed cycle's share-out report as CSV, a workbook and a PDF, seen as savings.shareOut sees it, and the numbered receipts. */
export const savingsFiles = {
  shareOutCsv: query({
    input: shareOutFileInput,
    access: inCommunity('savings.view'),
    run: (ctx, input, { community }) => {
      const { report, language } = reportFile(ctx, input, community.id);
      const e = shareOutExport(report, language);
      return { filename: `${e.filename}.csv`, csv: toCsv(e) };
    },
  }),
  shareOutXlsx: query({
    input: shareOutFileInput,
    access: inCommunity('savings.view'),
    run: async (ctx, input, { community }) => {
      const { report, language } = reportFile(ctx, input, community.id);
      const e = shareOutExport(report, language);
      return { filename: `${e.filename}.xlsx`, xlsx: await toXlsx(e, { creator: ctx.env.APP_NAME }) };
    },
  }),
  shareOutPdf: query({
    input: shareOutFileInput,
    access: inCommunity('savings.view'),
    run: async (ctx, input, { community }) => {
      const { report, language } = reportFile(ctx, input, community.id);
      return { filename: `savings-cycle-${report.cycleId}-share-out.pdf`, pdf: await shareOutPdf(report, { appName: ctx.env.APP_NAME, community: community.name, language }) };
    },
  }),
  // Receipts are files too, so REST routes only (rest.ts), as the circles' are.
  /** A confirmed (or reversed) entry's numbered receipt: for its member and the group's officers. */
  entryReceipt: query({
    input: entryReceiptInput,
    access: inCommunity('savings.view'),
    run: (ctx, input, { community }) => entryReceipt(ctx.db, { communityId: community.id, id: input.id, viewerId: ctx.user.id, appName: ctx.env.APP_NAME }),
  }),
  /** A confirmed repayment's numbered receipt: for its borrower and the group's officers. */
  repaymentReceipt: query({
    input: repaymentReceiptInput,
    access: inCommunity('savings.view'),
    run: (ctx, input, { community }) => repaymentReceipt(ctx.db, { communityId: community.id, id: input.id, viewerId: ctx.user.id, appName: ctx.env.APP_NAME }),
  }),
};
