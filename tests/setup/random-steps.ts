import { DomainError } from '../../src/server/services/errors';

/*
 * For property tests that drive random histories through the real services (circles, savings
 * groups): each step picks among what exists then, and a refusal is a fine answer.
 */

/** The `n`th of `list` (modulo its length), or nothing when it is empty. */
export const one = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** Runs a service call and logs it; a refusal (a DomainError: 400/403/404/409) is a fine answer, anything else is a bug. */
export function attempt(c: { log: string[] }, what: string, call: () => unknown) {
  try {
    call();
    c.log.push(what);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    c.log.push(`${what} → ${e.message}`);
  }
}
