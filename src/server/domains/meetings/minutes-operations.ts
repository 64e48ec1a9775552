import { can } from '@shared/permissions';
import { meetingIdInput, minutesPdfInput, proposeApprovalInput, saveMinutesInput } from '@shared/schemas/meeting-minutes';
import type { Context } from '../../context';
import { inCommunity, mutation, query, type AnyOperation } from '../../operations/define';
import { MEETING_NOT_FOUND, meetingCommunityOf, meetingIn } from './meeting-lookup';
import { archiveMinutes } from './minutes-archive';
import { amendmentOf, minutesView, proposeMinutesApproval, saveMinutes, shareMinutes, MINUTES_NOT_FOUND } from './minutes';
import { minutesPdf } from './minutes-pdf';
import { notFound } from '../../services/errors';

/*
 * Minutes: every member reads them once shared (meetings.view); the secretaries (meetings.record:
 * leaders and the treasurer) write, share and put them to the approving vote.
 */

const ofMeeting = (input: { meetingId: number }, ctx: Context) => meetingCommunityOf(ctx.db, input.meetingId);
export const atMeeting = (capability: 'meetings.view' | 'meetings.record' | 'meetings.manage') => inCommunity(capability, ofMeeting, MEETING_NOT_FOUND);

export const minutesOperations = {
  /** The minutes as the reader may see them (a draft only for meetings.record), with the template before anything is written. */
  minutes: query({
    input: meetingIdInput,
    access: atMeeting('meetings.view'),
    run: (ctx, input, { community, role }) =>
      minutesView(ctx.db, { communityId: community.id, meetingId: input.meetingId, viewerId: ctx.user.id, canRecord: can(role, 'meetings.record'), language: ctx.language, now: ctx.now() }),
  }),
  /** Saves the text: a draft's next version, or after approval a new version with its reason (and its PDF filed). */
  saveMinutes: mutation({
    input: saveMinutesInput,
    access: atMeeting('meetings.record'),
    run: async (ctx, input, { community }) => {
      const saved = saveMinutes(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, body: input.body, reason: input.reason, now: ctx.now() });
      // Approved minutes changed (or approved by a vote that closed just now): their PDF is owed. Filing may fail; the minutes job tries again.
      await archiveMinutes(ctx, input.meetingId);
      return saved;
    },
  }),
  shareMinutes: mutation({
    input: meetingIdInput,
    access: atMeeting('meetings.record'),
    run: (ctx, input, { community }) => shareMinutes(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, now: ctx.now() }),
  }),
  /** A yes/no vote of a later meeting approves the shared minutes. */
  proposeMinutesApproval: mutation({
    input: proposeApprovalInput,
    access: atMeeting('meetings.record'),
    run: (ctx, input, { community }) =>
      proposeMinutesApproval(ctx.db, { community: { id: community.id, name: community.name }, meetingId: input.meetingId, atMeetingId: input.atMeetingId, actorId: ctx.user.id, language: ctx.language, now: ctx.now() }),
  }),
} satisfies Record<string, AnyOperation>;

/** Files only over REST: the minutes as a PDF, in the language asked for (else the reader's), for whoever may read them. */
export const minutesFiles = {
  minutesPdf: query({
    input: minutesPdfInput,
    access: atMeeting('meetings.view'),
    run: async (ctx, input, { community, role }) => {
      const language = input.lang ?? ctx.user.language;
      const view = minutesView(ctx.db, { communityId: community.id, meetingId: input.meetingId, viewerId: ctx.user.id, canRecord: can(role, 'meetings.record'), language, now: ctx.now() });
      if (view.body === null || view.status === null) throw notFound(MINUTES_NOT_FOUND);
      const meeting = meetingIn(ctx.db, { communityId: community.id, meetingId: input.meetingId });
      const amendment = amendmentOf(ctx.db, { meetingId: meeting.id, version: view.version, status: view.status, approvedAt: view.approvedAt });
      const pdf = await minutesPdf({ meeting, body: view.body, status: view.status, version: view.version, approvedAt: view.approvedAt, amendment }, { appName: ctx.env.APP_NAME, community: community.name, language });
      return { filename: `minutes-${meeting.id}-v${view.version}-${language}.pdf`, pdf };
    },
  }),
};
