import { lt } from 'drizzle-orm';
import { syncRecords } from '../../../../db/schema';
import type { AppDeps } from '../../context';

/**
 * A phone sends what it kept within days of the meeting: after 30 days an answer kept for a
 * record sent twice is no longer needed, and the row (which names the secretary) goes.
 */
export const SYNC_KEPT_MS = 30 * 86_400_000;

export function pruneSyncRecords(deps: Pick<AppDeps, 'db' | 'now'>): { syncRecordsPruned: number } {
  return { syncRecordsPruned: deps.db.delete(syncRecords).where(lt(syncRecords.createdAt, deps.now() - SYNC_KEPT_MS)).run().changes };
}
