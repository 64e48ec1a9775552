export type StrengthLabel = '' | 'weak' | 'medium' | 'strong' | 'very-strong';
export type PasswordStrength = { score: number; label: StrengthLabel; hint: string };

const HINTS: Record<StrengthLabel, string> = {
  '': '',
  weak: 'Consider using a longer password with special characters',
  medium: 'Add numbers, symbols and mixed case to make it stronger',
  strong: 'Great password!',
  'very-strong': 'Excellent! This password is very strong',
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
