import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { MINUTES_MAX } from '../meetings/rules';
import { MAX_OPTIONS, MIN_OPTIONS, OPTION_LABEL_MAX, POLL_TITLE_MAX } from '../polls/rules';

/*
 * Inputs of a meeting's minutes, proxies and votes (meetings.minutes … meetings.voteAsProxy).
 * Messages are keys of the meetingMinutes texts.
 */

const positiveId = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const meetingId = positiveId('meetingMinutes.validation.meetingId');
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');

export const meetingIdInput = z.object({ meetingId });

/** The minutes' text (safe Markdown); `reason` is required once they are approved (each change is then a new version). */
export const saveMinutesInput = z.object({
  meetingId,
  body: z.string({ message: 'meetingMinutes.validation.body' }).max(MINUTES_MAX, 'meetingMinutes.validation.bodyLong').refine((s) => s.trim().length > 0, 'meetingMinutes.validation.body'),
  reason: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), z.string({ message: 'meetingMinutes.validation.reason' }).trim().max(300, 'meetingMinutes.validation.reasonLong').optional()),
});

/** The later meeting whose vote approves the minutes. */
export const proposeApprovalInput = z.object({ meetingId, atMeetingId: positiveId('meetingMinutes.validation.atMeetingId') });

/** The minutes as a PDF, in the language asked for (else the reader's). */
export const minutesPdfInput = z.object({ meetingId, lang: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LANGUAGES, { message: 'meetingMinutes.validation.lang' }).optional()) });

export const grantProxyInput = z.object({ meetingId, holderId: userId });

const option = z.string({ message: 'meetingMinutes.validation.option' }).trim().min(1, 'meetingMinutes.validation.option').max(OPTION_LABEL_MAX, 'meetingMinutes.validation.option');

/** A single-choice vote taken during the meeting, optionally on one of its agenda items. */
export const openVoteInput = z.object({
  meetingId,
  title: z.string({ message: 'meetingMinutes.validation.title' }).trim().min(1, 'meetingMinutes.validation.title').max(POLL_TITLE_MAX, 'meetingMinutes.validation.title'),
  options: z
    .array(option, { message: 'meetingMinutes.validation.options' })
    .min(MIN_OPTIONS, 'meetingMinutes.validation.options')
    .max(MAX_OPTIONS, 'meetingMinutes.validation.options')
    .refine((o) => new Set(o.map((x) => x.toLocaleLowerCase())).size === o.length, 'meetingMinutes.validation.duplicateOption'),
  agendaItemId: positiveId('meetingMinutes.validation.agendaItemId').optional(),
});

const optionId = z.number({ message: 'validation.polls.choices' }).int('validation.polls.choices').positive('validation.polls.choices').max(Number.MAX_SAFE_INTEGER, 'validation.polls.choices');

/** A ballot cast for the member whose proxy the caller holds. */
export const voteAsProxyInput = z.object({
  pollId: positiveId('meetingMinutes.validation.pollId'),
  grantorId: userId,
  choices: z.array(optionId, { message: 'validation.polls.choices' }).min(1, 'validation.polls.choices').max(MAX_OPTIONS, 'validation.polls.tooManyChoices'),
});
