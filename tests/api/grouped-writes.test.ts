import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { createContext } from '../../src/server/context';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { anyone, execute, groupedMutation } from '../../src/server/operations/define';
import { conflict, DomainError } from '../../src/server/services/errors';
import { OPERATIONS } from '../../src/server/operations';

/*
 * Writes declared with groupedMutation (operations/define.ts): those of one turn of the event loop
 * are committed together, each in its own savepoint, and each caller hears back only after the
 * commit. The hot writes of the load test are declared so.
 */

function world() {
  const db = openDatabase(':memory:');
  db.$client.exec('CREATE TABLE probe (n INTEGER NOT NULL)');
  const env = loadEnv({ APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DATABASE_PATH: ':memory:' });
  const now = () => Date.parse('2026-03-02T10:00:00Z');
  const deps = { db, env, log: createLogger('silent'), now, throttle: new LoginThrottle(now), mailer: createMailer({ from: env.MAIL_FROM, outboxDir: '/tmp/harambee-test-outbox', log: () => {} }) };
  const ctx = createContext(deps, { headers: new Headers(), ip: '127.0.0.1', resHeaders: new Headers() });
  const rows = () => (db.$client.prepare('SELECT n FROM probe ORDER BY n').pluck().all() as number[]);
  return { db, ctx, rows };
}

describe('grouped writes', () => {
  it('commit together: each write in the open batch, each answer after the commit, a refused one undoing only itself', async () => {
    const { db, ctx, rows } = world();
    const seen: { n: number; inTransaction: boolean }[] = [];
    const write = groupedMutation({
      input: z.object({ n: z.number().int() }),
      access: anyone,
      run: (_ctx, input) => {
        db.$client.prepare('INSERT INTO probe (n) VALUES (?)').run(input.n);
        seen.push({ n: input.n, inTransaction: db.$client.inTransaction });
        if (input.n === 2) throw conflict('errors.polls.closed');
        return { n: input.n };
      },
    });
    const answers = [1, 2, 3].map((n) => execute(write, ctx, { n }) as Promise<{ n: number }>);
    const bad = execute(write, ctx, { n: 'four' }) as Promise<unknown>;
    // Nothing is written before the batch runs, after this turn.
    expect(rows()).toEqual([]);
    const settled = await Promise.allSettled([...answers, bad]);
    expect(db.$client.inTransaction).toBe(false);
    expect(seen).toEqual([
      { n: 1, inTransaction: true },
      { n: 2, inTransaction: true },
      { n: 3, inTransaction: true },
    ]);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: { n: 1 } });
    expect(settled[1]!.status).toBe('rejected');
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect((settled[1] as PromiseRejectedResult).reason.kind).toBe('conflict');
    expect(settled[2]).toEqual({ status: 'fulfilled', value: { n: 3 } });
    // The schema refuses the input inside the batch, and nothing of it is written.
    expect(settled[3]!.status).toBe('rejected');
    expect((settled[3] as PromiseRejectedResult).reason.kind).toBe('invalid');
    // The refused write's row went with its savepoint; the others are committed.
    expect(rows()).toEqual([1, 3]);
  });

  it("run `after` once committed, with what the write returned; its value is the answer", async () => {
    const { db, ctx, rows } = world();
    let committedWhenAfterRan: number[] | null = null;
    const write = groupedMutation({
      access: anyone,
      run: () => {
        db.$client.prepare('INSERT INTO probe (n) VALUES (7)').run();
        return { n: 7, notices: ['a'] };
      },
      after: (_ctx, { n, notices }) => {
        committedWhenAfterRan = db.$client.inTransaction ? null : rows();
        return { n, told: notices.length };
      },
    });
    expect(await execute(write, ctx, undefined)).toEqual({ n: 7, told: 1 });
    expect(committedWhenAfterRan).toEqual([7]);
  });

  it('are the load test’s hot writes', () => {
    const grouped = (op: { grouped?: unknown }) => op.grouped !== undefined;
    expect(grouped(OPERATIONS.communities.join)).toBe(true);
    expect(grouped(OPERATIONS.profile.updatePanel)).toBe(true);
    expect(grouped(OPERATIONS.announcements.create)).toBe(true);
    expect(grouped(OPERATIONS.finances.declarePayment)).toBe(true);
    expect(grouped(OPERATIONS.polls.vote)).toBe(true);
    expect(grouped(OPERATIONS.events.rsvp)).toBe(true);
  });
});
