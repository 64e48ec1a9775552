import { translate } from '../../src/server/i18n';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../factories';
import { agent, makeTestApp, newUser, type TestApp } from '../setup/app';
import { as, cast, type Actor } from '../setup/communities';
import { signIn } from '../setup/transport';

/*
 * The flows that create notifications — sign-up, asking to join a private community,
 * deciding a request, publishing an announcement. The procedures themselves are in
 * notifications.test.ts. Factory users start with no notifications (they skip sign-up).
 */
type Note = { type: string; title: string; message: string; link: string | null; read: number; created_at: number };
/** The stored notifications as an English reader reads them (rows hold catalogue keys and their values). */
const notesOf = (t: TestApp, userId: string) =>
  (t.db.$client.prepare('SELECT type, title, message, params, link, read, created_at FROM notifications WHERE user_id = ? ORDER BY id').all(userId) as (Note & { params: string | null })[]).map(
    ({ params, ...n }) => {
      const values = params ? (JSON.parse(params) as Record<string, unknown>) : undefined;
      return { ...n, title: translate('en', n.title, values), message: translate('en', n.message, values) };
    },
  );
const total = (t: TestApp) => t.db.$client.prepare('SELECT count(*) FROM notifications').pluck().get() as number;

/** Every actor's notification titles, oldest first: one expectation shows who got what. */
const inbox = (t: TestApp, users: Record<string, UserRow>) =>
  Object.fromEntries(Object.entries(users).map(([k, u]) => [k, notesOf(t, u.id).map((n) => n.title)]));
const nobody = (users: Record<string, UserRow>) => Object.fromEntries(Object.keys(users).map((k) => [k, [] as string[]]));
const only = (users: Record<string, UserRow>, got: Partial<Record<Actor | string, string[]>>) => ({ ...nobody(users), ...got });

describe('tRPC: auth.register', () => {
  it('gives the new account exactly one welcome notification, unread, linking to /communities', async () => {
    const t = makeTestApp();
    const bystander = await makeUser(t.db);
    const u = newUser({ firstName: 'Zawadi' });
    const r = await agent(t).mutate('auth.register', u);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const a = await signIn(t, u.email, u.password);
    expect((await a.query('notifications.unreadCount')).data).toEqual({ count: 1, waiting: 0, badge: 1 });
    const { data } = await a.query('notifications.list', {});
    expect(data).toEqual({
      items: [
        {
          id: expect.any(Number),
          type: 'success',
          title: 'Welcome, Zawadi!',
          message: 'Your account is ready. Find a community to join, or start your own.',
          link: '/communities',
          read: false,
          timestamp: new Date(t.clock.now()).toISOString(),
          // It asks for no work, so it never reads as handled.
          handled: null,
        },
      ],
      nextCursor: null,
      unread: 1,
    });
    expect(notesOf(t, bystander.id)).toEqual([]);
    expect(total(t)).toBe(1);
  });

  it('a sign-up with an address already taken (answered like any other) creates no notification', async () => {
    const t = makeTestApp();
    const u = newUser();
    expect((await agent(t).mutate('auth.register', u)).status).toBe(200);
    const again = await agent(t).mutate('auth.register', { ...u, firstName: 'Twice' });
    expect(again.status).toBe(200);
    expect(total(t)).toBe(1);
  });
});

/** cast()'s two communities plus an `asker` with no request yet. */
async function world(t: TestApp) {
  const c = await cast(t);
  const asker = await makeUser(t.db, { firstName: 'Asha', lastName: 'Mwangi' });
  const users = { ...c.users, asker };
  return { ...c, users, askerAgent: await as(t, asker) };
}

