import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';

/*
 * Reading without a network what the phone has seen: the answers of a few queries (a meeting, its
 * agenda and roster, the community's members, a circle and its rounds, the books' currency and
 * accounts for the cash form) are kept in IndexedDB and put back in the cache when the app starts,
 * so a secretary who opened the meeting day screen at home still has it in a basement. Only these
 * queries are kept, only for the signed-in account (another account's copy is thrown away), at
 * most a week, and signing out forgets them. TanStack Query's own dehydrate/hydrate do the work:
 * the persister packages bring a second copy of the query core, of another version.
 */

/** The tRPC procedures whose answers are kept on the phone. */
export const OFFLINE_READABLE: ReadonlySet<string> = new Set([
  // Who is signed in: a phone restarted without a network opens on what it had (restoreSignedIn).
  'auth.me',
  'meetings.get',
  'meetings.roster',
  'meetings.myCode',
  'communities.byId',
  'communities.members',
  'njangi.get',
  'finances.summary',
]);

const WEEK_MS = 7 * 86_400_000;
/** Writes are gathered: at most one a second, whatever the number of answers arriving. */
const SAVE_AFTER_MS = 1000;
const store = createStore('harambee-offline-reads', 'queries');
const KEY = 'queries';

type Saved = { userId: string; savedAt: number; state: DehydratedState };

/** The procedure path of a tRPC query key ([['meetings', 'get'], { input, type }]). */
export function procedureOf(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  return Array.isArray(path) && path.every((p) => typeof p === 'string') ? path.join('.') : null;
}

const kept = (query: Query) => query.state.status === 'success' && OFFLINE_READABLE.has(procedureOf(query.queryKey) ?? '');

let stop: (() => void) | undefined;
let started: string | undefined;

/** Puts back what account `userId` read before, then keeps the readable queries as they change. */
export async function persistReads(queryClient: QueryClient, userId: string): Promise<void> {
  if (started === userId) return;
  stop?.();
  started = userId;
  const saved = await get<Saved>(KEY, store);
  const mine = saved && saved.userId === userId ? saved : undefined;
  if (mine) hydrate(queryClient, mine.state);
  else if (saved) await del(KEY, store);
  // What was read earlier stays kept after the cache lets it go (a roster read yesterday, a week at most).
  let before = mine?.state.queries.filter((q) => Date.now() - q.state.dataUpdatedAt < WEEK_MS) ?? [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const now = dehydrate(queryClient, { shouldDehydrateQuery: kept });
    const fresh = new Set(now.queries.map((q) => q.queryHash));
    before = [...before.filter((q) => !fresh.has(q.queryHash) && Date.now() - q.state.dataUpdatedAt < WEEK_MS), ...now.queries];
    void set(KEY, { userId, savedAt: Date.now(), state: { mutations: [], queries: before } } satisfies Saved, store).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !kept(event.query) || timer) return;
    timer = setTimeout(save, SAVE_AFTER_MS);
  });
  // What the page read before this started (the queries of the first render) is kept too.
  timer = setTimeout(save, SAVE_AFTER_MS);
  stop = () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/**
 * A phone started without a network: the account that last read here (signing out forgets it) and
 * everything kept for it are put back, so the app opens on the meeting day it had, and its queued
 * records show; the account is asked again as soon as the server answers (a session ended meanwhile
 * goes to the sign-in then). Null when nothing was kept.
 */
export async function restoreSignedIn(queryClient: QueryClient): Promise<unknown> {
  const saved = await get<Saved>(KEY, store).catch(() => undefined);
  const me = saved?.state.queries.find((q) => procedureOf(q.queryKey) === 'auth.me' && q.state.data);
  if (!saved || !me || Date.now() - saved.savedAt > WEEK_MS) return null;
  hydrate(queryClient, saved.state);
  return me.state.data;
}

/** Signing out: the copies go. */
export async function forgetReads(): Promise<void> {
  stop?.();
  started = undefined;
  await del(KEY, store);
}
