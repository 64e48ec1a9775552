import { readFileSync } from 'node:fs';
import { loginInput } from '@shared/schemas/auth';
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
} from '@shared/schemas/admin';
import { staffCan } from '@shared/permissions';
import { signIn } from '../auth/sign-in';
import { PACKAGE_JSON } from '../paths';
import { queueAccountMail } from '../auth/account-mail';
import { hashToken } from '../auth/crypto';
import { randomUUID } from 'node:crypto';
import { backupStatus } from '../backup/status';
import { countCommunities, deleteCommunity, listAllCommunities, setCommunityHidden } from '../services/admin-communities';
import {
  countUsers,
  createStaffAccount,
  findManageableUser,
  findTargetUser,
  listUsers,
  resetSecondFactorByAdmin,
  resetUserPassword,
  toAdminUserDto,
  updateUserByAdmin,
  verifyUserByAdmin,
} from '../services/admin-users';
import { listAudit, recordAudit } from '../services/audit';
import { requestPasswordReset } from '../services/auth';
import { countEvents } from '../services/events/events';
import { getSettings, updateSettings } from '../services/settings';
import { anyone, mutation, query, staff } from './define';
import { signInAnswer } from './second-factor';

const VERSION = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;

const publicSettings = (s: ReturnType<typeof getSettings>) => ({
  minPasswordLength: s.minPasswordLength,
  requireEmailVerification: s.requireEmailVerification,
  sessionTimeoutMinutes: s.sessionTimeoutMinutes,
  defaultCommunityPrivacy: s.defaultCommunityPrivacy,
  updatedAt: s.updatedAt ? new Date(s.updatedAt).toISOString() : null,
});

const panel = staff('admin.panel');

/** The provider's staff panel. Everything but login needs a staff role. */
export const admin = {
  /** Signs in staff only; anyone else gets exactly the wrong-password answer. */
  login: mutation({
    input: loginInput,
    access: anyone,
    run: async (ctx, input) =>
      signInAnswer(await signIn(ctx, input, { refusal: ADMIN_MSG.invalidCredentials, accept: (u) => staffCan(u.role, 'admin.panel'), staff: true })),
  }),

  counts: query({ access: panel, run: (ctx) => ({ users: countUsers(ctx.db), communities: countCommunities(ctx.db), events: countEvents(ctx.db) }) }),
  userCount: query({ access: panel, run: (ctx) => ({ count: countUsers(ctx.db) }) }),
  communityCount: query({ access: panel, run: (ctx) => ({ count: countCommunities(ctx.db) }) }),

  users: query({ input: adminListInput, access: panel, run: (ctx, input) => listUsers(ctx.db, input) }),
  user: query({ input: userIdInput, access: panel, run: (ctx, input) => toAdminUserDto(ctx.db, findTargetUser(ctx.db, input.id)) }),

  updateUser: mutation({
    input: adminUpdateUserInput,
    access: panel,
    run: (ctx, input) => {
      const { id, ...changes } = input;
      return updateUserByAdmin(ctx.db, { actor: ctx.user, id, changes, now: ctx.now() });
    },
  }),

  createAdmin: mutation({
    input: createAdminInput,
    access: staff('admin.staff'),
    run: (ctx, input) => createStaffAccount(ctx.db, { actor: ctx.user, input, now: ctx.now() }),
  }),

  resetPassword: mutation({
    input: userIdInput,
    access: panel,
    run: (ctx, input) => resetUserPassword(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() }),
  }),

  /** Superadmins: another account's second factor off (its owner lost the app and the codes); sessions end; audited. */
  resetSecondFactor: mutation({
    input: userIdInput,
    access: staff('admin.staff'),
    run: (ctx, input) => {
      const dto = resetSecondFactorByAdmin(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() });
      queueAccountMail(ctx, 'secondFactorReset', input.id, {}, `${input.id}:${randomUUID()}`);
      return dto;
    },
  }),

  verifyUser: mutation({
    input: userIdInput,
    access: panel,
    run: (ctx, input) => verifyUserByAdmin(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() }),
  }),

  sendResetEmail: mutation({
    input: userIdInput,
    access: panel,
    run: async (ctx, input) => {
      const user = findManageableUser(ctx.db, ctx.user, input.id);
      const found = requestPasswordReset(ctx.db, { email: user.email, now: ctx.now() });
      if (found) queueAccountMail(ctx, 'reset', found.user.id, { token: found.token }, hashToken(found.token));
      recordAudit(ctx.db, { actor: ctx.user, action: 'user.reset_email_sent', target: { type: 'user', id: user.id }, now: ctx.now() });
      return { sent: true as const, email: user.email };
    },
  }),

  communities: query({ input: adminListInput, access: panel, run: (ctx, input) => listAllCommunities(ctx.db, { ...input, defaultQuota: ctx.env.DOCUMENT_QUOTA_BYTES }) }),

  setCommunityHidden: mutation({
    input: setHiddenInput,
    access: panel,
    run: (ctx, input) => {
      setCommunityHidden(ctx.db, { actor: ctx.user, id: input.id, hidden: input.hidden, now: ctx.now() });
      return { success: true as const };
    },
  }),

  deleteCommunity: mutation({
    input: communityIdInput,
    access: panel,
    run: (ctx, input) => {
      deleteCommunity(ctx.db, { actor: ctx.user, id: input.id, now: ctx.now() });
      return { success: true as const };
    },
  }),

  audit: query({ input: auditListInput, access: panel, run: (ctx, input) => listAudit(ctx.db, input) }),

  /** The daily backups: the newest one's time and size, a failure since, whether it is too old. */
  backups: query({ access: panel, run: (ctx) => backupStatus(ctx.env, ctx.now()) }),

  settings: query({ access: panel, run: (ctx) => ({ ...publicSettings(getSettings(ctx.db)), version: VERSION, node: process.version }) }),

  updateSettings: mutation({
    input: settingsInput,
    access: staff('admin.settings'),
    run: (ctx, input) => publicSettings(updateSettings(ctx.db, { changes: input, actor: ctx.user, now: ctx.now() })),
  }),
};
