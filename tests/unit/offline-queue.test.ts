import { describe, expect, it } from 'vitest';
import { inOrder, nextBatch, retryDelay, settle, RETRY_CODE, type QueuedRecord } from '../../src/client/lib/offline/queue-logic';
import { memberByCode, normalCode } from '../../src/client/features/meetings/day/codes';
import { SYNC_BATCH_MAX } from '../../src/shared/meetings/rules';
import { SEND_BATCH } from '../../src/client/lib/offline/queue-logic';

/* The phone's offline queue, where it is pure: order, batches, what each answer does; and how a scanned or typed code finds its member. */

const rec = (key: string, createdAt: number, seq: number, userId = 'u1'): QueuedRecord => ({ key, op: 'meetings.markAttendance', input: {}, label: key, userId, createdAt, seq });

describe('offline queue order and batches', () => {
  it('sends one account’s records oldest first, the order of making breaking ties of the same millisecond', () => {
    const all = [rec('c', 200, 0), rec('b', 100, 5), rec('a', 100, 4), rec('other', 50, 0, 'u2')];
    expect(inOrder(all, 'u1').map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(inOrder(all, 'u2').map((r) => r.key)).toEqual(['other']);
  });

  it('cuts batches from the oldest, within the server’s limit', () => {
    const all = Array.from({ length: 250 }, (_, i) => rec(`k${i}`, 1000 - i, i));
    const batch = nextBatch(all, 'u1');
    expect(batch).toHaveLength(SEND_BATCH);
    expect(batch[0]!.key).toBe('k249');
    expect(SEND_BATCH).toBeLessThanOrEqual(SYNC_BATCH_MAX);
  });
});

describe('offline queue answers', () => {
  const batch = [rec('a', 1, 0), rec('b', 2, 1), rec('c', 3, 2), rec('d', 4, 3)];

  it('removes applied and refused records and shows their outcomes; keeps a fault of the server’s and a record the answer left out', () => {
    const { done, kept, outcomes } = settle(
      batch,
      [
        { key: 'a', outcome: 'applied' },
        { key: 'b', outcome: 'refused', error: { code: 'errors.meetings.cancelled', message: 'This meeting was cancelled' } },
        { key: 'c', outcome: 'refused', error: { code: RETRY_CODE, message: 'fault' } },
      ],
      99,
    );
    expect(done).toEqual(['a', 'b']);
    expect(kept).toEqual(['c', 'd']);
    expect(outcomes).toEqual([
      { key: 'a', label: 'a', outcome: 'applied', message: undefined, at: 99 },
      { key: 'b', label: 'b', outcome: 'refused', message: 'This meeting was cancelled', at: 99 },
    ]);
  });

  it('waits longer after each failure, a minute at most', () => {
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 60_000]);
  });
});

describe('check-in codes read by the camera or typed', () => {
  const roster = [
    { userId: 'a', code: '7K3M0Q1Z' },
    { userId: 'b', code: 'ABCDEFGH' },
  ];
  it('forgives case, spaces, dashes and Crockford’s look-alikes, and reads a link ending with the code', () => {
    expect(normalCode(' 7k3m-oq1z ')).toBe('7K3M0Q1Z');
    expect(memberByCode(roster, '7k3m oQlZ')?.userId).toBe('a');
    expect(memberByCode(roster, 'https://example.org/check-in/ABCDEFGH')?.userId).toBe('b');
    expect(memberByCode(roster, 'ZZZZZZZZ')).toBeUndefined();
    expect(memberByCode(roster, '   ')).toBeUndefined();
  });
});
