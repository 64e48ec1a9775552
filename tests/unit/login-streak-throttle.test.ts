import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { nextLoginStreak } from '../../src/server/services/auth';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe('nextLoginStreak (consecutive UTC days)', () => {
  it('starts at 1 on the first sign-in', () => {
    expect(nextLoginStreak(null, 0, at('2026-03-02T10:00:00Z'))).toBe(1);
  });

  it('keeps the streak on the same UTC day (at least 1)', () => {
    expect(nextLoginStreak(at('2026-03-02T00:00:00Z'), 4, at('2026-03-02T23:59:59Z'))).toBe(4);
    expect(nextLoginStreak(at('2026-03-02T08:00:00Z'), 0, at('2026-03-02T09:00:00Z'))).toBe(1);
  });

  it('adds one on the next UTC day, even minutes apart across midnight', () => {
    expect(nextLoginStreak(at('2026-03-02T23:59:00Z'), 4, at('2026-03-03T00:01:00Z'))).toBe(5);
    expect(nextLoginStreak(at('2026-03-02T00:00:00Z'), 1, at('2026-03-03T23:59:59Z'))).toBe(2);
  });

  it('starts over after a day without a sign-in', () => {
    expect(nextLoginStreak(at('2026-03-02T10:00:00Z'), 9, at('2026-03-04T10:00:00Z'))).toBe(1);
    expect(nextLoginStreak(at('2026-03-02T23:59:00Z'), 9, at('2026-03-04T00:00:00Z'))).toBe(1);
  });

  it('does not grow or break when the clock went backwards', () => {
    expect(nextLoginStreak(at('2026-03-05T10:00:00Z'), 3, at('2026-03-04T10:00:00Z'))).toBe(3);
  });
});

describe('LoginThrottle', () => {
  function throttle() {
    let now = at('2026-03-02T10:00:00Z');
    const t = new LoginThrottle(() => now);
    return { t, advance: (ms: number) => (now += ms) };
  }

  it('allows 9 failures, blocks at the 10th for up to 15 minutes', () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) t.fail(['email:a']);
    expect(t.retryAfter(['email:a'])).toBe(0);
    t.fail(['email:a']);
    expect(t.retryAfter(['email:a'])).toBe(15 * 60);
    expect(t.retryAfter(['email:b'])).toBe(0);
  });

  it('blocks when any of the keys is blocked, with the longest wait', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 10; i++) t.fail(['ip:1']);
    advance(5 * MIN);
    for (let i = 0; i < 10; i++) t.fail(['email:a']);
    expect(t.retryAfter(['email:a', 'ip:1'])).toBe(15 * 60);
    expect(t.retryAfter(['ip:1'])).toBe(10 * 60);
  });

  it('slides: each failure ages out 15 minutes after it happened', () => {
    const { t, advance } = throttle();
    t.fail(['k']); // the oldest
    advance(5 * MIN);
    for (let i = 0; i < 9; i++) t.fail(['k']);
    expect(t.retryAfter(['k'])).toBe(10 * 60);
    advance(10 * MIN - 1000);
    expect(t.retryAfter(['k'])).toBe(1);
    advance(1000); // the oldest is now out of the window: 9 left
    expect(t.retryAfter(['k'])).toBe(0);
    t.fail(['k']); // a tenth inside the window blocks again until the next oldest ages out
    expect(t.retryAfter(['k'])).toBe(5 * 60);
    advance(15 * MIN);
    expect(t.retryAfter(['k'])).toBe(0);
  });

  it('forgets a key on reset, leaving the others', () => {
    const { t } = throttle();
    for (let i = 0; i < 10; i++) t.fail(['email:a', 'ip:1']);
    t.reset('email:a');
    expect(t.retryAfter(['email:a'])).toBe(0);
    expect(t.retryAfter(['ip:1'])).toBeGreaterThan(0);
  });

  it('honours a custom limit and window', () => {
    let now = 0;
    const t = new LoginThrottle(() => now, 3, HOUR);
    t.fail(['k']);
    t.fail(['k']);
    expect(t.retryAfter(['k'])).toBe(0);
    t.fail(['k']);
    expect(t.retryAfter(['k'])).toBe(3600);
    now += DAY;
    expect(t.retryAfter(['k'])).toBe(0);
  });
});
