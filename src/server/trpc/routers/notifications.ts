import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  removeNotification,
  unreadCount,
} from '../../services/notifications';
import { authedProcedure, router } from '../init';

const idInput = z.object({ id: z.coerce.number({ message: 'Notification not found' }).int().positive('Notification not found').max(Number.MAX_SAFE_INTEGER) });
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Notification not found' });

/** The caller's own notifications only: every query is scoped by ctx.user.id. */
export const notificationsRouter = router({
  list: authedProcedure
    .input(z.object({ cursor: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input }) => listNotifications(ctx.db, { userId: ctx.user.id, ...input })),
  unreadCount: authedProcedure.query(({ ctx }) => ({ count: unreadCount(ctx.db, ctx.user.id) })),
  markRead: authedProcedure.input(idInput).mutation(({ ctx, input }) => {
    if (!markRead(ctx.db, { userId: ctx.user.id, id: input.id })) throw notFound();
    return { success: true as const };
  }),
  markAllRead: authedProcedure.mutation(({ ctx }) => {
    markAllRead(ctx.db, { userId: ctx.user.id });
    return { success: true as const };
  }),
  remove: authedProcedure.input(idInput).mutation(({ ctx, input }) => {
    if (!removeNotification(ctx.db, { userId: ctx.user.id, id: input.id })) throw notFound();
    return { success: true as const };
  }),
  clear: authedProcedure.mutation(({ ctx }) => {
    clearNotifications(ctx.db, { userId: ctx.user.id });
    return { success: true as const };
  }),
});
