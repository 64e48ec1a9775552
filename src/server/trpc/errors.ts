import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
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

/** The field issues a tRPC error carries (from a domain error), for forms to place. */
export function issuesOf(error: TRPCError): Issue[] | undefined {
  return error.cause instanceof DomainError ? error.cause.issues : undefined;
}

/** What a person reads for a tRPC error: never a stack, a parser's words or our internals. */
export function readableMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
  if (error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError) return 'The request body must be valid JSON';
  return error.message;
}
