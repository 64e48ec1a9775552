import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneRowPerSeries } from '../../src/client/features/events/series-rows';

describe('events: one row per series on a phone', () => {
  it('keeps each series at its first (next) date with the count of the others, and every other event as it is', () => {
    const rows = oneRowPerSeries([
      { id: 1, seriesId: 7 },
      { id: 2, seriesId: null },
      { id: 3, seriesId: 7 },
      { id: 4, seriesId: 9 },
      { id: 5, seriesId: 7 },
    ]);
    expect(rows).toEqual([
      { id: 1, seriesId: 7, moreDates: 2 },
      { id: 2, seriesId: null, moreDates: 0 },
      { id: 4, seriesId: 9, moreDates: 0 },
    ]);
  });

  it('counts every event once: the rows and their other dates add up to the list, in its order', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), { maxLength: 60 }), (series) => {
        const events = series.map((seriesId, id) => ({ id, seriesId }));
        const rows = oneRowPerSeries(events);
        expect(rows.reduce((s, r) => s + 1 + r.moreDates, 0)).toBe(events.length);
        // Each series once, at its first event; the order is the list's.
        const ids = rows.map((r) => r.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        for (const r of rows) if (r.seriesId !== null) expect(events.find((e) => e.seriesId === r.seriesId)!.id).toBe(r.id);
        expect(new Set(rows.filter((r) => r.seriesId !== null).map((r) => r.seriesId)).size).toBe(rows.filter((r) => r.seriesId !== null).length);
      }),
    );
  });
});
