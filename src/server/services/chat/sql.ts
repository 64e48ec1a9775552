import type Database from 'better-sqlite3';
import type { DB } from '../../../../db/database';
import { COMMUNITY_ROLES, can } from '@shared/permissions';

/** Prepared statements, one set per database: chat's hot paths (send, delivery checks) run often. */
const cache = new WeakMap<object, Map<string, Database.Statement>>();
export function statement(db: DB, key: string, text: () => string): Database.Statement {
  let stmts = cache.get(db.$client);
  if (!stmts) cache.set(db.$client, (stmts = new Map()));
  let s = stmts.get(key);
  if (!s) stmts.set(key, (s = db.$client.prepare(text())));
  return s;
}

/** The community roles that read chat, as an SQL list (every role today; the table decides). */
export const READER_ROLES = COMMUNITY_ROLES.filter((r) => can(r, 'chat.view'));
export const MODERATOR_ROLES = COMMUNITY_ROLES.filter((r) => can(r, 'chat.moderate'));
const list = (roles: readonly string[]) => roles.map((r) => `'${r}'`).join(', ');
export const READER_ROLES_SQL = list(READER_ROLES);
export const MODERATOR_ROLES_SQL = list(MODERATOR_ROLES);

/**
 * The conversations `@u` may read, as an SQL condition on `c`: a member (with chat.view) of its
 * community and, unless it is a public channel, listed in conversation_members.
 */
export const READABLE = `EXISTS (SELECT 1 FROM memberships m WHERE m.community_id = c.community_id AND m.user_id = @u AND m.role IN (${READER_ROLES_SQL}))
  AND (c.is_private = 0 OR EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.conversation_id = c.id AND cm.user_id = @u))`;

export const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();
