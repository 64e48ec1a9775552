/**
 * Builds the FTS5 MATCH expression for community search: a case-insensitive substring
 * of name or description, and separately of location. The trigram index needs three or more
 * characters; shorter terms fall back to LIKE (a scan, but only for one- or two-letter input).
 */
export type SearchPlan = { match: string | null; likeText: string | null; likeLocation: string | null };

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function planSearch(search?: string, location?: string): SearchPlan {
  const parts: string[] = [];
  let likeText: string | null = null;
  let likeLocation: string | null = null;
  const s = search?.trim();
  const l = location?.trim();
  if (s) {
    if ([...s].length >= 3) parts.push(`{name description}: ${quote(s)}`);
    else likeText = likePattern(s);
  }
  if (l) {
    if ([...l].length >= 3) parts.push(`location: ${quote(l)}`);
    else likeLocation = likePattern(l);
  }
  return { match: parts.length ? parts.map((p) => `(${p})`).join(' AND ') : null, likeText, likeLocation };
}
