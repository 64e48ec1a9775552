import { COMMON_PASSWORDS_TEXT } from './common-passwords-list';

let common: Set<string> | undefined;

/**
 * Whether a password is one of the most common ones (compared without case: "Password1" is as
 * guessable as "password1"). Attackers try these first, whatever the length rule says. The set
 * is built on first use (about 5,000 entries, a few milliseconds) and lives on the server only,
 * so the client's bundle does not carry it; the refusal comes back as a field error.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}
