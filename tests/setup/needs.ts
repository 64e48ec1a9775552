import { expect } from 'vitest';
import type { UserRow } from '../../db/schema';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type Agent, type TestApp } from './app';
import { sessionAgent } from './chat';
import { as } from './communities';
import { op, type Transport } from './transport';

/** "Needs you" over both transports. */
export const N = {
  list: op('GET', '/api/needs', 'needs.list', 'query', { page: true }),
  count: op('GET', '/api/needs/count', 'needs.count', 'query'),
};

/**
 * A public community with open books in US dollars: its creator Ngozi Eze, the admin Amara Okafor,
 * the treasurer Tabe Nkongho, the members Jean-Paul Mbarga and Bih Fon (who reads French), and an
 * outsider; each with a session. The clock starts at 2026-03-02T10:00Z.
 */
export async function needsWorld(opts: { smtpUrl?: string } = {}) {
  const t = makeTestApp({ smtpUrl: opts.smtpUrl });
  const mk = (firstName: string, lastName: string, over: Partial<UserRow> = {}) => makeUser(t.db, { firstName, lastName, ...over });
  const users = {
    creator: await mk('Ngozi', 'Eze'),
    admin: await mk('Amara', 'Okafor'),
    treasurer: await mk('Tabe', 'Nkongho'),
    member: await mk('Jean-Paul', 'Mbarga'),
    bih: await mk('Bih', 'Fon', { language: 'fr' }),
    outsider: await mk('Olu', 'Adebayo'),
  };
  const community = makeCommunity(t.db, { creator: users.creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: users.admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: users.treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: users.member });
  addMember(t.db, { communityId: community.id, user: users.bih });
  saveFinanceSettings(t.db, { communityId: community.id, actorId: users.creator.id, changes: { currency: 'USD' }, cashBoxName: 'Cash box', now: t.clock.now() });
  const account = listAccounts(t.db, community.id)[0]!.id;
  const agents = Object.fromEntries(Object.entries(users).map(([k, u]) => [k, sessionAgent(t, u)])) as Record<keyof typeof users, Agent>;
  return { t, users, agents, community, account };
}
export type NeedsWorld = Awaited<ReturnType<typeof needsWorld>>;

/** The keys of what waits on `who` ('payment:12'), through `T`. */
export async function waiting(T: Transport, who: Agent, input: Record<string, unknown> = {}): Promise<string[]> {
  const r = await T.call(who, N.list, { limit: 100, ...input });
  if (r.status !== 200) throw new Error(`needs.list answered ${r.status}: ${JSON.stringify(r.error)}`);
  return T.page(r).items.map((i: { key: string }) => i.key);
}

/** Who, of `agents`, has `key` waiting on them. */
export async function whoHas(T: Transport, agents: Record<string, Agent>, key: string): Promise<string[]> {
  const out: string[] = [];
  for (const [name, a] of Object.entries(agents)) if ((await waiting(T, a)).includes(key)) out.push(name);
  return out.sort();
}

/** A user's notices of one text, as stored. */
export const noticesOf = (t: TestApp, userId: string, key: string) =>
  t.db.$client.prepare('SELECT * FROM notifications WHERE user_id = ? AND title = ? ORDER BY id').all(userId, `${key}.title`) as Record<string, any>[];

/** The six people of an association world (tests/setup/association.ts), each signed in. */
export async function associationAgents(w: { t: TestApp; creator: UserRow; admin: UserRow; treasurer: UserRow; musa: UserRow; ada: UserRow; kofi: UserRow }) {
  return { ngozi: await as(w.t, w.creator), awa: await as(w.t, w.admin), tabe: await as(w.t, w.treasurer), musa: await as(w.t, w.musa), ada: await as(w.t, w.ada), kofi: await as(w.t, w.kofi) };
}

/** Everyone's count agrees with their list, and community `communityId`'s tab `tab` holds exactly the items whose keys `kinds` matches. */
export async function countsAgree(T: Transport, agents: Record<string, Agent>, p: { communityId: number; tab: string; kinds: RegExp }) {
  for (const [name, a] of Object.entries(agents)) {
    const listed = await waiting(T, a);
    const counts = (await T.call(a, N.count)).data;
    expect(counts.count, name).toBe(listed.length);
    const tabs = counts.communities.find((c: { communityId: number }) => c.communityId === p.communityId)?.tabs ?? {};
    expect(tabs[p.tab] ?? 0, name).toBe(listed.filter((k) => p.kinds.test(k)).length);
  }
}
