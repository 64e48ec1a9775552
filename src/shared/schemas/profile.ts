import { z } from 'zod';
import { NAME_MAX_LENGTH, T_SHIRT_SIZES, UPLOAD_URL_PATTERN } from '../constants';
import { MSG } from './auth';

/** Optional text: '' and null both clear the field; undefined leaves it as it is. */
const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullable()
    .optional();

const name = (required: string) =>
  z.string({ message: required }).trim().min(1, required).max(NAME_MAX_LENGTH, MSG.nameTooLong).optional();

const imageUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || UPLOAD_URL_PATTERN.test(v), 'Please upload the image again')
  .transform((v) => v || null)
  .nullable()
  .optional();

export const profileUpdateInput = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  username: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9_.-]{3,30}$/.test(v), 'Username must be 3 to 30 letters, digits, dots, dashes or underscores')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9 ()./-]{5,30}$/.test(v), 'Please enter a valid phone number')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  location: optionalText(100, 'Location'),
  birthday: z
    .string()
    .trim()
    .refine((v) => v === '' || isPastDate(v), 'Please enter a valid date in the past')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  tShirtSize: z
    // The message sits on the union: a failed union reports only its own (else 'Invalid input').
    .union([z.enum(T_SHIRT_SIZES), z.literal('')], { message: 'Please choose a size from the list' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  socialMedia: optionalText(300, 'Social media'),
  profileImageUrl: imageUrl,
});

export const profilePanelInput = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  bio: optionalText(1000, 'Bio'),
  location: optionalText(100, 'Location'),
  profileImage: imageUrl,
});

export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;
export type ProfilePanelInput = z.output<typeof profilePanelInput>;

function isPastDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
}
