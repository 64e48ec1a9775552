/*
 * The rules of discussions, shared by the database schema, the input schemas, the server and
 * (later) the screens.
 */

export const TOPIC_TITLE_MAX = 150;
export const POST_BODY_MAX = 10_000;
/** A topic's optional category: a free short label (not the announcement categories). */
export const TOPIC_CATEGORY_MAX = 40;
export const MODERATION_REASON_MAX = 300;
/** The most mentions one post may carry (more are ignored). */
export const MAX_MENTIONS = 20;
/** The "active discussions" count: topics with activity (created or replied to) within this window. */
export const ACTIVE_WINDOW_MS = 30 * 24 * 3_600_000;
export const MENTION_SUGGESTIONS = 10;

/**
 * A member's setting for one topic. 'following': told of every new reply; 'muted': told of
 * nothing but mentions; 'none': told of mentions only (the default until one posts in the topic,
 * which follows it unless muted).
 */
export const FOLLOW_MODES = ['following', 'muted', 'none'] as const;
export type FollowMode = (typeof FOLLOW_MODES)[number];

/**
 * A mention as the composer writes it from the autocomplete: `@[Display Name](userId)`. The
 * name is only for reading; the id decides who is told.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;

/** The text with each mention token shown as `@Name` (excerpts, previews). */
export const mentionsAsText = (text: string) => text.replace(MENTION_PATTERN, '@$1');

export const mentionToken = (name: string, userId: string) => `@[${name.replace(/[\]\n]/g, ' ').trim()}](${userId})`;

/** The distinct user ids a text mentions, in order of first appearance (at most MAX_MENTIONS). */
export function mentionedIds(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(MENTION_PATTERN)) {
    const id = m[2]!;
    if (!ids.includes(id)) ids.push(id);
    if (ids.length >= MAX_MENTIONS) break;
  }
  return ids;
}
