/*
 * The kinds of notice a member chooses for, and how each reaches them. Read by the server (the one
 * notice pipeline resolves each recipient's choice: services/notify.ts) and by the profile's
 * notification settings. Each domain says which kind each of its notices is (its definition's
 * `noticeKinds`), so a sender never needs to know anyone's choices.
 */

/** What a notice is about, as the member chooses for it in their profile. */
export const NOTICE_KINDS = ['needs', 'money', 'circles', 'events', 'polls', 'discussions', 'chat', 'announcements'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * How a kind reaches the member: in the app only; in the app and by email at once; in the app and
 * in the daily (or weekly) digest email; not at all.
 */
export const NOTICE_CHANNELS = ['app', 'email', 'digest', 'off'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * Until a member chooses: work waiting on them and their own money (and circles) by email at
 * once; community activity in the digest; chat mentions and direct messages by the chat's own
 * email (sent when they have stayed unread for an hour).
 */
export const DEFAULT_CHANNELS: Record<NoticeKind, NoticeChannel> = {
  needs: 'email',
  money: 'email',
  circles: 'email',
  events: 'digest',
  polls: 'digest',
  discussions: 'digest',
  chat: 'email',
  announcements: 'digest',
};

/** How often the digest comes, at 7:00 in the member's time zone (weekly: on Mondays). */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST: DigestFrequency = 'daily';
export const DIGEST_HOUR = 7;

export const isNoticeKind = (v: unknown): v is NoticeKind => typeof v === 'string' && (NOTICE_KINDS as readonly string[]).includes(v);

/** What a member's settings look like when they have chosen nothing. */
export const defaultNoticeSettings = () => ({ kinds: { ...DEFAULT_CHANNELS }, digest: DEFAULT_DIGEST, timeZone: null as string | null });
