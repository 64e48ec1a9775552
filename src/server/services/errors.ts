/*
 * The errors of the domain: services and guards throw these and know nothing of HTTP or tRPC.
 * One mapper turns them into tRPC's error codes (trpc/errors.ts), one into the REST error body
 * (rest/errors.ts). Messages are catalogue keys; the transports translate them for the caller.
 */

export type Issue = { path: (string | number)[]; message: string };

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-many'
  | 'too-large'
  | 'unsupported';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** A catalogue key (src/shared/i18n), translated for the caller by the transport. */
    message: string,
    /** Field-level problems, so a form can show each beside its field. */
    readonly issues?: Issue[],
    /** Seconds until trying again makes sense (too-many). */
    readonly retryAfter?: number,
    /** Values for the message's placeholders. */
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, issues?: Issue[], params?: Record<string, unknown>) => new DomainError('invalid', message, issues, undefined, params);
export const unauthenticated = (message = 'errors.authRequired') => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);

/** A write a unique index refused: two requests racing for one slot, told apart by the index, not by a read first. */
export const isUniqueViolation = (e: unknown) => e instanceof Error && 'code' in e && e.code === 'SQLITE_CONSTRAINT_UNIQUE';
export const tooMany = (message: string, retryAfter: number, params?: Record<string, unknown>) => new DomainError('too-many', message, undefined, retryAfter, params);

/** An error tied to one form field, so the form can place its message. */
export function fieldError(kind: 'invalid' | 'conflict' | 'unauthenticated', field: string, message: string, params?: Record<string, unknown>): DomainError {
  return new DomainError(kind, message, [{ path: [field], message }], undefined, params);
}
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
