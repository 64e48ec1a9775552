import { and, eq } from 'drizzle-orm';
import type { DB } from '../../../db/database';
import { noticePreferences, noticeSettings, users } from '../../../db/schema';
import { DEFAULT_CHANNELS, DEFAULT_DIGEST, NOTICE_KINDS, type DigestFrequency, type NoticeChannel, type NoticeKind } from '@shared/notices';
import type { NoticeSettingsInput } from '@shared/schemas/notifications';
import { readUnsubscribeToken, type UnsubscribeTopic } from '../mail/unsubscribe';
import { invalid } from './errors';

/*
 * A member's notification settings: a channel for each kind of notice (a kind without a row keeps
 * its default), the digest's frequency and their time zone. Only the member changes them, from
 * the profile, or one kind at a time from an email's one-click unsubscribe link.
 */

export type NoticeSettingsDto = {
  kinds: Record<NoticeKind, { channel: NoticeChannel; isDefault: boolean; emailsOffFromEmailAt: string | null }>;
  digest: DigestFrequency;
  digestOffFromEmailAt: string | null;
  timeZone: string | null;
};

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

export function noticeSettingsOf(db: DB, userId: string): NoticeSettingsDto {
  const chosen = new Map(db.select().from(noticePreferences).where(eq(noticePreferences.userId, userId)).all().map((p) => [p.kind, p]));
  const settings = db.select().from(noticeSettings).where(eq(noticeSettings.userId, userId)).get();
  const kinds = Object.fromEntries(
    NOTICE_KINDS.map((kind) => {
      const p = chosen.get(kind);
      return [kind, { channel: p?.channel ?? DEFAULT_CHANNELS[kind], isDefault: !p, emailsOffFromEmailAt: p?.source === 'email' ? iso(p.updatedAt) : null }];
    }),
  ) as NoticeSettingsDto['kinds'];
  return {
    kinds,
    digest: settings?.digest ?? DEFAULT_DIGEST,
    digestOffFromEmailAt: settings?.digest === 'off' ? iso(settings.digestUnsubscribedAt) : null,
    timeZone: settings?.timeZone ?? null,
  };
}

function setChannel(db: DB, p: { userId: string; kind: NoticeKind; channel: NoticeChannel; source: 'profile' | 'email'; now: number }) {
  db.insert(noticePreferences)
    .values({ userId: p.userId, kind: p.kind, channel: p.channel, source: p.source, updatedAt: p.now })
    .onConflictDoUpdate({ target: [noticePreferences.userId, noticePreferences.kind], set: { channel: p.channel, source: p.source, updatedAt: p.now } })
    .run();
}

function setDigest(db: DB, p: { userId: string; digest?: DigestFrequency; timeZone?: string | null; fromEmail?: boolean; now: number }) {
  const set = {
    ...(p.digest === undefined ? {} : { digest: p.digest, digestUnsubscribedAt: p.fromEmail ? p.now : null }),
    ...(p.timeZone === undefined ? {} : { timeZone: p.timeZone }),
    updatedAt: p.now,
  };
  db.insert(noticeSettings)
    .values({ userId: p.userId, digest: p.digest ?? DEFAULT_DIGEST, timeZone: p.timeZone ?? null, digestUnsubscribedAt: p.fromEmail ? p.now : null, updatedAt: p.now })
    .onConflictDoUpdate({ target: noticeSettings.userId, set })
    .run();
}

/** The member's own choices, from the profile. */
export function saveNoticeSettings(db: DB, p: { userId: string; input: NoticeSettingsInput; now: number }): NoticeSettingsDto {
  db.transaction(() => {
    for (const [kind, channel] of Object.entries(p.input.kinds ?? {}) as [NoticeKind, NoticeChannel][]) setChannel(db, { userId: p.userId, kind, channel, source: 'profile', now: p.now });
    if (p.input.digest !== undefined || p.input.timeZone !== undefined) setDigest(db, { userId: p.userId, digest: p.input.digest, timeZone: p.input.timeZone, now: p.now });
  });
  return noticeSettingsOf(db, p.userId);
}

/**
 * One click from an email: that kind's emails (or the digest) stop for its recipient, with no
 * session: the kind becomes "in the app only" (its notices still reach the app, where the member
 * can choose again), the digest "off". A token the server did not sign, or of an account since
 * deleted, is refused. Stopping what has already stopped changes nothing and answers the same.
 */
export function unsubscribe(db: DB, p: { token: string; now: number }): { topic: UnsubscribeTopic; firstName: string } {
  const read = readUnsubscribeToken(db, p.token);
  const user = read ? db.select({ firstName: users.firstName, deletedAt: users.deletedAt }).from(users).where(eq(users.id, read.userId)).get() : undefined;
  if (!read || !user || user.deletedAt !== null) throw invalid('errors.notices.badToken', [{ path: ['token'], message: 'errors.notices.badToken' }]);
  if (read.topic === 'digest') {
    const current = db.select({ digest: noticeSettings.digest }).from(noticeSettings).where(eq(noticeSettings.userId, read.userId)).get();
    if (current?.digest !== 'off') setDigest(db, { userId: read.userId, digest: 'off', fromEmail: true, now: p.now });
  } else {
    const current = db.select({ channel: noticePreferences.channel }).from(noticePreferences).where(and(eq(noticePreferences.userId, read.userId), eq(noticePreferences.kind, read.topic))).get();
    if (current?.channel !== 'off' && current?.channel !== 'app') setChannel(db, { userId: read.userId, kind: read.topic, channel: 'app', source: 'email', now: p.now });
  }
  return { topic: read.topic, firstName: user.firstName };
}
