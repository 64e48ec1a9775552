import { describe, expect, it } from 'vitest';
import { RequestLimits } from '../../src/server/auth/rate-limit';

const MIN = 60 * 1000;

describe('RequestLimits', () => {
  function limits() {
    let now = Date.parse('2026-03-02T10:00:00Z');
    return { l: new RequestLimits(() => now), advance: (ms: number) => (now += ms) };
  }
  const perQuarter = { max: 3, windowMs: 15 * MIN };
  const perHour = { max: 2, windowMs: 60 * MIN };

  it('counts up to the limit, then answers the seconds until the oldest counted request leaves the window', () => {
    const { l, advance } = limits();
    for (let i = 0; i < 3; i++) {
      expect(l.take([{ key: 'a', limit: perQuarter }])).toBe(0);
      advance(MIN);
    }
    expect(l.take([{ key: 'a', limit: perQuarter }])).toBe(12 * 60);
    expect(l.take([{ key: 'b', limit: perQuarter }])).toBe(0);
    advance(12 * MIN);
    expect(l.take([{ key: 'a', limit: perQuarter }])).toBe(0);
  });

  it('counts all keys or none: a refused request takes no place under the keys that had room', () => {
    const { l } = limits();
    expect(l.take([{ key: 'full', limit: perHour }])).toBe(0);
    expect(l.take([{ key: 'full', limit: perHour }])).toBe(0);
    for (let i = 0; i < 5; i++) expect(l.take([{ key: 'free', limit: perQuarter }, { key: 'full', limit: perHour }])).toBe(60 * 60);
    // 'free' was never counted by the refused requests.
    for (let i = 0; i < 3; i++) expect(l.take([{ key: 'free', limit: perQuarter }])).toBe(0);
    expect(l.take([{ key: 'free', limit: perQuarter }])).toBeGreaterThan(0);
  });

  it('keeps each key to its own window', () => {
    const { l, advance } = limits();
    l.take([{ key: 'hourly', limit: perHour }]);
    l.take([{ key: 'hourly', limit: perHour }]);
    advance(30 * MIN);
    expect(l.take([{ key: 'hourly', limit: perHour }])).toBe(30 * 60);
    advance(30 * MIN);
    expect(l.take([{ key: 'hourly', limit: perHour }])).toBe(0);
  });
});
