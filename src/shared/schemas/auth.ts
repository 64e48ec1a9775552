import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/** Catalogue keys of what people read when an account form is refused; one place for form and procedure. */
export const MSG = {
  emailRequired: 'validation.auth.emailRequired',
  emailInvalid: 'validation.auth.emailInvalid',
  passwordRequired: 'validation.auth.passwordRequired',
  firstNameRequired: 'validation.auth.firstNameRequired',
  lastNameRequired: 'validation.auth.lastNameRequired',
  createPassword: 'validation.auth.createPassword',
  passwordTooShort: 'validation.auth.passwordTooShort',
  passwordTooLong: 'validation.auth.passwordTooLong',
  passwordsMismatch: 'validation.auth.passwordsMismatch',
  termsRequired: 'validation.auth.termsRequired',
  currentPasswordRequired: 'validation.auth.currentPasswordRequired',
  newPasswordRequired: 'validation.auth.newPasswordRequired',
  newPasswordMismatch: 'validation.auth.newPasswordMismatch',
  tokenMissing: 'validation.auth.tokenMissing',
  nameTooLong: 'validation.auth.nameTooLong',
} as const;

/** The toast title shown above some of those messages (others get a generic one). */
export const ERROR_TITLES: Partial<Record<string, string>> = {
  [MSG.emailRequired]: 'auth.errorTitles.emailRequired',
  [MSG.passwordTooShort]: 'auth.errorTitles.passwordTooShort',
};

export const emailField = z
  .string({ message: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX_LENGTH, MSG.emailInvalid)
  .pipe(z.email({ message: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase());

const loginEmail = z
  .string({ message: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX_LENGTH, MSG.emailInvalid)
  .transform((e) => e.toLowerCase());

const newPassword = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

const personName = (required: string) => z.string({ message: required }).trim().min(1, required).max(NAME_MAX_LENGTH, MSG.nameTooLong);

export const loginInput = z.object({
  email: loginEmail,
  // Not trimmed: spaces are part of a password.
  password: z.string({ message: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
});

const registerFields = z.object({
  firstName: personName(MSG.firstNameRequired),
  lastName: personName(MSG.lastNameRequired),
  email: emailField,
  password: newPassword(MSG.createPassword),
  confirmPassword: z.string({ message: MSG.passwordsMismatch }),
  /** An invitation token (/signup?invite=…): the new account joins that community at once when the invitation is for it. */
  invite: z.string().trim().toLowerCase().regex(/^[a-z2-7]{20,64}$/).optional().catch(undefined),
});

/** The payload of POST /api/auth/register: both names, email, password and a matching confirmation. */
export const registerInput = registerFields.refine((v) => v.password === v.confirmPassword, {
  message: MSG.passwordsMismatch,
  path: ['confirmPassword'],
});

/** The sign-up form adds the terms checkbox; its fault comes last, after every field's. */
export const registerForm = registerFields.extend({ acceptTerms: z.boolean({ message: MSG.termsRequired }) }).superRefine((v, ctx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: MSG.passwordsMismatch, path: ['confirmPassword'] });
  if (!v.acceptTerms) ctx.addIssue({ code: 'custom', message: MSG.termsRequired, path: ['acceptTerms'] });
});

export const forgotPasswordInput = z.object({ email: loginEmail });

const token = z.string({ message: MSG.tokenMissing }).trim().min(1, MSG.tokenMissing).max(200, MSG.tokenMissing);

export const resetPasswordInput = z.object({ token, password: newPassword(MSG.createPassword) });
export const resetPasswordForm = z
  .object({ password: newPassword(MSG.createPassword), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMismatch, path: ['confirmPassword'] });

export const verifyEmailInput = z.object({ token });

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ message: MSG.currentPasswordRequired })
    .min(1, MSG.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  newPassword: newPassword(MSG.newPasswordRequired),
});
export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.newPasswordMismatch, path: ['confirmPassword'] });

export type LoginInput = z.input<typeof loginInput>;
export type RegisterForm = z.input<typeof registerForm>;
