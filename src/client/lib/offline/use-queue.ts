import { useSyncExternalStore } from 'react';
import { queueState, subscribeQueue, type QueueState } from './queue';

/** The offline queue as it is now: what waits, what the server answered, whether a batch is on its way. */
export const useOfflineQueue = (): QueueState => useSyncExternalStore(subscribeQueue, queueState);
