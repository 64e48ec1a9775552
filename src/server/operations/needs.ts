import { needsListInput } from '@shared/schemas/notifications';
import { countNeeds, listNeeds } from '../services/needs/engine';
import { query, signedIn } from './define';

/*
 * "Needs you": the work waiting on the caller across their communities, computed from the records
 * each time (services/needs/). Scoped by the caller's id and memberships in every query: a list
 * asked for another community simply finds nothing there.
 */
export const needs = {
  /** A page: work with a deadline first (soonest first), then the oldest waiting work first. */
  list: query({
    input: needsListInput,
    access: signedIn,
    run: (ctx, input) => listNeeds(ctx.db, { viewerId: ctx.user.id, cursor: input.cursor, limit: input.limit, communityId: input.communityId, now: ctx.now() }),
  }),
  /** How much waits: in all (the bell), per community and per community tab. */
  count: query({ access: signedIn, run: (ctx) => countNeeds(ctx.db, { viewerId: ctx.user.id, now: ctx.now() }) }),
};
