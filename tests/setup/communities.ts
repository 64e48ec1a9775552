import { joinRequests, type CommunityRow, type UserRow } from '../../db/schema';
import { addMember, FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { agent, type Agent, type TestApp } from './app';
import { mintSession } from './sessions';
import { signIn } from './transport';

/**
 * An agent signed in as a factory user: a session minted directly (tests/setup/sessions.ts), as a
 * sign-in would leave it, without the password check. Still a promise, as when it signed in.
 */
export const as = async (t: TestApp, user: UserRow): Promise<Agent> => mintSession(t, user);
/** An agent signed in as a factory user through POST /api/auth/login (and the second step for staff). */
export const asByPassword = (t: TestApp, user: UserRow): Promise<Agent> => signIn(t, user.email, FACTORY_PASSWORD);
export const anonymous = (t: TestApp): Agent => agent(t);

const sql = (t: TestApp) => t.db.$client;

/** communities.member_count as stored. */
export const storedCount = (t: TestApp, communityId: number) =>
  sql(t).prepare('SELECT member_count FROM communities WHERE id = ?').pluck().get(communityId) as number;

/** The number of membership rows: what member_count must equal. */
export const rowCount = (t: TestApp, communityId: number) =>
  sql(t).prepare('SELECT count(*) FROM memberships WHERE community_id = ?').pluck().get(communityId) as number;

export const roleOf = (t: TestApp, communityId: number, userId: string) =>
  (sql(t).prepare('SELECT role FROM memberships WHERE community_id = ? AND user_id = ?').pluck().get(communityId, userId) as
    | string
    | undefined) ?? null;

export const creatorOf = (t: TestApp, communityId: number) =>
  sql(t).prepare('SELECT creator_id FROM communities WHERE id = ?').pluck().get(communityId) as string;

export const requestStatus = (t: TestApp, communityId: number, userId: string) =>
  (sql(t).prepare('SELECT status FROM join_requests WHERE community_id = ? AND user_id = ?').pluck().get(communityId, userId) as
    | string
    | undefined) ?? null;

/** Everything a community write could touch, to prove a refused call changed nothing. */
export function snapshot(t: TestApp) {
  const all = (table: string) => sql(t).prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  return { communities: all('communities'), memberships: all('memberships'), joinRequests: all('join_requests') };
}

/** Every community whose member_count differs from its membership rows (should be none). */
export const countDrift = (t: TestApp) =>
  sql(t)
    .prepare(
      `SELECT c.id, c.member_count AS stored, (SELECT count(*) FROM memberships m WHERE m.community_id = c.id) AS rows
       FROM communities c WHERE stored <> rows`,
    )
    .all();

export function pendingRequest(t: TestApp, community: CommunityRow, user: UserRow) {
  return t.db
    .insert(joinRequests)
    .values({ communityId: community.id, userId: user.id, status: 'pending', createdAt: t.clock.now() })
    .returning()
    .get();
}

export type Cast = Awaited<ReturnType<typeof cast>>;
export type Actor = 'creator' | 'admin' | 'treasurer' | 'member' | 'target' | 'requester' | 'outsider';

/**
 * One public and one private community with the same cast: a creator, an admin, a treasurer,
 * two plain members (`member` acts, `target` is acted on), a `requester` with a pending request
 * in both, and an `outsider` who belongs to neither.
 */
export async function cast(t: TestApp) {
  const mk = (firstName: string) => makeUser(t.db, { firstName, phoneNumber: `+1555${Math.floor(Math.random() * 1e7)}` });
  const users = {
    creator: await mk('Cora'),
    admin: await mk('Ade'),
    treasurer: await mk('Tayo'),
    member: await mk('Mo'),
    target: await mk('Tari'),
    requester: await mk('Rue'),
    outsider: await mk('Otto'),
  } satisfies Record<Actor, UserRow>;
  const pub = makeCommunity(t.db, { creator: users.creator, name: 'Public Drummers Circle', isPublic: true, location: 'Accra' });
  const priv = makeCommunity(t.db, { creator: users.creator, name: 'Private Savings Circle', isPublic: false, location: 'Lagos' });
  for (const c of [pub, priv]) {
    addMember(t.db, { communityId: c.id, user: users.admin, role: 'admin' });
    addMember(t.db, { communityId: c.id, user: users.treasurer, role: 'treasurer' });
    addMember(t.db, { communityId: c.id, user: users.member });
    addMember(t.db, { communityId: c.id, user: users.target });
  }
  const requests = { pub: pendingRequest(t, pub, users.requester), priv: pendingRequest(t, priv, users.requester) };
  return { users, pub, priv, requests };
}
