import { defineDomain } from '../domain';
import { runWelfareJob } from './jobs';
import { welfare } from './operations';
import { welfareRoutes } from './rest';
import { WELFARE_NEEDS } from './need-sources';
import { listDependants } from './dependants';
import { welfareDependants } from '../../../../db/schema';
import { eq } from 'drizzle-orm';

const MONEY_KEPT = { kept: 'money records are never removed: the fund must still add up (they name a former member)' } as const;

/** The welfare fund: funds and their versioned rules, dependants, cases, levies and benefits. */
export const welfareDomain = defineDomain({
  name: 'welfare',
  operations: { welfare },
  rest: welfareRoutes,
  jobs: { welfare: runWelfareJob },
  // Decisions waiting on officers or on the beneficiary are work ("needs"); levies and a case's
  // outcome are the member's own money.
  // Cases to decide, benefits to pay, confirm or close, levies to pay: who may act on each (need-sources.ts).
  needs: WELFARE_NEEDS,
  noticeKinds: {
    ...Object.fromEntries(['welfareCaseOpened', 'welfareCaseVerified', 'welfareBenefitPaid', 'welfareBenefitConfirmed'].map((k) => [`notifications.${k}`, 'needs' as const])),
    ...Object.fromEntries(
      ['welfareCaseForYou', 'welfareCaseApproved', 'welfareCaseRejected', 'welfareCaseClosed', 'welfareLevyIssued', 'welfareContributionIssued', 'welfareLevyDueSoon', 'welfareLevyOverdue'].map((k) => [`notifications.${k}`, 'money' as const]),
    ),
  },
  // The dependants a member registered are theirs to take away; the rest is the community's money.
  exportData: (db, user) => ({
    welfareDependants: db
      .selectDistinct({ communityId: welfareDependants.communityId })
      .from(welfareDependants)
      .where(eq(welfareDependants.memberId, user.id))
      .all()
      .flatMap((c) => listDependants(db, { communityId: c.communityId, memberId: user.id }).map((d) => ({ communityId: c.communityId, ...d }))),
  }),
  personalData: {
    welfare_dependants: { export: { key: 'welfareDependants' }, erase: { kept: 'a case may name the dependant; the fund’s records must still add up' } },
    welfare_cases: { export: { not: 'the community’s welfare records; the member’s levy payments are exported with their payments' }, erase: MONEY_KEPT },
    welfare_case_documents: { export: { not: 'papers of a case, kept with it for the fund’s records' }, erase: MONEY_KEPT },
    welfare_levies: { export: { not: 'what was owed; the payments that settled it are exported' }, erase: MONEY_KEPT },
    welfare_funds: { export: { not: 'the community’s funds' }, erase: MONEY_KEPT },
    welfare_fund_versions: { export: { not: 'the community’s fund rules' }, erase: MONEY_KEPT },
  },
});
