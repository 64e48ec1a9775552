/**
 * Counts failed sign-ins per key (an email, an IP) in a sliding window, in memory:
 * one process serves the app, so no shared store is needed. A process restart forgets
 * the counts, which only ever gives an attacker one more window.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();
  /** Limits on requests that succeed too (sign-ups, account emails), kept beside the sign-in counts. */
  readonly requests: RequestLimits;
  /**
   * How a slowed sign-in waits (auth/sign-in.ts): a real timer; a test app records the waits asked
   * for and goes on at once, so the throttle tests assert the pauses without sleeping through them.
   */
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  constructor(
    private readonly now: () => number,
    readonly maxFailures = 10,
    readonly windowMs = 15 * 60 * 1000,
  ) {
    this.requests = new RequestLimits(now);
  }

  /** Seconds until the first of `keys` may try again (blocked at `max` failures), or 0 when none is blocked. */
  retryAfter(keys: string[], max = this.maxFailures): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= max) {
        const oldestThatCounts = recent[recent.length - max]!;
        wait = Math.max(wait, Math.ceil((oldestThatCounts + this.windowMs - now) / 1000));
      }
    }
    return wait;
  }

  /** Failures of `key` in the window. */
  count(key: string): number {
    return this.recent(key, this.now()).length;
  }

  fail(keys: string[]): void {
    this.record(keys, this.now());
  }

  /**
   * Counts an attempt as failed before its password is checked, and returns a function that
   * takes it back if it succeeds. Checks run concurrently (a batch of sign-ins, parallel requests):
   * counted first, the eleventh of them is refused even while the first ten are still hashing.
   */
  begin(keys: string[]): () => void {
    const at = this.now();
    this.record(keys, at);
    return () => {
      for (const key of keys) {
        const list = this.failures.get(key);
        const i = list?.lastIndexOf(at) ?? -1;
        if (list && i >= 0) list.splice(i, 1);
      }
    };
  }

  private record(keys: string[], at: number): void {
    for (const key of keys) {
      const recent = this.recent(key, at);
      recent.push(at);
      this.failures.set(key, recent);
    }
    if (this.failures.size > 50_000) this.prune(at);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const fresh = list.filter((t) => t > now - this.windowMs);
    if (fresh.length === 0) this.failures.delete(key);
    return fresh;
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}

export type Limit = { max: number; windowMs: number };

/**
 * Sliding-window limits on requests, whatever their outcome: at most `max` per key in `windowMs`.
 * `take` checks and counts in one synchronous step, so requests that run concurrently (a tRPC
 * batch, parallel connections) cannot all pass the check before any of them is counted.
 */
export class RequestLimits {
  private hits = new Map<string, { windowMs: number; at: number[] }>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts one request under every key when each is below its limit and answers 0; otherwise
   * counts nothing and answers the seconds until the busiest key frees a place.
   */
  take(entries: { key: string; limit: Limit }[]): number {
    const now = this.now();
    let wait = 0;
    const lists = entries.map(({ key, limit }) => {
      const list = this.recent(key, limit.windowMs, now);
      if (list.length >= limit.max) wait = Math.max(wait, Math.ceil((list[list.length - limit.max]! + limit.windowMs - now) / 1000));
      return { key, windowMs: limit.windowMs, list };
    });
    if (wait > 0) return wait;
    for (const { key, windowMs, list } of lists) {
      list.push(now);
      this.hits.set(key, { windowMs, at: list });
    }
    if (this.hits.size > 50_000) this.prune(now);
    return 0;
  }

  /** Whether `key` was counted within `windowMs` (a mark, read without counting). */
  seen(key: string, windowMs: number): boolean {
    return this.recent(key, windowMs, this.now()).length > 0;
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const found = this.hits.get(key);
    if (!found) return [];
    return found.at.filter((t) => t > now - windowMs);
  }

  private prune(now: number): void {
    for (const [key, { windowMs, at }] of [...this.hits]) {
      if (!at.some((t) => t > now - windowMs)) this.hits.delete(key);
    }
  }
}
