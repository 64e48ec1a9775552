import type { QueryClient } from '@tanstack/react-query';

/*
 * Meeting day without a network, started for the signed-in account by the signed-in layout: the
 * copies of what the phone has seen are restored, and records kept while offline (even before a
 * restart) are shown and sent. Loaded after the page, so no other page waits for IndexedDB.
 */
export async function startOffline(queryClient: QueryClient, userId: string): Promise<void> {
  const [{ persistReads }, { startQueue }] = await Promise.all([import('./persist'), import('./queue')]);
  await Promise.all([persistReads(queryClient, userId).catch(() => undefined), startQueue(userId).catch(() => undefined)]);
}

/** Offline at start: the last account's kept copies (persist.ts restoreSignedIn), or null. */
export async function restoreOffline(queryClient: QueryClient): Promise<unknown> {
  const { restoreSignedIn } = await import('./persist');
  return restoreSignedIn(queryClient).catch(() => null);
}

/** Signing out: the copies of what was seen go (records still waiting stay, sent when their account signs in again). */
export async function forgetOffline(): Promise<void> {
  const { forgetReads } = await import('./persist');
  await forgetReads().catch(() => undefined);
}
