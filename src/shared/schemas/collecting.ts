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
