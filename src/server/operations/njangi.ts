import {
  bidInput,
  cancelCircleInput,
  circleIdInput,
  circlesPageInput,
  contributionIdInput,
  createCircleInput,
  decideJoinInput,
  declareContributionInput,
  disputePayoutInput,
  fineIdInput,
  joinCircleInput,
  pickPositionInput,
  payoutIdInput,
  payoutInput,
  recordContributionInput,
  rejectContributionInput,
  startCircleInput,
  swapIdInput,
  swapRequestInput,
  topUpIdInput,
  topUpPaymentInput,
  disputeTopUpInput,
  waiveFineInput,
} from '@shared/schemas/njangi';
import { canIn } from '@shared/permissions';
import type { Context } from '../context';
import { circleCommunity, circleOf, createCircle, listCircles, myCircles } from '../services/njangi/circles';
import { requireRight } from '../domains/standing/standing';
import { confirmContribution, contributionCommunity, declareContribution, recordContribution, rejectContribution } from '../services/njangi/contributions';
import { circleDetail } from '../services/njangi/detail';
import { fineCommunity, markFinePaid, waiveFine } from '../services/njangi/fines';
import { decideJoin, joinCircle, leaveCircle, pickPosition, releasePosition } from '../services/njangi/membership';
import { confirmReceipt, disputePayout, payoutCommunity, placeBid, recordPayout, roundCommunity } from '../services/njangi/payouts';
import { contributionReceipt, payoutReceipt } from '../services/njangi/receipts';
import { memberRecord } from '../services/njangi/record';
import { circleReport, circleReportCsv } from '../services/njangi/report';
import { circleReportPdf } from '../services/njangi/report-pdf';
import { circleReportExport } from '../services/njangi/report-table';
import { toXlsx } from '../exports/xlsx';
import { cancelCircle, startCircle } from '../services/njangi/start';
import { acceptSwap, approveSwap, declineSwap, requestSwap, swapCommunity } from '../services/njangi/swaps';
import { confirmTopUp, disputeTopUp, recordTopUp, topUpCommunity } from '../services/njangi/topups';
import { topUpReceipt } from '../services/njangi/receipts';
import { inCommunity, mutation, query, signedIn } from './define';
import { withCircleMail } from './njangi-mail';
import { njangiOfficers } from './njangi-officers';

/*
 * Savings circles (njangi, tontine, susu). Every operation is guarded by the community's
 * capabilities (circles.view to take part, circles.organise to start one); inside a circle the
 * services hold the circle's own roles: only its organiser decides, confirms and pays out, only a
 * payout's (or top-up's) beneficiary confirms receipt, only a hand's member contributes for it
 * and bids with it. What concerns the organiser's own hands (their contributions and fines, what
 * is paid to them) is for the community's finance officers instead: njangi-officers.ts.
 */

const NOT_FOUND = 'errors.njangi.circleNotFound';
const ofCircle = (input: { id: number }, ctx: Context) => circleCommunity(ctx.db, input.id);
const circle = inCommunity('circles.view', ofCircle, NOT_FOUND);
const ofRound = inCommunity('circles.view', (input: { id: number }, ctx: Context) => roundCommunity(ctx.db, input.id), 'errors.njangi.roundNotFound');
const ofContribution = inCommunity('circles.view', (input: { id: number }, ctx: Context) => contributionCommunity(ctx.db, input.id), 'errors.njangi.contributionNotFound');
const ofPayout = inCommunity('circles.view', (input: { id: number }, ctx: Context) => payoutCommunity(ctx.db, input.id), 'errors.njangi.payoutNotFound');
const ofSwap = inCommunity('circles.view', (input: { id: number }, ctx: Context) => swapCommunity(ctx.db, input.id), 'errors.njangi.swapNotFound');
const ofFine = inCommunity('circles.view', (input: { id: number }, ctx: Context) => fineCommunity(ctx.db, input.id), 'errors.njangi.fineNotFound');
const ofTopUp = inCommunity('circles.view', (input: { id: number }, ctx: Context) => topUpCommunity(ctx.db, input.id), 'errors.njangi.topUpNotFound');
const details = (input: { method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; reference?: string | null; proofUrl?: string | null }) => ({ method: input.method, reference: input.reference, proofUrl: input.proofUrl });

