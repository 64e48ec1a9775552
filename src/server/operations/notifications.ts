import { z } from 'zod';
import { clearNotifications, listNotifications, markAllRead, markRead, removeNotification, unreadCount } from '../services/notifications';
import { notFound } from '../services/errors';
import { mutation, query, signedIn } from './define';

const idInput = z.object({ id: z.coerce.number({ message: 'validation.notification.notFound' }).int().positive('validation.notification.notFound').max(Number.MAX_SAFE_INTEGER) });
const listInput = z.object({ cursor: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });
const missing = () => notFound('validation.notification.notFound');

/** The caller's own notifications only: every query is scoped by the caller's id. */
export const notifications = {
  list: query({ input: listInput, access: signedIn, run: (ctx, input) => listNotifications(ctx.db, { userId: ctx.user.id, cursor: input.cursor, limit: input.limit, language: ctx.language }) }),
  unreadCount: query({ access: signedIn, run: (ctx) => ({ count: unreadCount(ctx.db, ctx.user.id) }) }),
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
};
