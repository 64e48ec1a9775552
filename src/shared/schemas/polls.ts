import { z } from 'zod';
import { MAX_OPTIONS, MAX_SEATS, MIN_OPTIONS, OPTION_LABEL_MAX, POLL_DESCRIPTION_MAX, POLL_ELIGIBILITIES, POLL_KINDS, POLL_TITLE_MAX, RESULTS_VISIBILITIES } from '../polls/rules';
import { communityId } from './communities';

/*
 * Inputs of the poll operations. Instants are epoch milliseconds (or an ISO 8601 date-time with
 * its offset, for integrators).
 */

const MIN_INSTANT = Date.parse('2000-01-01T00:00:00Z');
const MAX_INSTANT = Date.parse('2100-01-01T00:00:00Z');

const id = z.coerce.number({ message: 'validation.polls.pollId' }).int('validation.polls.pollId').positive('validation.polls.pollId').max(Number.MAX_SAFE_INTEGER, 'validation.polls.pollId');
export const pollIdInput = z.object({ id });

const instant = (message: 'validation.polls.closesAt' | 'validation.polls.joinedBefore') =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/).transform((s) => Date.parse(s)), z.string().trim().regex(/^\d{1,16}$/).transform(Number)], { message })
    .pipe(z.number({ message }).int(message).min(MIN_INSTANT, message).max(MAX_INSTANT, message));

const title = z.string({ message: 'validation.polls.title' }).trim().min(1, 'validation.polls.title').max(POLL_TITLE_MAX, 'validation.polls.titleLong');
const description = z.string({ message: 'validation.polls.descriptionLong' }).trim().max(POLL_DESCRIPTION_MAX, 'validation.polls.descriptionLong');
const option = z.string({ message: 'validation.polls.option' }).trim().min(1, 'validation.polls.option').max(OPTION_LABEL_MAX, 'validation.polls.optionLong');
const anonymous = z.boolean({ message: 'validation.polls.anonymous' });
const resultsVisibility = z.enum(RESULTS_VISIBILITIES, { message: 'validation.polls.resultsVisibility' });
// 'dues_paid', the name before standing, is still read (as 'good_standing') from integrators that send it.
const eligibility = z
  .enum([...POLL_ELIGIBILITIES, 'dues_paid'], { message: 'validation.polls.eligibility' })
  .transform((v): (typeof POLL_ELIGIBILITIES)[number] => (v === 'dues_paid' ? 'good_standing' : v));
const count = (message: 'validation.polls.maxChoices' | 'validation.polls.seats', max: number) => z.coerce.number({ message }).int(message).min(1, message).max(max, message);

/** Whether a poll of this kind has secret ballots when its creator does not say: an election's are, as members vote on each other. */
export const defaultSecrecy = (kind: (typeof POLL_KINDS)[number]) => kind === 'election';

const OPTIONED = new Set(['single', 'multiple', 'ranked']);

