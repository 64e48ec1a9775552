import {
  checkInInput,
  createMeetingInput,
  markAttendanceInput,
  payFineInput,
  recordFineCashInput,
  meetingIdInput,
  meetingsOfCommunityInput,
  setAgendaInput,
  setHostInput,
  setRotaInput,
  updateSettingsInput,
  waiveFineInput,
} from '@shared/schemas/meetings';
import { can } from '@shared/permissions';
import type { Context } from '../../context';
import { inCommunity, mutation, query, type AnyOperation } from '../../operations/define';
import { findBooks } from '../../services/finances/books';
import { setAgenda } from './agenda';
import { checkIn, markAttendance, roster } from './attendance';
import { checkInCode } from './codes';
import { declareFinePayment, recordFineCash } from './fine-payments';
import { fineCommunity, FINE_NOT_FOUND, listFines, waiveFine } from './fines';
import { rota, setHost, setRota } from './host';
import { createMeeting, listMeetings, meetingCommunity, meetingOf, MEETING_NOT_FOUND, settingsOf, updateSettings } from './meetings';
import { meetingView } from './view';

/*
 * Meetings, agendas, the hosting rota, attendance, check-in codes and fines. Every member sees the
 * community's meetings (meetings.view); leaders and the treasurer take attendance (meetings.record);
 * leaders call meetings, set their agenda, host, rota and rules, and waive fines (meetings.manage).
 */

const ofMeeting = (capability: 'meetings.view' | 'meetings.record' | 'meetings.manage') =>
  inCommunity(capability, (input: { meetingId: number }, ctx: Context) => meetingCommunity(ctx.db, input.meetingId), MEETING_NOT_FOUND);
const ofFine = (capability: 'meetings.view' | 'meetings.manage' | 'finances.record') =>
  inCommunity(capability, (input: { fineId: number }, ctx: Context) => fineCommunity(ctx.db, input.fineId), FINE_NOT_FOUND);

export const coreOperations = {
  settings: query({
    input: meetingsOfCommunityInput,
    access: inCommunity('meetings.view'),
    run: (ctx, _input, { community }) => ({ ...settingsOf(ctx.db, community.id), currency: findBooks(ctx.db, community.id)?.currency ?? null }),
  }),
  updateSettings: mutation({
    input: updateSettingsInput,
    access: inCommunity('meetings.manage'),
    run: (ctx, { communityId: _, ...settings }, { community }) =>
      updateSettings(ctx.db, { communityId: community.id, actorId: ctx.user.id, settings, currency: findBooks(ctx.db, community.id)?.currency ?? null, now: ctx.now() }),
  }),
  list: query({ input: meetingsOfCommunityInput, access: inCommunity('meetings.view'), run: (ctx, _input, { community }) => listMeetings(ctx.db, { communityId: community.id, now: ctx.now() }) }),
  create: mutation({
    input: createMeetingInput,
    access: inCommunity('meetings.manage'),
    run: (ctx, input, { community }) => createMeeting(ctx.db, { community, actorId: ctx.user.id, input, now: ctx.now() }),
  }),
  get: query({
    input: meetingIdInput,
    access: ofMeeting('meetings.view'),
    run: (ctx, input, { community, role }) => meetingView(ctx.db, { communityId: community.id, meetingId: input.meetingId, viewerId: ctx.user.id, role, now: ctx.now() }),
  }),
  setAgenda: mutation({
    input: setAgendaInput,
    access: ofMeeting('meetings.manage'),
    run: (ctx, input, { community }) => setAgenda(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, items: input.items, now: ctx.now() }),
  }),
  rota: query({ input: meetingsOfCommunityInput, access: inCommunity('meetings.manage'), run: (ctx, _input, { community }) => rota(ctx.db, community.id) }),
  setRota: mutation({ input: setRotaInput, access: inCommunity('meetings.manage'), run: (ctx, input, { community }) => setRota(ctx.db, { communityId: community.id, actorId: ctx.user.id, userIds: input.userIds, now: ctx.now() }) }),
  setHost: mutation({
    input: setHostInput,
    access: ofMeeting('meetings.manage'),
    run: (ctx, input, { community }) => setHost(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, userId: input.userId, now: ctx.now() }),
  }),
  roster: query({ input: meetingIdInput, access: ofMeeting('meetings.record'), run: (ctx, input, { community }) => roster(ctx.db, meetingOf(ctx.db, community.id, input.meetingId)) }),
  /** Refused for a cancelled meeting with errors.meetings.cancelled: the offline sync shows that reason. */
  markAttendance: mutation({
    input: markAttendanceInput,
    access: ofMeeting('meetings.record'),
    run: (ctx, input, { community }) =>
      markAttendance(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, userId: input.userId, status: input.status, via: 'list', now: ctx.now() }),
  }),
  checkIn: mutation({
    input: checkInInput,
    access: ofMeeting('meetings.record'),
    run: (ctx, input, { community }) => checkIn(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, code: input.code, now: ctx.now() }),
  }),
  myCode: query({ input: meetingsOfCommunityInput, access: inCommunity('meetings.view'), run: (ctx, _input, { community }) => ({ code: checkInCode(community.id, ctx.user.id) }) }),
  /** Officers (meetings.record) see every member's fines; a plain member only their own. */
  fines: query({
    input: meetingsOfCommunityInput,
    access: inCommunity('meetings.view'),
    run: (ctx, _input, { community, role }) => listFines(ctx.db, { communityId: community.id, viewerId: ctx.user.id, all: can(role, 'meetings.record') }),
  }),
  waiveFine: mutation({
    input: waiveFineInput,
    access: ofFine('meetings.manage'),
    run: (ctx, input, { community }) => waiveFine(ctx.db, { communityId: community.id, fineId: input.fineId, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }),
  }),
  /** Declares a payment of one's own fine; it waits for an officer, as any payment does. */
  payFine: mutation({
    input: payFineInput,
    access: ofFine('meetings.view'),
    run: (ctx, input, { community }) =>
      declareFinePayment(ctx.db, { communityId: community.id, fineId: input.fineId, memberId: ctx.user.id, amount: input.amount, currency: input.currency, method: input.method, provider: input.provider, reference: input.reference, proofUrl: input.proofUrl, now: ctx.now() }),
  }),
  /** Cash a finance officer took for a member's fine; another officer confirms it. */
  recordFineCash: mutation({
    input: recordFineCashInput,
    access: ofFine('finances.record'),
    run: (ctx, input, { community }) => recordFineCash(ctx.db, { communityId: community.id, fineId: input.fineId, actorId: ctx.user.id, accountId: input.accountId, amount: input.amount, currency: input.currency, reference: input.reference, now: ctx.now() }),
  }),
} satisfies Record<string, AnyOperation>;
