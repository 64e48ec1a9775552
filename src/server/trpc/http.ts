import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Context as HonoContext } from 'hono';
import { languageFromHeader, type Language } from '@shared/i18n/languages';
import type { AppDeps, Context } from '../context';
import { jsonResponse } from '../http/response-headers';
import { OPERATIONS_BY_PATH } from '../operations';
import { execute, type AnyOperation } from '../operations/define';
import { contextOf } from '../rest/route';
import { issuesOf, readableMessage, toTRPCError } from './errors';

/*
 * /trpc/* served straight from the operations, speaking tRPC's documented HTTP protocol (its
 * "HTTP RPC specification": queries as GET with ?input=, mutations as POST with a JSON body,
 * ?batch=1 with inputs keyed "0", "1", … and an array of results, each `{ result: { data } }` or
 * `{ error: { message, code, data } }`, the status the shared one or 207), which @trpc/client's
 * httpBatchLink speaks. Why not tRPC's own fetch adapter: on the path every member's browser uses
 * it cost half the throughput (a Request and an AbortSignal per call, a promise per step); here a
 * synchronous read answers without a promise, as the REST routes do (docs/decisions/006).
 *
 * The answers are tRPC's own, byte for byte: tests/api/trpc-wire.test.ts sends the same requests
 * to tRPC's fetchRequestHandler over appRouter (the same operations) and compares status and body.
 * Streaming links, subscriptions, method override and transformers are not used by the app and
 * are not spoken here.
 */

type Call = { path: string; op: AnyOperation | undefined };
type Envelope = { result: { data: unknown } } | { error: ErrorShape };
type ErrorShape = {
  message: string;
  code: number;
  data: { code: TRPC_ERROR_CODE_KEY; httpStatus: number; path: string | undefined; issues: unknown };
};

function errorShape(error: TRPCError, path: string | undefined, language: Language): ErrorShape {
  return {
    message: readableMessage(error, language),
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path, issues: issuesOf(error, language) },
  };
}

export function trpcHandler(deps: AppDeps) {
  const failed = (error: unknown, path: string | undefined, language: Language): Envelope => {
    const e = toTRPCError(error);
    if (e.code === 'INTERNAL_SERVER_ERROR') deps.log.error('procedure failed', { path, error: e.cause?.stack ?? e.message });
    return { error: errorShape(e, path, language) };
  };

  /**
   * One call: its envelope, or a promise of it when the operation was asynchronous. A broken
   * input (`inputError`) fails only the calls whose operation takes input, as in tRPC.
   */
  function settle(call: Call, method: string, ctx: Context, input: unknown, inputError: unknown): Envelope | Promise<Envelope> {
    const { path, op } = call;
    try {
      if (!op) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
      if ((op.type === 'query') !== (method === 'GET')) {
        throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `Unsupported ${method}-request to ${op.type} procedure at path "${path}"` });
      }
      if (inputError !== undefined && op.input) throw inputError;
      const data = execute(op, ctx, input);
      if (data instanceof Promise) {
        return data.then(
          (value: unknown): Envelope => ({ result: { data: value } }),
          (error: unknown) => failed(error, path, ctx.language),
        );
      }
      return { result: { data } };
    } catch (error) {
      return failed(error, path, ctx.language);
    }
  }

  const statusOf = (e: Envelope) => ('error' in e ? e.error.data.httpStatus : 200);

  function respond(c: HonoContext, ctx: Context | null, batch: boolean, envelopes: Envelope[]): Response {
    let status = statusOf(envelopes[0]!);
    if (batch) {
      for (const e of envelopes) if (statusOf(e) !== status) status = 207;
    }
    return jsonResponse(c, batch ? envelopes : envelopes[0], status, ctx?.resHeaders);
  }

  /** Inputs by call index: "input" of the query string or the JSON body; batched ones keyed "0", "1", … */
  function inputsOf(raw: unknown, batch: boolean, count: number): unknown[] {
    if (raw === undefined) return [];
    if (!batch) return [raw];
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
    }
    const keyed = raw as Record<string, unknown>;
    const inputs: unknown[] = [];
    for (let i = 0; i < count; i += 1) inputs.push(keyed[i]);
    return inputs;
  }

  const badJson = (cause: unknown) => new TRPCError({ code: 'BAD_REQUEST', message: 'errors.badJson', cause });

  return (c: HonoContext): Response | Promise<Response> => {
    const request = c.req.raw;
    const method = request.method;
    const url = request.url;
    const pathStart = url.indexOf('/trpc/') + 6;
    const queryStart = url.indexOf('?', pathStart);
    const pathPart = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    const params = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
    const batch = params.get('batch') === '1';
    let ctx: Context | null = null;
    let calls: Call[];
    try {
      let names: string[];
      try {
        names = (batch ? pathPart.split(',') : [pathPart]).map(decodeURIComponent);
      } catch {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `Invalid URL-encoding in path "${pathPart}"` });
      }
      calls = names.map((path) => ({ path, op: OPERATIONS_BY_PATH.get(path) }));
      if (method !== 'GET' && !isJson(request.headers.get('content-type'))) {
        const type = request.headers.get('content-type');
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: type ? `Unsupported content-type "${type}` : 'Missing content-type header' });
      }
      ctx = contextOf(deps, c);
    } catch (error) {
      return respond(c, ctx, false, [failed(error, undefined, languageFromHeader(request.headers.get('accept-language')))]);
    }
    const session = ctx;

    const run = (raw: unknown, rawError: unknown): Response | Promise<Response> => {
      let inputs: unknown[] = [];
      let inputError = rawError;
      if (inputError === undefined) {
        try {
          inputs = inputsOf(raw, batch, calls.length);
        } catch (error) {
          inputError = error;
        }
      }
      const envelopes = calls.map((call, i) => settle(call, method, session, inputs[i], inputError));
      if (envelopes.some((e) => e instanceof Promise)) return Promise.all(envelopes).then((all) => respond(c, session, batch, all));
      return respond(c, session, batch, envelopes as Envelope[]);
    };

    if (method === 'GET') {
      const text = params.get('input');
      let raw: unknown;
      try {
        raw = text ? JSON.parse(text) : undefined;
      } catch (cause) {
        return run(undefined, badJson(cause));
      }
      return run(raw, undefined);
    }
    return request.text().then((text) => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (cause) {
        return run(undefined, badJson(cause));
      }
      return run(raw, undefined);
    });
  };
}

function isJson(contentType: string | null): boolean {
  return !!contentType && contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}
