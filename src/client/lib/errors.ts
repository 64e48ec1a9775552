import { TRPCClientError } from '@trpc/client';
import { i18next } from '../i18n';

export type ErrorInfo = { status: number | null; code: string | null; message: string; issues: { path: (string | number)[]; message: string }[] };

/** What the server said, whatever failed: a procedure error, a network fault or a bug. */
export function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number; code?: string; issues?: ErrorInfo['issues'] } | undefined;
    // A fetch that never reached the server has no data.
    if (!data) return { status: null, code: null, message: i18next.t('common.errors.offline'), issues: [] };
    return { status: data.httpStatus ?? null, code: data.code ?? null, message: error.message, issues: data.issues ?? [] };
  }
  return { status: null, code: null, message: error instanceof Error ? error.message : i18next.t('common.errors.unexpected'), issues: [] };
}
