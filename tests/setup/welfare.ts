import type { UserRow } from '../../db/schema';
import type { FundRules } from '../../src/shared/schemas/welfare';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { addDependant } from '../../src/server/domains/welfare/dependants';
import { createFund } from '../../src/server/domains/welfare/funds';
import { addMember } from '../factories';
import { makeTestApp, type TestApp } from './app';
import { association } from './association';
import { storedProof } from './proofs';
import { op, type Op } from './transport';

/*
 * Welfare helpers for the API tests: every welfare.* and standing.* operation with its REST path,
 * and a community with open books (XAF), three welfare officers (creator, admin, treasurer) and
 * members, a bereavement fund financed by a levy per case, and a parent registered by one member
 * long enough ago to be covered. The test clock stands at 2 March 2026.
 */

export const DAY = 86_400_000;
const byId = { params: { id: 'id' } };
const byCommunity = { params: { id: 'communityId' } };

export const W = {
  funds: op('GET', '/api/communities/:id/welfare/funds', 'welfare.funds', 'query', byCommunity),
  createFund: op('POST', '/api/communities/:id/welfare/funds', 'welfare.createFund', 'mutation', { ...byCommunity, created: true }),
  fund: op('GET', '/api/welfare/funds/:id', 'welfare.fund', 'query', byId),
  changeRules: op('POST', '/api/welfare/funds/:id/rules', 'welfare.changeRules', 'mutation', { ...byId, created: true }),
  dependants: op('GET', '/api/communities/:id/welfare/dependants', 'welfare.dependants', 'query', byCommunity),
  addDependant: op('POST', '/api/communities/:id/welfare/dependants', 'welfare.addDependant', 'mutation', { ...byCommunity, created: true }),
  removeDependant: op('DELETE', '/api/welfare/dependants/:id', 'welfare.removeDependant', 'mutation', byId),
  cases: op('GET', '/api/communities/:id/welfare/cases', 'welfare.cases', 'query', { ...byCommunity, page: true }),
  openCase: op('POST', '/api/communities/:id/welfare/cases', 'welfare.openCase', 'mutation', { ...byCommunity, created: true }),
  case: op('GET', '/api/welfare/cases/:id', 'welfare.case', 'query', byId),
  addDocument: op('POST', '/api/welfare/cases/:id/documents', 'welfare.addDocument', 'mutation', { ...byId, created: true }),
  verify: op('POST', '/api/welfare/cases/:id/verify', 'welfare.verify', 'mutation', byId),
  approve: op('POST', '/api/welfare/cases/:id/approve', 'welfare.approve', 'mutation', byId),
  reject: op('POST', '/api/welfare/cases/:id/reject', 'welfare.reject', 'mutation', byId),
  issueLevy: op('POST', '/api/welfare/cases/:id/levy', 'welfare.issueLevy', 'mutation', byId),
  payBenefit: op('POST', '/api/welfare/cases/:id/benefit', 'welfare.payBenefit', 'mutation', byId),
  confirmBenefit: op('POST', '/api/welfare/cases/:id/confirm-benefit', 'welfare.confirmBenefit', 'mutation', byId),
  close: op('POST', '/api/welfare/cases/:id/close', 'welfare.close', 'mutation', byId),
  condolence: op('POST', '/api/welfare/cases/:id/condolence', 'welfare.condolence', 'mutation', byId),
  myLevies: op('GET', '/api/communities/:id/welfare/levies', 'welfare.myLevies', 'query', byCommunity),
  payLevy: op('POST', '/api/welfare/levies/:id/payments', 'welfare.payLevy', 'mutation', { ...byId, created: true }),
  caseLevies: op('GET', '/api/welfare/cases/:id/levies', 'welfare.caseLevies', 'query', { ...byId, page: true }),
  recordLevyCash: op('POST', '/api/welfare/levies/:id/cash', 'welfare.recordLevyCash', 'mutation', { ...byId, created: true }),
  confirmPayment: op('POST', '/api/finances/payments/:id/confirm', 'finances.confirmPayment', 'mutation', byId),
} satisfies Record<string, Op>;

