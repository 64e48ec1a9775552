import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createSession } from '../../src/server/auth/session';
import { createLogger } from '../../src/server/logger';
import { createContext } from '../../src/server/trpc/context';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { callDefinition, invokeProcedure, planSteps, procedureCaller, type ProcedureDef } from '../../src/server/trpc/invoke';
import { appRouter, createCaller } from '../../src/server/trpc/root';
import { makeTestApp, type TestApp } from '../setup/app';
import { cast, snapshot } from '../setup/communities';

/*
 * The REST shims run procedures through src/server/trpc/invoke.ts instead of createCaller
 * (decision 006). These tests hold the two to the same answers: results, error codes, messages
 * and validation issues, and the effects of writes. The first one fails if tRPC changes the
 * shape of the procedure definitions the executor reads.
 */

function contextFor(t: TestApp, user: UserRow | null) {
  const headers = new Headers();
  if (user) headers.set('cookie', `harambee_session=${createSession(t.db, user.id, t.clock.now()).token}`);
  return createContext(
    { db: t.db, env: t.env, mailer: null as never, log: createLogger('silent'), now: t.clock.now, throttle: null as never },
    { headers, ip: '127.0.0.1', resHeaders: new Headers() },
  );
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string; message: string; issues: unknown };
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { issues?: unknown } | undefined;
    return { ok: false, code: error.code, message: error.message, issues: cause?.issues ?? null };
  }
}

async function both(t: TestApp, user: UserRow | null, path: string, input: unknown) {
  const viaCaller = await outcome(() => {
    const [ns, name] = path.split('.') as [string, string];
    const caller = createCaller(contextFor(t, user)) as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>;
    return caller[ns]![name]!(input);
  });
  const viaInvoke = await outcome(() => invokeProcedure(path, contextFor(t, user), input));
  return { viaCaller, viaInvoke };
}

