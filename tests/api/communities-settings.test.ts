import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { anonymous, as, cast, creatorOf, roleOf, snapshot, storedCount } from '../setup/communities';
import { OPS, REST, TRPC } from '../setup/transport';
import { registeredUpload } from '../setup/documents';
import { expectError } from '../setup/errors';

const CREATOR_PROTECTED = 'errors.community.creatorProtected';
const NOT_A_MEMBER = 'errors.community.notAMember';

describe('tRPC: nobody can demote or remove the creator', () => {
  it.each([
    ['the admin', 'admin', 'member'],
    ['the admin', 'admin', 'admin'],
    ['the admin', 'admin', 'treasurer'],
    ['the creator themself', 'creator', 'member'],
    ['the creator themself', 'creator', 'admin'],
  ] as const)('%s setting the creator to %s → 403', async (_label, who, role) => {
    const t = makeTestApp();
    const c = await cast(t);
    const before = snapshot(t);
    const r = await (await as(t, c.users[who])).mutate('communities.setRole', { communityId: c.pub.id, userId: c.users.creator.id, role });
    expect(r.status).toBe(403);
    expectError(r, 'FORBIDDEN', CREATOR_PROTECTED);
    expect(snapshot(t)).toEqual(before);
  });

  it.each([['admin'], ['creator']] as const)('the %s removing the creator → 403, count unchanged', async (who) => {
    const t = makeTestApp();
    const c = await cast(t);
    const before = snapshot(t);
    const r = await (await as(t, c.users[who])).mutate('communities.removeMember', { communityId: c.priv.id, userId: c.users.creator.id });
    expect(r.status).toBe(403);
    expectError(r, 'FORBIDDEN', CREATOR_PROTECTED);
    expect(snapshot(t)).toEqual(before);
    expect(roleOf(t, c.priv.id, c.users.creator.id)).toBe('creator');
  });
});

describe('tRPC: communities.setRole', () => {
  it.each([
    ['creator', "'creator'"],
    ['superadmin', "'superadmin'"],
    [undefined, 'no role'],
  ])('refuses role %s (%s) with 400', async (role, _label) => {
    const t = makeTestApp();
    const c = await cast(t);
    const before = snapshot(t);
    const r = await (await as(t, c.users.creator)).mutate('communities.setRole', { communityId: c.pub.id, userId: c.users.target.id, role });
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', 'validation.community.role');
    expect(snapshot(t)).toEqual(before);
  });

  it('a promoted admin gains settings; a demoted admin loses them', async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const creator = await as(t, c.users.creator);
    const target = await as(t, c.users.target);
    expect((await target.query('communities.requests', { communityId: c.priv.id })).status).toBe(403);
    expect((await creator.mutate('communities.setRole', { communityId: c.priv.id, userId: c.users.target.id, role: 'admin' })).status).toBe(200);
    expect((await target.query('communities.requests', { communityId: c.priv.id })).status).toBe(200);
    // An admin may change another admin's role.
    expect((await target.mutate('communities.setRole', { communityId: c.priv.id, userId: c.users.admin.id, role: 'member' })).status).toBe(200);
    expect((await (await as(t, c.users.admin)).query('communities.requests', { communityId: c.priv.id })).status).toBe(403);
    expect((await TRPC.call(target, OPS.community, { id: c.priv.id })).data.role).toBe('admin');
  });

  it("answers 404 'not a member' for a user outside the community", async () => {
    const t = makeTestApp();
    const c = await cast(t);
    for (const who of ['outsider', 'requester'] as const) {
      const r = await (await as(t, c.users.admin)).mutate('communities.setRole', { communityId: c.priv.id, userId: c.users[who].id, role: 'admin' });
      expect(r.status).toBe(404);
      expectError(r, 'NOT_FOUND', NOT_A_MEMBER);
      expect(roleOf(t, c.priv.id, c.users[who].id)).toBeNull();
    }
  });
});

