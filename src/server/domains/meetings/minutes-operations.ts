import type { AnyOperation } from '../../operations/define';

/** Minutes: drafts, sharing, the approving vote, the locked PDF and later versions. */
export const minutesOperations = {} satisfies Record<string, AnyOperation>;
