import { z } from 'zod';
import { DIGEST_FREQUENCIES, NOTICE_CHANNELS, NOTICE_KINDS } from '../notices';
import { isValidTimeZone } from '../njangi/schedule';

/*
 * Inputs of the notification settings, the one-click unsubscribe and "Needs you" (one schema each,
 * shared by the profile's form and the procedures).
 */

const channel = z.enum(NOTICE_CHANNELS, { message: 'validation.notices.channel' });

/** The member's choices: any kinds' channels, the digest's frequency, their time zone (null: their first community's). */
export const noticeSettingsInput = z
  .object({
    kinds: z.partialRecord(z.enum(NOTICE_KINDS, { message: 'validation.notices.kind' }), channel, { message: 'validation.notices.kind' }).optional(),
    digest: z.enum(DIGEST_FREQUENCIES, { message: 'validation.notices.digest' }).optional(),
    timeZone: z
      .string({ message: 'validation.notices.timeZone' })
      .trim()
      .max(64, 'validation.notices.timeZone')
      .refine(isValidTimeZone, 'validation.notices.timeZone')
      .nullable()
      .optional(),
  })
  .refine((s) => s.kinds !== undefined || s.digest !== undefined || s.timeZone !== undefined, { path: ['kinds'], message: 'validation.notices.nothing' });
export type NoticeSettingsInput = z.output<typeof noticeSettingsInput>;

/** A one-click unsubscribe link's token (mail/unsubscribe.ts). */
export const unsubscribeInput = z.object({ token: z.string({ message: 'validation.notices.token' }).trim().min(10, 'validation.notices.token').max(600, 'validation.notices.token') });

/** A page of "Needs you": after `cursor`, at most `limit` (default 20), in one community or all of the caller's. */
export const needsListInput = z.object({
  cursor: z.string({ message: 'validation.needs.cursor' }).max(100, 'validation.needs.cursor').optional(),
  limit: z.coerce.number({ message: 'validation.needs.limit' }).int('validation.needs.limit').min(1, 'validation.needs.limit').max(100, 'validation.needs.limit').default(20),
  communityId: z.coerce.number({ message: 'validation.community.notFound' }).int().positive('validation.community.notFound').max(Number.MAX_SAFE_INTEGER).optional(),
});
