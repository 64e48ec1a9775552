import { z } from 'zod';
import { NAME_MAX_LENGTH, T_SHIRT_SIZES, UPLOAD_URL_PATTERN } from '../constants';
import type { MessageKey } from '../i18n/catalogue';
import { LANGUAGES } from '../i18n/languages';
import { MSG } from './auth';

/** Optional text: '' and null both clear the field; undefined leaves it as it is. */
const optionalText = (max: number, messages: { text: MessageKey; long: MessageKey }) =>
  z
    .string({ message: messages.text })
    .trim()
    .max(max, messages.long)
    .transform((v) => v || null)
    .nullable()
    .optional();

const name = (required: string) =>
  z.string({ message: required }).trim().min(1, required).max(NAME_MAX_LENGTH, MSG.nameTooLong).optional();

const imageUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || UPLOAD_URL_PATTERN.test(v), 'validation.uploadAgain')
  .transform((v) => v || null)
  .nullable()
  .optional();

/** The language the member reads the app and its emails in. */
const language = z.enum(LANGUAGES, { message: 'validation.profile.language' }).optional();

export const profileUpdateInput = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  username: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9_.-]{3,30}$/.test(v), 'validation.profile.usernameFormat')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9 ()./-]{5,30}$/.test(v), 'validation.profile.phoneInvalid')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  location: optionalText(100, { text: 'validation.profile.locationText', long: 'validation.profile.locationLong' }),
  birthday: z
    .string()
    .trim()
    .refine((v) => v === '' || isPastDate(v), 'validation.profile.birthdayInvalid')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  tShirtSize: z
    // The message sits on the union: a failed union reports only its own (else 'Invalid input').
    .union([z.enum(T_SHIRT_SIZES), z.literal('')], { message: 'validation.profile.tShirtSize' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  socialMedia: optionalText(300, { text: 'validation.profile.socialMediaText', long: 'validation.profile.socialMediaLong' }),
  profileImageUrl: imageUrl,
  language,
});

export const profilePanelInput = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  bio: optionalText(1000, { text: 'validation.profile.bioText', long: 'validation.profile.bioLong' }),
  location: optionalText(100, { text: 'validation.profile.locationText', long: 'validation.profile.locationLong' }),
  profileImage: imageUrl,
  language,
});

export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;
export type ProfilePanelInput = z.output<typeof profilePanelInput>;

function isPastDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
}
