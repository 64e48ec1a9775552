import { describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from '../setup/app';
import { asStaff, auditRows, staffCast, userByEmail, type StaffCast } from '../setup/admin';

type Ctx = StaffCast & { t: TestApp; sa: Agent; ad: Agent };
type Case = {
  by: 'sa' | 'ad';
  run: (c: Ctx, a: Agent) => Promise<{ status: number; error?: unknown }>;
  action: string;
  target: (c: Ctx) => { type: string; id: string; label?: string | null };
  details?: Record<string, unknown>;
};

/* Every admin action that changes something, with the one audit entry it must leave. */
const CASES: Record<string, Case> = {
  'role change': {
    by: 'sa',
    run: (c, a) => a.mutate('admin.updateUser', { id: c.user.id, role: 'admin' }),
    action: 'user.role_changed',
    target: (c) => ({ type: 'user', id: c.user.id }),
    details: { changed: ['role'], role: 'admin', previousRole: 'user' },
  },
  'profile update': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.updateUser', { id: c.user.id, lastName: 'Okoro' }),
    action: 'user.updated',
    target: (c) => ({ type: 'user', id: c.user.id }),
    // Which fields changed, not to what (the new name would outlive a deleted account).
    details: { changed: ['lastName'] },
  },
  'create admin': {
    by: 'sa',
    run: (_, a) => a.mutate('admin.createAdmin', { email: 'ama@example.org', password: 'Staff#Pass2026', firstName: 'Ama' }),
    action: 'user.staff_created',
    target: (c) => ({ type: 'user', id: userByEmail(c.t, 'ama@example.org')!.id }),
    details: { role: 'admin' },
  },
  'reset password': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.resetPassword', { id: c.user.id }),
    action: 'user.password_reset',
    target: (c) => ({ type: 'user', id: c.user.id }),
  },
  'verify user': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.verifyUser', { id: c.target.id }),
    action: 'user.verified',
    target: (c) => ({ type: 'user', id: c.target.id }),
  },
  'send reset email': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.sendResetEmail', { id: c.user.id }),
    action: 'user.reset_email_sent',
    target: (c) => ({ type: 'user', id: c.user.id }),
  },
  'hide community': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.setCommunityHidden', { id: c.community.id, hidden: true }),
    action: 'community.hidden',
    target: (c) => ({ type: 'community', id: String(c.community.id), label: c.community.name }),
  },
  'unhide community': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.setCommunityHidden', { id: c.community.id, hidden: false }),
    action: 'community.unhidden',
    target: (c) => ({ type: 'community', id: String(c.community.id), label: c.community.name }),
  },
  'delete community': {
    by: 'ad',
    run: (c, a) => a.mutate('admin.deleteCommunity', { id: c.community.id }),
    action: 'community.deleted',
    target: (c) => ({ type: 'community', id: String(c.community.id), label: c.community.name }),
  },
  'update settings': {
    by: 'sa',
    run: (_, a) =>
      a.mutate('admin.updateSettings', { minPasswordLength: 9, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' }),
    action: 'settings.updated',
    target: () => ({ type: 'settings', id: '1', label: null }),
    details: { minPasswordLength: 9, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' },
  },
};

const nameOf = (c: Ctx, id: string) => {
  const row = c.t.db.$client.prepare('SELECT first_name, last_name FROM users WHERE id = ?').get(id) as { first_name: string; last_name: string };
  return `${row.first_name} ${row.last_name}`.trim();
};

async function setup(): Promise<Ctx> {
  const t = makeTestApp();
  const c = await staffCast(t);
  return { t, ...c, sa: await asStaff(t, c.superadmin), ad: await asStaff(t, c.admin) };
}

describe('tRPC: admin actions write the audit log', () => {
  it.each(Object.entries(CASES))('%s: exactly one entry with actor, action, target and time', async (_, k) => {
    const c = await setup();
    c.t.clock.advance(90_000);
    const r = await k.run(c, c[k.by]);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const entries = auditRows(c.t);
    expect(entries).toHaveLength(1);
    const actor = k.by === 'sa' ? c.superadmin : c.admin;
    const target = k.target(c);
    expect(entries[0]).toMatchObject({
      actor_id: actor.id,
      action: k.action,
      target_type: target.type,
      target_id: target.id,
      target_label: target.label ?? null,
      created_at: c.t.clock.now(),
    });
    if (k.details) expect(JSON.parse(entries[0]!.details!)).toEqual(k.details);
    // …and admin.audit shows it as it was written.
    const listed = await c.ad.query('admin.audit', {});
    expect(listed.data.items).toHaveLength(1);
    expect(listed.data.items[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      action: k.action,
      targetType: target.type,
      targetId: target.id,
      createdAt: new Date(c.t.clock.now()).toISOString(),
      // Names as they are now, for the panel to show people rather than addresses.
      actorName: `${actor.firstName} ${actor.lastName}`,
      targetName: target.type === 'user' ? nameOf(c, target.id) : null,
    });
  });
});

describe('tRPC: admin.audit', () => {
  it('lists entries newest first and pages through all of them with nextCursor', async () => {
    const c = await setup();
    const people = [];
    for (let i = 0; i < 5; i++) {
      const u = await makeUser(c.t.db, { isEmailVerified: false });
      people.push(u);
      c.t.clock.advance(60_000);
      expect((await c.ad.mutate('admin.verifyUser', { id: u.id })).status).toBe(200);
    }
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: number | undefined;
    let pages = 0;
    do {
      const r = await c.sa.query('admin.audit', { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(r.status).toBe(200);
      expect(r.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...r.data.items.map((e: { targetId: string }) => e.targetId));
      times.push(...r.data.items.map((e: { createdAt: string }) => e.createdAt));
      cursor = r.data.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(people.map((u) => u.id).reverse());
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('writes nothing for refused or failed actions', async () => {
    const c = await setup();
    await c.ad.mutate('admin.updateUser', { id: c.user.id, role: 'admin' }); // 403
    await c.sa.mutate('admin.updateUser', { id: c.user.id, email: c.target.email }); // 409
    await c.ad.mutate('admin.deleteCommunity', { id: 999_999 }); // 404
    await c.sa.mutate('admin.updateSettings', { minPasswordLength: 7, requireEmailVerification: false, sessionTimeoutMinutes: null, defaultCommunityPrivacy: 'public' }); // 400
    expect(auditRows(c.t)).toEqual([]);
  });
});

describe('tRPC: admin.audit names', () => {
  it('an actor whose account is gone is "a deleted account": no name, no address', async () => {
    const c = await setup();
    expect((await c.ad.mutate('admin.verifyUser', { id: c.target.id })).status).toBe(200);
    c.t.db.$client.pragma('foreign_keys = OFF');
    c.t.db.$client.prepare('DELETE FROM users WHERE id = ?').run(c.admin.id);
    const [entry] = (await c.sa.query('admin.audit', {})).data.items;
    expect(entry).toMatchObject({ actorId: c.admin.id, actorEmail: null, actorName: null, actorGone: true, targetName: 'Tunde Target', targetEmail: c.target.email, targetGone: false });
  });

  it('deleting an account leaves neither its name nor its address in the log, which names it by id as "a deleted account"', async () => {
    const c = await setup();
    const u = c.user;
    expect((await c.ad.mutate('admin.updateUser', { id: u.id, firstName: 'Adaeze', lastName: 'Nwosu', email: 'adaeze.nwosu@example.org' })).status).toBe(200);
    expect((await c.ad.mutate('admin.verifyUser', { id: u.id })).status).toBe(200);
    expect((await c.sa.mutate('account.deleteUser', { userId: u.id })).status).toBe(200);
    const stored = JSON.stringify(auditRows(c.t));
    for (const personal of [u.email, u.firstName, u.lastName, 'Adaeze', 'Nwosu', 'adaeze.nwosu@example.org']) expect(stored).not.toContain(personal);
    const listed = (await c.sa.query('admin.audit', {})).data.items as { action: string; targetId: string; targetName: unknown; targetEmail: unknown; targetGone: boolean }[];
    expect(listed.map((e) => e.action)).toEqual(['user.deleted', 'user.verified', 'user.updated']);
    for (const e of listed) expect(e).toMatchObject({ targetId: u.id, targetName: null, targetEmail: null, targetGone: true });
  });
});

describe('admin_audit table', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const c = await setup();
    await c.ad.mutate('admin.verifyUser', { id: c.target.id });
    const before = auditRows(c.t);
    const sql = c.t.db.$client;
    expect(() => sql.prepare('UPDATE admin_audit SET action = ?').run('x')).toThrow(/append-only/);
    expect(() => sql.prepare('DELETE FROM admin_audit').run()).toThrow(/append-only/);
    expect(() => sql.prepare('DELETE FROM admin_audit WHERE id = ?').run(before[0]!.id)).toThrow(/append-only/);
    expect(auditRows(c.t)).toEqual(before);
    // Appending still works.
    await c.ad.mutate('admin.verifyUser', { id: c.user.id });
    expect(auditRows(c.t)).toHaveLength(2);
  });
});
