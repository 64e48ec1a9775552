import type { z } from 'zod';
import type { SessionRow, UserRow } from '../../../db/schema';
import { canIn, DENIED, staffCan, type CommunityCapability, type CommunityRole, type StaffCapability } from '@shared/permissions';
import { inNextCommit } from '../../../db/group-commit';
import { wakeAfterCommit } from '../mail/outbox';
import { noteRetryAfter } from './retry-after';
import type { Context } from '../context';
import type { CommunityRecord } from '../services/community-dto';
import { findCommunity } from '../services/communities';
import { hasSecondFactor, SECOND_FACTOR_MSG } from '../services/second-factor';
import { DomainError, forbidden, invalid, notFound, unauthenticated, type Issue } from '../services/errors';

/*
 * One operation = its input schema + who may call it + what it does. The tRPC procedure and the
 * REST route are adapters over it (trpc/procedures.ts, rest/route.ts); neither has a guard or a
 * rule of its own, so both transports answer alike, and neither pays for the other's pipeline.
 *
 * Who may call is declared, never called from inside `run`:
 * - anyone: signed out too;
 * - signedIn: any account (refused while a staff-reset password waits to be changed);
 * - staff(capability): an account whose staff role has the capability (permissions.ts);
 * - inCommunity(capability, communityOf?): a member of the community the input names (or that
 *   the addressed row belongs to) whose community role has the capability. An unknown row, an
 *   unknown community and a private community's inside all answer 404 alike, so ids reveal nothing.
 *
 * The order is fixed: signed in? staff role? input valid? member with the capability? then run.
 * Everything here is synchronous when `run` is (better-sqlite3 is), so a read answers without a
 * promise on either transport.
 */

/** The key of the refusal while a staff-reset password waits to be changed. */
export const PASSWORD_CHANGE_REQUIRED = 'errors.passwordChangeRequired';

export type SignedInContext = Context & { user: UserRow; session: SessionRow };
export type CommunityScope = { community: CommunityRecord; role: CommunityRole };

type CommunityOf = (input: any, ctx: Context) => number | undefined;

export type Access =
  | { kind: 'anyone' }
  | { kind: 'signed-in'; duringPasswordChange: boolean }
  | { kind: 'staff'; capability: StaffCapability }
  | { kind: 'community'; capability: CommunityCapability; communityOf: CommunityOf; notFound: string };

export const anyone = { kind: 'anyone' } as const satisfies Access;
export const signedIn = { kind: 'signed-in', duringPasswordChange: false } as const satisfies Access;
/** Only for choosing the new password itself. */
export const signedInChangingPassword = { kind: 'signed-in', duringPasswordChange: true } as const satisfies Access;
export const staff = (capability: StaffCapability) => ({ kind: 'staff', capability }) as const satisfies Access;

const COMMUNITY_NOT_FOUND = 'validation.community.notFound';
const byCommunityId: CommunityOf = (input: { communityId: number }) => input.communityId;

/**
 * A member with `capability` in the community the input's `communityId` names, or that
 * `communityOf` finds for the addressed row (undefined: no such row, answered with `missing`).
 */
export function inCommunity(capability: CommunityCapability, communityOf: CommunityOf = byCommunityId, missing = COMMUNITY_NOT_FOUND) {
  return { kind: 'community', capability, communityOf, notFound: missing } as const satisfies Access;
}

type CtxFor<A extends Access> = A extends { kind: 'anyone' } ? Context : SignedInContext;
type ScopeFor<A extends Access> = A extends { kind: 'community' } ? CommunityScope : undefined;
type Schema = z.ZodType;
type InputOf<S> = S extends Schema ? z.output<S> : undefined;
export type MaybePromise<T> = T | Promise<T>;

export type Operation<T extends 'query' | 'mutation' = 'query' | 'mutation', In = any, Parsed = any, Out = any> = {
  type: T;
  input: Schema | undefined;
  access: Access;
  run: (ctx: any, input: Parsed, scope: any) => MaybePromise<Out>;
  /** A grouped write (groupedMutation): the guard and `run` go in the next group commit. */
  grouped?: { after?: (ctx: any, written: any) => MaybePromise<Out> };
  /** Types only: what a caller sends. */
  readonly _in?: In;
};
export type AnyOperation = Operation;
export type OperationInput<O> = O extends Operation<any, infer In> ? In : never;
export type OperationOutput<O> = O extends Operation<any, any, any, infer Out> ? Awaited<Out> : never;

function define<T extends 'query' | 'mutation'>(type: T) {
  return <A extends Access, S extends Schema | undefined = undefined, Out = unknown>(def: {
    input?: S;
    access: A;
    run: (ctx: CtxFor<A>, input: InputOf<S>, scope: ScopeFor<A>) => MaybePromise<Out>;
  }): Operation<T, S extends Schema ? z.input<S> : void, InputOf<S>, Out> => ({ type, input: def.input, access: def.access, run: def.run });
}

/** A read: a GET on both transports, never changes anything. */
export const query = define('query');
/** A write. */
export const mutation = define('mutation');

/**
 * A write whose checks and `run` are synchronous, committed with the other grouped writes of the
 * same turn of the event loop in one transaction (db/group-commit.ts): each commit is synced to
 * disk, and under load that sync, once per write, cost more of the server's time than most
 * writes themselves. The caller is answered once the batch has committed, so an answered write is
 * on disk as before. The guard (membership, capability) and the write run together in the batch,
 * with nothing between them. `after` runs once committed, for what must not hold the batch or may
 * be asynchronous (mail); what it returns is the answer.
 * `run` must not return a promise (better-sqlite3 refuses one inside a transaction).
 */
