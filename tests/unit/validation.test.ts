import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordForm,
  forgotPasswordInput,
  loginInput,
  registerForm,
  registerInput,
  resetPasswordForm,
} from '../../src/shared/schemas/auth';
import { profilePanelInput, profileUpdateInput } from '../../src/shared/schemas/profile';
import { translate } from '../../src/server/i18n';

/** The issues as [path, message] pairs, in the order the schema reports them, as an English reader reads them. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => [i.path.join('.'), translate('en', i.message)]);
}
const first = (schema: z.ZodType, value: unknown) => issues(schema, value)[0] ?? null;
const parsed = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`expected valid, got ${JSON.stringify(r.error.issues)}`);
  return r.data as z.output<T>;
};

const PW = 'Harambee#2026';
const okSignUp = { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.org', password: PW, confirmPassword: PW, acceptTerms: true };

describe('loginInput (sign in)', () => {
  it('requires the email, also when only spaces', () => {
    expect(first(loginInput, { password: PW })).toEqual(['email', 'Please enter your email address']);
    expect(first(loginInput, { email: '   ', password: PW })).toEqual(['email', 'Please enter your email address']);
  });
  it('requires the password', () => {
    expect(first(loginInput, { email: 'a@b.org', password: '' })).toEqual(['password', 'Please enter your password']);
    expect(first(loginInput, { email: 'a@b.org' })).toEqual(['password', 'Please enter your password']);
  });
  it('trims and lower-cases the email but keeps the password as typed', () => {
    expect(parsed(loginInput, { email: '  Amara@Example.ORG ', password: ' pass word ' })).toEqual({
      email: 'amara@example.org',
      password: ' pass word ',
    });
  });
});

describe('registerForm (sign up, faults in form order)', () => {
  const spec: [field: string, change: Record<string, unknown>, message: string][] = [
    ['firstName', { firstName: '' }, 'Please enter your first name'],
    ['firstName', { firstName: '   ' }, 'Please enter your first name'],
    ['lastName', { lastName: '' }, 'Please enter your last name'],
    ['email', { email: '' }, 'Please enter your email address'],
    ['password', { password: '', confirmPassword: '' }, 'Please create a password'],
    ['password', { password: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' }, 'Password must be at least 8 characters long'],
    ['confirmPassword', { confirmPassword: `${PW}x` }, 'Please make sure your passwords match'],
    ['acceptTerms', { acceptTerms: false }, 'Please agree to terms and conditions'],
    ['acceptTerms', { acceptTerms: undefined }, 'Please agree to terms and conditions'],
  ];
  it.each(spec)('%s: %j → %s', (field, change, message) => {
    const found = issues(registerForm, { ...okSignUp, ...change });
    expect(found[0]).toEqual([field, message]);
    // An empty password may also be "too short"; nothing else is blamed.
    expect(found.every(([path]) => path === field)).toBe(true);
  });

  it('reports the earliest fault in form order first, whatever else is wrong', () => {
    // Knock out the faults from the front one at a time: the first issue must follow.
    const all = { firstName: '', lastName: '', email: '', password: '', confirmPassword: 'x', acceptTerms: false };
    expect(first(registerForm, all)?.[1]).toBe('Please enter your first name');
    expect(first(registerForm, { ...all, firstName: 'A' })?.[1]).toBe('Please enter your last name');
    expect(first(registerForm, { ...all, firstName: 'A', lastName: 'B' })?.[1]).toBe('Please enter your email address');
    const named = { ...all, firstName: 'A', lastName: 'B', email: 'a@b.org' };
    expect(first(registerForm, named)?.[1]).toBe('Please create a password');
    expect(first(registerForm, { ...named, password: 'short' })?.[1]).toBe('Password must be at least 8 characters long');
    expect(first(registerForm, { ...named, password: PW })?.[1]).toBe('Please make sure your passwords match');
    expect(first(registerForm, { ...named, password: PW, confirmPassword: PW })?.[1]).toBe('Please agree to terms and conditions');
  });

  it('reports a mismatch before the missing terms', () => {
    expect(issues(registerForm, { ...okSignUp, confirmPassword: 'other', acceptTerms: false })).toEqual([
      ['confirmPassword', 'Please make sure your passwords match'],
      ['acceptTerms', 'Please agree to terms and conditions'],
    ]);
  });

  it('refuses a malformed email with its own message', () => {
    expect(issues(registerForm, { ...okSignUp, email: 'not-an-email' })).toEqual([['email', 'Please enter a valid email address']]);
  });

  it('trims and lower-cases the email', () => {
    expect(parsed(registerForm, { ...okSignUp, email: '  Amara.O@Example.ORG  ' }).email).toBe('amara.o@example.org');
    expect(parsed(registerInput, { ...okSignUp, email: '\tAMARA@example.org\n' }).email).toBe('amara@example.org');
  });

  it('accepts a 256-character password whole and refuses 257', () => {
    const long = `Aa1!${'x'.repeat(252)}`;
    expect(long).toHaveLength(256);
    const out = parsed(registerInput, { ...okSignUp, password: long, confirmPassword: long });
    expect(out.password).toBe(long);
    const tooLong = `${long}y`;
    expect(issues(registerInput, { ...okSignUp, password: tooLong, confirmPassword: tooLong })[0]).toEqual([
      'password',
      'Password must be at most 256 characters long',
    ]);
  });

  it('registerInput (the API payload) needs no terms but still checks the match', () => {
    const { acceptTerms: _unused, ...payload } = okSignUp;
    expect(issues(registerInput, payload)).toEqual([]);
    expect(issues(registerInput, { ...payload, confirmPassword: 'nope' })).toEqual([
      ['confirmPassword', 'Please make sure your passwords match'],
    ]);
    expect(first(registerInput, { ...payload, firstName: '' })).toEqual(['firstName', 'Please enter your first name']);
  });
});

describe('forgotPasswordInput', () => {
  it('requires the email and normalises it', () => {
    expect(first(forgotPasswordInput, {})).toEqual(['email', 'Please enter your email address']);
    expect(first(forgotPasswordInput, { email: '  ' })).toEqual(['email', 'Please enter your email address']);
    expect(parsed(forgotPasswordInput, { email: ' Who@Example.org ' })).toEqual({ email: 'who@example.org' });
  });
});

describe('resetPasswordForm', () => {
  it('needs at least 8 characters', () => {
    expect(first(resetPasswordForm, { password: 'Ab1!', confirmPassword: 'Ab1!' })).toEqual([
      'password',
      'Password must be at least 8 characters long',
    ]);
  });
  it('needs the two fields to match', () => {
    expect(issues(resetPasswordForm, { password: PW, confirmPassword: `${PW}!` })).toEqual([
      ['confirmPassword', 'Please make sure your passwords match'],
    ]);
    expect(issues(resetPasswordForm, { password: PW, confirmPassword: PW })).toEqual([]);
  });
});

describe('changePasswordForm', () => {
  const ok = { currentPassword: 'old-password', newPassword: PW, confirmPassword: PW };
  it('requires the current password', () => {
    expect(first(changePasswordForm, { ...ok, currentPassword: '' })).toEqual(['currentPassword', 'Please enter your current password']);
  });
  it('requires the new password, then 8 characters', () => {
    expect(first(changePasswordForm, { ...ok, newPassword: '', confirmPassword: '' })).toEqual([
      'newPassword',
      'Please enter a new password',
    ]);
    expect(first(changePasswordForm, { ...ok, newPassword: 'short', confirmPassword: 'short' })).toEqual([
      'newPassword',
      'Password must be at least 8 characters long',
    ]);
  });
  it('needs the confirmation to match, with its own message', () => {
    expect(issues(changePasswordForm, { ...ok, confirmPassword: 'different1' })).toEqual([
      ['confirmPassword', 'New password and confirmation do not match'],
    ]);
    expect(issues(changePasswordForm, ok)).toEqual([]);
  });
  it('reports the current password before the new one', () => {
    expect(first(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: 'x' })?.[0]).toBe('currentPassword');
  });
});

describe('profileUpdateInput (edit screen)', () => {
  const IMAGE = '/uploads/0123456789abcdef0123.webp';

  it('accepts a full valid profile', () => {
    const out = parsed(profileUpdateInput, {
      firstName: ' Amara ',
      lastName: 'Okafor',
      username: 'amara_o.1',
      phoneNumber: '+44 (20) 7946-0958',
      location: 'London, UK',
      birthday: '1990-05-17',
      tShirtSize: 'XL',
      socialMedia: '@amara',
      profileImageUrl: IMAGE,
    });
    expect(out).toMatchObject({ firstName: 'Amara', username: 'amara_o.1', birthday: '1990-05-17', tShirtSize: 'XL', profileImageUrl: IMAGE });
  });

  it.each(['XS', 'S', 'M', 'L', 'XL', 'XXL'])('accepts T-shirt size %s', (size) => {
    expect(parsed(profileUpdateInput, { tShirtSize: size }).tShirtSize).toBe(size);
  });

  const bad: [field: string, value: unknown, message: string][] = [
    ['birthday', '2000-02-30', 'Please enter a valid date in the past'],
    ['birthday', '17/05/1990', 'Please enter a valid date in the past'],
    ['birthday', '2999-01-01', 'Please enter a valid date in the past'],
    ['birthday', '1850-01-01', 'Please enter a valid date in the past'],
    ['tShirtSize', 'xl', 'Please choose a size from the list'],
    ['tShirtSize', 'XXXL', 'Please choose a size from the list'],
    ['username', 'ab', 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'],
    ['username', 'has space', 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'],
    ['username', 'x'.repeat(31), 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'],
    ['phoneNumber', 'call me', 'Please enter a valid phone number'],
    ['profileImageUrl', 'https://evil.example/uploads/0123456789abcdef.webp', 'Please upload the image again'],
    ['profileImageUrl', '/uploads/../secret0123456789ab.webp', 'Please upload the image again'],
    ['profileImageUrl', 'data:image/png;base64,iVBORw0KGgo=', 'Please upload the image again'],
    ['location', 'x'.repeat(101), 'Location must be at most 100 characters'],
    ['socialMedia', 'x'.repeat(301), 'Social media must be at most 300 characters'],
    ['firstName', '', 'Please enter your first name'],
    ['lastName', '  ', 'Please enter your last name'],
  ];
  it.each(bad)('refuses %s = %j with %j', (field, value, message) => {
    expect(issues(profileUpdateInput, { [field]: value })).toEqual([[field, message]]);
  });

  it("turns '' into null (clears) and leaves omitted fields out (unchanged)", () => {
    const out = parsed(profileUpdateInput, {
      username: '',
      phoneNumber: ' ',
      location: '',
      birthday: '',
      tShirtSize: '',
      socialMedia: '',
      profileImageUrl: '',
    });
    expect(out).toEqual({
      username: null,
      phoneNumber: null,
      location: null,
      birthday: null,
      tShirtSize: null,
      socialMedia: null,
      profileImageUrl: null,
    });
    expect(parsed(profileUpdateInput, { location: 'Accra' })).toEqual({ location: 'Accra' });
  });

  it('drops fields a user may not set (id, role, email)', () => {
    expect(parsed(profileUpdateInput, { id: 'other', role: 'superadmin', email: 'x@y.org', location: 'Lagos' })).toEqual({
      location: 'Lagos',
    });
  });
});

describe('profilePanelInput (side panel)', () => {
  it('accepts name, bio, location and an uploaded image; clears with empty strings', () => {
    expect(parsed(profilePanelInput, { firstName: 'A', bio: 'Hi', location: '', profileImage: '' })).toEqual({
      firstName: 'A',
      bio: 'Hi',
      location: null,
      profileImage: null,
    });
  });
  it('refuses an image that was not uploaded here and an over-long bio', () => {
    expect(issues(profilePanelInput, { profileImage: 'data:image/png;base64,AAAA' })).toEqual([
      ['profileImage', 'Please upload the image again'],
    ]);
    expect(issues(profilePanelInput, { bio: 'x'.repeat(1001) })).toEqual([['bio', 'Bio must be at most 1000 characters']]);
  });
});
