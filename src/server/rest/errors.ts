import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jsonResponse } from '../http/response-headers';
import { retryAfterOf } from '../operations/retry-after';
import type { Logger } from '../logger';
import type { Language } from '@shared/i18n/languages';
import { translate } from '../i18n';
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

/**
 * The one mapping of domain errors to REST answers: the status, and a body `{ error, code, issues? }`
 * with the message in the caller's language; anything else is logged and answers 500.
 */
export function toRestError(error: unknown, log: Logger, language: Language): { status: ContentfulStatusCode; body: RestErrorBody } {
  if (error instanceof DomainError) {
    const { status, code } = REST[error.kind];
    const message = translate(language, error.message, error.params);
    if (!error.issues) return { status, body: { error: message, code } };
    const issues = error.issues.map((i) => ({ path: i.path, message: translate(language, i.message, error.params) }));
    return { status, body: { error: message, code, issues } };
  }
  log.error('unhandled error in REST handler', { error: error instanceof Error ? error.stack : String(error) });
  return { status: 500, body: { error: translate(language, 'errors.generic'), code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * The REST answer to an error, for handlers outside route() (files, multipart uploads): the
 * mapped status and body, the request's own headers (`headers`: Set-Cookie), and Retry-After
 * when the refusal carries a wait.
 */
export function refuseRest(c: HonoContext, error: unknown, log: Logger, language: Language, headers?: Headers): Response {
  const { status, body } = toRestError(error, log, language);
  const seconds = retryAfterOf(error);
  if (seconds !== undefined) {
    headers ??= new Headers();
    headers.set('Retry-After', String(seconds));
  }
  return jsonResponse(c, body, status, headers);
}

/** A REST error body for a refusal made outside any operation (body limits, foreign sites, unknown paths). */
export const restRefusal = (language: Language, code: string, message: string): RestErrorBody => ({ error: translate(language, message), code });
