import { contributionIdInput, fineIdInput, payoutInput, rejectContributionInput, topUpPaymentInput, waiveFineInput } from '@shared/schemas/njangi';
import type { Context } from '../context';
import { contributionCommunity, officerConfirmContribution, officerRejectContribution } from '../services/njangi/contributions';
import { fineCommunity, officerMarkFinePaid, officerWaiveFine } from '../services/njangi/fines';
import { officerRecordPayout, roundCommunity } from '../services/njangi/payouts';
import { officerRecordTopUp, topUpCommunity } from '../services/njangi/topups';
import { inCommunity, mutation } from './define';

/*
 * Four eyes on a circle's organiser: nobody confirms money they owe, or records money paid to
 * themselves. So what concerns the organiser's own hands is decided by the community's finance
 * officers (finances.record: the treasurer, the admins, the creator), never by the organiser:
 * their contributions (declared or recorded as cash) and fines, the payouts and top-ups paid to
 * them (which only the organiser, as beneficiary, then confirms). The services refuse anything
 * else here (a member's contribution is the organiser's to confirm) and refuse the organiser
 * even when they are a finance officer too.
 */

const officerOf = (communityOf: (db: Context['db'], id: number) => number | undefined, missing: string) =>
  inCommunity('finances.record', (input: { id: number }, ctx: Context) => communityOf(ctx.db, input.id), missing);
// Each lookup is called through a function, not passed as a value: this module may load while the
// services it names are still loading (the "Needs you" sources link services and domains in a cycle).
const ofContribution = officerOf((db, id) => contributionCommunity(db, id), 'errors.njangi.contributionNotFound');
const ofFine = officerOf((db, id) => fineCommunity(db, id), 'errors.njangi.fineNotFound');
const ofRound = officerOf((db, id) => roundCommunity(db, id), 'errors.njangi.roundNotFound');
const ofTopUp = officerOf((db, id) => topUpCommunity(db, id), 'errors.njangi.topUpNotFound');
const details = (input: { method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other'; reference?: string | null; proofUrl?: string | null }) => ({ method: input.method, reference: input.reference, proofUrl: input.proofUrl });

export const njangiOfficers = {
  /** The organiser's own contribution, confirmed by a finance officer (a receipt number; a top-up if its round was paid). */
  officerConfirmContribution: mutation({
    input: contributionIdInput,
    access: ofContribution,
    run: (ctx, input) => officerConfirmContribution(ctx.db, { id: input.id, officerId: ctx.user.id, now: ctx.now() }),
  }),
  officerRejectContribution: mutation({
    input: rejectContributionInput,
    access: ofContribution,
    run: (ctx, input) => officerRejectContribution(ctx.db, { id: input.id, officerId: ctx.user.id, reason: input.reason, now: ctx.now() }),
  }),
  /** A fine on the organiser's own hand, marked paid or waived by a finance officer. */
  officerMarkFinePaid: mutation({
    input: fineIdInput,
    access: ofFine,
    run: (ctx, input) => officerMarkFinePaid(ctx.db, { id: input.id, officerId: ctx.user.id, now: ctx.now() }),
  }),
  officerWaiveFine: mutation({ input: waiveFineInput, access: ofFine, run: (ctx, input) => officerWaiveFine(ctx.db, { id: input.id, officerId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  /** The payout of a round whose pot goes to the organiser's own hand, recorded by a finance officer. */
  officerRecordPayout: mutation({ input: payoutInput, access: ofRound, run: (ctx, input) => officerRecordPayout(ctx.db, { roundId: input.id, officerId: ctx.user.id, details: details(input), now: ctx.now() }) }),
  /** A top-up owed to the organiser's own hand, recorded as paid by a finance officer. */
  officerRecordTopUp: mutation({ input: topUpPaymentInput, access: ofTopUp, run: (ctx, input) => officerRecordTopUp(ctx.db, { id: input.id, officerId: ctx.user.id, details: details(input), now: ctx.now() }) }),
};