describe('tRPC: communities.removeMember', () => {
  it('the removed member loses the directory and the private community, and can ask again', async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const target = await as(t, c.users.target);
    const r = await (await as(t, c.users.admin)).mutate('communities.removeMember', { communityId: c.priv.id, userId: c.users.target.id });
    expect(r.status).toBe(200);
    expect(storedCount(t, c.priv.id)).toBe(4);
    expect((await REST.call(target, OPS.communityMembers, { communityId: c.priv.id })).status).toBe(404);
    expect((await REST.call(target, OPS.community, { id: c.priv.id })).data).toMatchObject({ isMember: false, location: null });
    expect((await REST.call(target, OPS.joinCommunity, { communityId: c.priv.id })).data.status).toBe('pending');
  });

  it('an admin may remove another admin; removing a non-member is 404 and counts nothing', async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const other = await makeUser(t.db);
    addMember(t.db, { communityId: c.pub.id, user: other, role: 'admin' });
    const admin = await as(t, c.users.admin);
    expect((await admin.mutate('communities.removeMember', { communityId: c.pub.id, userId: other.id })).status).toBe(200);
    const before = snapshot(t);
    const again = await admin.mutate('communities.removeMember', { communityId: c.pub.id, userId: other.id });
    expect(again.status).toBe(404);
    expectError(again, 'NOT_FOUND', NOT_A_MEMBER);
    expect(snapshot(t)).toEqual(before);
    expect((await admin.mutate('communities.removeMember', { communityId: c.pub.id, userId: '' })).status).toBe(400);
  });
});

describe('tRPC: cross-community', () => {
  async function twoCommunities(t: TestApp) {
    const c = await cast(t);
    // B: another leader's communities, with B's own member who is in none of the cast's.
    const bCreator = await makeUser(t.db);
    const bMember = await makeUser(t.db);
    const bPub = makeCommunity(t.db, { creator: bCreator, isPublic: true });
    const bPriv = makeCommunity(t.db, { creator: bCreator, isPublic: false });
    for (const b of [bPub, bPriv]) addMember(t.db, { communityId: b.id, user: bMember });
    return { ...c, bCreator, bMember, bPub, bPriv };
  }

  it.each([
    ['setRole', { role: 'admin' }],
    ['removeMember', {}],
    ['update', { name: 'Hijacked by A' }],
    ['transferOwnership', {}],
  ] as const)("A's admin/creator cannot %s in community B (403 public, 404 private)", async (name, extra) => {
    const t = makeTestApp();
    const w = await twoCommunities(t);
    const who = name === 'transferOwnership' ? w.users.creator : w.users.admin;
    const a = await as(t, who);
    const before = snapshot(t);
    for (const [b, status] of [[w.bPub, 403], [w.bPriv, 404]] as const) {
      const r = await a.mutate(`communities.${name}`, { communityId: b.id, userId: w.bMember.id, ...extra });
      expect(r.status).toBe(status);
    }
    expect(snapshot(t)).toEqual(before);
  });

  it.each([
    ['setRole', { role: 'admin' }],
    ['removeMember', {}],
    ['transferOwnership', {}],
  ] as const)("%s with A's communityId and a userId from B only → 404 'not a member'", async (name, extra) => {
    const t = makeTestApp();
    const w = await twoCommunities(t);
    const a = await as(t, w.users.creator);
    const before = snapshot(t);
    const r = await a.mutate(`communities.${name}`, { communityId: w.pub.id, userId: w.bMember.id, ...extra });
    expect(r.status).toBe(404);
    expectError(r, 'NOT_FOUND', NOT_A_MEMBER);
    expect(snapshot(t)).toEqual(before);
    expect(roleOf(t, w.bPub.id, w.bMember.id)).toBe('member');
  });

  it("A's admin cannot read B's requests (private 404) or decide them", async () => {
    const t = makeTestApp();
    const w = await twoCommunities(t);
    const asker = await makeUser(t.db);
    await (await as(t, asker)).mutate('communities.join', { communityId: w.bPriv.id });
    const a = await as(t, w.users.admin);
    expect((await a.query('communities.requests', { communityId: w.bPriv.id })).status).toBe(404);
    const [req] = (await (await as(t, w.bCreator)).query('communities.requests', { communityId: w.bPriv.id })).data.items;
    expect((await a.mutate('communities.decideRequest', { communityId: w.priv.id, requestId: req.id, approve: true })).status).toBe(404);
    expect(roleOf(t, w.bPriv.id, asker.id)).toBeNull();
  });
});

