import { useAction } from '../../lib/use-action';
import { trpc } from '../../trpc';

/**
 * A change of the books (lib/use-action.ts): its toasts, then every finance query reloaded before
 * it resolves (a dialog closes on the new figures). Apart from queries.ts, whose queries the
 * routes' loaders use and so load with every page: the action hook is only the books' screens'.
 */
export const useBooksAction = () => useAction([trpc.finances.pathKey()], { wait: true });
