import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/**
 * lib/use-action.ts's useAction for a discussion's changes: every discussion query refreshed
 * (awaited), after a failure too (the topic may have been locked or removed meanwhile).
 */
export const useDiscussionAction = () => useAction([trpc.discussions.pathKey()], { wait: true, refreshOnFailure: true });