export function groupedMutation<A extends Access, S extends Schema | undefined = undefined, Written = unknown, Out = Written>(def: {
  input?: S;
  access: A;
  run: (ctx: CtxFor<A>, input: InputOf<S>, scope: ScopeFor<A>) => Written extends PromiseLike<unknown> ? never : Written;
  after?: (ctx: CtxFor<A>, written: Written) => MaybePromise<Out>;
}): Operation<'mutation', S extends Schema ? z.input<S> : void, InputOf<S>, Out> {
  // Without `after`, what run wrote is the answer (Out defaults to Written).
  return { type: 'mutation', input: def.input, access: def.access, run: def.run as Operation['run'], grouped: { after: def.after } };
}

/** Steps 1 and 2: signed in and, for staff operations, the staff capability. Before any input is read. */
export function admit(op: AnyOperation, ctx: Context): void {
  const access = op.access;
  if (access.kind === 'anyone') return;
  const user = ctx.user;
  if (!user || !ctx.session) throw unauthenticated();
  // After a staff reset, choosing a new password comes before anything else.
  if (user.mustChangePassword && !(access.kind === 'signed-in' && access.duringPasswordChange)) throw forbidden(PASSWORD_CHANGE_REQUIRED);
  if (access.kind === 'staff') {
    if (!staffCan(user.role, access.capability)) throw forbidden(DENIED[access.capability]);
    // Staff work only with a second factor: until theirs is set up, every staff operation refuses.
    if (!hasSecondFactor(ctx.db, user.id)) throw forbidden(SECOND_FACTOR_MSG.required);
  }
}

/** zod's issues as the error contract carries them. */
export function toIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Issue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}

function parse(schema: Schema | undefined, raw: unknown): unknown {
  if (!schema) return undefined;
  // Synchronous: our schemas have no async refinements (an async one would throw here, loudly).
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = toIssues(parsed.error.issues);
  throw invalid(issues[0]?.message ?? 'Invalid input', issues);
}

/** The caller's membership of a community: 404 for an unknown one and, to outsiders, a private or hidden one. */
export function membership(ctx: SignedInContext, communityId: number): CommunityScope {
  const community = findCommunity(ctx.db, { id: communityId, viewerId: ctx.user.id });
  if (!community) throw notFound(COMMUNITY_NOT_FOUND);
  if (!community.viewerRole) {
    // A private community's inside, or one staff have hidden, does not exist for outsiders.
    if (!community.isPublic || community.isHidden) throw notFound(COMMUNITY_NOT_FOUND);
    throw forbidden(DENIED['community.view']);
  }
  return { community, role: community.viewerRole as CommunityRole };
}

/**
 * Steps 3 to 5, after admit(): the input, the community guard, the operation itself; for a
 * grouped write, all three in the next group commit, then its `after`.
 */
export function runAdmitted(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  // A refusal with a wait says how long, on both transports (Retry-After).
  let result: unknown;
  try {
    result = runWoken(op, ctx, raw);
  } catch (error) {
    noteRetryAfter(ctx.resHeaders, error);
    throw error;
  }
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    noteRetryAfter(ctx.resHeaders, error);
    throw error;
  });
}

function runWoken(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  if (op.type !== 'mutation') return runIn(op, ctx, raw);
  // A write may have queued mail (mail/outbox.ts): once it is over, committed or not, the sender looks.
  let result: unknown;
  try {
    result = runIn(op, ctx, raw);
  } finally {
    if (!(result instanceof Promise)) wakeAfterCommit(ctx.outbox);
  }
  return result instanceof Promise ? result.finally(() => wakeAfterCommit(ctx.outbox)) : result;
}

function runIn(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  const grouped = op.grouped;
  if (!grouped) return guardAndRun(op, ctx, raw);
  const written = inNextCommit(ctx.db, () => guardAndRun(op, ctx, raw));
  const after = grouped.after;
  return after ? written.then((w) => after(ctx, w)) : written;
}

function guardAndRun(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  const input = parse(op.input, raw);
  const access = op.access;
  let scope: CommunityScope | undefined;
  if (access.kind === 'community') {
    const id = access.communityOf(input, ctx);
    if (id === undefined) throw notFound(access.notFound);
    try {
      scope = membership(ctx as SignedInContext, id);
    } catch (error) {
      // A row inside a private or hidden community answers exactly as an unknown row, so its id reveals nothing.
      if (access.communityOf !== byCommunityId && error instanceof DomainError && error.kind === 'not-found') throw notFound(access.notFound);
      throw error;
    }
    if (!canIn(scope.role, scope.community, access.capability)) throw forbidden(DENIED[access.capability]);
  }
  return op.run(ctx, input, scope);
}

/**
 * The whole operation inside a transaction the caller holds (the offline sync's records, each in
 * its own savepoint with the row that remembers it): the same checks in the same order, a grouped
 * write's `run` included, but never through the group commit, which would wait for a later turn.
 */
export function executeInside(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  admit(op, ctx);
  return guardAndRun(op, ctx, raw);
}

/** The whole operation for one caller: its result, or a promise of it when `run` was asynchronous. */
export function execute(op: AnyOperation, ctx: Context, raw: unknown): unknown {
  admit(op, ctx);
  return runAdmitted(op, ctx, raw);
}
