/*
 * The rules of chat, shared by the input schemas, the server and the screens, so the composer
 * refuses what the server would refuse before a round trip.
 */

/** A message's body, in characters (the safe Markdown subset, mention tokens included). */
/** The chat socket's path (here, not in protocol.ts, so that the client's socket does not load zod with it). */
export const WS_PATH = '/ws';
export const MESSAGE_BODY_MAX = 4_000;
export const CHANNEL_NAME_MAX = 40;
/** Channel names: lower-case letters, digits, '-' and '_', shown with a leading '#'. */
export const CHANNEL_NAME_PATTERN = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]*$/u;
export const CHANNEL_TOPIC_MAX = 250;
export const GROUP_NAME_MAX = 80;
/** A group conversation's people, the creator included. */
export const GROUP_MAX_MEMBERS = 20;
export const REPORT_REASON_MAX = 500;
export const MUTE_REASON_MAX = 300;
/** A leader mutes a member in a channel for 1 minute to 30 days. */
export const MUTE_MINUTES_MAX = 30 * 24 * 60;

/** The small fixed set of reactions. */
export const REACTIONS = ['👍', '❤️', '😂', '🎉', '🙏', '😮'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** Sending: at most RATE_LIMIT_COUNT messages per member within RATE_LIMIT_WINDOW_MS. */
export const RATE_LIMIT_COUNT = 20;
export const RATE_LIMIT_WINDOW_MS = 10_000;

/** History pages. */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** The catch-up (`since`) answers at most this many messages; `more: true` asks for another call. */
export const SINCE_MAX = 500;

/** A resend with the same clientNonce within this window answers the first message instead of a duplicate. */
export const NONCE_WINDOW_MS = 60_000;
export const CLIENT_NONCE_MAX = 64;

/** Typing frames from one socket are relayed at most once per interval; a client shows "typing" this long. */
export const TYPING_THROTTLE_MS = 2_000;
export const TYPING_SHOWN_MS = 5_000;

/** The preview of the last message in the conversation list. */
export const PREVIEW_MAX = 120;
/** The member picker's answers. */
export const PEOPLE_SUGGESTIONS = 20;

/** Attachments: same 20 MB limit as documents. */
export const CHAT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Email digest: mentions and direct messages unread this long are emailed, at most once per this interval per member. */
export const DIGEST_DELAY_MS = 3_600_000;
export const DIGEST_INTERVAL_MS = 3_600_000;

/** Normalises a channel name as typed ("#General Chat" → "general-chat"). */
export function channelSlug(raw: string): string {
  return raw
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-');
}

/** The key of a direct conversation: the two account ids sorted and joined by ':'. */
export const directKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
