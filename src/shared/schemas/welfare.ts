import { z } from 'zod';
import { MAX_AMOUNT } from '../money';
import { PROOF_URL_PATTERN } from '../proofs';
import { CASE_STATUSES, DEPENDANT_RELATIONSHIPS, FINANCING, FUND_KINDS, MAX_CASE_DOCUMENTS, MAX_DEPENDANTS_PER_RELATIONSHIP, MAX_LEVY_DUE_DAYS, MAX_WAITING_DAYS, RELATIONSHIPS } from '../welfare/rules';
import { communityId, filterText } from './communities';

/*
 * Inputs of the welfare operations. Amounts are integers in the minor unit of the books' currency;
 * every money input may say its `currency`, which must be the books' own.
 */

export const communityIdInput = z.object({ communityId });

const amount = z
  .number({ message: 'validation.finance.amount' })
  .int('validation.finance.amountWhole')
  .positive('validation.finance.amountPositive')
  .max(MAX_AMOUNT, 'validation.finance.amountLarge');
const currency = z.string({ message: 'validation.finance.currencyCode' }).trim().toUpperCase().max(8, 'validation.finance.currencyCode').optional();
const recordId = (message: 'validation.welfare.fundId' | 'validation.welfare.caseId' | 'validation.welfare.dependantId' | 'validation.welfare.levyId' | 'validation.finance.accountId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
const proof = z.string({ message: 'errors.upload.again' }).trim().regex(PROOF_URL_PATTERN, 'errors.upload.again');
const days = (max: number, message: 'validation.welfare.waitingDays' | 'validation.welfare.levyDueDays' | 'validation.welfare.graceDays') =>
  z.number({ message }).int(message).min(0, message).max(max, message);
const limit = z.number({ message: 'validation.welfare.limit' }).int('validation.welfare.limit').min(0, 'validation.welfare.limit').max(MAX_DEPENDANTS_PER_RELATIONSHIP, 'validation.welfare.limit');

/**
 * A fund's rules (one version). Benefits per relationship (a relationship left out is not
 * covered); how many dependants of each relationship are covered; the waiting period a dependant
 * must have been registered for; the levy per case (levy financing) or the monthly contribution
 * (monthly financing), when it falls due after being issued, and the grace days after that.
 */
export const fundRules = z
  .object({
    benefits: z
      .object(Object.fromEntries(RELATIONSHIPS.map((r) => [r, amount.optional()])) as Record<(typeof RELATIONSHIPS)[number], z.ZodOptional<typeof amount>>, { message: 'validation.welfare.benefits' })
      .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation.welfare.benefits' }),
    limits: z.object(Object.fromEntries(DEPENDANT_RELATIONSHIPS.map((r) => [r, limit.optional()])) as Record<(typeof DEPENDANT_RELATIONSHIPS)[number], z.ZodOptional<typeof limit>>, {
      message: 'validation.welfare.limit',
    }),
    dependantWaitingDays: days(MAX_WAITING_DAYS, 'validation.welfare.waitingDays'),
    levyAmount: amount.optional(),
    monthlyAmount: amount.optional(),
    levyDueDays: days(MAX_LEVY_DUE_DAYS, 'validation.welfare.levyDueDays'),
    graceDays: days(MAX_LEVY_DUE_DAYS, 'validation.welfare.graceDays'),
  })
  .strict();
export type FundRules = z.output<typeof fundRules>;

/** The rules a fund's financing needs: a levy amount for levies, a monthly amount for contributions. */
export function rulesProblem(financing: (typeof FINANCING)[number], rules: FundRules): { path: string[]; message: string } | null {
  if (financing === 'levy' && rules.levyAmount === undefined) return { path: ['rules', 'levyAmount'], message: 'validation.welfare.levyAmount' };
  if (financing === 'monthly' && rules.monthlyAmount === undefined) return { path: ['rules', 'monthlyAmount'], message: 'validation.welfare.monthlyAmount' };
  return null;
}

const fundName = z.string({ message: 'validation.welfare.fundName' }).trim().min(3, 'validation.welfare.fundName').max(80, 'validation.welfare.fundName');

export const createFundInput = z
  .object({
    communityId,
    name: fundName,
    kind: z.enum(FUND_KINDS, { message: 'validation.welfare.kind' }),
    financing: z.enum(FINANCING, { message: 'validation.welfare.financing' }),
    currency,
    rules: fundRules,
  })
  .superRefine((p, ctx) => {
    const problem = rulesProblem(p.financing, p.rules);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
/** New rules for a fund: a new version; cases already open keep theirs. */
export const fundRulesInput = z.object({ id: recordId('validation.welfare.fundId'), currency, rules: fundRules });
export const fundIdInput = z.object({ id: recordId('validation.welfare.fundId') });

export const addDependantInput = z.object({
  communityId,
  name: z.string({ message: 'validation.welfare.dependantName' }).trim().min(2, 'validation.welfare.dependantName').max(100, 'validation.welfare.dependantName'),
  relationship: z.enum(DEPENDANT_RELATIONSHIPS, { message: 'validation.welfare.relationship' }),
});
export const dependantIdInput = z.object({ id: recordId('validation.welfare.dependantId') });
/** A member's dependants: one's own; officers may name another member. */
export const dependantsInput = z.object({ communityId, userId: userId.optional() });

const documentInput = z.object({
  url: proof,
  label: z.string({ message: 'validation.welfare.documentLabel' }).trim().max(100, 'validation.welfare.documentLabel').default(''),
});

export const openCaseInput = z.object({
  communityId,
  fundId: recordId('validation.welfare.fundId'),
  /** The covered member (default: the caller). */
  memberId: userId.optional(),
  /** The dependant the case is for; left out: the member themself. */
  dependantId: recordId('validation.welfare.dependantId').optional(),
  /** Who receives the benefit and confirms it (default: the covered member; required when the case is for the member themself). */
  beneficiaryId: userId.optional(),
  description: z.string({ message: 'validation.welfare.descriptionLong' }).trim().max(2000, 'validation.welfare.descriptionLong').default(''),
  documents: z.array(documentInput, { message: 'validation.welfare.documents' }).max(MAX_CASE_DOCUMENTS, 'validation.welfare.documents').default([]),
});
export const caseIdInput = z.object({ id: recordId('validation.welfare.caseId') });
export const addDocumentInput = z.object({ id: recordId('validation.welfare.caseId'), url: proof, label: documentInput.shape.label });
const reason = z.string({ message: 'validation.welfare.reason' }).trim().min(3, 'validation.welfare.reason').max(300, 'validation.welfare.reasonLong');
export const rejectCaseInput = z.object({ id: recordId('validation.welfare.caseId'), reason });
export const closeCaseInput = z.object({
  id: recordId('validation.welfare.caseId'),
  note: z.string({ message: 'validation.welfare.noteLong' }).trim().max(1000, 'validation.welfare.noteLong').default(''),
});

const method = z.enum(['cash', 'mobile_money', 'bank_transfer', 'other'], { message: 'validation.finance.method' });
const reference = z.string().trim().max(80, 'validation.finance.referenceLong').nullable().optional();
export const payBenefitInput = z.object({
  id: recordId('validation.welfare.caseId'),
  accountId: recordId('validation.finance.accountId'),
  method,
  reference,
  /** The proof of payment (a transfer's receipt, a signed acknowledgement): required. */
  proofUrl: proof,
});

export const condolenceInput = z.object({
  id: recordId('validation.welfare.caseId'),
  /** Who in the family agreed, and how (noted on the case). */
  consent: z.string({ message: 'validation.welfare.consent' }).trim().min(3, 'validation.welfare.consent').max(200, 'validation.welfare.consent'),
  title: z.string({ message: 'validation.welfare.title' }).trim().min(1, 'validation.welfare.title').max(200, 'validation.welfare.title'),
  message: z.string({ message: 'validation.welfare.message' }).trim().min(1, 'validation.welfare.message').max(5000, 'validation.welfare.message'),
});

const cursor = z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').positive('validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional();
const pageLimit = z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(20);
export const listCasesInput = z.object({ communityId, status: z.enum(CASE_STATUSES, { message: 'validation.welfare.status' }).optional(), cursor, limit: pageLimit });

export const payLevyInput = z.object({
  id: recordId('validation.welfare.levyId'),
  amount,
  currency,
  method,
  provider: z.string().trim().max(40, 'validation.finance.referenceLong').nullable().optional(),
  reference,
  proofUrl: proof.nullable().optional(),
});
/** Cash an officer took for a member's levy: it waits for another officer, like any recorded payment. */
export const recordLevyCashInput = z.object({ id: recordId('validation.welfare.levyId'), accountId: recordId('validation.finance.accountId'), amount, currency, reference });
export const myLeviesInput = z.object({ communityId });
/** A case's levies for its officers (to record cash at a meeting): by member name, the unpaid ones only if asked, keyset paged. */
export const caseLeviesInput = z.object({
  id: recordId('validation.welfare.caseId'),
  search: filterText,
  unpaid: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { message: 'validation.welfare.unpaidFlag' }).default(false),
  cursor,
  limit: pageLimit,
});
