import { z } from 'zod';
import { MAX_AMOUNT } from '../money';
import { isValidDate, isValidTimeZone } from '../njangi/schedule';
import { PROOF_URL_PATTERN } from '../proofs';
import { ENTRY_METHODS, FINE_REASONS, GROUP_ROLES, INTEREST_METHODS, MAX_CYCLE_MONTHS, MAX_GRACE_DAYS, MAX_GUARANTORS, MAX_PERIODS, MAX_RATE_BPS, MAX_SHARES_PER_MEETING, MEETING_FREQUENCIES, SHARE_OUT_METHODS } from '../savings/rules';
import { communityId } from './communities';
import { LANGUAGES } from '../i18n/languages';

/*
 * Inputs of the savings-and-loans groups' operations. Amounts are integers in the minor unit of
 * the group's currency, rates basis points a period, a loan multiple tenths of the savings.
 */

const id = (message: 'validation.savings.groupId' | 'validation.savings.meetingId' | 'validation.savings.entryId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const amount = z.number({ message: 'validation.finance.amount' }).int('validation.finance.amountWhole').positive('validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge');
const zeroOrAmount = z.number({ message: 'validation.finance.amount' }).int('validation.finance.amountWhole').min(0, 'validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge');
const whole = (min: number, max: number, message: 'validation.savings.cycleMonths' | 'validation.savings.shares' | 'validation.savings.loanMultiple' | 'validation.savings.loanTerm' | 'validation.savings.rate' | 'validation.savings.graceDays') =>
  z.number({ message }).int(message).min(min, message).max(max, message);
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
const reference = z.string().trim().max(80, 'validation.finance.referenceLong');
const reason = z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong');
const proof = z.string().trim().regex(PROOF_URL_PATTERN, 'errors.upload.again');

export const groupId = id('validation.savings.groupId');
export const groupIdInput = z.object({ id: groupId });
export const meetingId = id('validation.savings.meetingId');
export const entryIdInput = z.object({ id: id('validation.savings.entryId') });
export const communityGroupsInput = z.object({ communityId });

/** A cycle's rules; the group keeps the next cycle's, each cycle a copy made when it opened. */
export const savingsRules = z
  .object({
    frequency: z.enum(MEETING_FREQUENCIES, { message: 'validation.savings.frequency' }),
    cycleMonths: whole(1, MAX_CYCLE_MONTHS, 'validation.savings.cycleMonths'),
    sharePrice: amount,
    minShares: whole(1, MAX_SHARES_PER_MEETING, 'validation.savings.shares'),
    maxShares: whole(1, MAX_SHARES_PER_MEETING, 'validation.savings.shares'),
    socialFund: zeroOrAmount.default(0),
    loanMultipleTenths: whole(0, 100, 'validation.savings.loanMultiple'),
    loanTerms: z
      .array(whole(1, MAX_PERIODS, 'validation.savings.loanTerm'), { message: 'validation.savings.loanTerm' })
      .min(1, 'validation.savings.loanTerm')
      .max(12, 'validation.savings.loanTerm')
      .transform((terms) => [...new Set(terms)].sort((a, b) => a - b)),
    interestMethod: z.enum(INTEREST_METHODS, { message: 'validation.savings.interestMethod' }),
    rateBps: whole(0, MAX_RATE_BPS, 'validation.savings.rate'),
    graceDays: whole(0, MAX_GRACE_DAYS, 'validation.savings.graceDays').default(0),
    latePenalty: zeroOrAmount.default(0),
    fineLate: zeroOrAmount.default(0),
    fineAbsent: zeroOrAmount.default(0),
    fineMissedShares: zeroOrAmount.default(0),
    shareOutMethod: z.enum(SHARE_OUT_METHODS, { message: 'validation.savings.shareOutMethod' }).default('proportional'),
  })
  .strict()
  .refine((r) => r.minShares <= r.maxShares, { path: ['maxShares'], message: 'validation.savings.maxBelowMin' });
export type SavingsRules = z.output<typeof savingsRules>;

export const createGroupInput = z.object({
  communityId,
  name: z.string({ message: 'validation.savings.name' }).trim().min(3, 'validation.savings.name').max(80, 'validation.savings.name'),
  timeZone: z.string({ message: 'validation.savings.timeZone' }).trim().max(64, 'validation.savings.timeZone').refine(isValidTimeZone, 'validation.savings.timeZone'),
  rules: savingsRules,
});

export const changeRulesInput = z.object({ id: groupId, rules: savingsRules });
export const memberInput = z.object({ id: groupId, userId });
export const decideJoinInput = z.object({ id: groupId, userId, approve: z.boolean({ message: 'validation.savings.decision' }) });
export const setRoleInput = z.object({ id: groupId, userId, role: z.enum(GROUP_ROLES, { message: 'validation.savings.role' }) });
/** A cycle starts on a real date this century: its meetings are counted out for years after it, and a date near 9999 has none to count. */
const LAST_START = '2100-12-31';
export const openCycleInput = z.object({
  id: groupId,
  startDate: z.string({ message: 'validation.savings.startDate' }).refine((d) => isValidDate(d) && d <= LAST_START, 'validation.savings.startDate'),
});

const method = z.enum(ENTRY_METHODS, { message: 'validation.finance.method' });
/** How the money came: mobile money names its transaction or shows its proof (the second officer checks it). */
const payment = {
  method,
  reference: reference.nullable().optional(),
  proofUrl: proof.nullable().optional(),
};
const paidWell = (p: { method: string; reference?: string | null; proofUrl?: string | null }) => p.method !== 'mobile_money' || !!p.reference || !!p.proofUrl;
const PAID_WELL = { path: ['reference'], message: 'validation.savings.mobileProof' };

const shares = whole(1, MAX_SHARES_PER_MEETING, 'validation.savings.shares');
/** One member's money at a meeting: shares bought, the social fund paid, fines by reason. */
const line = z.object({
  shares: shares.optional(),
  socialFund: z.boolean().optional(),
  fines: z.array(z.enum(FINE_REASONS, { message: 'validation.savings.fineReason' })).max(FINE_REASONS.length, 'validation.savings.fineReason').optional(),
});
const notEmpty = (l: z.output<typeof line>) => l.shares !== undefined || !!l.socialFund || !!l.fines?.length;

/** An officer records the members' money of one meeting; each line waits for another officer. */
export const recordMeetingInput = z
  .object({
    meetingId,
    ...payment,
    lines: z
      .array(line.extend({ userId }).refine(notEmpty, { message: 'validation.savings.emptyLine' }), { message: 'validation.savings.lines' })
      .min(1, 'validation.savings.lines')
      .max(200, 'validation.savings.lines')
      .refine((ls) => new Set(ls.map((l) => l.userId)).size === ls.length, { message: 'validation.savings.memberTwice' }),
  })
  .refine(paidWell, PAID_WELL);

/** A member declares their own shares and social fund for a meeting; an officer confirms. */
export const declareInput = z
  .object({ meetingId, ...payment, shares: shares.optional(), socialFund: z.boolean().optional() })
  .refine((d) => d.shares !== undefined || !!d.socialFund, { message: 'validation.savings.emptyLine' })
  .refine(paidWell, PAID_WELL);

/** An officer proposes a grant from the social fund to a member; a second officer approves it. */
export const proposeGrantInput = z
  .object({
    id: groupId,
    userId,
    amount,
    purpose: z.string({ message: 'validation.savings.purpose' }).trim().min(3, 'validation.savings.purpose').max(300, 'validation.savings.purpose'),
    ...payment,
  })
  .refine(paidWell, PAID_WELL);

export const rejectEntryInput = z.object({ id: id('validation.savings.entryId'), reason });
/**
 * `step` says which of the two officers' acts the caller means: `propose` a reversal, or `make` the one
 * another officer proposed (after reading its reason). A step that no longer matches the entry is refused,
 * so a stale screen never makes a reversal its officer meant to propose.
 */
export const reverseEntryInput = z.object({ id: id('validation.savings.entryId'), reason, step: z.enum(['propose', 'make'], { message: 'validation.savings.reverseStep' }) });
export const declineReversalInput = z.object({ id: id('validation.savings.entryId'), reason });
const cycleId = z.coerce.number({ message: 'validation.savings.cycleId' }).int('validation.savings.cycleId').positive('validation.savings.cycleId').max(Number.MAX_SAFE_INTEGER, 'validation.savings.cycleId');
export const statementInput = z.object({ id: groupId, cycleId: cycleId.optional() });
/** `verify` (a query flag on REST) adds whether the group's money adds up: the whole check, so only when asked for. */
export const ledgerInput = z.object({
  id: groupId,
  cycleId: cycleId.optional(),
  verify: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { message: 'validation.savings.verify' }).default(false),
});

