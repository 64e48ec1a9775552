import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context';

export type IssueDto = { path: (string | number)[]; message: string };

export function zodIssues(error: unknown): IssueDto[] | undefined {
  if (!(error instanceof ZodError)) return undefined;
  return error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}

const t = initTRPC.context<Context>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const issues = zodIssues(error.cause);
    // A person reads this: the first validation message, or a plain line instead of a parser's or our own internals.
    const message =
      issues?.[0]?.message ??
      (error.code === 'INTERNAL_SERVER_ERROR'
        ? 'Something went wrong on our side. Please try again.'
        : error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError
          ? 'The request body must be valid JSON'
          : shape.message);
    return {
      ...shape,
      message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** Signed-in callers only; afterwards ctx.user and ctx.session are non-null. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