describe('REST procedure executor (src/server/trpc/invoke.ts)', () => {
  it('finds what it reads on every procedure: two-part paths, a type, middlewares ending in the resolver', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; middlewares: unknown[] } }>;
    expect(Object.keys(procedures).length).toBeGreaterThan(50);
    for (const [path, proc] of Object.entries(procedures)) {
      expect(path.split('.'), path).toHaveLength(2);
      expect(['query', 'mutation'], path).toContain(proc._def.type);
      expect(proc._def.middlewares.length, path).toBeGreaterThan(0);
      expect(proc._def.middlewares.every((m) => typeof m === 'function'), path).toBe(true);
    }
  });

  it('reads every procedure as its input steps and resolver, so the synchronous path applies to all', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
    for (const [path, proc] of Object.entries(procedures)) {
      const kinds = planSteps(proc._def).map((s) => s.kind);
      expect(kinds.at(-1), path).toBe('resolve');
      expect(kinds.filter((k) => k === 'input').length, path).toBe(proc._def.inputs?.length ?? 0);
    }
  });

  it('answers synchronously when every step is, and through a promise when one is not', async () => {
    const t = makeTestApp();
    const { users, priv } = await cast(t);
    const caller = procedureCaller(contextFor(t, users.member));
    const members = caller.communities.members({ communityId: priv.id, limit: 2 });
    expect(members).not.toBeInstanceOf(Promise);
    expect((members as { items: unknown[] }).items).toHaveLength(2);
    // A refusal on the synchronous path is thrown, not returned.
    expect(() => procedureCaller(contextFor(t, users.outsider)).communities.members({ communityId: priv.id })).toThrow(TRPCError);
    // An asynchronous middleware or resolver (signing in hashes with argon2) makes the answer a promise.
    const trpc = initTRPC.create();
    const later = trpc.procedure.use(async ({ next }) => next());
    const router = trpc.router({
      sync: trpc.procedure.query(() => 1),
      asyncResolver: trpc.procedure.query(async () => 2),
      asyncMiddleware: later.query(() => 3),
      asyncRefusal: later.query(() => {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
      }),
    });
    const defs = router._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
    const run = (name: string) => callDefinition(defs[name]!._def, name, {}, undefined);
    expect(run('sync')).toBe(1);
    const [a, b, refusal] = [run('asyncResolver'), run('asyncMiddleware'), run('asyncRefusal')];
    for (const answer of [a, b, refusal]) expect(answer).toBeInstanceOf(Promise);
    expect([await a, await b]).toEqual([2, 3]);
    await expect(refusal).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'no' });
  });

  it('parses with tRPC’s own step when a schema has asynchronous checks, with the same answers and errors', async () => {
    const t = initTRPC.create();
    const evenly = z.object({ n: z.number().refine(async (n) => n % 2 === 0, 'must be even') });
    const router = t.router({ half: t.procedure.input(evenly).query(({ input }) => input.n / 2) });
    const def = (router._def.procedures as unknown as Record<string, { _def: ProcedureDef }>).half!._def;
    expect(planSteps(def).map((s) => s.kind)).toEqual(['input', 'resolve']);
    const viaTrpc = t.createCallerFactory(router)({});
    const viaExecutor = (input: unknown) => Promise.resolve().then(() => callDefinition(def, 'half', {}, input));
    expect(await viaExecutor({ n: 4 })).toBe(await viaTrpc.half({ n: 4 }));
    const refused = await viaExecutor({ n: 3 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    const expected = (await viaTrpc.half({ n: 3 }).catch((e: TRPCError) => e)) as TRPCError;
    expect((refused as TRPCError).message).toBe(expected.message);
    expect((refused as { cause: { issues: unknown } }).cause.issues).toEqual((expected.cause as unknown as { issues: unknown }).issues);
  });

  it('answers reads exactly as createCaller does, for each caller and each refusal', async () => {
    const t = makeTestApp();
    const { users, pub, priv } = await cast(t);
    const cases: [UserRow | null, string, unknown][] = [
      [null, 'communities.list', { limit: '2' }],
      [users.member, 'communities.list', { search: 'circle', limit: 1 }],
      [null, 'communities.list', { limit: 'many' }],
      [null, 'communities.list', { limit: 0, cursor: -1 }],
      [users.member, 'communities.members', { communityId: String(priv.id), limit: '2' }],
      [users.member, 'communities.members', { communityId: priv.id, limit: 2, cursor: 1 }],
      [users.outsider, 'communities.members', { communityId: pub.id }],
      [users.outsider, 'communities.members', { communityId: priv.id }],
      [null, 'communities.members', { communityId: pub.id }],
      [users.member, 'communities.members', { communityId: 'abc' }],
      [users.member, 'communities.byId', { id: priv.id }],
      [users.outsider, 'communities.byId', { id: priv.id }],
      [users.admin, 'communities.requests', { communityId: priv.id }],
      [users.member, 'communities.requests', { communityId: priv.id }],
      [users.member, 'auth.me', undefined],
      [null, 'auth.me', undefined],
      [null, 'communities.joined', {}],
      [users.member, 'admin.counts', undefined],
    ];
    for (const [user, path, input] of cases) {
      const { viaCaller, viaInvoke } = await both(t, user, path, input);
      expect(viaInvoke, `${path} ${JSON.stringify(input)} as ${user?.firstName ?? 'anonymous'}`).toEqual(viaCaller);
    }
    // The refusals above are refusals, not everything failing alike.
    expect((await both(t, users.outsider, 'communities.members', { communityId: priv.id })).viaInvoke).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await both(t, users.outsider, 'communities.members', { communityId: pub.id })).viaInvoke).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await both(t, null, 'communities.joined', {})).viaInvoke).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect((await both(t, users.member, 'communities.members', { communityId: priv.id, limit: 2 })).viaInvoke).toMatchObject({ ok: true });
  });

  it('makes the same writes: a refused one changes nothing, an allowed one the same rows', async () => {
    const t = makeTestApp();
    const { users, priv, pub } = await cast(t);
    const before = snapshot(t);
    const refused = await invokeProcedure('communities.setRole', contextFor(t, users.member), { communityId: priv.id, userId: users.target.id, role: 'admin' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('FORBIDDEN');
    expect(snapshot(t)).toEqual(before);

    await invokeProcedure('communities.setRole', contextFor(t, users.admin), { communityId: priv.id, userId: users.target.id, role: 'treasurer' });
    await createCaller(contextFor(t, users.admin)).communities.setRole({ communityId: pub.id, userId: users.target.id, role: 'treasurer' });
    const roles = t.db.$client.prepare('SELECT community_id, role FROM memberships WHERE user_id = ? ORDER BY community_id').all(users.target.id);
    expect(roles).toEqual([
      { community_id: pub.id, role: 'treasurer' },
      { community_id: priv.id, role: 'treasurer' },
    ]);
  });

  it('gives a middleware’s context to the next one (caller.x.y goes through the same executor)', async () => {
    const t = makeTestApp();
    const { users, priv } = await cast(t);
    // communities.update reads ctx.community, which the membership middleware adds.
    const updated = (await procedureCaller(contextFor(t, users.admin)).communities.update({ communityId: priv.id, name: 'Renamed Savings Circle' })) as {
      name: string;
    };
    expect(updated.name).toBe('Renamed Savings Circle');
    await expect(invokeProcedure('communities.nothing', contextFor(t, users.admin), {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
