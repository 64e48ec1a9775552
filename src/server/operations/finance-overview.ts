import { eq } from 'drizzle-orm';
import { financeSettings, memberships, communities } from '../../../db/schema';
import { memberDues } from '../services/finances/dues';
import { memberTotals } from '../services/finances/payments';
import { query, signedIn } from './define';
import { thisYear } from './finance-scope';

/** The dashboard's Financial Overview: the caller's own figures in each community whose books are open (by currency: they never add up across currencies). */
export const overview = query({
  access: signedIn,
  run: (ctx) => {
    const rows = ctx.db
      .select({ communityId: memberships.communityId, name: communities.name, currency: financeSettings.currency })
      .from(memberships)
      .innerJoin(financeSettings, eq(financeSettings.communityId, memberships.communityId))
      .innerJoin(communities, eq(communities.id, memberships.communityId))
      .where(eq(memberships.userId, ctx.user.id))
      .all();
    const year = thisYear(ctx);
    return rows.map((r) => {
      const own = memberTotals(ctx.db, { communityId: r.communityId, memberId: ctx.user.id, year });
      const d = memberDues(ctx.db, { communityId: r.communityId, memberId: ctx.user.id, now: ctx.now() });
      return { communityId: r.communityId, community: r.name, currency: r.currency, paidThisYear: own.paidThisYear, pending: own.pending, outstanding: d.outstanding, status: d.status };
    });
  },
});
