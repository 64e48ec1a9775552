import type { DB } from '../../../../db/database';
import type { NeedCounts } from '@shared/needs';
import { prepared } from '../prepared';

/*
 * The bell asks "how much waits on me?" on every page and every few seconds, and a leader of
 * twenty busy communities costs about 2 ms to count (thousands of index entries). Between two
 * asks nothing has usually changed, so the last answer is kept with the database's state as
 * SQLite itself reports it, and served again only while that state is the same:
 *   - total_changes(): every row this connection inserted, updated or deleted (triggers included);
 *   - data_version: moves when another connection (a second server, a script) commits.
 * Any write at all, anywhere, makes the next ask count afresh, so "a count right after my
 * action" is exact. What the records cannot say is time: a poll entering its last 48 hours or an
 * event its last week changes the count with no write, so an answer is also kept at most
 * FRESH_MS (and never across a clock that went back).
 */

export const FRESH_MS = 10_000;
/** Past this many viewers the oldest answers go (a Map keeps insertion order). */
const MOST = 5_000;

type Kept = { stamp: string; at: number; counts: NeedCounts };
/** Keyed by the connection, so each test database keeps its own. */
const kept = new WeakMap<object, Map<string, Kept>>();

function stampOf(db: DB): string {
  const read = prepared(db, 'needs:stamp', (d) => d.$client.prepare('SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v'));
  const row = read.get() as { t: number; v: number };
  return `${row.t}:${row.v}`;
}

/** The counts for `viewerId`, from the last answer when the database and the hour have not moved since. */
export function keptCounts(db: DB, viewerId: string, now: number, count: () => NeedCounts): NeedCounts {
  let byViewer = kept.get(db.$client);
  if (!byViewer) kept.set(db.$client, (byViewer = new Map()));
  const stamp = stampOf(db);
  const last = byViewer.get(viewerId);
  if (last && last.stamp === stamp && now >= last.at && now - last.at < FRESH_MS) return last.counts;
  const counts = count();
  byViewer.delete(viewerId);
  byViewer.set(viewerId, { stamp, at: now, counts });
  if (byViewer.size > MOST) byViewer.delete(byViewer.keys().next().value!);
  return counts;
}
