import { and, eq, inArray } from 'drizzle-orm';
import { circles } from '../../../db/schema';
import { runCirclesJob } from '../jobs/circles';
import { njangi } from '../operations/njangi';
import { njangiRoutes } from '../rest/njangi';
import { CIRCLE_NEEDS } from '../services/njangi/needs';
import { defineDomain } from './domain';

const CIRCLE_KEPT = { kept: 'a circle’s records must still add up (they name a former member)' } as const;
const NOT_EXPORTED = { not: 'the circle’s own records; the member’s contributions are exported with their payments' } as const;

/** Savings circles (njangi, tontine, susu): hands, rounds, contributions, payouts, fines, swaps, bids. */
export const njangiDomain = defineDomain({
  name: 'njangi',
  operations: { njangi },
  rest: njangiRoutes,
  jobs: { circles: runCirclesJob },
  noticeKinds: {
    ...Object.fromEntries(
      [
        'circleJoinApproved', 'circleJoinDeclined', 'circleStarted', 'circleContributionConfirmed', 'circleContributionRejected', 'circleFinePosted',
        'circlePayoutDisputed', 'circleSwapApproved', 'circleSwapDeclined', 'circleDueSoon', 'circleOverdue', 'circlePayoutNext', 'circleCancelled', 'circleTopUpComing',
      ].map((k) => [`notifications.${k}`, 'circles' as const]),
    ),
    ...Object.fromEntries(
      [
        'circleJoinRequest', 'circleJoinWaiting', 'circleProofWaiting', 'circleContributionWaiting', 'circleRoundReady', 'circlePayoutRecorded', 'circleSwapRequested', 'circleSwapAccepted',
        'circleOfficerContribution', 'circleOfficerPayout', 'circleTopUpOwed', 'circleOfficerTopUp', 'circleTopUpRecorded',
      ].map((k) => [`notifications.${k}`, 'needs' as const]),
    ),
  },
  needs: CIRCLE_NEEDS,
  deletionBlockers: {
    circles: {
      names: (db, userId) =>
        db
          .select({ name: circles.name })
          .from(circles)
          .where(and(eq(circles.organiserId, userId), inArray(circles.status, ['recruiting', 'active'])))
          .all()
          .map((c) => c.name),
      message: 'errors.account.circlesFirst',
    },
  },
  personalData: {
    circles: { export: NOT_EXPORTED, erase: { kept: 'an organiser ends or hands over a running circle before deleting the account' } },
    circle_contributions: { export: { key: 'payments' }, erase: CIRCLE_KEPT },
    circle_members: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_hands: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_payouts: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_fines: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_bids: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_swaps: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_picks: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
    circle_top_ups: { export: NOT_EXPORTED, erase: CIRCLE_KEPT },
  },
});
