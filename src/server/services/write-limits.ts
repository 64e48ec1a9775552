import { SlidingWindow } from '../chat/rate-limit';
import { tooMany } from './errors';

/*
 * Per-member limits on the writes people can repeat quickly, as chat limits its sends
 * (chat/rate-limit.ts): a sliding window of each member's writes of a kind, in memory, per
 * instance. Beyond it the write is refused with 429, the seconds to wait in `Retry-After` and the
 * message. A write refused for another reason gives its slot back, so only writes that happen count.
 */
export const WRITE_LIMITS = {
  /** New discussion topics. */
  topic: { count: 10, windowMs: 10 * 60_000 },
  /** Replies in discussions. */
  reply: { count: 20, windowMs: 60_000 },
  /** Edits of one's topics and replies. */
  postEdit: { count: 30, windowMs: 60_000 },
  /** Edits of one's chat messages. */
  chatEdit: { count: 30, windowMs: 60_000 },
  /** Chat reactions, added or taken back. */
  reaction: { count: 60, windowMs: 60_000 },
  /** Calls started (each rings people): room for a few retries of one that did not connect. */
  callStart: { count: 10, windowMs: 10 * 60_000 },
} as const;
export type WriteKind = keyof typeof WRITE_LIMITS;

const windows = new WeakMap<object, Map<WriteKind, SlidingWindow>>();
/** The windows of one app (keyed by its database connection, like chat's send limiter). */
function windowOf(app: object, kind: WriteKind): SlidingWindow {
  let byKind = windows.get(app);
  if (!byKind) windows.set(app, (byKind = new Map()));
  let w = byKind.get(kind);
  if (!w) byKind.set(kind, (w = new SlidingWindow(WRITE_LIMITS[kind].count, WRITE_LIMITS[kind].windowMs)));
  return w;
}

/** Runs `write` within the member's limit for `kind` (429 beyond, nothing written); a refused write gives its slot back. */
export function limitedWrite<T>(p: { app: object; kind: WriteKind; userId: string; now: number }, write: () => T): T {
  const w = windowOf(p.app, p.kind);
  const slot = w.take(p.userId, p.now);
  if (!slot.ok) {
    const seconds = Math.ceil(slot.retryAfterMs / 1000);
    throw tooMany('errors.tooFast', seconds, { seconds });
  }
  try {
    return write();
  } catch (error) {
    w.release(p.userId, p.now);
    throw error;
  }
}

/** The limit of `kind` for the signed-in caller of an operation. */
export const writeBy = (ctx: { db: { $client: object }; user: { id: string }; now: () => number }, kind: WriteKind) => ({ app: ctx.db.$client, kind, userId: ctx.user.id, now: ctx.now() });
