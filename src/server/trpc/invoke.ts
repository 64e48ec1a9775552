import { getTRPCErrorFromUnknown, TRPCError, type inferRouterInputs, type inferRouterOutputs } from '@trpc/server';
import { core } from 'zod';
import type { Context } from './context';
import { appRouter, type AppRouter } from './root';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** A value, or a promise of it when something on the way was asynchronous: `await` it or return it. */
export type MaybePromise<T> = T | Promise<T>;
/**
 * `caller.communities.list(input)` as the REST shims use it: createCaller's procedures, answering
 * synchronously when the whole chain was synchronous (see below). Typed so that a shim cannot
 * `.then()` an answer that may not be a promise.
 */
export type Caller = {
  [NS in keyof Outputs]: { [P in keyof Outputs[NS]]: (input?: Inputs[NS][P]) => MaybePromise<Outputs[NS][P]> };
};

/*
 * How the REST shims call procedures (decision 006). A procedure is its middleware chain (session
 * check, input parsing, community guards) ending in its resolver; this runs that chain in order
 * with tRPC's own rules: a middleware's next({ ctx }) merges into the context, next({ input })
 * replaces the input, a throw becomes a TRPCError. It is what createCaller does, without
 * createCaller's proxy per call and the helper-built object copies of tRPC's runner (several per
 * middleware). Auth and validation are the procedure's own, so REST and tRPC still behave alike.
 * tests/api/invoke-parity.test.ts fails if tRPC's procedure definitions change shape, and the
 * API tests run every procedure both ways.
 *
 * Synchronous where the procedure is: tRPC's runner awaits every step, its input step awaits the
 * raw input and zod's parseAsync, and its resolver step awaits the resolver, so even a procedure
 * whose guards and service are all synchronous (better-sqlite3 is) costs a dozen promises and
 * as many microtask turns. Here a step's result is handed on as it is when nothing in it was
 * asynchronous: the input steps parse with zod's synchronous safeParse (the same schema, issues
 * and BAD_REQUEST), the resolver step calls the resolver, and `next()` returns the rest of the
 * chain's result directly or as a promise. Our middlewares only `return next(...)`, which works
 * either way; an async middleware or resolver simply makes that step a promise.
 * Measured on the members page: docs/benchmarks.md, "Third session".
 */

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Outcome = MiddlewareResult | Promise<MiddlewareResult>;
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> };
type MiddlewareOptions = {
  ctx: object;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: undefined;
  next: (opts?: NextOptions) => Outcome;
};
type Middleware = ((opts: MiddlewareOptions) => Outcome) & { _type?: string };
type SafeParser = { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: Error } };
export type ProcedureDef = { type: string; meta: unknown; middlewares: Middleware[]; inputs?: unknown[]; resolver?: (opts: MiddlewareOptions) => unknown };

/** What the executor does at each step of a procedure's chain. */
export type Step =
  | { kind: 'input'; parser: SafeParser; middleware: Middleware }
  | { kind: 'resolve'; resolver: (opts: MiddlewareOptions) => unknown }
  | { kind: 'call'; middleware: Middleware };
type Plan = { def: ProcedureDef; path: string; steps: Step[] };

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef } | undefined>;

const isParser = (p: unknown): p is SafeParser => typeof (p as SafeParser | null)?.safeParse === 'function';

/**
 * Reads a procedure's definition into steps. tRPC appends one input middleware (marked
 * `_type: 'input'`) per `.input()` parser, in the order of `_def.inputs`, and ends the chain with
 * a middleware that calls `_def.resolver`. Anything not recognised runs as tRPC's own middleware.
 */
export function planSteps(def: ProcedureDef): Step[] {
  const inputs = def.inputs ?? [];
  const inputSteps = def.middlewares.filter((m) => m._type === 'input').length;
  const last = def.middlewares.length - 1;
  let nextInput = 0;
  return def.middlewares.map((middleware, i): Step => {
    if (middleware._type === 'input') {
      const parser = inputSteps === inputs.length ? inputs[nextInput++] : undefined;
      return isParser(parser) ? { kind: 'input', parser, middleware } : { kind: 'call', middleware };
    }
    if (i === last && middleware.name === 'resolveMiddleware' && typeof def.resolver === 'function') return { kind: 'resolve', resolver: def.resolver };
    return { kind: 'call', middleware };
  });
}

const plans = new Map<string, Plan>();
function planFor(path: string): Plan | undefined {
  let plan = plans.get(path);
  if (!plan) {
    const def = procedures[path]?._def;
    if (!def) return undefined;
    plans.set(path, (plan = { def, path, steps: planSteps(def) }));
  }
  return plan;
}

/*
 * No function expressions are created per call below: the server runs under tsx, whose
 * transform names each one with an Object.defineProperty (~1 µs apiece, several per request).
 * `next` is a bound function; promise callbacks are module-level functions.
 */
const UNKNOWN = Symbol('raw input read through a middleware-supplied getRawInput');
type Frame = { plan: Plan; index: number; ctx: object; input: unknown; rawInput: unknown; getRawInput: () => Promise<unknown> };

