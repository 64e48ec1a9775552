import { and, eq } from 'drizzle-orm';
import { syncRecords } from '../../../../db/schema';
import type { SyncOutcome, SyncRecordInput } from '@shared/schemas/sync';
import { wakeAfterCommit } from '../../mail/outbox';
import { executeInside, type SignedInContext } from '../../operations/define';
import { translate } from '../../i18n';
import { DomainError } from '../../services/errors';
import { OPERATIONS_BY_PATH } from '../index';
import { SYNC_OPERATIONS } from './allowlist';

/*
 * The offline sync: each record runs the operation it names through the same guard and schema
 * as tRPC and REST, in its own savepoint together with the sync_records row that remembers it, so
 * a key is applied at most once: the same key again answers what the first time answered, even
 * when two batches race (the whole batch is one IMMEDIATE transaction, so batches never
 * interleave; the row's primary key is the last word). A refusal is remembered too (by its message
 * key and parameters, translated for whoever asks), so a record refused once is never applied
 * later behind the secretary's back. A fault of ours is not remembered: the phone sends it again.
 */

type Stored = { outcome: 'applied'; result: unknown } | { outcome: 'refused'; code: string; params?: Record<string, unknown> };

const KEY_REUSED = 'errors.sync.keyReused';
const NOT_ALLOWED = 'errors.sync.notAllowed';
const ASYNCHRONOUS = 'errors.sync.asynchronous';
const FAILED = 'errors.sync.failed';

function answer(ctx: SignedInContext, key: string, stored: Stored): SyncOutcome {
  if (stored.outcome === 'applied') return { key, outcome: 'applied', result: stored.result };
  return { key, outcome: 'refused', error: { code: stored.code, message: translate(ctx.language, stored.code, stored.params) } };
}

function remember(ctx: SignedInContext, record: SyncRecordInput, stored: Stored): Stored {
  const result = stored.outcome === 'applied' ? (stored.result ?? null) : { code: stored.code, params: stored.params };
  ctx.db.insert(syncRecords).values({ userId: ctx.user.id, key: record.key, op: record.op, outcome: stored.outcome, result: JSON.stringify(result), createdAt: ctx.now() }).run();
  return stored;
}

function recalled(ctx: SignedInContext, record: SyncRecordInput): Stored | undefined {
  const row = ctx.db
    .select({ op: syncRecords.op, outcome: syncRecords.outcome, result: syncRecords.result })
    .from(syncRecords)
    .where(and(eq(syncRecords.userId, ctx.user.id), eq(syncRecords.key, record.key)))
    .get();
  if (!row) return undefined;
  // A key names one record: the same key for another kind of record is a phone's mistake, never applied.
  if (row.op !== record.op) return { outcome: 'refused', code: KEY_REUSED };
  const result = JSON.parse(row.result) as unknown;
  if (row.outcome === 'applied') return { outcome: 'applied', result };
  const { code, params } = result as { code: string; params?: Record<string, unknown> };
  return { outcome: 'refused', code, params };
}

function applyOne(ctx: SignedInContext, record: SyncRecordInput): Stored {
  const before = recalled(ctx, record);
  if (before) return before;
  const op = SYNC_OPERATIONS.has(record.op) ? OPERATIONS_BY_PATH.get(record.op) : undefined;
  if (!op) return remember(ctx, record, { outcome: 'refused', code: NOT_ALLOWED });
  const sqlite = ctx.db.$client;
  try {
    // The operation's writes and the row that remembers them stand or fall together.
    return sqlite.transaction(() => {
      const result = executeInside(op, ctx, record.input);
      if (result instanceof Promise) {
        result.catch(() => undefined);
        throw new DomainError('unsupported', ASYNCHRONOUS);
      }
      return remember(ctx, record, { outcome: 'applied', result });
    })();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return remember(ctx, record, { outcome: 'refused', code: error.message, params: error.params });
  }
}

/** Applies a phone's records in their order; one answer per record, in the same order. */
export function applySync(ctx: SignedInContext, records: SyncRecordInput[]): { results: SyncOutcome[] } {
  const sqlite = ctx.db.$client;
  try {
    const results = sqlite
      .transaction(() =>
        records.map((record) => {
          try {
            return answer(ctx, record.key, sqlite.transaction(() => applyOne(ctx, record))());
          } catch (error) {
            // A fault (a bug, a broken row): this record only is undone and not remembered, so it is sent again.
            ctx.log.error('sync record failed', { op: record.op, error: error instanceof Error ? error.stack : String(error) });
            return answer(ctx, record.key, { outcome: 'refused', code: FAILED });
          }
        }),
      )
      .immediate();
    return { results };
  } finally {
    // Notices' mail queued by the records leaves once the batch is committed.
    wakeAfterCommit(ctx.outbox);
  }
}
