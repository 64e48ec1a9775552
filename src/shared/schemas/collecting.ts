import { z } from 'zod';
import { communityId } from './communities';
import { SMS_TEXT_MAX } from '../payments/sms';

/*
 * Inputs of collecting money: payment instructions per account, members' payment references, and
 * reading a pasted mobile-money confirmation text.
 */

const optionalText = (max: number) =>
  z
    .string({ message: 'validation.collecting.tooLong' })
    .trim()
    .max(max, 'validation.collecting.tooLong')
    .transform((v) => v || null)
    .nullable()
    .optional();

// Links a member's phone opens: the web, or an app's own scheme as its provider documents it; never script or data.
const APP_LINK = /^(?!(?:javascript|data|vbscript|file):)(?:https:\/\/|[a-z][a-z0-9+.-]{1,30}:\/\/)\S+$/i;

export const instructionsInput = z.object({
  communityId,
  accountId: z.coerce.number({ message: 'validation.finance.accountId' }).int('validation.finance.accountId').positive('validation.finance.accountId'),
  provider: optionalText(40),
  number: optionalText(40),
  accountName: optionalText(80),
  bankDetails: optionalText(500),
  // What the phone dials: digits, * and #, as USSD codes are written (*126*1*1#).
  ussd: z
    .string()
    .trim()
    .max(60, 'validation.collecting.ussd')
    .regex(/^(?:[*#][0-9*#]*#)?$/, 'validation.collecting.ussd')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  appLink: z
    .string()
    .trim()
    .max(300, 'validation.collecting.appLink')
    .refine((v) => v === '' || APP_LINK.test(v), 'validation.collecting.appLink')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  note: optionalText(300),
});
export type InstructionsInput = z.output<typeof instructionsInput>;

export const readTextInput = z.object({
  communityId,
  text: z.string({ message: 'validation.collecting.text' }).trim().min(1, 'validation.collecting.text').max(SMS_TEXT_MAX, 'validation.finance.smsTextLong'),
});

export const communityOnlyInput = z.object({ communityId });

/* Statements: a treasurer brings in an account's statement and matches its lines with declared payments. */

export const STATEMENT_MAX_LINES = 10_000;
const header = z.string().trim().max(100, 'validation.collecting.tooLong');

/** Which of the file's columns hold what; money in either one signed column or credit and debit columns. */
export const statementMapping = z
  .object({
    date: header.min(1, 'validation.collecting.mapDate'),
    amount: header.optional(),
    credit: header.optional(),
    debit: header.optional(),
    reference: header.optional(),
    counterparty: header.optional(),
    transactionId: header.optional(),
    // How the file writes days with slashes; ISO days are read either way.
    dateOrder: z.enum(['dmy', 'mdy'], { message: 'validation.collecting.dateOrder' }),
  })
  .refine((m) => !!m.amount || !!m.credit, { message: 'validation.collecting.mapAmount', path: ['amount'] });
export type StatementMapping = z.output<typeof statementMapping>;

const statementFile = z.object({
  name: z.string({ message: 'imports.validation.fileName' }).trim().min(1, 'imports.validation.fileName').max(200, 'imports.validation.fileName'),
  content: z.string({ message: 'imports.validation.file' }).min(1, 'imports.validation.file').max(1_000_000, 'imports.validation.fileLarge'),
  encoding: z.enum(['text', 'base64'], { message: 'imports.validation.file' }),
});
const accountId = z.coerce.number({ message: 'validation.finance.accountId' }).int('validation.finance.accountId').positive('validation.finance.accountId');
const recordId = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const previewStatementInput = z.object({ communityId, accountId, file: statementFile, mapping: statementMapping.optional() });
export const importStatementInput = z.object({ communityId, accountId, file: statementFile, mapping: statementMapping });
export const statementIdInput = z.object({ id: recordId('errors.collecting.statementNotFound') });
export const confirmMatchesInput = z.object({
  id: recordId('errors.collecting.statementNotFound'),
  items: z
    .array(z.object({ lineId: recordId('errors.collecting.lineNotFound'), paymentId: recordId('validation.finance.paymentId') }))
    .min(1, 'validation.collecting.chooseLines')
    .max(STATEMENT_MAX_LINES, 'validation.collecting.chooseLines'),
});
export const recordLineInput = z.object({
  id: recordId('errors.collecting.lineNotFound'),
  memberId: z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember'),
  purpose: z.enum(['dues', 'donation'], { message: 'validation.finance.purpose' }),
});
export const ignoreLineInput = z.object({
  id: recordId('errors.collecting.lineNotFound'),
  reason: z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong'),
});
