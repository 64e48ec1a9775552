import { TRPCError } from '@trpc/server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { zodIssues, type IssueDto } from '../trpc/init';

export type RestErrorBody = { error: string; code: string; issues?: IssueDto[] };

const STATUS: Record<string, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

/** The REST contract's error body (ARCHITECTURE.md) for anything a procedure threw. */
export function toRestError(error: unknown, log: Logger): { status: ContentfulStatusCode; body: RestErrorBody } {
  if (error instanceof TRPCError && STATUS[error.code]) {
    const issues = zodIssues(error.cause);
    const code = error.code === 'PARSE_ERROR' ? 'BAD_REQUEST' : error.code;
    return { status: STATUS[error.code]!, body: { error: issues?.[0]?.message ?? error.message, code, ...(issues ? { issues } : {}) } };
  }
  log.error('unhandled error in REST handler', { error: error instanceof Error ? error.stack : String(error) });
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' } };
}
