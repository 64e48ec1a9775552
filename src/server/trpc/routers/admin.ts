import { readFileSync } from 'node:fs';
import { loginInput } from '../../../shared/schemas/auth';
import {
  ADMIN_MSG,
  adminListInput,
  adminUpdateUserInput,
  auditListInput,
  communityIdInput,
  createAdminInput,
  setHiddenInput,
  settingsInput,
  userIdInput,
} from '../../../shared/schemas/admin';
import { passwordResetMail } from '../../mail/templates';
import { countCommunities, deleteCommunity, listAllCommunities, setCommunityHidden } from '../../services/admin-communities';
import {
  countUsers,
  createStaffAccount,
  findManageableUser,
  findTargetUser,
  listUsers,
  resetUserPassword,
  toAdminUserDto,
  updateUserByAdmin,
  verifyUserByAdmin,
} from '../../services/admin-users';
import { listAudit, recordAudit } from '../../services/audit';
import { requestPasswordReset } from '../../services/auth';
import { getSettings, updateSettings } from '../../services/settings';
import { toUserDto } from '../../services/users';
import { adminProcedure, publicProcedure, router, superadminProcedure } from '../init';
import { mailCtx, sendMail, signIn } from '../sign-in';

const VERSION = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const publicSettings = (s: ReturnType<typeof getSettings>) => ({
  minPasswordLength: s.minPasswordLength,
  requireEmailVerification: s.requireEmailVerification,
  sessionTimeoutMinutes: s.sessionTimeoutMinutes,
  defaultCommunityPrivacy: s.defaultCommunityPrivacy,
  updatedAt: s.updatedAt ? new Date(s.updatedAt).toISOString() : null,
});

/** The provider's staff panel. Every procedure but login is for roles admin and superadmin. */
export const adminRouter = router({
  /** Signs in staff only; anyone else gets exactly the wrong-password answer. */
  login: publicProcedure
    .input(loginInput)
    .mutation(async ({ ctx, input }) =>
      toUserDto(await signIn(ctx, input, { refusal: ADMIN_MSG.invalidCredentials, accept: (u) => u.role === 'admin' || u.role === 'superadmin' })),
    ),

  counts: adminProcedure.query(({ ctx }) => ({ users: countUsers(ctx.db), communities: countCommunities(ctx.db) })),
  userCount: adminProcedure.query(({ ctx }) => ({ count: countUsers(ctx.db) })),
  communityCount: adminProcedure.query(({ ctx }) => ({ count: countCommunities(ctx.db) })),

  users: adminProcedure.input(adminListInput).query(({ ctx, input }) => listUsers(ctx.db, input)),
  user: adminProcedure.input(userIdInput).query(({ ctx, input }) => toAdminUserDto(findTargetUser(ctx.db, input.id))),

  updateUser: adminProcedure.input(adminUpdateUserInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateUserByAdmin(ctx.db, { actor: ctx.user, id, changes, now: ctx.now() });
  }),

  /** Creating staff grants a staff role, so only a superadmin may. */
  createAdmin: superadminProcedure
    .input(createAdminInput)
    .mutation(({ ctx, input }) => createStaffAccount(ctx.db, { actor: ctx.user, input, now: ctx.now() })),

  resetPassword: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => resetUserPassword(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() })),

  verifyUser: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => verifyUserByAdmin(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() })),

  sendResetEmail: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const user = findManageableUser(ctx.db, ctx.user, input.id);
    const found = requestPasswordReset(ctx.db, { email: user.email, now: ctx.now() });
    if (found) await sendMail(ctx, passwordResetMail(mailCtx(ctx), found.user, found.token));
    recordAudit(ctx.db, { actor: ctx.user, action: 'user.reset_email_sent', target: { type: 'user', id: user.id, label: user.email }, now: ctx.now() });
    return { sent: true as const, email: user.email };
  }),

  communities: adminProcedure.input(adminListInput).query(({ ctx, input }) => listAllCommunities(ctx.db, input)),

  setCommunityHidden: adminProcedure.input(setHiddenInput).mutation(({ ctx, input }) => {
    setCommunityHidden(ctx.db, { actor: ctx.user, id: input.id, hidden: input.hidden, now: ctx.now() });
    return { success: true as const };
  }),

  deleteCommunity: adminProcedure.input(communityIdInput).mutation(({ ctx, input }) => {
    deleteCommunity(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() });
    return { success: true as const };
  }),

  audit: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAudit(ctx.db, input)),

  settings: adminProcedure.query(({ ctx }) => ({ ...publicSettings(getSettings(ctx.db)), version: VERSION, node: process.version })),

  updateSettings: superadminProcedure
    .input(settingsInput)
    .mutation(({ ctx, input }) => publicSettings(updateSettings(ctx.db, { changes: input, actor: ctx.user, now: ctx.now() }))),
});
