import type { DB } from '../../../../db/database';
import type { CommunityCapability } from '@shared/permissions';
import type { NeedItem } from '@shared/needs';

/*
 * A kind of waiting work ("Needs you"), as a domain declares it (its definition's `needs`). Who may
 * act on it is written once, as the kind's `relation`: SQL with one row per (waiting item, person
 * who may act on it now), computed from the records' current state (no to-do table that could go
 * stale). The list, the counts and the notices' recipients are all read from that one relation:
 *
 *   list    SELECT … FROM (relation) WHERE actor = @viewer [AND community_id = @community] ORDER BY key, id
 *   count   SELECT community_id, count(*) FROM (relation) WHERE actor = @viewer GROUP BY community_id
 *   actors  SELECT actor FROM (relation) WHERE id = @id
 *
 * SQLite flattens the subquery, so each reads the indexes as if written out by hand.
 */

/** The columns every relation answers (and whatever else its `toItem` reads). */
export type NeedRow = {
  id: number;
  community_id: number | null;
  community: string | null;
  /** Its place in the list: the deadline (group 0) or since when it waits (group 1), epoch ms. */
  key: number;
  actor: string;
  [column: string]: unknown;
};

export type ItemContext = {
  db: DB;
  viewerId: string;
  now: number;
  /** The finance accounts of a community (for the one-tap confirm of a payment or an expense), read once per list. */
  accounts: (communityId: number) => { id: number; name: string }[];
};

export type NeedSource = {
  /** Unique across the domains; also the start of the item's key ('payment:12'). */
  kind: NeedItem['kind'];
  /** 0: work with a deadline (listed first, soonest first); 1: work waiting since a time (oldest first). */
  group: 0 | 1;
  /** The community tab that holds the work (its count shows there), or null (not inside a community yet). */
  tab: string | null;
  /**
   * Set when the work falls to the holders of a capability in the item's community: the list then
   * asks one community at a time, in index order (a treasurer of twenty communities reads twenty
   * short ranges, never all their pending payments). Unset: the work is addressed to the viewer
   * as a person (an organiser, a nominee, a beneficiary), read in one query.
   */
  capability?: CommunityCapability;
  /** The relation (see above). Named parameters it may use: @now. */
  relation: string;
  /**
   * How many wait on @viewer per community, as SQL answering (communityId, n), when the relation
   * counted row by row costs too much: the relation's joins that only the list reads (names,
   * currency) cost a lookup per waiting row, and grouping its rows a sort. Must agree with the
   * relation (the tests compare the count with the list).
   */
  count?: string;
  /**
   * A rule the relation cannot say in SQL, applied to each row (e.g. whether a member may vote in a
   * poll limited to members in good standing): the same function the operation itself checks.
   */
  filter?: (db: DB, row: NeedRow, now: number) => boolean;
  /** The rows `filter` may refuse, as an SQL condition on `w` (the others are counted in SQL, never read). */
  filteredWhen?: string;
  /** The row as the viewer reads it. */
  toItem: (row: NeedRow, ctx: ItemContext) => NeedItem;
};
