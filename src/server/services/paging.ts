export type Page<T, C = number> = { items: T[]; nextCursor: C | null };

/** Rows fetched with limit + 1: the extra row only says there is another page (keyset paging). */
export function toPage<R, T, C = number>(rows: R[], limit: number, cursorOf: (r: R) => C, map: (r: R) => T): Page<T, C> {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  return { items: pageRows.map(map), nextCursor: more ? cursorOf(pageRows[pageRows.length - 1]!) : null };
}
