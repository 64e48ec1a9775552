import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';

/*
 * Reading without a network what the phone has seen: the answers of a few queries (a meeting, its
 * agenda and roster, the community's members, a circle and its rounds, the books' currency and
 * accounts for the cash form) are kept in IndexedDB and restored when the app starts, so a
 * secretary who opened the meeting day screen at home still has it in a basement. Only these
 * queries are kept, only for the signed-in account (another account's copy is thrown away), at
 * most a week, and signing out forgets them.
 */

/** The tRPC procedures whose answers are kept on the phone. */
export const OFFLINE_READABLE: ReadonlySet<string> = new Set([
  'meetings.get',
  'meetings.roster',
  'meetings.myCode',
  'communities.byId',
  'communities.members',
  'njangi.get',
  'finances.summary',
]);

const WEEK_MS = 7 * 86_400_000;
const store = createStore('harambee-offline-reads', 'queries');
const KEY = 'harambee-queries';

/** The procedure path of a tRPC query key ([['meetings', 'get'], { input, type }]). */
export function procedureOf(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  return Array.isArray(path) && path.every((p) => typeof p === 'string') ? path.join('.') : null;
}

const kept = (query: Query) => query.state.status === 'success' && OFFLINE_READABLE.has(procedureOf(query.queryKey) ?? '');

let stop: (() => void) | undefined;
let started: string | undefined;

/** Restores and then keeps the readable queries of account `userId`. */
export function persistReads(queryClient: QueryClient, userId: string): Promise<void> {
  if (started === userId) return Promise.resolve();
  stop?.();
  started = userId;
  const persister = createAsyncStoragePersister({
    key: KEY,
    storage: { getItem: (k) => get<string>(k, store).then((v) => v ?? null), setItem: (k, v: string) => set(k, v, store), removeItem: (k) => del(k, store) },
    throttleTime: 1000,
  });
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, buster: userId, maxAge: WEEK_MS, dehydrateOptions: { shouldDehydrateQuery: kept } });
  stop = unsubscribe;
  return restored;
}

/** Signing out: the copies go. */
export async function forgetReads(): Promise<void> {
  stop?.();
  started = undefined;
  await del(KEY, store);
}