export const createPollInput = z
  .object({
    communityId,
    kind: z.enum(POLL_KINDS, { message: 'validation.polls.kind' }),
    title,
    description: description.default(''),
    /** single, multiple, ranked: 2 to 20 distinct options. yes_no has its fixed three; an election's are its candidates. */
    options: z.array(option, { message: 'validation.polls.options' }).max(MAX_OPTIONS, 'validation.polls.options').optional(),
    /** multiple: the most options a ballot may choose (default: all). */
    maxChoices: count('validation.polls.maxChoices', MAX_OPTIONS).optional(),
    /** election: seats to fill (default 1). */
    seats: count('validation.polls.seats', MAX_SEATS).optional(),
    closesAt: instant('validation.polls.closesAt'),
    /** A discussion topic of the same community the poll belongs to (shown on the topic's page). */
    topicId: z.coerce.number({ message: 'validation.polls.topicId' }).int('validation.polls.topicId').positive('validation.polls.topicId').max(Number.MAX_SAFE_INTEGER, 'validation.polls.topicId').optional(),
    /** Secret ballots unless asked otherwise for an election (a vote on people); named for the other kinds. */
    anonymous: anonymous.optional(),
    resultsVisibility: resultsVisibility.default('live'),
    eligibility: eligibility.default('all'),
    joinedBefore: instant('validation.polls.joinedBefore').optional(),
  })
  .refine((p) => !OPTIONED.has(p.kind) || (p.options !== undefined && p.options.length >= MIN_OPTIONS), { path: ['options'], message: 'validation.polls.options' })
  .refine((p) => OPTIONED.has(p.kind) || p.options === undefined || p.options.length === 0, { path: ['options'], message: 'validation.polls.noOptions' })
  .refine((p) => !p.options || new Set(p.options.map((o) => o.toLocaleLowerCase())).size === p.options.length, { path: ['options'], message: 'validation.polls.duplicateOption' })
  .refine((p) => p.maxChoices === undefined || (p.kind === 'multiple' && p.maxChoices <= (p.options?.length ?? 0)), { path: ['maxChoices'], message: 'validation.polls.maxChoices' })
  .refine((p) => p.seats === undefined || p.kind === 'election', { path: ['seats'], message: 'validation.polls.seats' })
  .refine((p) => (p.eligibility === 'joined_before') === (p.joinedBefore !== undefined), { path: ['joinedBefore'], message: 'validation.polls.joinedBefore' })
  .transform((p) => ({ ...p, anonymous: p.anonymous ?? defaultSecrecy(p.kind) }));
export type CreatePollInput = z.output<typeof createPollInput>;

/** Title, description and closing time change while the poll runs; anonymity, results visibility and who may vote only until the first vote. */
export const updatePollInput = z
  .object({
    id,
    title: title.optional(),
    description: description.optional(),
    closesAt: instant('validation.polls.closesAt').optional(),
    anonymous: anonymous.optional(),
    resultsVisibility: resultsVisibility.optional(),
    eligibility: eligibility.optional(),
    joinedBefore: instant('validation.polls.joinedBefore').nullish(),
  })
  .refine((p) => Object.entries(p).some(([k, v]) => k !== 'id' && v !== undefined), { path: ['title'], message: 'validation.polls.nothingToChange' })
  .refine((p) => p.eligibility !== 'joined_before' || (p.joinedBefore !== undefined && p.joinedBefore !== null), { path: ['joinedBefore'], message: 'validation.polls.joinedBefore' });
export type UpdatePollInput = z.output<typeof updatePollInput>;
export type PollChanges = Omit<UpdatePollInput, 'id'>;

const cursor = z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').positive('validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional();
const limit = z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(100);

/** A community's polls, newest first; `status` open (voting now), closed, nominating or cancelled. */
export const listPollsInput = z.object({
  communityId,
  status: z.enum(['open', 'closed', 'nominating', 'cancelled'], { message: 'validation.polls.status' }).optional(),
  cursor,
  limit,
});

const optionId = z.number({ message: 'validation.polls.choices' }).int('validation.polls.choices').positive('validation.polls.choices').max(Number.MAX_SAFE_INTEGER, 'validation.polls.choices');
/** The caller's ballot: option ids (in order of preference for ranked polls). Voting again replaces it. */
export const voteInput = z.object({
  id,
  choices: z.array(optionId, { message: 'validation.polls.choices' }).min(1, 'validation.polls.choices').max(MAX_OPTIONS, 'validation.polls.tooManyChoices'),
});

export const cancelPollInput = z.object({
  id,
  reason: z.string({ message: 'validation.polls.reason' }).trim().min(1, 'validation.polls.reason').max(300, 'validation.polls.reasonLong'),
});

const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
/** A nomination: oneself (any member), or another member (the poll's managers). */
export const nominateInput = z.object({ id, userId });
export const answerNominationInput = z.object({ id, accept: z.boolean({ message: 'validation.polls.accept' }) });
