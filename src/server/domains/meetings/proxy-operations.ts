import type { AnyOperation } from '../../operations/define';

/** Proxies and the votes taken during a meeting with their quorum. */
export const proxyOperations = {} satisfies Record<string, AnyOperation>;
