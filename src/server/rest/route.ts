import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createContext, type AppDeps, type Context } from '../context';
import { clientIp } from '../http/client-ip';
import { jsonResponse, responseHeaders } from '../http/response-headers';
import { admit, runAdmitted, type AnyOperation, type MaybePromise } from '../operations/define';
import { invalid, unauthenticated } from '../services/errors';
import { languageFromHeader } from '@shared/i18n/languages';
import { refuseRest } from './errors';

/*
 * A REST route runs one operation of src/server/operations: the route says where the input comes
 * from in the request (path, query, JSON body) and how the result goes out (JSON, a page as an
 * array with X-Next-Cursor, a file); the operation holds the schema, the capability check and the
 * rule, the same for tRPC. Who calls is checked before the body is read. A synchronous operation
 * gets a synchronous response: no promise on the hot reads.
 */

type RouteOptions = {
  /** 201 for creations. */
  status?: ContentfulStatusCode;
  /** A page ({ items, nextCursor }) goes out as a JSON array with the next cursor in X-Next-Cursor. */
  page?: boolean;
  /** Headers derived from the result, such as X-Total-Count. */
  headers?: (result: any) => Record<string, string>;
  /** A null result means "not signed in" on this path: 401 instead of a null body. */
  nullIsUnauthenticated?: boolean;
  /** The result is a file to download (CSV, PDF), not JSON. */
  file?: (result: any) => { body: string | Uint8Array; type: string; filename: string };
};

type InputOf = (c: HonoContext) => unknown;

export function contextOf(deps: AppDeps, c: HonoContext): Context {
  return createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders: new Headers() });
}

function answer(c: HonoContext, ctx: Context, opts: RouteOptions, result: unknown): Response {
  if (opts.nullIsUnauthenticated && result === null) throw unauthenticated();
  if (opts.headers) Object.assign(responseHeaders(c), opts.headers(result));
  if (opts.file) {
    const f = opts.file(result);
    return new Response(f.body as BodyInit, {
      status: 200,
      headers: { 'content-type': f.type, 'content-disposition': `attachment; filename="${f.filename.replace(/[^\w.-]/g, '_')}"`, 'cache-control': 'no-store' },
    });
  }
  if (!opts.page) return jsonResponse(c, result, opts.status ?? 200, ctx.resHeaders);
  // Over REST a list is a JSON array, and the next page's cursor travels in the X-Next-Cursor header.
  const { items, nextCursor } = result as { items: unknown[]; nextCursor: number | string | null };
  if (nextCursor !== null) responseHeaders(c)['x-next-cursor'] = String(nextCursor);
  return jsonResponse(c, items, 200, ctx.resHeaders);
}

function refuse(deps: AppDeps, c: HonoContext, ctx: Context | undefined, error: unknown): Response {
  return refuseRest(c, error, deps.log, ctx?.language ?? languageFromHeader(c.req.header('accept-language')), ctx?.resHeaders);
}

/*
 * Which operation each REST handler runs, and which operations have a REST route at all: the
 * transport-parity test walks the app's routes with this to hold every REST path to its tRPC
 * procedure, and fails when an operation gains a path without a parity case. Nothing else reads it.
 */
const operationOfHandler = new WeakMap<object, AnyOperation>();
const routedOperations = new Set<AnyOperation>();
/** The operation a handler made by route() runs (undefined for any other handler). */
export const restOperation = (handler: unknown): AnyOperation | undefined => (typeof handler === 'function' ? operationOfHandler.get(handler) : undefined);
/** Every operation given a REST handler by route() so far (an app built once lists them all). */
export const restRoutedOperations = (): ReadonlySet<AnyOperation> => routedOperations;

/** The Hono handler for `op`, its input taken from the request by `inputOf`. */
export function route(deps: AppDeps, op: AnyOperation, inputOf: InputOf = () => undefined, opts: RouteOptions = {}) {
  const handler = makeRoute(deps, op, inputOf, opts);
  operationOfHandler.set(handler, op);
  routedOperations.add(op);
  return handler;
}

function makeRoute(deps: AppDeps, op: AnyOperation, inputOf: InputOf, opts: RouteOptions) {
  const finish = (c: HonoContext, ctx: Context, result: unknown): Response => {
    try {
      return answer(c, ctx, opts, result);
    } catch (error) {
      return refuse(deps, c, ctx, error);
    }
  };
  return (c: HonoContext): MaybePromise<Response> => {
    let ctx: Context | undefined;
    let result: unknown;
    try {
      ctx = contextOf(deps, c);
      admit(op, ctx);
      const input = inputOf(c);
      result = input instanceof Promise ? input.then((raw) => runAdmitted(op, ctx!, raw)) : runAdmitted(op, ctx, input);
    } catch (error) {
      return refuse(deps, c, ctx, error);
    }
    if (!(result instanceof Promise)) return finish(c, ctx, result);
    const done = ctx;
    return result.then(
      (data) => finish(c, done, data),
      (error: unknown) => refuse(deps, c, done, error),
    );
  };
}

/** The JSON body, {} when empty; a broken body is a 400 that says so. The operation's schema checks the rest. */
export async function jsonBody(c: HonoContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('errors.badJson');
  }
  return body as Record<string, unknown>;
}

/** The JSON body with path parameters laid over it (the path wins). */
/**
 * A community's id in a path: any segment but the names of the community lists (/communities/all,
 * /joined, /created), which are routes of their own.
 */
export const COMMUNITY_ID = ':id{(?!(?:all|joined|created)$)[^/]+}';

export const bodyWith = (params: (c: HonoContext) => Record<string, unknown>) => async (c: HonoContext) => ({ ...(await jsonBody(c)), ...params(c) });
