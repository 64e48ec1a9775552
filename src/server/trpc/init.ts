import { initTRPC } from '@trpc/server';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import type { Context } from '../context';
import { execute, type AnyOperation, type MaybePromise, type Operation } from '../operations/define';
import { issuesOf, readableMessage, toTRPCError } from './errors';

/*
 * tRPC is the typed contract between the React app and the server: each procedure is a one-line
 * adapter over an operation (operations/), which holds the input schema, the guard and the call
 * into the services. The procedures' own input "parser" only carries the schema's types; the
 * operation parses, after checking who calls, so both transports refuse in the same order.
 */
const t = initTRPC.context<Context>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter: ({ shape, error, ctx }) => {
    const language = ctx?.language ?? DEFAULT_LANGUAGE;
    return {
      message: readableMessage(error, language),
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues: issuesOf(error, language) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A Standard Schema that accepts any value: it gives tRPC the operation's input type, nothing more. */
type Typed<In> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: In };
    readonly types?: { readonly input: In; readonly output: In };
  };
};
const PASS: Typed<unknown> = { '~standard': { version: 1, vendor: 'harambee', validate: (value) => ({ value }) } };
const typed = <In>() => PASS as Typed<In>;

/** Runs the operation for tRPC: its domain errors become tRPC errors (trpc/errors.ts). */
function resolve<Out>(op: AnyOperation, ctx: Context, input: unknown): MaybePromise<Out> {
  let out: unknown;
  try {
    out = execute(op, ctx, input);
  } catch (error) {
    throw toTRPCError(error);
  }
  return out instanceof Promise ? out.catch((error: unknown) => Promise.reject(toTRPCError(error))) : (out as Out);
}

// An operation without input gets a procedure without input, so tRPC never reads one for it
// (a broken body then fails only the calls that take input, as in trpc/http.ts).
const builderFor = <In>(op: AnyOperation) => (op.input ? t.procedure.input(typed<In>()) : (t.procedure as unknown as ReturnType<typeof t.procedure.input<Typed<In>>>));
const queryOf = <In, Out>(op: Operation<'query', In, any, Out>) =>
  builderFor<In>(op).query(({ ctx, input }) => resolve<Awaited<Out>>(op, ctx, input));
const mutationOf = <In, Out>(op: Operation<'mutation', In, any, Out>) =>
  builderFor<In>(op).mutation(({ ctx, input }) => resolve<Awaited<Out>>(op, ctx, input));

type ProcedureOf<O> =
  O extends Operation<'query', infer In, any, infer Out>
    ? ReturnType<typeof queryOf<In, Out>>
    : O extends Operation<'mutation', infer In, any, infer Out>
      ? ReturnType<typeof mutationOf<In, Out>>
      : never;

/** A namespace of operations as tRPC procedures. */
export function proceduresOf<R extends Record<string, AnyOperation>>(ops: R): { [K in keyof R]: ProcedureOf<R[K]> } {
  const out: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(ops)) out[name] = op.type === 'query' ? queryOf(op as Operation<'query'>) : mutationOf(op as Operation<'mutation'>);
  return out as { [K in keyof R]: ProcedureOf<R[K]> };
}
