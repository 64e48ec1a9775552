import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { communityId } from './communities';

/*
 * Inputs of the invitation operations. Addresses are trimmed, lower-cased and deduplicated here,
 * so the service sees each person once whatever the caller typed.
 */

export const INVITE_EMAILS_MAX = 50;
export const INVITE_MESSAGE_MAX = 500;
export const LINK_EXPIRY_DAYS = [1, 7, 30] as const;
export const LINK_MAX_USES = 1000;

const id = z.coerce.number({ message: 'invitations.validation.id' }).int('invitations.validation.id').positive('invitations.validation.id').max(Number.MAX_SAFE_INTEGER, 'invitations.validation.id');
export const invitationIdInput = z.object({ id });

// base32 of 32 bytes is 52 characters; anything else cannot be one of ours.
export const tokenField = z.string({ message: 'invitations.validation.token' }).trim().toLowerCase().regex(/^[a-z2-7]{20,64}$/, 'invitations.validation.token');
export const tokenInput = z.object({ token: tokenField });

const email = z
  .string({ message: 'invitations.validation.email' })
  .trim()
  .min(1, 'invitations.validation.email')
  .max(EMAIL_MAX_LENGTH, 'invitations.validation.email')
  .pipe(z.email({ message: 'invitations.validation.email' }))
  .transform((e) => e.toLowerCase());

export const sendInvitationsInput = z.object({
  communityId,
  emails: z
    .array(email, { message: 'invitations.validation.emails' })
    .min(1, 'invitations.validation.emails')
    .max(INVITE_EMAILS_MAX, 'invitations.validation.tooMany')
    .transform((list) => [...new Set(list)]),
  message: z
    .string({ message: 'invitations.validation.message' })
    .trim()
    .max(INVITE_MESSAGE_MAX, 'invitations.validation.message')
    .optional()
    .transform((m) => m || undefined),
});

export const createLinkInput = z.object({
  communityId,
  expiresInDays: z.coerce
    .number({ message: 'invitations.validation.expiry' })
    .refine((d) => (LINK_EXPIRY_DAYS as readonly number[]).includes(d), 'invitations.validation.expiry'),
  maxUses: z.coerce.number({ message: 'invitations.validation.maxUses' }).int('invitations.validation.maxUses').min(1, 'invitations.validation.maxUses').max(LINK_MAX_USES, 'invitations.validation.maxUses'),
});

export const byCommunityInput = z.object({ communityId });

/** Splits what someone typed or pasted (commas, semicolons, spaces, new lines) into addresses. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