const loanId = z.coerce.number({ message: 'validation.savings.loanId' }).int('validation.savings.loanId').positive('validation.savings.loanId').max(Number.MAX_SAFE_INTEGER, 'validation.savings.loanId');
export const loanIdInput = z.object({ id: loanId });

/** A member asks for a loan: an amount, one of the cycle's terms, a purpose, and who stands behind it. */
export const requestLoanInput = z.object({
  id: groupId,
  principal: amount,
  periods: whole(1, MAX_PERIODS, 'validation.savings.loanTerm'),
  purpose: z.string({ message: 'validation.savings.purpose' }).trim().min(3, 'validation.savings.purpose').max(300, 'validation.savings.purpose'),
  guarantors: z
    .array(userId, { message: 'validation.savings.guarantors' })
    .max(MAX_GUARANTORS, 'validation.savings.guarantors')
    .refine((g) => new Set(g).size === g.length, { message: 'validation.savings.guarantors' })
    .default([]),
});
export const answerGuaranteeInput = z.object({ id: loanId, accept: z.boolean({ message: 'validation.savings.decision' }) });
export const rejectLoanInput = z.object({ id: loanId, reason });
export const cancelDisbursementInput = z.object({ id: loanId, reason });
export const writeOffInput = z.object({ id: loanId, reason });
export const disburseInput = z.object({ id: loanId, ...payment }).refine(paidWell, PAID_WELL);
export const repaymentInput = z.object({ id: loanId, amount, ...payment }).refine(paidWell, PAID_WELL);
const repaymentId = z.coerce.number({ message: 'validation.savings.repaymentId' }).int('validation.savings.repaymentId').positive('validation.savings.repaymentId').max(Number.MAX_SAFE_INTEGER, 'validation.savings.repaymentId');
export const repaymentIdInput = z.object({ id: repaymentId });
export const rejectRepaymentInput = z.object({ id: repaymentId, reason });

/** Closing the open cycle with its share-out: the active loans the group carries into the next cycle (every other live loan must be settled first). */
export const proposeShareOutInput = z.object({
  id: groupId,
  carryLoanIds: z
    .array(loanId, { message: 'validation.savings.carryLoans' })
    .max(500, 'validation.savings.carryLoans')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.savings.carryLoans' })
    .default([]),
});
const shareOutId = z.coerce.number({ message: 'validation.savings.shareOutId' }).int('validation.savings.shareOutId').positive('validation.savings.shareOutId').max(Number.MAX_SAFE_INTEGER, 'validation.savings.shareOutId');
export const shareOutIdInput = z.object({ id: shareOutId });
export const rejectShareOutInput = z.object({ id: shareOutId, reason });
export const shareOutReportInput = z.object({ cycleId });
/** The report's files: in the language asked for (`lang`), else the reader's own. */
export const shareOutFileInput = z.object({ communityId, cycleId, lang: z.enum(LANGUAGES, { message: 'validation.savings.language' }).optional() });
/** A receipt: the community in its path (the guard's), the entry's or repayment's id. */
export const entryReceiptInput = z.object({ communityId, id: id('validation.savings.entryId') });
export const repaymentReceiptInput = z.object({ communityId, id: repaymentId });
