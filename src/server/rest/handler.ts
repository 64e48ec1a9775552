import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { clientIp } from '../http/client-ip';
import { createContext, type AppDeps } from '../trpc/context';
import { createCaller } from '../trpc/root';
import { toRestError } from './errors';

export type Caller = ReturnType<typeof createCaller>;

/**
 * A REST shim: build the same context as tRPC, call the procedure in-process,
 * answer with the documented JSON. No logic of its own.
 */
/**
 * Calls a procedure in-process with the same context as tRPC; the headers it adds (Set-Cookie,
 * Retry-After) join the response being built on `c`.
 */
export async function callProcedure<T>(deps: AppDeps, c: HonoContext, call: (caller: Caller) => Promise<T> | T): Promise<T> {
  const resHeaders = new Headers();
  try {
    const ctx = createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.env.TRUST_PROXY), resHeaders });
    return await call(createCaller(ctx));
  } finally {
    // Before the response is built, not after (see app.ts on why).
    resHeaders.forEach((value, key) => c.header(key, value, { append: true }));
  }
}

/**
 * A REST shim: call the procedure, answer with the documented JSON. No logic of its own.
 */
export function shim(
  deps: AppDeps,
  call: (caller: Caller, c: HonoContext) => Promise<unknown> | unknown,
  opts: { status?: ContentfulStatusCode; page?: boolean } = {},
) {
  return async (c: HonoContext) => {
    try {
      const result = await callProcedure(deps, c, (caller) => call(caller, c));
      if (!opts.page) return c.json((result ?? null) as object, opts.status ?? 200);
      // REST contract: a list is a JSON array; the next page's cursor travels in a header.
      const { items, nextCursor } = result as { items: unknown[]; nextCursor: number | string | null };
      if (nextCursor !== null) c.header('X-Next-Cursor', String(nextCursor));
      return c.json(items, 200);
    } catch (error) {
      const { status, body } = toRestError(error, deps.log);
      return c.json(body, status);
    }
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
