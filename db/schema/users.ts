import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import { STAFF_ROLES } from '../../src/shared/permissions';
import { CONTACT_VISIBILITIES } from '../../src/shared/schemas/contact-privacy';

/** An account's staff role (src/shared/permissions.ts says what each may do). */
export const USER_ROLES = STAFF_ROLES;
export type UserRole = (typeof USER_ROLES)[number];

/** An account. Timestamps are epoch milliseconds; the API turns them into ISO strings. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Stored trimmed and lower-cased, so the unique index is also case-insensitive.
    email: text('email').notNull(),
    username: text('username'),
    phoneNumber: text('phone_number'),
    location: text('location'),
    birthday: text('birthday'), // YYYY-MM-DD, a calendar date with no time zone
    tShirtSize: text('t_shirt_size'),
    socialMedia: text('social_media'),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    // The language the account reads the app and its emails in (src/shared/i18n/languages.ts).
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    isEmailVerified: integer('is_email_verified', { mode: 'boolean' }).notNull().default(false),
    authType: text('auth_type').notNull().default('local'),
    passwordHash: text('password_hash'),
    // Set when staff reset the password: the user must choose a new one before anything else.
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    // Which notices reach the member and how: notice_preferences and notice_settings (notifications.ts).
    // Who sees this account's email and phone in the member directories of its communities:
    // their leaders only (the default), or every member of a community they share.
    contactVisibility: text('contact_visibility', { enum: CONTACT_VISIBILITIES }).notNull().default('leaders'),
    // Set when the account was deleted: the row stays (with its names replaced and its contact
    // details erased) so the books that name it still balance; nobody can sign in to it.
    deletedAt: integer('deleted_at'),
    loginStreak: integer('login_streak').notNull().default(0),
    lastLoginAt: integer('last_login_at'),
    // The sign-in before the latest one: none yet means the person is on their first visit ("Welcome", not "Welcome back").
    previousLoginAt: integer('previous_login_at'),
    // Whether the member's recognitions (years of membership, offices held…) show on their profile and to others.
    showRecognitions: integer('show_recognitions', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Usernames are compared case-insensitively; several users may have none.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
