/*
 * The offline queue's rules, kept apart from IndexedDB and the network so they can be tested
 * alone: in what order records leave, in what batches, and what each answer does to a record.
 */

/** The most records one request carries (the server's own limit is SYNC_BATCH_MAX). */
export const SEND_BATCH = 100;

/** The refusal that means "a fault on the server's side": the record stays to be sent again. */
export const RETRY_CODE = 'errors.sync.failed';

export type QueuedRecord = {
  /** The idempotency key (crypto.randomUUID()): the server applies a key once. */
  key: string;
  /** The operation it runs ('meetings.markAttendance'…) and its input. */
  op: string;
  input: unknown;
  /** What the secretary reads about it ("Musa Ndi: present"). */
  label: string;
  /** Whose phone session made it: only that account sends it. */
  userId: string;
  createdAt: number;
  /** Order of making, when two records share a millisecond. */
  seq: number;
};

export type RecordOutcome = { key: string; label: string; outcome: 'applied' | 'refused'; message?: string; at: number };

export type ServerResult = { key: string; outcome: 'applied' | 'refused'; error?: { code: string; message: string } };

/** The records of one account, oldest first: the order they were made is the order they are applied. */
export function inOrder(records: readonly QueuedRecord[], userId: string): QueuedRecord[] {
  return records.filter((r) => r.userId === userId).sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
}

/** The next batch to send: the oldest records, at most `max`. */
export const nextBatch = (records: readonly QueuedRecord[], userId: string, max = SEND_BATCH): QueuedRecord[] => inOrder(records, userId).slice(0, max);

/**
 * What the server's answer does to a batch: an applied or refused record leaves the queue and its
 * outcome is shown; a record the server could not apply for a fault of its own, or one the answer
 * does not mention, stays in the queue (in its place) to be sent again.
 */
export function settle(batch: readonly QueuedRecord[], results: readonly ServerResult[], at: number): { done: string[]; kept: string[]; outcomes: RecordOutcome[] } {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const done: string[] = [];
  const kept: string[] = [];
  const outcomes: RecordOutcome[] = [];
  for (const record of batch) {
    const r = byKey.get(record.key);
    if (!r || (r.outcome === 'refused' && r.error?.code === RETRY_CODE)) {
      kept.push(record.key);
      continue;
    }
    done.push(record.key);
    outcomes.push({ key: record.key, label: record.label, outcome: r.outcome, message: r.error?.message, at });
  }
  return { done, kept, outcomes };
}

/** Wait before sending again after a failure: 2 s, doubling, at most a minute. */
export const retryDelay = (failures: number): number => Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
