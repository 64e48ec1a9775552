import { and, desc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { adminAudit, users } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import type { AuditAction } from '@shared/audit-actions';
import { toPage } from './paging';

export type AuditEntry = {
  actor: { id: string };
  action: AuditAction;
  /** A user is named by id only (its name and address are looked up when shown); a community or the settings keep a label. */
  target: { type: 'user'; id: string } | { type: 'community' | 'settings'; id: string; label?: string | null };
  details?: Record<string, unknown>;
  now: number;
};

/**
 * Append one entry; call it inside the transaction of the change it records. People are named by
 * id alone, never by name or address: the log is append-only, so whatever it held of a person
 * would outlive the deletion of their account (decision 015).
 */
export function recordAudit(db: DbLike, e: AuditEntry) {
  db.insert(adminAudit)
    .values({
      actorId: e.actor.id,
      action: e.action,
      targetType: e.target.type,
      targetId: e.target.id,
      targetLabel: e.target.type === 'user' ? null : (e.target.label ?? null),
      details: e.details ? JSON.stringify(e.details) : null,
      createdAt: e.now,
    })
    .run();
}

const targetUsers = alias(users, 'target_user');

/** Who an entry names, as they are now: a deleted (or vanished) account is only "a deleted account" (`gone`); whoever reported an invitation has no account (`invitee`). */
function person(id: string, u: { firstName: string | null; lastName: string | null; email: string | null; deletedAt: number | null }) {
  if (id === 'invitee') return { name: null, email: null, gone: false, invitee: true };
  if (u.firstName === null || u.deletedAt !== null) return { name: null, email: null, gone: true, invitee: false };
  return { name: `${u.firstName} ${u.lastName ?? ''}`.trim() || null, email: u.email, gone: false, invitee: false };
}

/** The log, newest first, with the names and addresses of the people it names looked up now. */
export function listAudit(db: DbLike, p: { cursor?: number; limit: number }) {
  const rows = db
    .select({
      entry: adminAudit,
      actor: { firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt },
      target: { firstName: targetUsers.firstName, lastName: targetUsers.lastName, email: targetUsers.email, deletedAt: targetUsers.deletedAt },
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
    ({ entry: r, actor, target }) => {
      const a = person(r.actorId, actor ?? { firstName: null, lastName: null, email: null, deletedAt: null });
      const t = r.targetType === 'user' ? person(r.targetId, target ?? { firstName: null, lastName: null, email: null, deletedAt: null }) : null;
      return {
        id: r.id,
        actorId: r.actorId,
        actorName: a.name,
        actorEmail: a.email,
        actorGone: a.gone,
        actorInvitee: a.invitee,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        targetLabel: r.targetLabel,
        targetName: t?.name ?? null,
        targetEmail: t?.email ?? null,
        targetGone: t?.gone ?? false,
        details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
        createdAt: new Date(r.createdAt).toISOString(),
      };
    },
  );
}
