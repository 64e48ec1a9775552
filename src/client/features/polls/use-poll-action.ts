import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/**
 * lib/use-action.ts's useAction for a poll's changes: every poll query refreshed in the
 * background, after a failure too (a poll that closed or changed meanwhile shows as it is now).
 */
export const usePollAction = () => useAction([trpc.polls.pathKey()], { refreshOnFailure: true });
