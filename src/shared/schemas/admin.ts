import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MSG } from './auth';

export const ADMIN_MSG = {
  fillAll: 'validation.admin.fillAll',
  invalidCredentials: 'errors.auth.invalidAdminCredentials',
} as const;

const userId = z.string({ message: 'validation.admin.userNotFound' }).trim().min(1, 'validation.admin.userNotFound').max(64, 'validation.admin.userNotFound');
const required = z.string({ message: ADMIN_MSG.fillAll }).trim().min(1, ADMIN_MSG.fillAll);
const email = required.max(EMAIL_MAX_LENGTH, MSG.emailInvalid).pipe(z.email({ message: MSG.emailInvalid })).transform((e) => e.toLowerCase());
const password = z
  .string({ message: ADMIN_MSG.fillAll })
  .min(1, ADMIN_MSG.fillAll)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

export const STAFF_ROLES = ['admin', 'superadmin'] as const;
export const ALL_ROLES = ['user', 'admin', 'superadmin'] as const;

/** POST /api/admin/users/admin: a new staff account; the role is admin unless superadmin is asked for. */
export const createAdminInput = z.object({
  email,
  password,
  firstName: required.max(NAME_MAX_LENGTH, MSG.nameTooLong),
  lastName: z.string().trim().max(NAME_MAX_LENGTH, MSG.nameTooLong).default(''),
  role: z.enum(STAFF_ROLES, { message: 'validation.admin.staffRole' }).default('admin'),
});

/** The create-admin form has one name field: the first word is the first name, the rest the last name. */
export const createAdminForm = z.object({ name: required, email, password });
export function splitName(name: string) {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export const adminUpdateUserInput = z.object({
  id: userId,
  firstName: required.max(NAME_MAX_LENGTH, MSG.nameTooLong).optional(),
  lastName: z.string().trim().max(NAME_MAX_LENGTH, MSG.nameTooLong).optional(),
  email: email.optional(),
  role: z.enum(ALL_ROLES, { message: 'validation.admin.anyRole' }).optional(),
});
export type AdminUserChanges = Omit<z.output<typeof adminUpdateUserInput>, 'id'>;

export const userIdInput = z.object({ id: userId });

const pageLimit = z.coerce.number().int().min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(20);
const offsetCursor = z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').min(0, 'validation.invalidCursor').max(10_000_000, 'validation.invalidCursor').optional();
const search = z.string().trim().max(100, 'validation.searchLong').optional();

/** Staff tables page by offset: they need Previous as well as Next, and are small and rare. */
export const adminListInput = z.object({ search, cursor: offsetCursor, limit: pageLimit });

export const auditListInput = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: pageLimit,
});

export const communityIdInput = z.object({ id: z.coerce.number({ message: 'validation.community.notFound' }).int().positive('validation.community.notFound') });
export const setHiddenInput = communityIdInput.extend({ hidden: z.boolean({ message: 'validation.admin.hidden' }) });

export const settingsInput = z.object({
  minPasswordLength: z.coerce.number().int().min(8, 'validation.admin.minPasswordLength').max(16, 'validation.admin.minPasswordLength'),
  requireEmailVerification: z.boolean(),
  sessionTimeoutMinutes: z.coerce
    .number()
    .int()
    .min(5, 'validation.admin.sessionTimeout')
    .max(240, 'validation.admin.sessionTimeout')
    .nullable(),
  defaultCommunityPrivacy: z.enum(['public', 'private'], { message: 'validation.admin.defaultPrivacy' }),
});
