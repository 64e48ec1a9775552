import { memberRecognitionsInput, recognitionVisibilityInput } from '@shared/schemas/recognitions';
import { inCommunity, mutation, query, signedIn } from '../../operations/define';
import { notFound } from '../../services/errors';
import { memberRecognitions, recognitionsOf, setShowRecognitions } from './services';

/** Recognitions are computed from the records on every read: nothing is stored but the member's choice to show them. */
export const recognitions = {
  /** The caller's own, in every community (they always see them, hidden or not). */
  mine: query({
    access: signedIn,
    run: (ctx) => ({ hidden: !ctx.user.showRecognitions, items: recognitionsOf(ctx.db, { userId: ctx.user.id, now: ctx.now() }) }),
  }),

  /** Another member's in this community, unless they hide them. */
  member: query({
    input: memberRecognitionsInput,
    access: inCommunity('community.view'),
    run: (ctx, input, { community }) => {
      const found = memberRecognitions(ctx.db, { communityId: community.id, userId: input.userId, now: ctx.now() });
      if (!found) throw notFound('recognitions.errors.memberNotFound');
      return found;
    },
  }),

  setVisibility: mutation({
    input: recognitionVisibilityInput,
    access: signedIn,
    run: (ctx, input) => setShowRecognitions(ctx.db, { userId: ctx.user.id, show: input.show, now: ctx.now() }),
  }),
};
