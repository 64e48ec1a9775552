import type { DB } from './database';

/*
 * Group commit, for chat's sends and for the writes declared with groupedMutation
 * (operations/define.ts). The database syncs every commit to disk (synchronous = FULL,
 * docs/decisions/002), a few milliseconds each: one transaction per write would cap a busy
 * instance at a few hundred writes a second and queue everything behind the disk. Writes that
 * arrive together (before the event loop turns) are written in one IMMEDIATE transaction, each in
 * its own savepoint so one refused write does not undo the others, and the batch costs one sync.
 * Each caller's promise settles after the commit, in the order the sends were written (their ids
 * grow in that order, and so do the events published from those continuations).
 */

type Job = { run: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

class CommitQueue {
  private jobs: Job[] = [];
  private scheduled = false;
  constructor(private readonly db: DB) {}

  enqueue<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({ run, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.jobs;
    this.jobs = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const sqlite = this.db.$client;
    try {
      sqlite
        .transaction(() => {
          for (const job of batch) {
            try {
              // Nested: better-sqlite3 makes it a savepoint, rolled back alone when this send throws.
              outcomes.push({ ok: true, value: sqlite.transaction(job.run)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}

const queues = new WeakMap<object, CommitQueue>();
/** Runs `write` inside the next batch's transaction; resolves once that batch has committed. */
export function inNextCommit<T>(db: DB, write: () => T): Promise<T> {
  let q = queues.get(db.$client);
  if (!q) queues.set(db.$client, (q = new CommitQueue(db)));
  return q.enqueue(write);
}
