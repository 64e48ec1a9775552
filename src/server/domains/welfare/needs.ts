import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { memberships, welfareCases, welfareFunds, welfareLevies } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { rolesWith } from '@shared/permissions';
import { partiesOf } from './cases';
import { caseLink } from './words';

/*
 * What waits for one person in the welfare fund, in the shape a "Needs you" list reads: cases to
 * verify or approve (for the community's welfare officers who are no party to them and, for the
 * approval, did not verify them), benefits to pay or close, a benefit to confirm (the beneficiary),
 * and the person's own levies unpaid. The same rules as the operations (CASE_TRANSITIONS): whoever
 * this list names can make the move.
 */

export type WelfareNeed = {
  kind: 'caseToVerify' | 'caseToApprove' | 'levyToIssue' | 'benefitToPay' | 'benefitToConfirm' | 'caseToClose' | 'levyToPay';
  communityId: number;
  caseId: number | null;
  levyId: number | null;
  link: string;
  since: number;
};

export function welfareNeeds(db: DbLike, userId: string): WelfareNeed[] {
  const officerIn = db
    .select({ communityId: memberships.communityId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.role, rolesWith('welfare.manage'))))
    .all()
    .map((r) => r.communityId);
  const out: WelfareNeed[] = [];
  const cases = db
    .select({ c: welfareCases, financing: welfareFunds.financing })
    .from(welfareCases)
    .innerJoin(welfareFunds, eq(welfareFunds.id, welfareCases.fundId))
    .where(
      sql`(${welfareCases.beneficiaryId} = ${userId} AND ${welfareCases.status} = 'paid')
        OR (${officerIn.length ? inArray(welfareCases.communityId, officerIn) : sql`0`} AND ${welfareCases.status} IN ('open', 'verified', 'approved', 'collecting', 'confirmed'))`,
    )
    .all();
  for (const { c, financing } of cases) {
    const at = (kind: WelfareNeed['kind']) => out.push({ kind, communityId: c.communityId, caseId: c.id, levyId: null, link: caseLink(c.id), since: c.updatedAt });
    if (c.status === 'paid') {
      if (c.beneficiaryId === userId) at('benefitToConfirm');
      continue;
    }
    if (partiesOf(c).includes(userId)) continue;
    if (c.status === 'open') at('caseToVerify');
    else if (c.status === 'verified' && c.verifiedBy !== userId) at('caseToApprove');
    else if (c.status === 'approved') at(financing === 'levy' ? 'levyToIssue' : 'benefitToPay');
    else if (c.status === 'collecting') at('benefitToPay');
    else if (c.status === 'confirmed') at('caseToClose');
  }
  const levies = db
    .select({ id: welfareLevies.id, communityId: welfareLevies.communityId, caseId: welfareLevies.caseId, dueAt: welfareLevies.dueAt })
    .from(welfareLevies)
    .where(and(eq(welfareLevies.memberId, userId), lt(welfareLevies.paid, welfareLevies.amount)))
    .all();
  for (const l of levies) out.push({ kind: 'levyToPay', communityId: l.communityId, caseId: l.caseId, levyId: l.id, link: l.caseId ? caseLink(l.caseId) : `/community/${l.communityId}?tab=welfare`, since: l.dueAt });
  return out.sort((a, b) => a.since - b.since);
}
