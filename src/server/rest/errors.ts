import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { DomainError, type DomainErrorKind, type Issue } from '../services/errors';

export type RestErrorBody = { error: string; code: string; issues?: Issue[] };

const REST: Record<DomainErrorKind, { status: ContentfulStatusCode; code: string }> = {
  invalid: { status: 400, code: 'BAD_REQUEST' },
  unauthenticated: { status: 401, code: 'UNAUTHORIZED' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  'not-found': { status: 404, code: 'NOT_FOUND' },
  conflict: { status: 409, code: 'CONFLICT' },
  'too-many': { status: 429, code: 'TOO_MANY_REQUESTS' },
  'too-large': { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  unsupported: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
};

/** The one mapping of domain errors to the REST error contract; anything else is logged and a 500. */
export function toRestError(error: unknown, log: Logger): { status: ContentfulStatusCode; body: RestErrorBody } {
  if (error instanceof DomainError) {
    const { status, code } = REST[error.kind];
    return { status, body: error.issues ? { error: error.message, code, issues: error.issues } : { error: error.message, code } };
  }
  log.error('unhandled error in REST handler', { error: error instanceof Error ? error.stack : String(error) });
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' } };
}
