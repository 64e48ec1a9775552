import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../../db/database';
import { serverKey } from '../auth/server-keys';
import { isNoticeKind, type NoticeKind } from '@shared/notices';

/*
 * One-click unsubscribe (RFC 8058). Every notification email names, in its List-Unsubscribe
 * header and at its foot, an address whose token says whose email it is and which kind it belongs
 * to, signed with a key the server made for itself (server_keys): following it turns that kind's
 * emails off without signing in, and a token changed by hand (another account, another kind) fails
 * its signature. The token never expires: an old email's link still works, which is the point.
 */

export type UnsubscribeTopic = NoticeKind | 'digest';
const KEY_NAME = 'unsubscribe';
const signature = (db: DB, payload: string) => createHmac('sha256', serverKey(db, KEY_NAME)).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(db: DB, userId: string, topic: UnsubscribeTopic): string {
  const payload = Buffer.from(JSON.stringify([userId, topic])).toString('base64url');
  return `${payload}.${signature(db, payload)}`;
}

/** Whose email and which kind a token names, or null when it is not one the server signed. */
export function readUnsubscribeToken(db: DB, token: string): { userId: string; topic: UnsubscribeTopic } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(signature(db, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, topic] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof userId !== 'string' || !(topic === 'digest' || isNoticeKind(topic))) return null;
    return { userId, topic };
  } catch {
    return null;
  }
}

/** The headers and the foot link of a notification email to `userId` about `topic`. */
export function unsubscribeParts(db: DB, appUrl: string, userId: string, topic: UnsubscribeTopic) {
  const token = unsubscribeToken(db, userId, topic);
  return {
    headers: { 'List-Unsubscribe': `<${appUrl}/api/notifications/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    page: `${appUrl}/unsubscribe?token=${token}`,
  };
}
