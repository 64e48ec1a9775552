import { RATE_LIMIT_COUNT, RATE_LIMIT_WINDOW_MS } from '@shared/chat/rules';

/*
 * Messages per member: a sliding window of send times kept in memory, per instance (a member on
 * two instances behind a balancer could send twice the rate; acceptable until a shared broker).
 */
export class SlidingWindow {
  private readonly sent = new Map<string, number[]>();
  constructor(
    private readonly limit = RATE_LIMIT_COUNT,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {}

  /** Takes one slot for `key` at `now`; answers the milliseconds to wait instead when none is free. */
  take(key: string, now: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const from = now - this.windowMs;
    const times = (this.sent.get(key) ?? []).filter((t) => t > from);
    if (times.length >= this.limit) {
      this.sent.set(key, times);
      return { ok: false, retryAfterMs: Math.max(1, times[0]! + this.windowMs - now) };
    }
    times.push(now);
    this.sent.set(key, times);
    if (this.sent.size > 10_000) this.sweep(from);
    return { ok: true };
  }

  /** Gives back the slot taken at `now` (the send failed afterwards). */
  release(key: string, now: number): void {
    const times = this.sent.get(key);
    const at = times?.lastIndexOf(now) ?? -1;
    if (times && at >= 0) times.splice(at, 1);
  }

  private sweep(from: number) {
    for (const [key, times] of this.sent) if (!times.some((t) => t > from)) this.sent.delete(key);
  }
}

const limiters = new WeakMap<object, SlidingWindow>();
/** The send limiter of one app (keyed by its database, like the bus). */
export function sendLimiter(db: object): SlidingWindow {
  let l = limiters.get(db);
  if (!l) limiters.set(db, (l = new SlidingWindow()));
  return l;
}
