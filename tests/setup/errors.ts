import { expect } from 'vitest';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Language } from '@shared/i18n/languages';
import { translate } from '../../src/server/i18n';

/*
 * API tests name a refusal by its code and its catalogue key, never by its English words (issue 33):
 * rewording the catalogue must not break an API test, raising a different error must. The expected
 * text is the server's own translation of the key (translate, as both error mappers do), so the
 * comparison is exact but the test carries no copy. The French and i18n tests that check translations
 * on purpose keep their words.
 */

type Issue = { path: (string | number)[]; message: string };
type Failure = { message?: string; code?: string; issues?: Issue[] };

/** The text of `key` (with its values) as the server writes it in `language`: for issues and lists of messages. */
export const textOf = (key: MessageKey, params?: Record<string, unknown>, language: Language = 'en'): string => translate(language, key, params);

/**
 * The error of any answer the tests hold: `{ error: { message, code, issues } }` (the transport
 * helpers' Outcome, Agent.mutate/query), a raw REST answer `{ body: { error, code, issues } }`, or a
 * raw tRPC answer `{ body: { error: { message, data: { code } } } }`.
 */
function failureOf(r: unknown): Failure | undefined {
  const a = r as { error?: unknown; body?: { error?: unknown; code?: string; issues?: Issue[] } } | undefined;
  if (a?.error && typeof a.error === 'object') return a.error as Failure;
  const e = a?.body?.error;
  if (typeof e === 'string') return { message: e, code: a!.body!.code, issues: a!.body!.issues };
  if (e && typeof e === 'object') {
    const t = e as { message?: string; data?: { code?: string; issues?: Issue[] } };
    return { message: t.message, code: t.data?.code, issues: t.data?.issues ?? undefined };
  }
  return undefined;
}

/** The code each HTTP status of a refusal carries (src/server/rest/errors.ts), for tables written by status. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * Asserts the answer was refused with `code` (tRPC's code name, which the REST body's `code` also
 * carries: 'FORBIDDEN', 'BAD_REQUEST', …, or the HTTP status: 403) and the message of catalogue
 * `key` with `params`.
 */
export function expectError(r: unknown, code: string | number, key: MessageKey, params?: Record<string, unknown>, language: Language = 'en'): void {
  const e = failureOf(r);
  const want = typeof code === 'number' ? CODE_OF_STATUS[code] : code;
  expect({ code: e?.code, message: e?.message }, `expected ${code} ${key}`).toEqual({ code: want, message: translate(language, key, params) });
}
