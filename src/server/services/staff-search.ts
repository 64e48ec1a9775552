import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The staff tables' search: a case-insensitive substring of any of `columns`, `%` and `_` literal.
 * SQLite's LIKE and lower() fold ASCII letters only, so the text is tried as typed and lowercased:
 * 'Élodie' and 'ÉLODIE' find Élodie, 'ZOË' finds Zoë (lowercasing alone missed Élodie).
 */
export function staffSearch(search: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const typed = pattern(search);
  const folded = pattern(search.toLowerCase());
  const matches = columns.map((c) => sql`(${c} LIKE ${typed} ESCAPE '\\' OR lower(${c}) LIKE ${folded} ESCAPE '\\')`);
  return sql`(${sql.join(matches, sql` OR `)})`;
}
