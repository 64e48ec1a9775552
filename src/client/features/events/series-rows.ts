/**
 * On a phone a weekly series would fill the list with the same row: the coming list shows each
 * series once, at its next date, saying how many more of its dates the list holds. `events` are in
 * the list's order (soonest first); an event outside any series stays as it is.
 */
export function oneRowPerSeries<E extends { seriesId: number | null }>(events: readonly E[]): (E & { moreDates: number })[] {
  const first = new Map<number, E & { moreDates: number }>();
  const rows: (E & { moreDates: number })[] = [];
  for (const e of events) {
    if (e.seriesId === null) {
      rows.push({ ...e, moreDates: 0 });
      continue;
    }
    const seen = first.get(e.seriesId);
    if (seen) seen.moreDates += 1;
    else {
      const row = { ...e, moreDates: 0 };
      first.set(e.seriesId, row);
      rows.push(row);
    }
  }
  return rows;
}
