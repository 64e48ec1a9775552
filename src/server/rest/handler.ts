import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { clientIp } from '../http/client-ip';
import { jsonResponse, responseHeaders } from '../http/response-headers';
import { createContext, type AppDeps } from '../trpc/context';
import { procedureCaller, type Caller, type MaybePromise } from '../trpc/invoke';
import { toRestError } from './errors';

/**
 * Calls a procedure in-process with the same context as tRPC; the procedure's own middlewares
 * answer the session check, the input check and every permission, so REST and tRPC behave alike.
 * The answer is synchronous when the procedure was (invoke.ts): await it or return it.
 */
export function callProcedure<T>(deps: AppDeps, c: HonoContext, resHeaders: Headers, call: (caller: Caller) => MaybePromise<T>): MaybePromise<T> {
  return call(callerFor(deps, c, resHeaders));
}

function callerFor(deps: AppDeps, c: HonoContext, resHeaders: Headers): Caller {
  return procedureCaller(createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders }));
}

type ShimOptions = { status?: ContentfulStatusCode; page?: boolean };

function answer(c: HonoContext, resHeaders: Headers, opts: ShimOptions, result: unknown): Response {
  if (!opts.page) return jsonResponse(c, result, opts.status ?? 200, resHeaders);
  // REST contract: a list is a JSON array; the next page's cursor travels in a header.
  const { items, nextCursor } = result as { items: unknown[]; nextCursor: number | string | null };
  if (nextCursor !== null) responseHeaders(c)['x-next-cursor'] = String(nextCursor);
  return jsonResponse(c, items, 200, resHeaders);
}

function refuse(deps: AppDeps, c: HonoContext, resHeaders: Headers, error: unknown): Response {
  const { status, body } = toRestError(error, deps.log);
  return jsonResponse(c, body, status, resHeaders);
}

/**
 * A REST shim: call the procedure, answer with the documented JSON. No logic of its own.
 * Headers a procedure adds (Set-Cookie, Retry-After) go out with success and failure alike.
 * A procedure that answered synchronously gets its response synchronously: no promise on the
 * way, which on the hot reads is measurable (docs/benchmarks.md, "Third session").
 */
export function shim(deps: AppDeps, call: (caller: Caller, c: HonoContext) => MaybePromise<unknown>, opts: ShimOptions = {}) {
  return (c: HonoContext): MaybePromise<Response> => {
    const resHeaders = new Headers();
    let result: MaybePromise<unknown>;
    try {
      result = call(callerFor(deps, c, resHeaders), c);
    } catch (error) {
      return refuse(deps, c, resHeaders, error);
    }
    if (!(result instanceof Promise)) return answer(c, resHeaders, opts, result);
    return result.then(
      (data) => answer(c, resHeaders, opts, data),
      (error: unknown) => refuse(deps, c, resHeaders, error),
    );
  };
}

/**
 * The JSON body, {} when empty; a broken body is a 400 that says so. Typed as whatever the
 * procedure takes because the procedure's zod schema is what checks it.
 */
export async function jsonBody<T>(c: HonoContext): Promise<T> {
  const text = await c.req.text();
  if (!text.trim()) return {} as T;
  try {
    return JSON.parse(text);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be valid JSON' });
  }
}

/** Path and query values go to the procedure as they are; its zod schema coerces and checks them. */
export const asInput = <T>(value: Record<string, unknown>): T => value as T;
