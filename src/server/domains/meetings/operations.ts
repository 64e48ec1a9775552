import { coreOperations } from './core-operations';
import { minutesOperations } from './minutes-operations';
import { proxyOperations } from './proxy-operations';

/*
 * Meeting day: the operations of the tRPC namespace `meetings`, one object built from three files
 * so each part of the domain keeps its own (meetings and attendance; minutes; proxies and votes).
 */
export const meetings = { ...coreOperations, ...minutesOperations, ...proxyOperations };
