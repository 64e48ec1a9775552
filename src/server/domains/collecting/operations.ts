import { communityOnlyInput, instructionsInput, readTextInput } from '@shared/schemas/collecting';
import { inCommunity, mutation, query } from '../../operations/define';
import { listInstructions, setInstructions } from './instructions';
import { readPaymentText } from './read-text';
import { communityReferences, referenceOf } from './references';

/*
 * Collecting money the way members pay. Every member (finances.view) reads how to pay and their own
 * reference, and has a pasted confirmation text read; the treasurers (finances.record) see everyone's
 * references; those who keep the books' structure (finances.manage) set the instructions.
 */
export const collecting = {
  /** How to pay into the community's accounts, with the caller's reference to put in the transfer's note. */
  instructions: query({
    input: communityOnlyInput,
    access: inCommunity('finances.view'),
    run: (ctx, _input, { community }) => ({
      reference: referenceOf(ctx.db, { communityId: community.id, userId: ctx.user.id }),
      accounts: listInstructions(ctx.db, community.id),
    }),
  }),

  setInstructions: mutation({
    input: instructionsInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => setInstructions(ctx.db, { communityId: community.id, input, actorId: ctx.user.id, now: ctx.now() }),
  }),

  /** Every member's reference: what the treasurer reads a statement line against. */
  references: query({
    input: communityOnlyInput,
    access: inCommunity('finances.record'),
    run: (ctx, _input, { community }) => communityReferences(ctx.db, community.id),
  }),

  /** What a pasted mobile-money text says (nothing is written; the declaration carries the text). */
  readText: query({
    input: readTextInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, { community }) => readPaymentText(ctx.db, { communityId: community.id, text: input.text }),
  }),
};
