import { desc, lt } from 'drizzle-orm';
import { adminAudit } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { toPage } from './paging';

export type AuditEntry = {
  actor: { id: string; email: string };
  action: string;
  target: { type: 'user' | 'community' | 'settings'; id: string; label?: string | null };
  details?: Record<string, unknown>;
  now: number;
};

/** Append one entry; call it inside the transaction of the change it records. */
export function recordAudit(db: DbLike, e: AuditEntry) {
  db.insert(adminAudit)
    .values({
      actorId: e.actor.id,
      actorEmail: e.actor.email,
      action: e.action,
      targetType: e.target.type,
      targetId: e.target.id,
      targetLabel: e.target.label ?? null,
      details: e.details ? JSON.stringify(e.details) : null,
      createdAt: e.now,
    })
    .run();
}

export function listAudit(db: DbLike, p: { cursor?: number; limit: number }) {
  const rows = db
    .select()
    .from(adminAudit)
    .where(p.cursor ? lt(adminAudit.id, p.cursor) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(p.limit + 1)
    .all();
  return toPage(
    rows,
    p.limit,
    (r) => r.id,
    (r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    }),
  );
}
