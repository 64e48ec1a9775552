import { z } from 'zod';
import { MAX_AMOUNT } from '../money';
import { AGENDA_MAX_ITEMS, AGENDA_NOTES_MAX, AGENDA_TITLE_MAX, ATTENDANCE_STATUSES, MAX_PROXIES_LIMIT, MEETING_SCOPES, QUORUM_KINDS } from '../meetings/rules';
import { communityId } from './communities';
import { createEventInput, durationFits, timesFit } from './events';
import { payLevyInput, recordLevyCashInput } from './welfare';

/*
 * Inputs of the meetings' operations (meetings, agenda, hosting rota, attendance, check-in codes,
 * fines). Instants are epoch milliseconds or ISO 8601 with an offset, as for events; fines are
 * integers in the minor unit of the community's books.
 */

const id = (message: 'errors.meetings.meetingId' | 'errors.meetings.fineId' | 'errors.meetings.linkId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
const fine = z.number({ message: 'validation.finance.amount' }).int('validation.finance.amountWhole').min(0, 'validation.finance.amountPositive').max(MAX_AMOUNT, 'validation.finance.amountLarge');

export const meetingId = id('errors.meetings.meetingId');
export const meetingIdInput = z.object({ meetingId });
export const meetingsOfCommunityInput = z.object({ communityId });

export const updateSettingsInput = z
  .object({
    communityId,
    quorumKind: z.enum(QUORUM_KINDS, { message: 'errors.meetings.quorumKind' }),
    quorumValue: z.number({ message: 'errors.meetings.quorumValue' }).int('errors.meetings.quorumValue').min(0, 'errors.meetings.quorumValue').max(100_000, 'errors.meetings.quorumValue'),
    lateFine: fine,
    absenceFine: fine,
    maxProxies: z.number({ message: 'errors.meetings.maxProxies' }).int('errors.meetings.maxProxies').min(0, 'errors.meetings.maxProxies').max(MAX_PROXIES_LIMIT, 'errors.meetings.maxProxies'),
  })
  // A percentage beyond 100 could never be met.
  .refine((s) => s.quorumKind !== 'percent' || s.quorumValue <= 100, { path: ['quorumValue'], message: 'errors.meetings.quorumPercent' });
export type MeetingSettingsInput = Omit<z.output<typeof updateSettingsInput>, 'communityId'>;

const ev = createEventInput.shape;
export const createMeetingInput = z
  .object({
    communityId,
    title: ev.title,
    startsAt: ev.startsAt,
    endsAt: ev.endsAt,
    timeZone: ev.timeZone,
    place: ev.place,
    scope: z.enum(MEETING_SCOPES, { message: 'errors.meetings.scope' }).default('community'),
    circleId: id('errors.meetings.linkId').nullish(),
    savingsGroupId: id('errors.meetings.linkId').nullish(),
    generalAssembly: z.boolean({ message: 'errors.meetings.generalAssembly' }).default(false),
    hostId: userId.nullish(),
  })
  .refine(timesFit, { path: ['endsAt'], message: 'validation.events.endBeforeStart' })
  .refine(durationFits, { path: ['endsAt'], message: 'validation.events.tooLong' })
  .refine((m) => m.scope !== 'circle' || m.circleId, { path: ['circleId'], message: 'errors.meetings.circleNeeded' })
  .refine((m) => m.scope !== 'savings_group' || m.savingsGroupId, { path: ['savingsGroupId'], message: 'errors.meetings.groupNeeded' });
export type CreateMeetingInput = z.output<typeof createMeetingInput>;

const link = id('errors.meetings.linkId').nullish();
export const agendaItemInput = z.object({
  title: z.string({ message: 'errors.meetings.agendaTitle' }).trim().min(1, 'errors.meetings.agendaTitle').max(AGENDA_TITLE_MAX, 'errors.meetings.agendaTitleLong'),
  presenterId: userId.nullish(),
  time: z
    .string({ message: 'errors.meetings.agendaTime' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'errors.meetings.agendaTime')
    .nullish(),
  durationMinutes: z.number({ message: 'errors.meetings.agendaDuration' }).int('errors.meetings.agendaDuration').min(1, 'errors.meetings.agendaDuration').max(24 * 60, 'errors.meetings.agendaDuration').nullish(),
  notes: z.string({ message: 'errors.meetings.agendaNotesLong' }).trim().max(AGENDA_NOTES_MAX, 'errors.meetings.agendaNotesLong').default(''),
  pollId: link,
  topicId: link,
  documentId: link,
});
export type AgendaItemInput = z.output<typeof agendaItemInput>;
export const setAgendaInput = z.object({ meetingId, items: z.array(agendaItemInput, { message: 'errors.meetings.agenda' }).max(AGENDA_MAX_ITEMS, 'errors.meetings.agendaTooLong') });

export const setRotaInput = z.object({
  communityId,
  userIds: z
    .array(userId, { message: 'errors.meetings.rota' })
    .max(200, 'errors.meetings.rota')
    .refine((ids) => new Set(ids).size === ids.length, 'errors.meetings.rotaRepeats'),
});
export const setHostInput = z.object({ meetingId, userId: userId.nullable() });

export const attendanceStatus = z.enum(ATTENDANCE_STATUSES, { message: 'errors.meetings.status' });
export const markAttendanceInput = z.object({ meetingId, userId, status: attendanceStatus });
/** The member's code as shown on their phone; typed by hand it may have spaces, dashes or lower case. */
export const checkInInput = z.object({
  meetingId,
  code: z
    .string({ message: 'errors.meetings.code' })
    .max(32, 'errors.meetings.code')
    .transform((c) => c.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9A-Z]{4,16}$/, 'errors.meetings.code')),
});
export const fineIdInput = z.object({ fineId: id('errors.meetings.fineId') });
export const waiveFineInput = z.object({
  fineId: id('errors.meetings.fineId'),
  reason: z.string({ message: 'validation.finance.reason' }).trim().min(1, 'validation.finance.reason').max(300, 'validation.finance.reasonLong'),
});

/** Paying a fine is paying what one owes, as for a welfare levy: the same fields, naming the fine. */
export const payFineInput = payLevyInput.omit({ id: true }).extend({ fineId: id('errors.meetings.fineId') });
export const recordFineCashInput = recordLevyCashInput.omit({ id: true }).extend({ fineId: id('errors.meetings.fineId') });
