import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { communities, financeSettings, users, welfareCases, welfareFunds, welfareLevies } from '../../../../db/schema';
import type { Currency } from '@shared/money';
import type { AppDeps } from '../../context';
import { notify } from '../../services/notify';
import { chargeMonthlyContributions } from './levies';
import { caseLink, dateIn, moneyIn, relationshipIn } from './words';

/*
 * The welfare job, run by the scheduler: a monthly fund's contributions for the month; telling each
 * levied member of their levy (in batches, after the levy was issued: issuing answers at once
 * however many members a community has); reminders 3 days before the due date and once overdue.
 * Each notice is claimed in the database before it is written (told_at, reminded_before,
 * reminded_overdue, in the notice's own transaction), so a restart neither repeats nor skips one.
 */

const DAY = 86_400_000;
export const REMIND_BEFORE_DAYS = 3;
const BATCH = 500;

type LevyNotice = { id: number; communityId: number; memberId: string; caseId: number | null; amount: number; outstanding: number; dueAt: number };

export function runWelfareJob(deps: AppDeps, now = deps.now()) {
  const db = deps.db;
  const charged = chargeMonthlyContributions(db, { now });
  let told = 0;
  let reminded = 0;

  const tell = (rows: LevyNotice[], key: 'welfareLevyIssued' | 'welfareContributionIssued' | 'welfareLevyDueSoon' | 'welfareLevyOverdue', claim: (ids: number[]) => number[]) => {
    // One notice per group of the same levy (same case or month, same amount and due date).
    const groups = new Map<string, LevyNotice[]>();
    for (const r of rows) groups.set(`${r.caseId}:${r.communityId}:${r.outstanding}:${r.dueAt}`, [...(groups.get(`${r.caseId}:${r.communityId}:${r.outstanding}:${r.dueAt}`) ?? []), r]);
    let n = 0;
    for (const group of groups.values()) {
      const first = group[0]!;
      n += db.transaction((tx) => {
        const ids = claim(group.map((r) => r.id));
        if (!ids.length) return 0;
        const claimed = new Set(ids);
        const to = group.filter((r) => claimed.has(r.id)).map((r) => r.memberId);
        const frame = tx
          .select({ community: communities.name, timeZone: communities.timeZone, currency: financeSettings.currency })
          .from(communities)
          .innerJoin(financeSettings, eq(financeSettings.communityId, communities.id))
          .where(eq(communities.id, first.communityId))
          .get();
        if (!frame) return 0;
        const fund = tx
          .select({ name: welfareFunds.name })
          .from(welfareLevies)
          .innerJoin(welfareFunds, eq(welfareFunds.id, welfareLevies.fundId))
          .where(eq(welfareLevies.id, first.id))
          .get()!.name;
        const c = first.caseId ? tx.select({ memberId: welfareCases.memberId, relationship: welfareCases.relationship }).from(welfareCases).where(eq(welfareCases.id, first.caseId)).get() : undefined;
        const member = c ? tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, c.memberId)).get() : undefined;
        notify(tx, {
          to,
          key: first.caseId ? key : key === 'welfareLevyIssued' ? 'welfareContributionIssued' : key,
          type: key === 'welfareLevyOverdue' ? 'warning' : 'info',
          params: (l) => ({
            amount: moneyIn(first.outstanding, frame.currency as Currency, l),
            date: dateIn(first.dueAt, frame.timeZone, l),
            fund,
            community: frame.community,
            member: member ? `${member.firstName} ${member.lastName}` : '',
            relationship: c ? relationshipIn(c.relationship, l) : '',
          }),
          link: first.caseId ? caseLink(first.caseId) : `/community/${first.communityId}?tab=welfare`,
          email: 'all',
          now,
        });
        return to.length;
      });
    }
    return n;
  };

  const columns = {
    id: welfareLevies.id,
    communityId: welfareLevies.communityId,
    memberId: welfareLevies.memberId,
    caseId: welfareLevies.caseId,
    amount: welfareLevies.amount,
    outstanding: sql<number>`${welfareLevies.amount} - ${welfareLevies.paid}`,
    dueAt: welfareLevies.dueAt,
  };

  // Newly levied members, a batch at a time.
  for (let round = 0; round < 20; round += 1) {
    const rows = db.select(columns).from(welfareLevies).where(isNull(welfareLevies.toldAt)).orderBy(asc(welfareLevies.id)).limit(BATCH).all();
    if (!rows.length) break;
    told += tell(rows, 'welfareLevyIssued', (ids) =>
      db
        .update(welfareLevies)
        .set({ toldAt: now })
        .where(and(inArray(welfareLevies.id, ids), isNull(welfareLevies.toldAt)))
        .returning({ id: welfareLevies.id })
        .all()
        .map((r) => r.id),
    );
  }

  // Due in three days, unpaid, and told already.
  const soon = db
    .select(columns)
    .from(welfareLevies)
    .where(and(sql`${welfareLevies.paid} < ${welfareLevies.amount}`, isNull(welfareLevies.remindedBefore), gt(welfareLevies.dueAt, now), lt(welfareLevies.dueAt, now + REMIND_BEFORE_DAYS * DAY), sql`${welfareLevies.toldAt} IS NOT NULL`))
    .limit(BATCH * 10)
    .all();
  reminded += tell(soon, 'welfareLevyDueSoon', (ids) =>
    db
      .update(welfareLevies)
      .set({ remindedBefore: now })
      .where(and(inArray(welfareLevies.id, ids), isNull(welfareLevies.remindedBefore)))
      .returning({ id: welfareLevies.id })
      .all()
      .map((r) => r.id),
  );

  // Past the grace days, unpaid: now arrears.
  const overdue = db
    .select(columns)
    .from(welfareLevies)
    .where(and(sql`${welfareLevies.paid} < ${welfareLevies.amount}`, isNull(welfareLevies.remindedOverdue), lt(welfareLevies.overdueAfter, now)))
    .limit(BATCH * 10)
    .all();
  reminded += tell(overdue, 'welfareLevyOverdue', (ids) =>
    db
      .update(welfareLevies)
      .set({ remindedOverdue: now })
      .where(and(inArray(welfareLevies.id, ids), isNull(welfareLevies.remindedOverdue)))
      .returning({ id: welfareLevies.id })
      .all()
      .map((r) => r.id),
  );
  return { charged, told, reminded };
}
