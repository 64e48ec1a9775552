import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { Language } from '@shared/i18n/languages';
import { translate } from '../i18n';
import { DomainError, type DomainErrorKind, type Issue } from '../services/errors';

const CODE: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'too-many': 'TOO_MANY_REQUESTS',
  'too-large': 'PAYLOAD_TOO_LARGE',
  unsupported: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The one mapping of domain errors to tRPC's codes; anything else is tRPC's to classify (a 500). */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof DomainError) return new TRPCError({ code: CODE[error.kind], message: error.message, cause: error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error instanceof Error ? error : new Error(String(error)) });
}

/** The field issues a tRPC error carries (from a domain error), in the caller's language, for forms to place. */
export function issuesOf(error: TRPCError, language: Language): Issue[] | undefined {
  const cause = error.cause;
  if (!(cause instanceof DomainError) || !cause.issues) return undefined;
  return cause.issues.map((i) => ({ path: i.path, message: translate(language, i.message, cause.params) }));
}

/** What a person reads for a tRPC error, in their language: never a stack, a parser's words or our internals. */
export function readableMessage(error: TRPCError, language: Language): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return translate(language, 'errors.generic');
  if (error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError) return translate(language, 'errors.badJson');
  const params = error.cause instanceof DomainError ? error.cause.params : undefined;
  return translate(language, error.message, params);
}
