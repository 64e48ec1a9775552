import { createStore, del, delMany, entries, set, setMany } from 'idb-keyval';
import { trpcClient } from '../../trpc';
import { isOnline } from '../online';
import { inOrder, nextBatch, retryDelay, settle, type QueuedRecord, type RecordOutcome } from './queue-logic';

/*
 * The phone's offline queue: records made at a meeting (attendance, cash received) are written to
 * IndexedDB first, so they survive the phone being switched off, then sent in the order they were
 * made, in batches, whenever the app is online: at start, when the browser says it is online
 * again, and after each new record. The server applies each key once (sync.apply), so a batch sent
 * twice (an answer lost on the way back) does no harm. Outcomes stay on the phone until dismissed.
 */

const records = createStore('harambee-offline-queue', 'records');
const outcomesStore = createStore('harambee-offline-outcomes', 'outcomes');

/** An outcome is shown to the account whose record it was. */
type StoredOutcome = RecordOutcome & { userId: string };

export type QueueState = { waiting: QueuedRecord[]; outcomes: RecordOutcome[]; sending: boolean };

let userId: string | null = null;
let state: QueueState = { waiting: [], outcomes: [], sending: false };
const listeners = new Set<() => void>();
let seq = 0;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;

const emit = () => listeners.forEach((l) => l());

async function reload() {
  if (!userId) return;
  const [queued, done] = await Promise.all([entries<string, QueuedRecord>(records), entries<string, StoredOutcome>(outcomesStore)]);
  const owner = userId;
  state = {
    ...state,
    waiting: inOrder(queued.map(([, r]) => r), owner),
    outcomes: done.map(([, o]) => o).filter((o) => o.userId === owner).sort((a, b) => a.at - b.at),
  };
  emit();
}

export const queueState = (): QueueState => state;
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a record on the phone, then tries to send what waits. Resolves once it is stored (not sent). */
export async function enqueue(record: { op: string; input: unknown; label: string }): Promise<QueuedRecord> {
  if (!userId) throw new Error('offline queue not started');
  const queued: QueuedRecord = { ...record, key: crypto.randomUUID(), userId, createdAt: Date.now(), seq: seq++ };
  await set(queued.key, queued, records);
  await reload();
  void flush();
  return queued;
}

/** Removes shown outcomes (the secretary has read them). */
export async function dismissOutcomes(): Promise<void> {
  await delMany(state.outcomes.map((o) => o.key), outcomesStore);
  await reload();
}

async function sendAll(): Promise<void> {
  while (userId && isOnline()) {
    const all = await entries<string, QueuedRecord>(records);
    const batch = nextBatch(all.map(([, r]) => r), userId);
    if (batch.length === 0) return;
    state = { ...state, sending: true };
    emit();
    let results;
    try {
      results = (await trpcClient.sync.apply.mutate({ records: batch.map(({ key, op, input }) => ({ key, op, input })) })).results;
    } catch {
      // No network, or the whole batch refused (signed out): the records stay; try again later.
      failures += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void flush(), retryDelay(failures));
      return;
    }
    failures = 0;
    const { done, kept, outcomes } = settle(batch, results, Date.now());
    const owner = userId;
    await setMany(outcomes.map((o): [string, StoredOutcome] => [o.key, { ...o, userId: owner }]), outcomesStore);
    await delMany(done, records);
    await reload();
    // What the server could not apply for a fault of its own waits for the next occasion, not a tight loop.
    if (kept.length > 0) return;
  }
}

/** Sends what waits, in order; one sending at a time (a call meanwhile sends again after it). */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await sendAll().catch(() => undefined);
    } while (again);
  })().finally(() => {
    running = null;
    state = { ...state, sending: false };
    emit();
  });
  return running;
}

const onOnline = () => void flush();

/** Starts the queue for the signed-in account: what waits from before (a restart) is shown and sent. */
export async function startQueue(id: string): Promise<void> {
  if (userId === id) return;
  userId = id;
  window.removeEventListener('online', onOnline);
  window.addEventListener('online', onOnline);
  await reload();
  void flush();
}

/** Forgets one waiting record (the secretary withdraws it before it is sent). */
export async function withdraw(key: string): Promise<void> {
  await del(key, records);
  await reload();
}
