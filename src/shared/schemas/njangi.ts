import { z } from 'zod';
import { CURRENCY_CODES, MAX_AMOUNT } from '../money';
import { FEE_CAP_BPS } from '../njangi/money';
import { FINE_KINDS, FREQUENCIES, MAX_GRACE_DAYS, MAX_HANDS, ORDER_BY, PAYOUT_METHODS } from '../njangi/rules';
import { isValidDate, isValidTimeZone } from '../njangi/schedule';
import { communityId, pageInput } from './communities';
import { PROOF_URL_PATTERN } from './finances';

/*
 * Inputs of the savings-circle operations. Amounts are integers in the minor unit of the
 * circle's currency; percentages are basis points (500 = 5%).
 */

const id = (message: 'validation.njangi.circleId' | 'validation.njangi.roundId' | 'validation.njangi.contributionId' | 'validation.njangi.payoutId' | 'validation.njangi.swapId' | 'validation.njangi.handId' | 'validation.njangi.fineId' | 'validation.njangi.topUpId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const amount = z.number({ message: 'validation.finance.amount' }).int('validation.finance.amountWhole').positive('validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge');
const zeroOrAmount = z.number({ message: 'validation.finance.amount' }).int('validation.finance.amountWhole').min(0, 'validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge');
// Proofs of contributions and payouts are uploads of kind 'proof': a photo or a PDF, as for payments.
const upload = z.string().trim().regex(PROOF_URL_PATTERN, 'errors.upload.again');
const reference = z.string().trim().max(80, 'validation.finance.referenceLong');
const reason = z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong');
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
const method = z.enum(['cash', 'mobile_money', 'bank_transfer', 'other'], { message: 'validation.finance.method' });

export const circleId = id('validation.njangi.circleId');
export const circleIdInput = z.object({ id: circleId });
export const roundIdInput = z.object({ id: id('validation.njangi.roundId') });

export const createCircleInput = z
  .object({
    communityId,
    name: z.string({ message: 'validation.njangi.name' }).trim().min(3, 'validation.njangi.name').max(80, 'validation.njangi.name'),
    description: z.string().trim().max(2000, 'validation.njangi.descriptionLong').default(''),
    currency: z.enum(CURRENCY_CODES, { message: 'validation.finance.currency' }),
    contribution: amount,
    frequency: z.enum(FREQUENCIES, { message: 'validation.njangi.frequency' }),
    startDate: z.string({ message: 'validation.njangi.startDate' }).refine(isValidDate, 'validation.njangi.startDate'),
    timeZone: z.string({ message: 'validation.njangi.timeZone' }).trim().max(64, 'validation.njangi.timeZone').refine(isValidTimeZone, 'validation.njangi.timeZone'),
    hands: z.coerce.number({ message: 'validation.njangi.hands' }).int('validation.njangi.hands').min(2, 'validation.njangi.hands').max(MAX_HANDS, 'validation.njangi.hands'),
    maxHandsPerMember: z.coerce.number({ message: 'validation.njangi.maxHands' }).int('validation.njangi.maxHands').min(1, 'validation.njangi.maxHands').max(MAX_HANDS, 'validation.njangi.maxHands').default(1),
    payoutMethod: z.enum(PAYOUT_METHODS, { message: 'validation.njangi.payoutMethod' }),
    orderBy: z.enum(ORDER_BY, { message: 'validation.njangi.orderBy' }).default('organiser'),
    graceDays: z.coerce.number({ message: 'validation.njangi.graceDays' }).int('validation.njangi.graceDays').min(0, 'validation.njangi.graceDays').max(MAX_GRACE_DAYS, 'validation.njangi.graceDays').default(0),
    fineKind: z.enum(FINE_KINDS, { message: 'validation.njangi.fineKind' }).default('none'),
    fineValue: zeroOrAmount.default(0),
    deposit: zeroOrAmount.default(0),
    feeBps: z.coerce.number({ message: 'validation.njangi.fee' }).int('validation.njangi.fee').min(0, 'validation.njangi.fee').max(FEE_CAP_BPS, 'validation.njangi.fee').default(0),
  })
  .refine((c) => c.maxHandsPerMember <= c.hands, { path: ['maxHandsPerMember'], message: 'validation.njangi.maxHandsOver' })
  .refine((c) => c.fineKind !== 'percent' || c.fineValue <= 10_000, { path: ['fineValue'], message: 'validation.njangi.finePercent' })
  .refine((c) => c.fineKind === 'none' || c.fineValue > 0, { path: ['fineValue'], message: 'validation.njangi.fineValue' });

export const circlesPageInput = z.object({ communityId, ...pageInput, status: z.enum(['recruiting', 'active', 'completed', 'cancelled']).optional() });

export const joinCircleInput = z.object({
  id: circleId,
  hands: z.coerce.number({ message: 'validation.njangi.joinHands' }).int('validation.njangi.joinHands').min(1, 'validation.njangi.joinHands').max(MAX_HANDS, 'validation.njangi.joinHands').default(1),
});
export const decideJoinInput = z.object({ id: circleId, userId, approve: z.boolean({ message: 'validation.njangi.decision' }) });

/** Fixed circles: the payout order as member ids, each member as many times as their hands (default: joining order). */
export const startCircleInput = z.object({ id: circleId, order: z.array(userId).max(MAX_HANDS).optional() });
export const pickPositionInput = z.object({
  id: circleId,
  position: z.coerce.number({ message: 'validation.njangi.position' }).int('validation.njangi.position').min(1, 'validation.njangi.position').max(MAX_HANDS, 'validation.njangi.position'),
});
export const cancelCircleInput = z.object({ id: circleId, reason });

export const declareContributionInput = z.object({
  id: circleId,
  roundId: id('validation.njangi.roundId'),
  handId: id('validation.njangi.handId'),
  method,
  reference: reference.nullable().optional(),
  proofUrl: upload.nullable().optional(),
});
export const recordContributionInput = declareContributionInput.extend({ method: method.default('cash') });
export const contributionIdInput = z.object({ id: id('validation.njangi.contributionId') });
export const rejectContributionInput = z.object({ id: id('validation.njangi.contributionId'), reason });

export const bidInput = z.object({ id: id('validation.njangi.roundId'), handId: id('validation.njangi.handId'), discount: amount });
export const payoutInput = z.object({
  id: id('validation.njangi.roundId'),
  method,
  reference: reference.nullable().optional(),
  proofUrl: upload.nullable().optional(),
});
export const payoutIdInput = z.object({ id: id('validation.njangi.payoutId') });
export const disputePayoutInput = z.object({ id: id('validation.njangi.payoutId'), reason });

export const swapRequestInput = z.object({ id: circleId, fromHandId: id('validation.njangi.handId'), toHandId: id('validation.njangi.handId') });
export const swapIdInput = z.object({ id: id('validation.njangi.swapId') });

export const fineIdInput = z.object({ id: id('validation.njangi.fineId') });

/** A top-up (money that reached a round after its payout): recorded as paid on, then confirmed or disputed by its beneficiary. */
export const topUpIdInput = z.object({ id: id('validation.njangi.topUpId') });
export const topUpPaymentInput = z.object({ id: id('validation.njangi.topUpId'), method, reference: reference.nullable().optional(), proofUrl: upload.nullable().optional() });
export const disputeTopUpInput = z.object({ id: id('validation.njangi.topUpId'), reason });
export const waiveFineInput = z.object({ id: id('validation.njangi.fineId'), reason });
