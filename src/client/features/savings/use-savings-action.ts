import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/** A savings change (any may make any figure of a group stale): its toast, then every savings query (and "Needs you", which counts the group's waiting work) reloaded. */
export const useSavingsAction = () => useAction([trpc.savings.pathKey(), trpc.needs.pathKey()]);
