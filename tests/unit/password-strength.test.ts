import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../src/shared/password-strength';

// The strength meter: +25 for length >= 8, +25 for lower AND upper case, +25 for a digit,
// +25 for a non-alphanumeric character. 100 very-strong, >= 75 strong, >= 50 medium, otherwise weak.
describe('passwordStrength (25 points per criterion)', () => {
  it('gives an empty password score 0, no label and no hint', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: '', hint: '' });
  });

  const table: [password: string, score: number, label: string, why: string][] = [
    // Nothing earned, but something typed: still a label, never the empty one.
    ['abc', 0, 'weak', 'short lower-case only'],
    ['ABCDEFG', 0, 'weak', '7 upper-case letters: too short, no mixed case'],
    // Each criterion alone.
    ['abcdefgh', 25, 'weak', 'length 8 exactly'],
    ['ABCDEFGHIJ', 25, 'weak', 'long, one case only'],
    ['aB', 25, 'weak', 'mixed case alone'],
    ['7', 25, 'weak', 'a digit alone'],
    ['!', 25, 'weak', 'a symbol alone'],
    [' ', 25, 'weak', 'a space counts as non-alphanumeric'],
    ['ö', 25, 'weak', 'a non-ASCII letter counts as non-alphanumeric'],
    // Two criteria.
    ['abcdefgH', 50, 'medium', 'length + mixed case'],
    ['abcdefg1', 50, 'medium', 'length + digit'],
    ['abcdefg!', 50, 'medium', 'length + symbol'],
    ['aB1', 50, 'medium', 'mixed case + digit'],
    ['1!', 50, 'medium', 'digit + symbol'],
    // Three criteria.
    ['abcdefG1', 75, 'strong', 'length + mixed case + digit'],
    ['abcdef1!', 75, 'strong', 'length + digit + symbol'],
    ['aB1!', 75, 'strong', 'short but mixed case + digit + symbol'],
    // All four.
    ['Abcdef1!', 100, 'very-strong', 'all four at length 8'],
    ['Harambee#2026', 100, 'very-strong', 'the test password'],
  ];

  it.each(table)('%j scores %i (%s): %s', (password, score, label) => {
    const r = passwordStrength(password);
    expect(r.score).toBe(score);
    expect(r.label).toBe(label);
  });

  it('counts each criterion once, however often it is met', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').score).toBe(25);
    expect(passwordStrength('1234567890').score).toBe(50);
    expect(passwordStrength('!!!!').score).toBe(25);
  });

  it('needs 8 characters for the length points: 7 are not enough', () => {
    expect(passwordStrength('Abcde1!').score).toBe(75);
    expect(passwordStrength('Abcdef1!').score).toBe(100);
  });

  it('shows the fixed hints for weak and strong and a hint for every label', () => {
    expect(passwordStrength('abc').hint).toBe('Consider using a longer password with special characters');
    expect(passwordStrength('abcdefG1').hint).toBe('Great password!');
    const hints = ['abcdefgH', 'Abcdef1!'].map((p) => passwordStrength(p).hint);
    for (const h of hints) expect(h).not.toBe('');
    // Each label has its own hint.
    expect(new Set(['abc', 'abcdefgH', 'abcdefG1', 'Abcdef1!'].map((p) => passwordStrength(p).hint)).size).toBe(4);
  });
});
