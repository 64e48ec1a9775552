import { and, desc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { adminAudit, users } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import type { AuditAction } from '@shared/audit-actions';
import { toPage } from './paging';

export type AuditEntry = {
  actor: { id: string; email: string };
  action: AuditAction;
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

const targetUsers = alias(users, 'target_user');
const nameOf = (u: { firstName: string | null; lastName: string | null }) => (u.firstName === null ? null : `${u.firstName} ${u.lastName ?? ''}`.trim() || null);

/**
 * The log, newest first. The actor and a user target come with their names as they are now (the
 * entry keeps the address and label of its time, which still show for an account since deleted).
 */
export function listAudit(db: DbLike, p: { cursor?: number; limit: number }) {
  const rows = db
    .select({
      entry: adminAudit,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      targetFirst: targetUsers.firstName,
      targetLast: targetUsers.lastName,
    })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actorId))
    .leftJoin(targetUsers, and(eq(adminAudit.targetType, 'user'), eq(targetUsers.id, adminAudit.targetId)))
    .where(p.cursor ? lt(adminAudit.id, p.cursor) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(p.limit + 1)
    .all();
  return toPage(
    rows,
    p.limit,
    (r) => r.entry.id,
    ({ entry: r, ...names }) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      actorName: nameOf({ firstName: names.actorFirst, lastName: names.actorLast }),
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      targetName: nameOf({ firstName: names.targetFirst, lastName: names.targetLast }),
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
      createdAt: new Date(r.createdAt).toISOString(),
    }),
  );
}
