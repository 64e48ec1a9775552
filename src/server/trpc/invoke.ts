import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { appRouter, type createCaller } from './root';

export type Caller = ReturnType<typeof createCaller>;

/*
 * How the REST shims call procedures (decision 006). A procedure is its middleware chain (session
 * check, input parsing, community guards) ending in its resolver; this runs that chain in order
 * with tRPC's own rules: a middleware's next({ ctx }) merges into the context, next({ input })
 * replaces the input, a throw becomes a TRPCError. It is what createCaller does, without
 * createCaller's proxy per call and the helper-built object copies of tRPC's runner (several per
 * middleware): ~15 µs a call on the members page (docs/benchmarks.md). Auth and validation are
 * the procedure's own, so REST and tRPC still behave alike; tests/unit/invoke.test.ts fails if
 * tRPC's procedure definitions change shape, and the API tests run every procedure both ways.
 */

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> };
type Middleware = (opts: {
  ctx: object;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: undefined;
  next: (opts?: NextOptions) => Promise<MiddlewareResult>;
}) => Promise<MiddlewareResult> | MiddlewareResult;
type ProcedureDef = { type: string; meta: unknown; middlewares: Middleware[] };

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>;

async function step(def: ProcedureDef, path: string, index: number, ctx: object, input: unknown, getRawInput: () => Promise<unknown>): Promise<MiddlewareResult> {
  try {
    return await def.middlewares[index]!({
      ctx,
      type: def.type,
      path,
      input,
      getRawInput,
      meta: def.meta,
      signal: undefined,
      next: (next) =>
        step(
          def,
          path,
          index + 1,
          next?.ctx ? { ...ctx, ...next.ctx } : ctx,
          next && 'input' in next ? next.input : input,
          next?.getRawInput ?? getRawInput,
        ),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/** Calls the procedure at `path` ("communities.list") with `ctx` and the raw input. */
export async function invokeProcedure(path: string, ctx: Context, rawInput: unknown): Promise<unknown> {
  const def = procedures[path]?._def;
  if (!def) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
  const result = await step(def, path, 0, ctx, undefined, async () => rawInput);
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares' });
  if (!result.ok) throw result.error;
  return result.data;
}

/** `caller.communities.list(input)`, typed like createCaller's, over invokeProcedure. */
export function procedureCaller(ctx: Context): Caller {
  const namespace = (ns: string) =>
    new Proxy({}, { get: (_, name) => (typeof name === 'string' ? (input?: unknown) => invokeProcedure(`${ns}.${name}`, ctx, input) : undefined) });
  return new Proxy({}, { get: (_, ns) => (typeof ns === 'string' && ns !== 'then' ? namespace(ns) : undefined) }) as Caller;
}