export const njangi = {
  /** A community's circles, newest first. */
  list: query({
    input: circlesPageInput,
    access: inCommunity('circles.view'),
    run: (ctx, input, { community }) => listCircles(ctx.db, { communityId: community.id, viewerId: ctx.user.id, status: input.status, cursor: input.cursor, limit: input.limit }),
  }),

  /** The caller's circles in every community, with their next contribution due. */
  mine: query({ access: signedIn, run: (ctx) => myCircles(ctx.db, { userId: ctx.user.id }) }),

  /** The caller's own record across every circle. */
  myRecord: query({ access: signedIn, run: (ctx) => memberRecord(ctx.db, { userId: ctx.user.id, now: ctx.now() }) }),

  create: mutation({
    input: createCircleInput,
    access: inCommunity('circles.organise'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...rules } = input;
      return createCircle(ctx.db, { communityId: community.id, organiserId: ctx.user.id, circle: rules, now: ctx.now() });
    },
  }),

  /** A circle with its members, order and rounds, as much as the caller may see. */
  get: query({
    input: circleIdInput,
    access: circle,
    // The community's finance officers also see payments' paperwork and what waits for them (the organiser's own money).
    run: (ctx, input, { community, role }) => circleDetail(ctx.db, { circleId: input.id, viewerId: ctx.user.id, officer: canIn(role, community, 'finances.record'), now: ctx.now() }),
  }),

  /**
   * Asking for a place is a right of members whose standing allows it (src/shared/standing.ts
   * RIGHTS.joinCircle), refused with the reason and the way back; the organiser changing their own
   * hands is not joining.
   */
  join: mutation({
    input: joinCircleInput,
    access: circle,
    run: (ctx, input, { community }) => {
      if (circleOf(ctx.db, input.id).organiserId !== ctx.user.id) requireRight(ctx.db, { communityId: community.id, userId: ctx.user.id, right: 'joinCircle', now: ctx.now() });
      return joinCircle(ctx.db, { circleId: input.id, userId: ctx.user.id, hands: input.hands, now: ctx.now() });
    },
  }),
  leave: mutation({ input: circleIdInput, access: circle, run: (ctx, input) => leaveCircle(ctx.db, { circleId: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  decideJoin: mutation({
    input: decideJoinInput,
    access: circle,
    run: (ctx, input) => decideJoin(ctx.db, { circleId: input.id, organiserId: ctx.user.id, userId: input.userId, approve: input.approve, now: ctx.now() }),
  }),
  /** Fixed circles whose members choose the order: take a free payout position, or give one back. */
  pickPosition: mutation({ input: pickPositionInput, access: circle, run: (ctx, input) => pickPosition(ctx.db, { circleId: input.id, userId: ctx.user.id, position: input.position, now: ctx.now() }) }),
  releasePosition: mutation({ input: pickPositionInput, access: circle, run: (ctx, input) => releasePosition(ctx.db, { circleId: input.id, userId: ctx.user.id, position: input.position, now: ctx.now() }) }),
  start: mutation({ input: startCircleInput, access: circle, run: (ctx, input) => startCircle(ctx.db, { circleId: input.id, organiserId: ctx.user.id, order: input.order, now: ctx.now() }) }),
  cancel: mutation({ input: cancelCircleInput, access: circle, run: (ctx, input) => cancelCircle(ctx.db, { circleId: input.id, organiserId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),

  /** "I paid" for one of the caller's hands. */
  declareContribution: mutation({
    input: declareContributionInput,
    access: circle,
    run: (ctx, input) =>
      withCircleMail(ctx, (outbox) => declareContribution(ctx.db, { circleId: input.id, roundId: input.roundId, handId: input.handId, userId: ctx.user.id, details: details(input), now: ctx.now(), outbox })),
  }),
  /** Cash taken at the meeting, by the organiser, for any hand (for their own it waits for a finance officer). */
  recordContribution: mutation({
    input: recordContributionInput,
    access: circle,
    run: (ctx, input) =>
      withCircleMail(ctx, (outbox) => recordContribution(ctx.db, { circleId: input.id, roundId: input.roundId, handId: input.handId, organiserId: ctx.user.id, details: details(input), now: ctx.now(), outbox })),
  }),
  confirmContribution: mutation({
    input: contributionIdInput,
    access: ofContribution,
    run: (ctx, input) => withCircleMail(ctx, (outbox) => confirmContribution(ctx.db, { id: input.id, organiserId: ctx.user.id, now: ctx.now(), outbox })),
  }),
  rejectContribution: mutation({
    input: rejectContributionInput,
    access: ofContribution,
    run: (ctx, input) => rejectContribution(ctx.db, { id: input.id, organiserId: ctx.user.id, reason: input.reason, now: ctx.now() }),
  }),

  bid: mutation({ input: bidInput, access: ofRound, run: (ctx, input) => placeBid(ctx.db, { roundId: input.id, handId: input.handId, userId: ctx.user.id, discount: input.discount, now: ctx.now() }) }),
  recordPayout: mutation({ input: payoutInput, access: ofRound, run: (ctx, input) => recordPayout(ctx.db, { roundId: input.id, organiserId: ctx.user.id, details: details(input), now: ctx.now() }) }),
  confirmReceipt: mutation({ input: payoutIdInput, access: ofPayout, run: (ctx, input) => confirmReceipt(ctx.db, { id: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  disputePayout: mutation({ input: disputePayoutInput, access: ofPayout, run: (ctx, input) => disputePayout(ctx.db, { id: input.id, userId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),

  /** The organiser records paying a top-up on to its beneficiary (one owed to the organiser is a finance officer's to record). */
  recordTopUp: mutation({ input: topUpPaymentInput, access: ofTopUp, run: (ctx, input) => recordTopUp(ctx.db, { id: input.id, organiserId: ctx.user.id, details: details(input), now: ctx.now() }) }),
  /** Only the top-up's beneficiary confirms it arrived (a numbered receipt) or says it did not. */
  confirmTopUp: mutation({ input: topUpIdInput, access: ofTopUp, run: (ctx, input) => confirmTopUp(ctx.db, { id: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  disputeTopUp: mutation({ input: disputeTopUpInput, access: ofTopUp, run: (ctx, input) => disputeTopUp(ctx.db, { id: input.id, userId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),

  requestSwap: mutation({
    input: swapRequestInput,
    access: circle,
    run: (ctx, input) => requestSwap(ctx.db, { circleId: input.id, fromHandId: input.fromHandId, toHandId: input.toHandId, userId: ctx.user.id, now: ctx.now() }),
  }),
  acceptSwap: mutation({ input: swapIdInput, access: ofSwap, run: (ctx, input) => acceptSwap(ctx.db, { id: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  approveSwap: mutation({ input: swapIdInput, access: ofSwap, run: (ctx, input) => approveSwap(ctx.db, { id: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  declineSwap: mutation({ input: swapIdInput, access: ofSwap, run: (ctx, input) => declineSwap(ctx.db, { id: input.id, userId: ctx.user.id, now: ctx.now() }) }),

  markFinePaid: mutation({ input: fineIdInput, access: ofFine, run: (ctx, input) => withCircleMail(ctx, (outbox) => markFinePaid(ctx.db, { id: input.id, organiserId: ctx.user.id, now: ctx.now(), outbox })) }),
  waiveFine: mutation({ input: waiveFineInput, access: ofFine, run: (ctx, input) => waiveFine(ctx.db, { id: input.id, organiserId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),

  /** Per round and per member; the organiser sees every member's line, others their own. */
  report: query({ input: circleIdInput, access: circle, run: (ctx, input) => circleReport(ctx.db, { circleId: input.id, viewerId: ctx.user.id }) }),
  reportCsv: query({
    input: circleIdInput,
    access: circle,
    run: (ctx, input) => {
      // In the requester's own language (their profile's), whatever the browser sends.
      const report = circleReport(ctx.db, { circleId: input.id, viewerId: ctx.user.id });
      return { filename: `circle-${input.id}-report.csv`, csv: circleReportCsv(report, ctx.user.language) };
    },
  }),

  ...njangiOfficers,
};

/** Receipts and the printable report are files, so they are REST routes only (rest/njangi.ts), not tRPC procedures. */
export const njangiFiles = {
  /** The report as a PDF: the same figures, and the same lines the viewer may see, as njangi.report. */
  reportPdf: query({
    input: circleIdInput,
    access: circle,
    run: async (ctx, input, { community }) => {
      const report = circleReport(ctx.db, { circleId: input.id, viewerId: ctx.user.id });
      const pdf = await circleReportPdf(report, { appName: ctx.env.APP_NAME, community: community.name, language: ctx.language, now: ctx.now() });
      return { filename: `circle-${input.id}-report.pdf`, pdf };
    },
  }),
  /** The report as an XLSX workbook: the same rows as the CSV (report-table.ts). */
  reportXlsx: query({
    input: circleIdInput,
    access: circle,
    run: async (ctx, input) => {
      const report = circleReport(ctx.db, { circleId: input.id, viewerId: ctx.user.id });
      return { filename: `circle-${input.id}-report.xlsx`, xlsx: await toXlsx(circleReportExport(report, ctx.user.language), { creator: ctx.env.APP_NAME }) };
    },
  }),
  /** A confirmed contribution's numbered receipt, for its member and the organiser (REST only: a file). */
  contributionReceipt: query({
    input: contributionIdInput,
    access: ofContribution,
    run: (ctx, input) => contributionReceipt(ctx.db, { id: input.id, viewerId: ctx.user.id, appName: ctx.env.APP_NAME }),
  }),
  /** A confirmed payout's numbered receipt, for its beneficiary and the organiser (REST only: a file). */
  payoutReceipt: query({
    input: payoutIdInput,
    access: ofPayout,
    run: (ctx, input) => payoutReceipt(ctx.db, { id: input.id, viewerId: ctx.user.id, appName: ctx.env.APP_NAME }),
  }),
  /** A confirmed top-up's numbered receipt, for its beneficiary and the organiser (REST only: a file). */
  topUpReceipt: query({
    input: topUpIdInput,
    access: ofTopUp,
    run: (ctx, input) => topUpReceipt(ctx.db, { id: input.id, viewerId: ctx.user.id, appName: ctx.env.APP_NAME }),
  }),
};
