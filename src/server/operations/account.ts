import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { deleteAccountInput, deleteUserInput } from '@shared/schemas/account';
import { verifyPassword } from '../auth/password';
import { blankSessionCookie } from '../auth/session';
import { refuseWhileThrottled } from '../auth/sign-in';
import { deleteAccount, deletionBlockers } from '../services/account/delete';
import { exportAccountData } from '../services/account/export';
import { moneyRecordsCsv } from '../services/account/money-records';
import { conflict, fieldError, notFound } from '../services/errors';
import { mutation, query, signedIn, staff } from './define';

/*
 * A member's own data: take it away (JSON, and the money records as CSV) or delete the account
 * (services/account/delete.ts says what stays and what goes). Staff delete an account on the
 * member's request, audited; never a staff account that way.
 */
export const account = {
  /** Everything of the caller's, as one JSON document. */
  export: query({
    access: signedIn,
    run: (ctx) => exportAccountData(ctx.db, ctx.user, ctx.now()),
  }),

  /** The caller's payments and circle contributions as CSV (amounts in minor units). */
  exportMoneyCsv: query({
    access: signedIn,
    run: (ctx) => ({ filename: 'harambee-money-records.csv', csv: moneyRecordsCsv(ctx.db, ctx.user.id) }),
  }),

  /** What must happen before the caller can delete their account (communities to hand over, circles to end). */
  deletionBlockers: query({
    access: signedIn,
    run: (ctx) => deletionBlockers(ctx.db, ctx.user.id),
  }),

  delete: mutation({
    input: deleteAccountInput,
    access: signedIn,
    run: async (ctx, input) => {
      // Staff accounts are handed back to the member role first (the last superadmin must not vanish).
      if (ctx.user.role !== 'user') throw conflict('errors.account.staffAccount');
      // The password is asked again and its guesses are throttled like change-password's.
      const keys = [`change-password:${ctx.user.id}`];
      refuseWhileThrottled(ctx, keys, 'password');
      const undo = ctx.throttle.begin(keys);
      if (!ctx.user.passwordHash || !(await verifyPassword(ctx.user.passwordHash, input.password))) {
        throw fieldError('invalid', 'password', 'errors.auth.wrongCurrentPassword');
      }
      undo();
      const result = deleteAccount(ctx.db, { user: ctx.user, removePosts: input.removePosts, actor: { id: ctx.user.id, email: ctx.user.email }, byStaff: false, now: ctx.now() });
      ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.secureCookies));
      return result;
    },
  }),

  /** A superadmin deletes a member's account at their request (recorded in the audit log). */
  deleteUser: mutation({
    input: deleteUserInput,
    access: staff('admin.staff'),
    run: (ctx, input) => {
      const target = ctx.db.select().from(users).where(eq(users.id, input.userId)).get();
      if (!target || target.deletedAt) throw notFound('validation.admin.userNotFound');
      if (target.role !== 'user') throw conflict('errors.account.staffAccount');
      return deleteAccount(ctx.db, { user: target, removePosts: input.removePosts, actor: { id: ctx.user.id, email: ctx.user.email }, byStaff: true, now: ctx.now() });
    },
  }),
};
