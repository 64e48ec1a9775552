import { z } from 'zod';
import { clearNotifications, listNotifications, markAllRead, markRead, removeNotification, unreadCount } from '../services/notifications';
import { notFound } from '../services/errors';
import { noticeSettingsInput, unsubscribeInput } from '@shared/schemas/notifications';
import { countNeeds } from '../services/needs/engine';
import { noticeSettingsOf, saveNoticeSettings, unsubscribe } from '../services/notice-settings';
import { anyone, mutation, query, signedIn } from './define';

const idInput = z.object({ id: z.coerce.number({ message: 'validation.notification.notFound' }).int().positive('validation.notification.notFound').max(Number.MAX_SAFE_INTEGER) });
const listInput = z.object({ cursor: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });
const missing = () => notFound('validation.notification.notFound');

/** The caller's own notifications only: every query is scoped by the caller's id. */
export const notifications = {
  list: query({ input: listInput, access: signedIn, run: (ctx, input) => listNotifications(ctx.db, { userId: ctx.user.id, cursor: input.cursor, limit: input.limit, language: ctx.language }) }),
  /**
   * The bell: unread notices (`count`), the work waiting on the caller (`waiting`), and the badge,
   * which counts each thing once: waiting work, and unread notices that ask for none.
   */
  unreadCount: query({
    access: signedIn,
    run: (ctx) => {
      const waiting = countNeeds(ctx.db, { viewerId: ctx.user.id, now: ctx.now() }).count;
      return { count: unreadCount(ctx.db, ctx.user.id), waiting, badge: waiting + unreadCount(ctx.db, ctx.user.id, { withoutWork: true }) };
    },
  }),
  markRead: mutation({
    input: idInput,
    access: signedIn,
    run: (ctx, input) => {
      if (!markRead(ctx.db, { userId: ctx.user.id, id: input.id })) throw missing();
      return { success: true as const };
    },
  }),
  markAllRead: mutation({
    access: signedIn,
    run: (ctx) => {
      markAllRead(ctx.db, { userId: ctx.user.id });
      return { success: true as const };
    },
  }),
  remove: mutation({
    input: idInput,
    access: signedIn,
    run: (ctx, input) => {
      if (!removeNotification(ctx.db, { userId: ctx.user.id, id: input.id })) throw missing();
      return { success: true as const };
    },
  }),
  clear: mutation({
    access: signedIn,
    run: (ctx) => {
      clearNotifications(ctx.db, { userId: ctx.user.id });
      return { success: true as const };
    },
  }),

  /** The caller's notification settings: each kind's channel, the digest and its time zone. */
  preferences: query({ access: signedIn, run: (ctx) => noticeSettingsOf(ctx.db, ctx.user.id) }),

  setPreferences: mutation({
    input: noticeSettingsInput,
    access: signedIn,
    run: (ctx, input) => saveNoticeSettings(ctx.db, { userId: ctx.user.id, input, now: ctx.now() }),
  }),

  /** One-click unsubscribe from an email (RFC 8058): the signed token is the whole credential, no session needed. */
  unsubscribe: mutation({ input: unsubscribeInput, access: anyone, run: (ctx, input) => unsubscribe(ctx.db, { token: input.token, now: ctx.now() }) }),
};
