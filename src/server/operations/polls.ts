import { answerNominationInput, cancelPollInput, createPollInput, listPollsInput, nominateInput, pollIdInput, updatePollInput, voteInput } from '@shared/schemas/polls';
import { can } from '@shared/permissions';
import type { Context } from '../context';
import { castVote, closePollByHand, eligibilityOf, myVote, pollResults, pollResultsCsv, pollVotersList } from '../services/polls/ballots';
import { answerNomination, cancelPoll, createPoll, listPolls, nominate, openVoting, pollCommunity, pollDto, pollOf, removeNomination, updatePoll } from '../services/polls/polls';
import { communityMoneyFrame } from '../domains/standing/standing';
import { groupedMutation, inCommunity, mutation, query } from './define';

/*
 * Polls and elections. Members (polls.view) see the community's polls, vote (as each poll's
 * eligibility allows), nominate themselves, answer their own nomination, see the results as the
 * poll allows and who voted (never how, when anonymous). Managers (polls.manage: the creator and
 * admins) create polls, change their settings, close them early, cancel them, nominate members
 * and open an election's voting. Nothing changes a closed or cancelled poll (409).
 */

const NOT_FOUND = 'errors.polls.notFound';
const ofPoll = (input: { id: number }, ctx: Context) => pollCommunity(ctx.db, input.id);
const member = inCommunity('polls.view', ofPoll, NOT_FOUND);
const manager = inCommunity('polls.manage', ofPoll, NOT_FOUND);

export const polls = {
  /** A community's polls, newest first, paged by id; `status` open, closed, nominating or cancelled. */
  list: query({
    input: listPollsInput,
    access: inCommunity('polls.view'),
    run: (ctx, input, { community }) => listPolls(ctx.db, { communityId: community.id, viewerId: ctx.user.id, status: input.status, now: ctx.now(), cursor: input.cursor, limit: input.limit }),
  }),

  /** One poll with its options (an election's candidates and nominations), the caller's own vote state and whether they may vote. */
  get: query({
    input: pollIdInput,
    access: member,
    run: (ctx, input, { community, role }) => {
      const now = ctx.now();
      const row = pollOf(ctx.db, input.id);
      const who = eligibilityOf(ctx.db, row, ctx.user.id, now);
      return {
        ...pollDto(ctx.db, row, now),
        community: { id: community.id, name: community.name },
        canManage: can(role, 'polls.manage'),
        eligible: who.eligible,
        ineligibleReason: who.eligible ? null : who.reason,
        // A standing refusal, for the page to say why and the way back in the reader's words (src/shared/standing.ts).
        refusal: who.eligible ? null : (who.refusal ?? null),
        refusalFrame: !who.eligible && who.refusal ? communityMoneyFrame(ctx.db, community.id) : null,
        myVote: myVote(ctx.db, row, ctx.user.id),
      };
    },
  }),

  create: mutation({
    input: createPollInput,
    access: inCommunity('polls.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...fields } = input;
      return createPoll(ctx.db, { community: { id: community.id, name: community.name }, createdBy: ctx.user.id, input: fields, now: ctx.now() });
    },
  }),

  update: mutation({
    input: updatePollInput,
    access: manager,
    run: (ctx, input) => {
      const { id, ...changes } = input;
      return updatePoll(ctx.db, { id, changes, now: ctx.now() });
    },
  }),

  /** The caller's ballot (option ids; in order of preference for ranked polls); voting again replaces it. */
  vote: groupedMutation({
    input: voteInput,
    access: member,
    run: (ctx, input) => castVote(ctx.db, { id: input.id, userId: ctx.user.id, choices: input.choices, now: ctx.now() }),
  }),

  /** Closes voting before the closing time; the result is stored and recorded in the audit trail. */
  close: mutation({ input: pollIdInput, access: manager, run: (ctx, input) => closePollByHand(ctx.db, { id: input.id, by: ctx.user.id, now: ctx.now() }) }),

  cancel: mutation({ input: cancelPollInput, access: manager, run: (ctx, input) => cancelPoll(ctx.db, { id: input.id, reason: input.reason, now: ctx.now() }) }),

  results: query({ input: pollIdInput, access: member, run: (ctx, input) => pollResults(ctx.db, { id: input.id, now: ctx.now() }) }),
  resultsCsv: query({ input: pollIdInput, access: member, run: (ctx, input) => pollResultsCsv(ctx.db, { id: input.id, now: ctx.now() }) }),
  /** Who voted, never how. */
  voters: query({ input: pollIdInput, access: member, run: (ctx, input) => pollVotersList(ctx.db, { id: input.id }) }),

  /** Oneself (any member) or, for managers, any member; the nominee is told and accepts or declines. */
  nominate: mutation({
    input: nominateInput,
    access: member,
    run: (ctx, input, { community, role }) =>
      nominate(ctx.db, { id: input.id, userId: input.userId, by: ctx.user.id, byManager: can(role, 'polls.manage'), community: { id: community.id, name: community.name }, now: ctx.now() }),
  }),
  answerNomination: mutation({
    input: answerNominationInput,
    access: member,
    run: (ctx, input) => answerNomination(ctx.db, { id: input.id, userId: ctx.user.id, accept: input.accept, now: ctx.now() }),
  }),
  removeNomination: mutation({ input: nominateInput, access: manager, run: (ctx, input) => removeNomination(ctx.db, { id: input.id, userId: input.userId, now: ctx.now() }) }),
  /** Opens an election's voting with the candidates who accepted (at least seats + 1). */
  openVoting: mutation({
    input: pollIdInput,
    access: manager,
    run: (ctx, input, { community }) => openVoting(ctx.db, { id: input.id, community: { id: community.id, name: community.name }, by: ctx.user.id, now: ctx.now() }),
  }),
};
