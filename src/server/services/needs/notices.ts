import type { DB, DbLike } from '../../../../db/database';
import type { NeedKind } from '@shared/needs';
import { markHandled } from '../notifications';
import { notify, type Notice } from '../notify';
import { actorsOf } from './engine';

/** The key naming an item of waiting work, in its notices and in "Needs you". */
export const itemKey = (kind: NeedKind, id: number) => `${kind}:${id}`;

/**
 * Work now waits on people: tell exactly those who may act on it (its kind's relation, the same
 * that lists it), in the transaction `tx` of the change that made it wait, on that transaction's
 * database `db`. Returns who was told.
 */
export function tellWhoMayAct(db: DB, tx: DbLike, p: { kind: NeedKind; id: number; by: string; now: number } & Omit<Notice, 'to' | 'item' | 'now'>): string[] {
  const { kind, id, by, ...notice } = p;
  // Whoever made it wait is never told of their own act, even where they may act on it too.
  return notify(tx, { ...notice, to: actorsOf(db, kind, id, p.now).filter((u) => u !== by), item: itemKey(kind, id) });
}

/** The work is done (or withdrawn): its notices read as handled, by `by`. */
export const handled = (tx: DbLike, kind: NeedKind, id: number, by: string | null, now: number, onlyFor?: string) => markHandled(tx, { item: itemKey(kind, id), by, now, onlyFor });
