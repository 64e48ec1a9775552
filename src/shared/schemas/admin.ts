import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MSG } from './auth';

export const ADMIN_MSG = {
  fillAll: 'Please fill out all fields',
  invalidCredentials: 'Invalid admin credentials',
} as const;

const userId = z.string({ message: 'User not found' }).trim().min(1, 'User not found').max(64, 'User not found');
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
  role: z.enum(STAFF_ROLES, { message: 'Role must be admin or superadmin' }).default('admin'),
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
  role: z.enum(ALL_ROLES, { message: 'Role must be user, admin or superadmin' }).optional(),
});
export type AdminUserChanges = Omit<z.output<typeof adminUpdateUserInput>, 'id'>;

export const userIdInput = z.object({ id: userId });

const pageLimit = z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20);
const offsetCursor = z.coerce.number({ message: 'Invalid cursor' }).int('Invalid cursor').min(0, 'Invalid cursor').max(10_000_000, 'Invalid cursor').optional();
const search = z.string().trim().max(100, 'Search text must be at most 100 characters').optional();

/** Staff tables page by offset: they need Previous as well as Next, and are small and rare. */
export const adminListInput = z.object({ search, cursor: offsetCursor, limit: pageLimit });

export const auditListInput = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: pageLimit,
});

export const communityIdInput = z.object({ id: z.coerce.number({ message: 'Community Not Found' }).int().positive('Community Not Found') });
export const setHiddenInput = communityIdInput.extend({ hidden: z.boolean({ message: 'hidden must be true or false' }) });

export const settingsInput = z.object({
  minPasswordLength: z.coerce.number().int().min(8, 'Minimum password length must be between 8 and 16').max(16, 'Minimum password length must be between 8 and 16'),
  requireEmailVerification: z.boolean(),
  sessionTimeoutMinutes: z.coerce
    .number()
    .int()
    .min(5, 'Session timeout must be between 5 and 240 minutes')
    .max(240, 'Session timeout must be between 5 and 240 minutes')
    .nullable(),
  defaultCommunityPrivacy: z.enum(['public', 'private'], { message: 'Default privacy must be public or private' }),
});
