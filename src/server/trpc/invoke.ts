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
 * the procedure's own, so REST and tRPC still behave alike. tests/api/invoke-parity.test.ts
 * fails if tRPC's procedure definitions change shape, and the API tests run every procedure
 * both ways.
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

/*
 * No function expressions are created per call below: the server runs under tsx, whose
 * transform names each one with an Object.defineProperty (~1 µs apiece, several per request).
 * `next` is a bound function and the proxies' handlers are created once.
 */
type Frame = { def: ProcedureDef; path: string; index: number; ctx: object; input: unknown; getRawInput: () => Promise<unknown> };

function next(this: Frame, opts?: NextOptions): Promise<MiddlewareResult> {
  return step({
    def: this.def,
    path: this.path,
    index: this.index + 1,
    ctx: opts?.ctx ? { ...this.ctx, ...opts.ctx } : this.ctx,
    input: opts && 'input' in opts ? opts.input : this.input,
    getRawInput: opts?.getRawInput ?? this.getRawInput,
  });
}

async function step(frame: Frame): Promise<MiddlewareResult> {
  try {
    return await frame.def.middlewares[frame.index]!({
      ctx: frame.ctx,
      type: frame.def.type,
      path: frame.path,
      input: frame.input,
      getRawInput: frame.getRawInput,
      meta: frame.def.meta,
      signal: undefined,
      next: next.bind(frame),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/** Calls the procedure at `path` ("communities.list") with `ctx` and the raw input. */
export async function invokeProcedure(path: string, ctx: Context, rawInput: unknown): Promise<unknown> {
  const def = procedures[path]?._def;
  if (!def) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
  const result = await step({ def, path, index: 0, ctx, input: undefined, getRawInput: Promise.resolve.bind(Promise, rawInput) });
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares' });
  if (!result.ok) throw result.error;
  return result.data;
}

const namespaceHandler: ProxyHandler<{ ctx: Context; ns: string }> = {
  get(target, name) {
    if (typeof name !== 'string') return undefined;
    const path = `${target.ns}.${name}`;
    return invokeProcedure.bind(null, path, target.ctx);
  },
};
const callerHandler: ProxyHandler<{ ctx: Context }> = {
  get(target, ns) {
    return typeof ns === 'string' && ns !== 'then' ? new Proxy({ ctx: target.ctx, ns }, namespaceHandler) : undefined;
  },
};

/** `caller.communities.list(input)`, typed like createCaller's, over invokeProcedure. */
export function procedureCaller(ctx: Context): Caller {
  return new Proxy({ ctx }, callerHandler) as unknown as Caller;
}