describe('tRPC: communities.transferOwnership', () => {
  it('makes the target creator and the old creator admin; creatorId, lists and leave rules follow', async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const oldCreator = await as(t, c.users.creator);
    const newCreator = await as(t, c.users.target);
    const r = await oldCreator.mutate('communities.transferOwnership', { communityId: c.priv.id, userId: c.users.target.id });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ creatorId: c.users.target.id, role: 'admin' });
    expect(creatorOf(t, c.priv.id)).toBe(c.users.target.id);
    expect([roleOf(t, c.priv.id, c.users.target.id), roleOf(t, c.priv.id, c.users.creator.id)]).toEqual(['creator', 'admin']);
    // The other community is untouched.
    expect(creatorOf(t, c.pub.id)).toBe(c.users.creator.id);

    expect((await REST.call(newCreator, OPS.community, { id: c.priv.id })).data).toMatchObject({ role: 'creator', creatorId: c.users.target.id });
    expect(REST.page(await REST.call(newCreator, OPS.createdCommunities, {})).items.map((x) => x.id)).toEqual([c.priv.id]);
    expect(REST.page(await REST.call(oldCreator, OPS.createdCommunities, {})).items.map((x) => x.id)).toEqual([c.pub.id]);

    // The old creator is an admin now: no more transfers, but may leave; the new one may not.
    const again = await oldCreator.mutate('communities.transferOwnership', { communityId: c.priv.id, userId: c.users.member.id });
    expect(again.status).toBe(403);
    expect((await REST.call(newCreator, OPS.leaveCommunity, { communityId: c.priv.id })).status).toBe(400);
    expect((await REST.call(oldCreator, OPS.leaveCommunity, { communityId: c.priv.id })).status).toBe(200);
    expect(storedCount(t, c.priv.id)).toBe(4);
  });

  it.each([
    ['themself', 'creator', 400],
    ['an outsider', 'outsider', 404],
    ['a pending requester', 'requester', 404],
  ] as const)('refuses a hand-over to %s (%i) and changes nothing', async (_label, who, status) => {
    const t = makeTestApp();
    const c = await cast(t);
    const before = snapshot(t);
    const r = await (await as(t, c.users.creator)).mutate('communities.transferOwnership', { communityId: c.pub.id, userId: c.users[who].id });
    expect(r.status).toBe(status);
    expect(snapshot(t)).toEqual(before);
  });
});

describe('tRPC: communities.update', () => {
  it.each([
    [{ name: 'ab' }, 'validation.community.nameShort'],
    [{ name: 'n'.repeat(101) }, 'validation.community.nameLong'],
    [{ description: 'short' }, 'validation.community.descriptionShort'],
    [{ description: 'd'.repeat(501) }, 'validation.community.descriptionLong'],
    [{ imageUrl: 'https://evil.example/x.webp' }, 'validation.uploadAgain'],
    [{ isPublic: 'no' }, 'validation.community.isPublic'],
  ] as const)('refuses %j with 400 and its field message', async (change, message) => {
    const t = makeTestApp();
    const c = await cast(t);
    const before = snapshot(t);
    const r = await (await as(t, c.users.admin)).mutate('communities.update', { communityId: c.pub.id, ...change });
    expect(r.status).toBe(400);
    expectError(r, 'BAD_REQUEST', message);
    expect(snapshot(t)).toEqual(before);
  });

  it('changes visibility and banner: made private, outsiders see only the summary', async () => {
    const t = makeTestApp();
    const c = await cast(t);
    const banner = registeredUpload(t, '/uploads/bannerbannerbanner01.webp', c.users.creator.id); // as if the creator had uploaded it
    const r = await (await as(t, c.users.creator)).mutate('communities.update', { communityId: c.pub.id, isPublic: false, imageUrl: banner });
    expect(r.data).toMatchObject({ isPublic: false, imageUrl: banner, name: c.pub.name, location: 'Accra' });
    expect((await REST.call(anonymous(t), OPS.community, { id: c.pub.id })).data).toMatchObject({ isPublic: false, imageUrl: null, location: null });
    expect(REST.page(await REST.call(anonymous(t), OPS.allCommunities, {})).items).toEqual([]);
    expect((await REST.call(await as(t, c.users.outsider), OPS.communityMembers, { communityId: c.pub.id })).status).toBe(404);
  });
});
