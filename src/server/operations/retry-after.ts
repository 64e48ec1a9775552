import { DomainError } from '../services/errors';

/**
 * A refusal with a wait (a rate or daily limit: 'too-many') tells the client when to try again, in
 * seconds. Every operation's refusal passes here (runAdmitted), so every 429 of either transport
 * carries it; a new limit needs nothing more than its refusal with the seconds to wait.
 */
export function noteRetryAfter(headers: Headers, error: unknown): void {
  const seconds = retryAfterOf(error);
  if (seconds !== undefined) headers.set('Retry-After', String(seconds));
}

/** The whole seconds to wait that a refusal carries (at least 1), or undefined when it carries none. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof DomainError) || error.kind !== 'too-many' || error.retryAfter === undefined) return undefined;
  return Math.max(1, Math.ceil(error.retryAfter));
}
