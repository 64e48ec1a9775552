import type { MessageKey } from './i18n/catalogue';
import { auth } from './i18n/en/auth';

export type StrengthLabel = '' | 'weak' | 'medium' | 'strong' | 'very-strong';
export type PasswordStrength = { score: number; label: StrengthLabel; hint: string };

/** Each label's words in the catalogue: its name and its advice (the screens show them in the reader's language). */
export const STRENGTH_TEXT: Record<Exclude<StrengthLabel, ''>, { label: MessageKey; hint: MessageKey }> = {
  weak: { label: 'auth.strength.weak', hint: 'auth.strength.hints.weak' },
  medium: { label: 'auth.strength.medium', hint: 'auth.strength.hints.medium' },
  strong: { label: 'auth.strength.strong', hint: 'auth.strength.hints.strong' },
  'very-strong': { label: 'auth.strength.veryStrong', hint: 'auth.strength.hints.veryStrong' },
};

/** The advice in English, for callers without a translator (the screens translate STRENGTH_TEXT instead). */
const HINTS: Record<StrengthLabel, string> = {
  '': '',
  weak: auth.strength.hints.weak,
  medium: auth.strength.hints.medium,
  strong: auth.strength.hints.strong,
  'very-strong': auth.strength.hints.veryStrong,
};

/** The sign-up meter: 25 points each for length ≥ 8, mixed case, a digit, a symbol. Advice only. */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return { score: 0, label: '', hint: '' };
  let score = 0;
  if (password.length >= 8) score += 25;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 25;
  if (/[^a-zA-Z0-9]/.test(password)) score += 25;
  const label: StrengthLabel = score === 100 ? 'very-strong' : score >= 75 ? 'strong' : score >= 50 ? 'medium' : 'weak';
  return { score, label, hint: HINTS[label] };
}
