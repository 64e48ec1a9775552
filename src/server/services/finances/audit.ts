import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { financeAudit } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { isDatabase, prepared } from '../prepared';

/*
 * The finance audit trail is one hash chain over every community's records: each row's hash is
 * SHA-256 of the previous row's hash and its own fields. Editing a row in the database file,
 * deleting one or inserting one changes a hash that the next row no longer matches.
 */

export const GENESIS = '0'.repeat(64);

type Fields = { communityId: number; actorId: string | null; action: string; subject: string; details: string; createdAt: number };

function hashOf(prevHash: string, f: Fields): string {
  return createHash('sha256')
    .update(JSON.stringify([prevHash, f.communityId, f.actorId, f.action, f.subject, f.details, f.createdAt]))
    .digest('hex');
}

/** Appends a record; call it inside the transaction of the action it records. */
export function recordFinanceAction(
  tx: DbLike,
  p: { communityId: number; actorId: string | null; action: string; subject: string; details?: Record<string, unknown>; now: number },
) {
  const q = isDatabase(tx) ? auditQueries(tx) : null;
  const last = q ? q.last.get() : tx.select({ hash: financeAudit.hash }).from(financeAudit).orderBy(desc(financeAudit.id)).limit(1).get();
  const prevHash = last?.hash ?? GENESIS;
  const fields: Fields = { communityId: p.communityId, actorId: p.actorId, action: p.action, subject: p.subject, details: JSON.stringify(p.details ?? {}), createdAt: p.now };
  const row = { ...fields, prevHash, hash: hashOf(prevHash, fields) };
  if (q) q.append.run(row);
  else tx.insert(financeAudit).values(row).run();
}

/** Prepared when the caller passes the database inside its transaction (prepared.ts): payments declared by every member land here. */
const auditQueries = (db: DB) =>
  prepared(db, 'finances.audit', (d) => {
    const ph = sql.placeholder;
    return {
      last: d.select({ hash: financeAudit.hash }).from(financeAudit).orderBy(desc(financeAudit.id)).limit(1).prepare(),
      append: d
        .insert(financeAudit)
        .values({
          communityId: ph('communityId'),
          actorId: ph('actorId'),
          action: ph('action'),
          subject: ph('subject'),
          details: ph('details'),
          createdAt: ph('createdAt'),
          prevHash: ph('prevHash'),
          hash: ph('hash'),
        })
        .prepare(),
    };
  });

/** The first broken link of the chain, or null when every record still matches. */
export function verifyAuditChain(db: DbLike): { id: number; problem: string } | null {
  let prev = GENESIS;
  const rows = db.select().from(financeAudit).orderBy(asc(financeAudit.id)).all();
  for (const r of rows) {
    if (r.prevHash !== prev) return { id: r.id, problem: 'does not follow the record before it (one was removed, added or edited)' };
    if (hashOf(prev, r) !== r.hash) return { id: r.id, problem: 'its content no longer matches its hash (it was edited)' };
    prev = r.hash;
  }
  return null;
}

export function listFinanceActions(db: DbLike, communityId: number, limit: number) {
  return db.select().from(financeAudit).where(eq(financeAudit.communityId, communityId)).orderBy(desc(financeAudit.id)).limit(limit).all();
}
