import { cashFlowInput } from '@shared/schemas/finances';
import { cashFlow as monthsOfCashFlow } from '../services/finances/summary';
import { inCommunity, query } from './define';
import { isOfficer } from './finance-scope';

/** Money in and out month by month, and the balance over time: the totals the community's transparency shows (none where members see only their own). */
export const cashFlow = query({
  input: cashFlowInput,
  access: inCommunity('finances.view'),
  run: (ctx, input, scope) => monthsOfCashFlow(ctx.db, { communityId: scope.community.id, officer: isOfficer(scope), months: input.months, now: ctx.now() }),
});
