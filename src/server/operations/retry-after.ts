import type { Context } from '../context';
import { DomainError } from '../services/errors';

/** A refusal with a wait (a daily limit) tells the client when to try again, on both transports. */
export function retryAfterOn<T>(ctx: Context, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof DomainError && error.retryAfter) ctx.resHeaders.set('Retry-After', String(error.retryAfter));
    throw error;
  }
}
