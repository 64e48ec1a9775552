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

export type MentionRef = { name: string; id: string };

/** Each mention token in the text as the person reads it ("@Name"), with the members it names. */
export function mentionsToDisplay(markup: string): { text: string; mentions: MentionRef[] } {
  const mentions: MentionRef[] = [];
  const text = markup.replace(MENTION_PATTERN, (_m, name: string, id: string) => {
    mentions.push({ name, id });
    return `@${name}`;
  });
  return { text, mentions };
}

/** What a name in a token may not be followed by for "@Name" to be that whole name. */
const NAME_GOES_ON = /^[\p{L}\p{N}_]/u;

/**
 * The typed text back as markup: each "@Name" of a member known to this text (read from its
 * tokens or chosen from the list) becomes their token again; longer names are matched first, so
 * "@Tabe Ndip" is never read as "@Tabe". A name that two members share keeps the first chosen.
 */
export function mentionsToMarkup(text: string, known: readonly MentionRef[]): string {
  const byName = new Map<string, string>();
  for (const m of known) if (!byName.has(m.name)) byName.set(m.name, m.id);
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  if (names.length === 0) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('@', i);
    if (at < 0) break;
    out += text.slice(i, at);
    const name = names.find((n) => text.startsWith(n, at + 1) && !NAME_GOES_ON.test(text.slice(at + 1 + n.length)));
    if (name) {
      out += `@[${name}](${byName.get(name)})`;
      i = at + 1 + name.length;
    } else {
      out += '@';
      i = at + 1;
    }
  }
  return out + text.slice(i);
}
