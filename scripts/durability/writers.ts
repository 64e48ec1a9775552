// Concurrent writers over HTTP that remember only what the server acknowledged.
//
// Each writer signs in as its own user and sends one request at a time, so for everything it
// owns (its memberships in the pool, its profile, its notifications) the writes are ordered:
// at the moment of a kill there is a sequence of acknowledged writes and at most one write in
// flight. The in-flight one may or may not have been committed; both are correct. The ledger
// therefore keeps, for each piece of state, the set of values it may hold:
//   - before a write is sent, its value joins the set (it may land from now on);
//   - when a 2xx arrives, the set becomes that value alone (it has landed, and nothing of
//     this writer's is in flight any more).
// A 2xx status is the acknowledgement: the REST shims and the tRPC adapter answer only after
// the procedure (and its synchronous transaction) has returned, so a status line that reached
// the client means the commit happened first. Bodies are not needed: created rows carry unique
// names and are looked up by them. The newer domains' writes follow the same rules: domain-writers.ts.
import { write } from './http';
import { addPossible } from './possible';
import { DOMAIN_OPS, emptyDomainLedger, type DomainLedger } from './domain-writers';
import { emptyMeetingLedger, MEETING_OPS, type MeetingLedger } from './meeting-writers';
import { emptyMoneyLedger, MONEY_OPS, type MoneyLedger } from './money-writers';
import type { Home, WriterSeed } from './setup';

export type Ledger = {
  /** Acknowledged community creations: unique name -> creator id. */
  communities: Map<string, string>;
  /** Acknowledged announcements: unique title -> community id. */
  announcements: Map<string, number>;
  /** Acknowledged mark-read calls: notification id -> owner. Read never goes back to unread. */
  readNotifications: Map<number, string>;
  /** `${userId}|${communityId}` -> the membership states the pair may be in. */
  membership: Map<string, Set<boolean>>;
  /** userId -> the profile locations the user may have. */
  location: Map<string, Set<string | null>>;
  /** The newer domains' writes: payments, contributions, RSVPs, votes, chat messages, documents. */
  domains: DomainLedger;
  /** The welfare fund's and the savings group's writes (money-writers.ts; levy payments are in `domains.payments`). */
  money: MoneyLedger;
  /** Meeting day's attendance, sent through the offline sync (meeting-writers.ts). */
  meetings: MeetingLedger;
};

export const emptyLedger = (): Ledger => ({
  communities: new Map(),
  announcements: new Map(),
  readNotifications: new Map(),
  membership: new Map(),
  location: new Map(),
  domains: emptyDomainLedger(),
  money: emptyMoneyLedger(),
  meetings: emptyMeetingLedger(),
});

export const pairKey = (userId: string, communityId: number) => `${userId}|${communityId}`;

/** What a writer was doing when the server died: checked afterwards to show both outcomes occur. */
export type InFlight =
  | { kind: 'community'; name: string }
  | { kind: 'announcement'; title: string }
  | { kind: 'membership'; communityId: number; member: boolean }
  | { kind: 'profile'; location: string }
  | { kind: 'read'; id: number }
  /** A newer domain's write: it landed when `sql` with `params` finds a row. */
  | { kind: 'row'; what: string; sql: string; params: unknown[] };

export type Writer = WriterSeed & {
  index: number;
  /** Believed membership in each pool community (exact between rounds: synced from the database). */
  member: Map<number, boolean>;
  unread: number[];
  inFlight: InFlight | null;
  seq: number;
  /**
   * Where the writer is in the savings circles: the next of its own circle's (round, own hand)
   * slots to record, and per other home's circle the next round to declare its hand in. A slot is
   * passed over before its request is sent, so none is tried twice (it may hold a contribution
   * from a write in flight at a kill).
   */
  circle: { recorded: number; declared: Map<number, number> };
  /** Per other home's savings group, the next of its held meetings to declare shares in (passed over before sending, as above). */
  savingsDeclared: Map<number, number>;
};

export type WriteStats = {
  acknowledged: number;
  refused: number;
  serverErrors: number;
  failures: string[];
  /** Acknowledgements by `METHOD path` (ids replaced by :n): which tables the writes reached. */
  acks: Map<string, number>;
  /** Refusals by `METHOD path status`, to see which writes were refused and why. */
  refusals: Map<string, number>;
};

