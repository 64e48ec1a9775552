import {
  changeRulesInput,
  communityGroupsInput,
  createGroupInput,
  decideJoinInput,
  declareInput,
  entryIdInput,
  groupIdInput,
  memberInput,
  openCycleInput,
  recordMeetingInput,
  rejectEntryInput,
  reverseEntryInput,
  setRoleInput,
  statementInput,
} from '@shared/schemas/savings';
import type { Context } from '../../context';
import { inCommunity, mutation, query } from '../../operations/define';
import { openCycle } from './cycles';
import { confirmEntry, declare, entryCommunity, ENTRY_NOT_FOUND, meetingCommunity, recordMeeting, rejectEntry, reverseEntry } from './entries';
import { changeRules, createGroup, GROUP_NOT_FOUND, groupCommunity, groupView, listGroups } from './groups';
import { addMember, askToJoin, decideJoin, setRole } from './members';
import { groupLedger, myStatement } from './statement';

/*
 * Savings-and-loans groups. Members of the community (savings.view) see its groups and their rules,
 * ask to join, and inside a group they belong to declare their own money and read their own
 * statement; the community's leaders (savings.organise) start groups and name their officers. The
 * group's officers (chair, treasurer, secretary) are the group's own and checked by the services,
 * as a circle's organiser is: they add members, open cycles, record meetings' money, confirm,
 * reject and reverse entries (never their own) and read every member's totals.
 */

const ofGroup = (input: { id: number }, ctx: Context) => groupCommunity(ctx.db, input.id);
const ofMeeting = (input: { meetingId: number }, ctx: Context) => meetingCommunity(ctx.db, input.meetingId);
const ofEntry = (input: { id: number }, ctx: Context) => entryCommunity(ctx.db, input.id);
const inGroup = inCommunity('savings.view', ofGroup, GROUP_NOT_FOUND);
const atMeeting = inCommunity('savings.view', ofMeeting, 'errors.savings.meetingNotFound');
const onEntry = inCommunity('savings.view', ofEntry, ENTRY_NOT_FOUND);

export const savings = {
  groups: query({ input: communityGroupsInput, access: inCommunity('savings.view'), run: (ctx, _input, { community }) => listGroups(ctx.db, { communityId: community.id, viewerId: ctx.user.id }) }),
  group: query({ input: groupIdInput, access: inGroup, run: (ctx, input, { community }) => groupView(ctx.db, { communityId: community.id, groupId: input.id, viewerId: ctx.user.id }) }),
  createGroup: mutation({
    input: createGroupInput,
    access: inCommunity('savings.organise'),
    run: (ctx, input, { community }) => createGroup(ctx.db, { communityId: community.id, actorId: ctx.user.id, name: input.name, timeZone: input.timeZone, rules: input.rules, now: ctx.now() }),
  }),
  /** New rules for the group's next cycle; the open cycle keeps the ones it opened with. */
  changeRules: mutation({ input: changeRulesInput, access: inGroup, run: (ctx, input, { community }) => changeRules(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, rules: input.rules, now: ctx.now() }) }),

  join: mutation({ input: groupIdInput, access: inGroup, run: (ctx, input, { community }) => askToJoin(ctx.db, { communityId: community.id, groupId: input.id, userId: ctx.user.id, now: ctx.now() }) }),
  decideJoin: mutation({
    input: decideJoinInput,
    access: inGroup,
    run: (ctx, input, { community }) => decideJoin(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, approve: input.approve, now: ctx.now() }),
  }),
  addMember: mutation({ input: memberInput, access: inGroup, run: (ctx, input, { community }) => addMember(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, now: ctx.now() }) }),
  /** The community's leaders name the group's officers. */
  setRole: mutation({
    input: setRoleInput,
    access: inCommunity('savings.organise', ofGroup, GROUP_NOT_FOUND),
    run: (ctx, input, { community }) => setRole(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, userId: input.userId, role: input.role, now: ctx.now() }),
  }),
  openCycle: mutation({ input: openCycleInput, access: inGroup, run: (ctx, input, { community }) => openCycle(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, startDate: input.startDate, now: ctx.now() }) }),

  /** An officer records members' money of a meeting; each entry waits for another officer. */
  recordMeeting: mutation({
    input: recordMeetingInput,
    access: atMeeting,
    run: (ctx, input, { community }) =>
      recordMeeting(ctx.db, { communityId: community.id, meetingId: input.meetingId, actorId: ctx.user.id, payment: { method: input.method, reference: input.reference, proofUrl: input.proofUrl }, lines: input.lines, now: ctx.now() }),
  }),
  /** A member declares their own shares and social fund for a meeting. */
  declare: mutation({
    input: declareInput,
    access: atMeeting,
    run: (ctx, input, { community }) =>
      declare(ctx.db, {
        communityId: community.id,
        meetingId: input.meetingId,
        userId: ctx.user.id,
        payment: { method: input.method, reference: input.reference, proofUrl: input.proofUrl },
        line: { shares: input.shares, socialFund: input.socialFund },
        now: ctx.now(),
      }),
  }),
  confirm: mutation({ input: entryIdInput, access: onEntry, run: (ctx, input, { community }) => confirmEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, now: ctx.now() }) }),
  reject: mutation({ input: rejectEntryInput, access: onEntry, run: (ctx, input, { community }) => rejectEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),
  reverse: mutation({ input: reverseEntryInput, access: onEntry, run: (ctx, input, { community }) => reverseEntry(ctx.db, { communityId: community.id, id: input.id, actorId: ctx.user.id, reason: input.reason, now: ctx.now() }) }),

  /** The caller's own statement: their shares, savings, social fund and fines, and their entries. */
  statement: query({ input: statementInput, access: inGroup, run: (ctx, input, { community }) => myStatement(ctx.db, { communityId: community.id, groupId: input.id, userId: ctx.user.id, cycleId: input.cycleId }) }),
  /** The officers' view: every member's totals, what waits for a second officer, the funds. */
  ledger: query({ input: statementInput, access: inGroup, run: (ctx, input, { community }) => groupLedger(ctx.db, { communityId: community.id, groupId: input.id, actorId: ctx.user.id, cycleId: input.cycleId }) }),
};
