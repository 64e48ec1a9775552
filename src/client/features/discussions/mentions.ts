import { MENTION_PATTERN } from '@shared/discussions/rules';

/*
 * The composer's @mentions, kept pure for the unit tests: where a mention is being typed, putting
 * the chosen member's token in its place, and showing tokens as "@Name" in rendered bodies.
 */

/** The longest name prefix the autocomplete looks up (the server's limit is 50). */
const MAX_PREFIX = 30;

/**
 * The mention being typed just before the caret: an `@` at the start or after a space or an
 * opening bracket, followed by letters (a name may hold one inner space: "@Tabe N"). Null when
 * the caret is not in one.
 */
export function mentionAt(text: string, caret: number): { start: number; prefix: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s([{"'“«])@([\p{L}\p{N}_.'’-]*(?: [\p{L}\p{N}_.'’-]+)?)$/u.exec(before);
  if (!m) return null;
  const prefix = m[2]!;
  if (prefix.length > MAX_PREFIX) return null;
  return { start: before.length - prefix.length - 1, prefix };
}

/** The text with the mention typed at [start, caret) replaced by the token and a space; the caret goes after them. */
export function insertMention(text: string, start: number, caret: number, token: string): { text: string; caret: number } {
  const after = text.slice(caret);
  const insert = after.startsWith(' ') ? token : `${token} `;
  return { text: text.slice(0, start) + insert + after, caret: start + insert.length };
}

/**
 * The body ready for the safe Markdown renderer: each `@[Name](id)` becomes bold `@Name` (never
 * the raw token, and never a link). Markdown markers in the name are dropped so it stays plain.
 */
export function mentionsToMarkdown(body: string): string {
  return body.replace(MENTION_PATTERN, (_m, name: string) => `**@${name.replace(/[*_[\]()\\`]/g, '').trim()}**`);
}