export const S = {
  mine: op('GET', '/api/communities/:id/standing', 'standing.mine', 'query', byCommunity),
  roll: op('GET', '/api/communities/:id/standing/roll', 'standing.roll', 'query', { ...byCommunity, page: true }),
  rules: op('GET', '/api/communities/:id/standing/rules', 'standing.rules', 'query', byCommunity),
  saveRules: op('PUT', '/api/communities/:id/standing/rules', 'standing.saveRules', 'mutation', byCommunity),
  categories: op('GET', '/api/communities/:id/membership-categories', 'standing.categories', 'query', byCommunity),
  createCategory: op('POST', '/api/communities/:id/membership-categories', 'standing.createCategory', 'mutation', { ...byCommunity, created: true }),
  setMemberCategory: op('PUT', '/api/communities/:id/members/:userId/category', 'standing.setMemberCategory', 'mutation', { params: { id: 'communityId', userId: 'userId' } }),
  suspend: op('POST', '/api/communities/:id/members/:userId/suspensions', 'standing.suspend', 'mutation', { params: { id: 'communityId', userId: 'userId' }, created: true }),
  lift: op('POST', '/api/communities/:communityId/suspensions/:id/lift', 'standing.liftSuspension', 'mutation', { params: { communityId: 'communityId', id: 'id' } }),
} satisfies Record<string, Op>;

/** A bereavement fund's rules: a levy of 5,000 per case, due in 14 days, 7 grace days; parents covered after 30 days. */
export const BEREAVEMENT: FundRules = {
  benefits: { member: 500_000, spouse: 400_000, child: 200_000, parent: 300_000, parentInLaw: 150_000 },
  limits: { spouse: 1, child: 6, parent: 2, parentInLaw: 2, sibling: 0 },
  dependantWaitingDays: 30,
  levyAmount: 5_000,
  levyDueDays: 14,
  graceDays: 7,
};

export type WelfareWorld = Awaited<ReturnType<typeof welfareWorld>>;

/**
 * Officers: Ngozi (creator), Awa (admin), Tabe (treasurer). Members: Musa (whose mother, Mama
 * Halima, was registered 60 days ago), Ada, Kofi. Books in XAF; a bereavement fund on levies.
 */
export async function welfareWorld(opts: { members?: number; fund?: Partial<FundRules>; financing?: 'levy' | 'monthly' | 'general' } = {}) {
  const t = makeTestApp();
  const now = t.clock.now();
  const { long, user, community, creator, admin, treasurer, musa, ada, kofi } = await association(t);
  const extra: UserRow[] = [];
  for (let i = 0; i < (opts.members ?? 0); i += 1) {
    const u = await user(`Extra${i}`);
    addMember(t.db, { communityId: community.id, user: u, now: long });
    extra.push(u);
  }
  saveFinanceSettings(t.db, { communityId: community.id, actorId: treasurer.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: long });
  const account = listAccounts(t.db, community.id)[0]!.id;
  const fund = createFund(t.db, { communityId: community.id, actorId: creator.id, name: 'Bereavement fund', kind: 'bereavement', financing: opts.financing ?? 'levy', rules: { ...BEREAVEMENT, ...(opts.fund ?? {}) }, now: long });
  const mother = addDependant(t.db, { communityId: community.id, memberId: musa.id, name: 'Mama Halima', relationship: 'parent', now: now - 60 * DAY });
  const proof = (owner: UserRow, ext: 'webp' | 'pdf' = 'pdf') => storedProof(t, owner.id, ext);
  return { t, now, community, creator, admin, treasurer, musa, ada, kofi, extra, account, fund, mother, proof };
}

/** A case's levies as stored: who owes, how much, how much is paid. */
export function levyRows(t: TestApp, caseId: number) {
  return t.db.$client.prepare('SELECT member_id AS memberId, amount, paid FROM welfare_levies WHERE case_id = ? ORDER BY id').all(caseId) as { memberId: string; amount: number; paid: number }[];
}