export type Op = (w: Writer, ctx: WriteContext) => Promise<void>;
export type WriteContext = { url: string; round: number; pool: number[]; homes: Home[]; ledger: Ledger; stats: WriteStats; stopped: () => boolean };


const toggleMembership: Op = async (w, ctx) => {
  const communityId = ctx.pool[Math.floor(Math.random() * ctx.pool.length)]!;
  const join = !w.member.get(communityId);
  const key = pairKey(w.userId, communityId);
  addPossible(ctx.ledger.membership, key, join);
  w.inFlight = { kind: 'membership', communityId, member: join };
  if (await write(ctx, w, 'POST', `/api/communities/${communityId}/${join ? 'join' : 'leave'}`)) {
    ctx.ledger.membership.set(key, new Set([join]));
    w.member.set(communityId, join);
  }
};

const createCommunity: Op = async (w, ctx) => {
  const name = `Durability r${ctx.round} w${w.index} #${(w.seq += 1)}`;
  w.inFlight = { kind: 'community', name };
  const body = { name, description: 'Created by the durability check while the server may be killed.', isPublic: true };
  if (await write(ctx, w, 'POST', '/api/communities', body)) ctx.ledger.communities.set(name, w.userId);
};

const announce: Op = async (w, ctx) => {
  const title = `Notice r${ctx.round} w${w.index} #${(w.seq += 1)}`;
  w.inFlight = { kind: 'announcement', title };
  const body = { title, content: 'An announcement written under the threat of kill -9.' };
  if (await write(ctx, w, 'POST', `/api/communities/${w.home}/announcements`, body)) ctx.ledger.announcements.set(title, w.home);
};

const updateProfile: Op = async (w, ctx) => {
  const location = `Place r${ctx.round} w${w.index} #${(w.seq += 1)}`;
  addPossible(ctx.ledger.location, w.userId, location);
  w.inFlight = { kind: 'profile', location };
  if (await write(ctx, w, 'POST', '/api/auth/update-profile', { location })) ctx.ledger.location.set(w.userId, new Set([location]));
};

const markRead: Op = async (w, ctx) => {
  if (w.unread.length === 0) {
    // A read, not a write: refill the list of unread notifications (announcements of the others).
    const input = encodeURIComponent(JSON.stringify({ limit: 50 }));
    const res = await fetch(`${ctx.url}/trpc/notifications.list?input=${input}`, {
      headers: { cookie: `harambee_session=${w.token}` },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 500) {
        ctx.stats.serverErrors += 1;
        ctx.stats.failures.push(`round ${ctx.round}: notifications.list answered ${res.status}`);
      }
      return;
    }
    const items = ((await res.json()) as { result: { data: { items: { id: number; read: boolean }[] } } }).result.data.items;
    w.unread = items.filter((n) => !n.read).map((n) => n.id);
    if (w.unread.length === 0 || ctx.stopped()) return;
  }
  const id = w.unread.shift()!;
  w.inFlight = { kind: 'read', id };
  if (await write(ctx, w, 'POST', '/trpc/notifications.markRead', { id })) ctx.ledger.readNotifications.set(id, w.userId);
};

const OPS: [Op, number][] = [
  [toggleMembership, 20],
  [announce, 10],
  [markRead, 10],
  [updateProfile, 6],
  [createCommunity, 4],
  ...DOMAIN_OPS,
  ...MONEY_OPS,
  ...MEETING_OPS,
];
const TOTAL = OPS.reduce((n, [, weight]) => n + weight, 0);
function pickOp(): Op {
  let r = Math.random() * TOTAL;
  for (const [op, weight] of OPS) if ((r -= weight) < 0) return op;
  return OPS[0]![0];
}

/**
 * Runs every writer until `stopped()`; a request that fails because the server died ends that
 * writer (its write stays in `inFlight`). Resolves when all writers have ended.
 */
export async function runWriters(writers: Writer[], ctx: Omit<WriteContext, 'stats'>, stats: WriteStats): Promise<void> {
  const full: WriteContext = { ...ctx, stats };
  await Promise.all(
    writers.map(async (w) => {
      w.inFlight = null;
      while (!ctx.stopped()) {
        try {
          await pickOp()(w, full);
          w.inFlight = null;
        } catch (error) {
          // After the kill this is expected: whatever was in flight stays unacknowledged.
          if (!ctx.stopped()) stats.failures.push(`round ${ctx.round}: writer ${w.index} lost the server before the kill: ${String(error)}`);
          return;
        }
      }
    }),
  );
}