function next(this: Frame, opts?: NextOptions): Outcome {
  const getRawInput = opts?.getRawInput;
  return step({
    plan: this.plan,
    index: this.index + 1,
    // Object.assign, not a spread: on Node 20 `{ ...ctx, ...more }` with keys the context lacks
    // (community, role) takes V8's slow path, ~4.6 µs against ~0.8 µs.
    ctx: opts?.ctx ? Object.assign({}, this.ctx, opts.ctx) : this.ctx,
    input: opts && 'input' in opts ? opts.input : this.input,
    rawInput: getRawInput ? UNKNOWN : this.rawInput,
    getRawInput: getRawInput ?? this.getRawInput,
  });
}

function failure(cause: unknown): MiddlewareResult {
  return { ok: false, error: getTRPCErrorFromUnknown(cause) };
}
function success(data: unknown): MiddlewareResult {
  return { ok: true, data };
}
const isThenable = (value: unknown): value is Promise<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as Promise<unknown>).then === 'function';
const isObject = (value: unknown): value is object => !!value && !Array.isArray(value) && typeof value === 'object';

function optionsOf(frame: Frame): MiddlewareOptions {
  return {
    ctx: frame.ctx,
    type: frame.plan.def.type,
    path: frame.plan.path,
    input: frame.input,
    getRawInput: frame.getRawInput,
    meta: frame.plan.def.meta,
    signal: undefined,
    next: next.bind(frame),
  };
}

/** tRPC's input middleware, synchronously: parse, refuse with BAD_REQUEST, merge object inputs. */
function parseInput(frame: Frame, parser: SafeParser): Outcome {
  const parsed = parser.safeParse(frame.rawInput);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
  const input = isObject(frame.input) && isObject(parsed.data) ? { ...frame.input, ...parsed.data } : parsed.data;
  return next.call(frame, { input });
}

function step(frame: Frame): Outcome {
  const s = frame.plan.steps[frame.index]!;
  try {
    let out: unknown;
    if (s.kind === 'resolve') {
      const data = s.resolver(optionsOf(frame));
      return isThenable(data) ? data.then(success, failure) : success(data);
    }
    if (s.kind === 'input' && frame.rawInput !== UNKNOWN) {
      try {
        out = parseInput(frame, s.parser);
      } catch (error) {
        // A schema with async refinements cannot parse synchronously: let tRPC's own step do it.
        if (!(error instanceof core.$ZodAsyncError)) throw error;
        out = s.middleware(optionsOf(frame));
      }
    } else {
      out = s.middleware(optionsOf(frame));
    }
    return isThenable(out) ? (out as Promise<MiddlewareResult>).then(undefined, failure) : (out as MiddlewareResult);
  } catch (cause) {
    return failure(cause);
  }
}

function unwrap(result: MiddlewareResult | undefined): unknown {
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares' });
  if (!result.ok) throw result.error;
  return result.data;
}

function run(plan: Plan, ctx: object, rawInput: unknown): Outcome {
  return step({ plan, index: 0, ctx, input: undefined, rawInput, getRawInput: Promise.resolve.bind(Promise, rawInput) });
}

/** Calls the procedure at `path` ("communities.list") with `ctx` and the raw input. */
export async function invokeProcedure(path: string, ctx: Context, rawInput: unknown): Promise<unknown> {
  const plan = planFor(path);
  if (!plan) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
  return call(plan, ctx, rawInput);
}

/** Runs any procedure definition (tests use it on routers of their own). */
export function callDefinition(def: ProcedureDef, path: string, ctx: object, rawInput: unknown): unknown {
  return call({ def, path, steps: planSteps(def) }, ctx, rawInput);
}

/** The procedure's data, or its error thrown: synchronously when the chain was. */
function call(plan: Plan, ctx: object, rawInput: unknown): unknown {
  const out = run(plan, ctx, rawInput);
  return isThenable(out) ? out.then(unwrap) : unwrap(out);
}

/*
 * The typed caller the shims use, `caller.communities.list(input)`. Built once at start as a class
 * per namespace whose methods hold their procedure's plan, so a call costs two small objects and
 * no lookup: a Proxy here (a trap, a path string and a Map lookup per call) cost a few µs.
 */
type Namespace = { ctx: Context };
const namespaces = new Map<string, new (ctx: Context) => Namespace>();
for (const path of Object.keys(procedures)) {
  const [ns, name] = path.split('.') as [string, string];
  let Ns = namespaces.get(ns);
  if (!Ns) {
    Ns = class {
      constructor(readonly ctx: Context) {}
    };
    namespaces.set(ns, Ns);
  }
  const plan = planFor(path)!;
  Object.defineProperty(Ns.prototype, name, {
    value: function procedure(this: Namespace, rawInput?: unknown) {
      return call(plan, this.ctx, rawInput);
    },
  });
}
class ProcedureCaller {
  constructor(readonly ctx: Context) {}
}
for (const [ns, Ns] of namespaces) {
  Object.defineProperty(ProcedureCaller.prototype, ns, {
    get(this: ProcedureCaller) {
      return new Ns(this.ctx);
    },
  });
}

/** A caller for one request's context (see `Caller`). */
export function procedureCaller(ctx: Context): Caller {
  return new ProcedureCaller(ctx) as unknown as Caller;
}
