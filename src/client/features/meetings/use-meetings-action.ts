import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/** A meetings change: its toast, then every meetings query reloaded (and "Needs you" and the books, which a fine's payment waits in). */
export const useMeetingsAction = () => useAction([trpc.meetings.pathKey(), trpc.needs.pathKey(), trpc.finances.pathKey()]);
