import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';

/** Catalogue keys of the second factor's form messages. */
export const SECOND_FACTOR_FIELDS = {
  codeRequired: 'secondFactor.validation.codeRequired',
  codeInvalid: 'secondFactor.validation.codeInvalid',
  passwordRequired: 'validation.auth.passwordRequired',
} as const;

/** A six-digit code from the app ("123 456" too) or a recovery code (xxxx-xxxx-xxxx-xxxx, or xxxxx-xxxxx from before). */
export const secondFactorCode = z
  .string({ message: SECOND_FACTOR_FIELDS.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_FIELDS.codeRequired)
  .max(32, SECOND_FACTOR_FIELDS.codeInvalid)
  .regex(/^[0-9a-zA-Z\s-]+$/, SECOND_FACTOR_FIELDS.codeInvalid);

/** Only a six-digit code from the app (confirming the set-up proves the app has the key). */
export const totpOnlyCode = z
  .string({ message: SECOND_FACTOR_FIELDS.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_FIELDS.codeRequired)
  .transform((c) => c.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECOND_FACTOR_FIELDS.codeInvalid));

export const confirmSecondFactorInput = z.object({ code: totpOnlyCode });
export const secondFactorCodeInput = z.object({ code: secondFactorCode });
export const disableSecondFactorInput = z.object({
  password: z.string({ message: SECOND_FACTOR_FIELDS.passwordRequired }).min(1, SECOND_FACTOR_FIELDS.passwordRequired).max(PASSWORD_MAX_LENGTH),
  code: secondFactorCode,
});
/** The second step of a sign-in: the token the password step answered and a code. */
export const secondFactorSignInInput = z.object({
  challenge: z.string({ message: 'secondFactor.errors.challengeExpired' }).trim().max(64, 'secondFactor.errors.challengeExpired'),
  code: secondFactorCode,
});