describe('tRPC: communities.join (private community)', () => {
  it('notifies the creator and the admins once — not treasurers, members, other requesters or the asker', async () => {
    const t = makeTestApp();
    const { users, priv, askerAgent } = await world(t);
    t.clock.advance(60_000);
    const r = await askerAgent.mutate('communities.join', { communityId: priv.id });
    expect(r.data?.status).toBe('pending');
    expect(inbox(t, users)).toEqual(only(users, { creator: ['Asha Mwangi asks to join'], admin: ['Asha Mwangi asks to join'] }));
    for (const leader of [users.creator, users.admin]) {
      expect(notesOf(t, leader.id)).toEqual([
        {
          type: 'info',
          title: 'Asha Mwangi asks to join',
          message: 'Asha Mwangi asked to join Private Savings Circle.',
          link: `/community/${priv.id}/settings?section=requests`,
          read: 0,
          created_at: t.clock.now(),
        },
      ]);
    }
  });

  it('asking again while the request is pending does not notify again', async () => {
    const t = makeTestApp();
    const { users, priv, askerAgent } = await world(t);
    await askerAgent.mutate('communities.join', { communityId: priv.id });
    const r = await askerAgent.mutate('communities.join', { communityId: priv.id });
    expect(r.data?.status).toBe('pending');
    expect(inbox(t, users)).toEqual(only(users, { creator: ['Asha Mwangi asks to join'], admin: ['Asha Mwangi asks to join'] }));
  });

  it('asking again after a decline, a day later, is a new request and notifies the leaders again', async () => {
    const t = makeTestApp();
    const { users, priv, askerAgent } = await world(t);
    await askerAgent.mutate('communities.join', { communityId: priv.id });
    const admin = await as(t, users.admin);
    const request = (await admin.query('communities.requests', { communityId: priv.id })).data.items.find((q: { userId: string }) => q.userId === users.asker.id);
    expect((await admin.mutate('communities.decideRequest', { communityId: priv.id, requestId: request.id, approve: false })).status).toBe(200);
    t.clock.advance(24 * 60 * 60_000);
    expect((await askerAgent.mutate('communities.join', { communityId: priv.id })).data?.status).toBe('pending');
    const twice = ['Asha Mwangi asks to join', 'Asha Mwangi asks to join'];
    expect(inbox(t, users)).toEqual(only(users, { creator: twice, admin: twice, asker: ['Request declined'] }));
  });

  it('asking, withdrawing and asking again in a loop notifies the leaders once a day, and waits between requests', async () => {
    const t = makeTestApp();
    const { users, priv, askerAgent } = await world(t);
    for (let i = 0; i < 5; i++) {
      expect((await askerAgent.mutate('communities.join', { communityId: priv.id })).data?.status).toBe('pending');
      expect((await askerAgent.mutate('communities.withdrawRequest', { communityId: priv.id })).status).toBe(200);
      expect((await askerAgent.mutate('communities.join', { communityId: priv.id })).status).toBe(429);
      t.clock.advance(11 * 60_000);
    }
    const once = ['Asha Mwangi asks to join'];
    expect(inbox(t, users)).toEqual(only(users, { creator: once, admin: once }));
  });

  it('joining a public community notifies nobody', async () => {
    const t = makeTestApp();
    const { users, pub, askerAgent } = await world(t);
    expect((await askerAgent.mutate('communities.join', { communityId: pub.id })).data?.status).toBe('joined');
    expect(total(t)).toBe(0);
    expect(inbox(t, users)).toEqual(nobody(users));
  });
});

describe('tRPC: communities.decideRequest', () => {
  it.each([
    [true, { type: 'success', title: 'Request approved', message: 'Welcome to Private Savings Circle! You are now a member.', link: '' }],
    [false, { type: 'info', title: 'Request declined', message: 'Your request to join Private Savings Circle was declined.', link: '/details' }],
  ])('approve=%s notifies the requester, and only the requester, once', async (approve, note) => {
    const t = makeTestApp();
    const { users, priv, requests } = await world(t);
    t.clock.advance(5000);
    const creator = await as(t, users.creator);
    const r = await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(inbox(t, users)).toEqual(only(users, { requester: [note.title] }));
    expect(notesOf(t, users.requester.id)).toEqual([
      { ...note, link: `/community/${priv.id}${note.link}`, read: 0, created_at: t.clock.now() },
    ]);
    // Deciding it again is refused and tells nobody anything.
    const again = await creator.mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve: !approve });
    expect(again.status).toBe(404);
    expect(total(t)).toBe(1);
  });

  it('after approval, asking to join again is a no-op for the leaders', async () => {
    const t = makeTestApp();
    const { users, priv, requests } = await world(t);
    await (await as(t, users.admin)).mutate('communities.decideRequest', { communityId: priv.id, requestId: requests.priv.id, approve: true });
    const r = await (await as(t, users.requester)).mutate('communities.join', { communityId: priv.id });
    expect(r.data?.status).toBe('member');
    expect(inbox(t, users)).toEqual(only(users, { requester: ['Request approved'] }));
  });
});

