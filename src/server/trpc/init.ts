import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import type { CommunityRole } from '../../../db/schema';
import { findCommunity } from '../services/communities';
import { communityId } from '../../shared/schemas/communities';
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
export const authedProcedure = t.procedure.use(({ ctx, next, path }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  // After a staff reset, choosing a new password comes before anything else.
  if (ctx.user.mustChangePassword && path !== 'auth.changePassword') {
    throw new TRPCError({ code: 'FORBIDDEN', message: PASSWORD_CHANGE_REQUIRED });
  }
  // Only what changes: tRPC merges it into the context (spreading the whole context here too
  // cost a copy of every key per call, on every signed-in request).
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const PASSWORD_CHANGE_REQUIRED = 'Please choose a new password before continuing.';

/** Staff of the provider: roles admin and superadmin (401 signed out, 403 anyone else). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin' && ctx.user.role !== 'superadmin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to access the admin dashboard" });
  }
  return next();
});

/** Only superadmins: granting or removing staff roles, system settings. */
export const superadminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'superadmin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only a superadmin can do this.' });
  return next();
});

/**
 * The caller's role in a community. Unknown community → NOT_FOUND; outsiders → FORBIDDEN for a
 * public community and NOT_FOUND for a private one (its inside is not theirs to know about).
 */
export function requireMembership(ctx: Pick<Context, 'db'> & { user: { id: string } }, id: number) {
  const community = findCommunity(ctx.db, { id, viewerId: ctx.user.id });
  if (!community) throw new TRPCError({ code: 'NOT_FOUND', message: 'Community Not Found' });
  if (!community.viewerRole) {
    if (!community.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: 'Community Not Found' });
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only members of this community can do this.' });
  }
  return { community, role: community.viewerRole as CommunityRole };
}

/** SPEC section 6: the creator or an admin may manage a community. */
export function requireLeader(role: CommunityRole) {
  if (role !== 'creator' && role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to access community settings." });
  }
}

/** A member of the community named by `communityId`; ctx gains `community` and `role`. */
export const communityMemberProcedure = authedProcedure
  .input(z.object({ communityId }))
  .use(({ ctx, input, next }) => next({ ctx: requireMembership(ctx, input.communityId) }));

/** The community's creator or one of its admins (who may open settings). */
export const communityAdminProcedure = communityMemberProcedure.use(({ ctx, next }) => {
  requireLeader(ctx.role);
  return next();
});

/** Only the community's creator. */
export const communityCreatorProcedure = communityMemberProcedure.use(({ ctx, next }) => {
  if (ctx.role !== 'creator') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only the creator of this community can do this.' });
  return next();
});
