import { z } from 'zod';
import { CURRENCY_CODES, MAX_AMOUNT } from '../money';
import { communityId, pageInput } from './communities';
import { PROOF_URL_PATTERN } from '../proofs';
import { SMS_TEXT_MAX } from '../payments/sms';

/*
 * Inputs of the finance operations. Amounts are integers in the minor unit of the community's
 * currency (the form converts what people type with parseAmount from money.ts).
 */

const amount = z
  .number({ message: 'validation.finance.amount' })
  .int('validation.finance.amountWhole')
  .positive('validation.finance.amountPositive')
  .max(MAX_AMOUNT, 'validation.finance.amountLarge');
/**
 * The currency an amount is in, when the caller says it: it must be the books' own (checked
 * against them by the operation, which names theirs when it is not). Codes are read in any case.
 */
const currency = z.string({ message: 'validation.finance.currencyCode' }).trim().toUpperCase().max(8, 'validation.finance.currencyCode').optional();
const recordId = (message: 'validation.finance.paymentId' | 'validation.finance.expenseId' | 'validation.finance.entryId' | 'validation.finance.accountId' | 'validation.finance.categoryId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const text = (max: number, message: 'validation.finance.descriptionLong' | 'validation.finance.reasonLong' | 'validation.finance.referenceLong' | 'validation.finance.smsTextLong') =>
  z.string().trim().max(max, message);
/** A payment's proof or an expense's receipt: an upload of kind 'proof', a WebP image or a PDF, named by its private route. */
export { PROOF_URL_PATTERN } from '../proofs';
const upload = z.string().trim().regex(PROOF_URL_PATTERN, 'errors.upload.again');
/** How many receipt files one expense carries at most. */
export const MAX_EXPENSE_RECEIPTS = 5;

export const financeSettingsInput = z.object({
  communityId,
  currency: z.enum(CURRENCY_CODES, { message: 'validation.finance.currency' }).optional(),
  transparency: z.enum(['summary', 'ledger', 'named_ledger', 'own'], { message: 'validation.finance.transparency' }).optional(),
  secondApprovalAbove: amount.nullable().optional(),
});

export const accountInput = z.object({
  communityId,
  name: z.string({ message: 'validation.finance.accountName' }).trim().min(1, 'validation.finance.accountName').max(60, 'validation.finance.accountName'),
  kind: z.enum(['cash', 'mobile', 'bank'], { message: 'validation.finance.accountKind' }),
  holderId: z.string().trim().max(64).nullable().optional(),
});

export const categoryInput = z.object({
  communityId,
  kind: z.enum(['income', 'expense'], { message: 'validation.finance.categoryKind' }),
  name: z.string({ message: 'validation.finance.categoryName' }).trim().min(1, 'validation.finance.categoryName').max(50, 'validation.finance.categoryName'),
});

const paymentFields = {
  amount,
  currency,
  purpose: z.enum(['dues', 'donation'], { message: 'validation.finance.purpose' }),
  method: z.enum(['cash', 'mobile_money', 'bank_transfer', 'other'], { message: 'validation.finance.method' }),
  provider: text(40, 'validation.finance.referenceLong').nullable().optional(),
  reference: text(80, 'validation.finance.referenceLong').nullable().optional(),
  proofUrl: upload.nullable().optional(),
  note: text(500, 'validation.finance.descriptionLong').nullable().optional(),
  // A provider's transaction id: letters, digits, dots, dashes and underscores, kept in capitals so
  // "sc12ab34cd" and "SC12AB34CD" are one transfer.
  transactionId: z
    .string({ message: 'validation.finance.transactionId' })
    .trim()
    .max(64, 'validation.finance.transactionId')
    .regex(/^[A-Za-z0-9._-]*$/, 'validation.finance.transactionId')
    .transform((v) => v.toUpperCase() || null)
    .nullable()
    .optional(),
  smsText: text(SMS_TEXT_MAX, 'validation.finance.smsTextLong').nullable().optional(),
};

export const declarePaymentInput = z.object({ communityId, ...paymentFields });
export const recordPaymentInput = z.object({
  communityId,
  ...paymentFields,
  memberId: z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember'),
  accountId: recordId('validation.finance.accountId'),
});
export const confirmPaymentInput = z.object({ id: recordId('validation.finance.paymentId'), accountId: recordId('validation.finance.accountId') });
export const rejectInput = (id: 'validation.finance.paymentId' | 'validation.finance.expenseId') =>
  z.object({ id: recordId(id), reason: z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong') });

export const submitExpenseInput = z.object({
  communityId,
  amount,
  currency,
  categoryId: recordId('validation.finance.categoryId'),
  description: z.string({ message: 'validation.finance.description' }).trim().min(1, 'validation.finance.description').max(300, 'validation.finance.descriptionLong'),
  receipts: z.array(upload).max(MAX_EXPENSE_RECEIPTS, 'errors.finances.tooManyReceipts').default([]),
});
export const expenseIdInput = z.object({ id: recordId('validation.finance.expenseId') });
export const payExpenseInput = z.object({ id: recordId('validation.finance.expenseId'), accountId: recordId('validation.finance.accountId') });
/** New figures for an expense: at least one of them (a change clears the approvals given so far). */
export const changeExpenseInput = z
  .object({
    id: recordId('validation.finance.expenseId'),
    amount: amount.optional(),
    currency,
    description: z.string().trim().min(1, 'validation.finance.description').max(300, 'validation.finance.descriptionLong').optional(),
    categoryId: recordId('validation.finance.categoryId').optional(),
  })
  .refine((v) => v.amount !== undefined || v.description !== undefined || v.categoryId !== undefined, { message: 'validation.finance.nothingToChange' });
export const reverseEntryInput = z.object({
  id: recordId('validation.finance.entryId'),
  reason: z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong'),
});

export const financePageInput = z.object({ communityId, ...pageInput });
export const paymentsPageInput = z.object({ communityId, ...pageInput, status: z.enum(['pending', 'confirmed', 'rejected', 'reversed']).optional() });
export const expensesPageInput = z.object({ communityId, ...pageInput, status: z.enum(['pending', 'approved', 'rejected', 'paid']).optional() });
export const summaryInput = z.object({ communityId, year: z.coerce.number().int().min(2000).max(2100).optional() });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.finance.date');
export const exportInput = z.object({ communityId, from: day.optional(), to: day.optional() });
export const paymentIdInput = z.object({ id: recordId('validation.finance.paymentId') });

export const duesPlanInput = z.object({
  communityId,
  name: z.string({ message: 'validation.finance.planName' }).trim().min(1, 'validation.finance.planName').max(80, 'validation.finance.planName'),
  amount,
  currency,
  period: z.enum(['monthly', 'quarterly', 'yearly', 'once'], { message: 'validation.finance.period' }),
  dueDay: z.coerce.number({ message: 'validation.finance.dueDay' }).int('validation.finance.dueDay').min(1, 'validation.finance.dueDay').max(28, 'validation.finance.dueDay'),
  graceDays: z.coerce.number({ message: 'validation.finance.graceDays' }).int('validation.finance.graceDays').min(0, 'validation.finance.graceDays').max(90, 'validation.finance.graceDays').default(0),
  startsOn: day,
  memberIds: z.array(z.string().trim().min(1).max(64)).max(5000).optional(),
});
/** A dues plan not made yet, for the count of members it would make overdue at once (its name does not matter). */
export const duesPlanPreviewInput = duesPlanInput.omit({ name: true, currency: true });
/** The months of money in and out: the last `months` up to this one (a year by default). */
export const cashFlowInput = z.object({ communityId, months: z.coerce.number({ message: 'validation.finance.months' }).int('validation.finance.months').min(1, 'validation.finance.months').max(36, 'validation.finance.months').default(12) });
export const planIdInput = z.object({ id: z.coerce.number({ message: 'validation.finance.planId' }).int().positive('validation.finance.planId') });
export const budgetInput = z.object({
  communityId,
  year: z.coerce.number().int().min(2000, 'validation.finance.year').max(2100, 'validation.finance.year'),
  // The planned amounts' currency.
  currency,
  lines: z.array(z.object({ categoryId: recordId('validation.finance.categoryId'), planned: z.number().int('validation.finance.amountWhole').min(0, 'validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge') })).max(200),
});
export const yearInput = z.object({ communityId, year: z.coerce.number().int().min(2000, 'validation.finance.year').max(2100, 'validation.finance.year').optional() });