/** cast() plus a third community whose creator and member belong to neither of cast's. */
async function announcers(t: TestApp) {
  const w = await world(t);
  const elsewhereCreator = await makeUser(t.db, { firstName: 'Eli' });
  const elsewhereMember = await makeUser(t.db, { firstName: 'Ema' });
  const elsewhere = makeCommunity(t.db, { creator: elsewhereCreator, name: 'Elsewhere' });
  addMember(t.db, { communityId: elsewhere.id, user: elsewhereMember });
  // A member of the other community only: cast's pub and priv share everyone else.
  addMember(t.db, { communityId: w.pub.id, user: elsewhereMember });
  return { ...w, users: { ...w.users, elsewhereCreator, elsewhereMember }, elsewhere };
}
const post = (title: string, isPublished = true) => ({ title, content: 'Bring a dish.', isPublished });
const members = ['admin', 'treasurer', 'member', 'target'] as const;
const each = (title: string, who: readonly string[]) => Object.fromEntries(who.map((k) => [k, [title]]));

describe('tRPC: announcements.create', () => {
  it('a published announcement notifies every member except the author, and no one outside', async () => {
    const t = makeTestApp();
    const { users, priv } = await announcers(t);
    t.clock.advance(1000);
    const r = await (await as(t, users.creator)).mutate('announcements.create', { communityId: priv.id, ...post('Savings day') });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    // The requester (pending, not a member), the asker, the outsider and the other community hear nothing.
    expect(inbox(t, users)).toEqual(only(users, each('New announcement', members)));
    expect(notesOf(t, users.member.id)).toEqual([
      { type: 'info', title: 'New announcement', message: 'Savings day', link: `/community/${priv.id}`, read: 0, created_at: t.clock.now() },
    ]);
  });

  it('an admin author is left out and the creator is told', async () => {
    const t = makeTestApp();
    const { users, pub } = await announcers(t);
    await (await as(t, users.admin)).mutate('announcements.create', { communityId: pub.id, ...post('Drum night') });
    // elsewhereMember is a member of pub too: members of this community are told whatever else they belong to.
    expect(inbox(t, users)).toEqual(only(users, each('New announcement', ['creator', 'treasurer', 'member', 'target', 'elsewhereMember'])));
  });

  it('a draft notifies nobody', async () => {
    const t = makeTestApp();
    const { users, priv } = await announcers(t);
    const r = await (await as(t, users.creator)).mutate('announcements.create', { communityId: priv.id, ...post('Draft', false) });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data.isPublished).toBe(false);
    expect(total(t)).toBe(0);
  });
});

describe('tRPC: announcements.update', () => {
  it('publishing a draft notifies the members once, with the title it is published under', async () => {
    const t = makeTestApp();
    const { users, priv } = await announcers(t);
    const creator = await as(t, users.creator);
    const { data: draft } = await creator.mutate('announcements.create', { communityId: priv.id, ...post('Draft title', false) });
    await creator.mutate('announcements.update', { id: draft.id, title: 'Still a draft' });
    expect(total(t)).toBe(0);
    t.clock.advance(1000);
    const r = await creator.mutate('announcements.update', { id: draft.id, title: 'Final title', isPublished: true });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(inbox(t, users)).toEqual(only(users, each('New announcement', members)));
    expect(notesOf(t, users.treasurer.id)[0]).toMatchObject({ message: 'Final title', created_at: t.clock.now() });
  });

  it('a draft written by an admin and published by the creator tells neither of them, and everyone else', async () => {
    const t = makeTestApp();
    const { users, priv } = await announcers(t);
    const admin = await as(t, users.admin);
    const creator = await as(t, users.creator);
    const { data: draft } = await admin.mutate('announcements.create', { communityId: priv.id, ...post('From the admin', false) });
    const r = await creator.mutate('announcements.update', { id: draft.id, isPublished: true });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(notesOf(t, users.admin.id)).toEqual([]);
    expect(notesOf(t, users.creator.id)).toEqual([]);
    expect(notesOf(t, users.member.id).map((n) => n.message)).toEqual(['From the admin']);
  });

  it('editing a published announcement does not notify again, nor does unpublishing and republishing it', async () => {
    const t = makeTestApp();
    const { users, priv } = await announcers(t);
    const admin = await as(t, users.admin);
    const { data: ann } = await admin.mutate('announcements.create', { communityId: priv.id, ...post('Once') });
    const after = total(t);
    expect(after).toBe(4); // creator, treasurer, member, target
    for (const changes of [{ title: 'Once, edited' }, { isPublished: true }, { isPinned: true }, { isPublished: false }, { isPublished: true }]) {
      const r = await admin.mutate('announcements.update', { id: ann.id, ...changes });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
    }
    expect(total(t)).toBe(after);
  });
});
