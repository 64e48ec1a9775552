import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { communities, duesObligations, duesPlans, duesReminders, financeSettings, memberships, payments, users } from '../../../db/schema';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { can, COMMUNITY_ROLES } from '@shared/permissions';
import type { DbLike } from '../../../db/database';
import type { AppDeps } from '../context';
import { generateObligations } from '../services/finances/dues';
import { notify } from '../services/notify';
import { financeLink } from '@shared/finances/sections';

/*
 * The dues job, run by the scheduler: it makes each period's obligations and sends reminders.
 * Every reminder is claimed in dues_reminders (a unique key per obligation and kind) in the
 * transaction that writes its notices and queues their email, so a reminder is told exactly once,
 * and a restart neither repeats nor skips one: the job looks at the database, not at what it did
 * last time in memory.
 */

const DAY = 86_400_000;
/** How long before the due date members are reminded. */
export const REMIND_BEFORE_DAYS = 3;

/** Claims a reminder; false when it was already sent. */
function claim(tx: DbLike, subject: string, kind: 'before' | 'overdue' | 'treasurer', now: number): boolean {
  return tx.insert(duesReminders).values({ subject, kind, sentAt: now }).onConflictDoNothing().run().changes > 0;
}

/** Who keeps the books (finances.record in the permission table). */
const OFFICER_ROLES = COMMUNITY_ROLES.filter((r) => can(r, 'finances.record'));

const dateIn = (ms: number, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

export function runDuesJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { obligations: number; reminders: number } {
  const db = deps.db;
  const before = db.select({ n: sql<number>`count(*)` }).from(duesObligations).get()!.n;
  const withPlans = db.selectDistinct({ communityId: duesPlans.communityId }).from(duesPlans).where(eq(duesPlans.active, true)).all();
  for (const { communityId } of withPlans) db.transaction((tx) => generateObligations(tx, { communityId, now }));
  let reminders = 0;

  // Members: shortly before the due date, and once past the grace days.
  const open = db
    .select({
      id: duesObligations.id,
      communityId: duesObligations.communityId,
      community: communities.name,
      currency: financeSettings.currency,
      plan: duesPlans.name,
      graceDays: duesPlans.graceDays,
      dueAt: duesObligations.dueAt,
      owed: sql<number>`${duesObligations.amount} - ${duesObligations.paid}`,
      memberId: users.id,
    })
    .from(duesObligations)
    .innerJoin(duesPlans, eq(duesPlans.id, duesObligations.planId))
    .innerJoin(communities, eq(communities.id, duesObligations.communityId))
    .innerJoin(financeSettings, eq(financeSettings.communityId, duesObligations.communityId))
    .innerJoin(users, eq(users.id, duesObligations.memberId))
    .where(and(sql`${duesObligations.paid} < ${duesObligations.amount}`, lt(duesObligations.dueAt, now + REMIND_BEFORE_DAYS * DAY), eq(duesPlans.active, true)))
    .all();
  for (const o of open) {
    const kind = now > o.dueAt + o.graceDays * DAY ? 'overdue' : now < o.dueAt ? 'before' : null;
    if (!kind) continue;
    reminders += db.transaction((tx) => {
      if (!claim(tx, `obligation:${o.id}`, kind, now)) return 0;
      return notify(tx, {
        to: [o.memberId],
        key: kind === 'before' ? 'duesBefore' : 'duesOverdue',
        type: kind === 'before' ? 'info' : 'warning',
        params: (language: Language) => ({ plan: o.plan, amount: formatMoney(o.owed, o.currency as Currency, LOCALES[language]), date: dateIn(o.dueAt, language), community: o.community }),
        link: financeLink(o.communityId),
        once: `dues-${kind}:obligation:${o.id}`,
        now,
      }).length;
    });
  }

  // Officers: a period that fell due with no dues payment entered since it began.
  const periods = db
    .select({ planId: duesPlans.id, plan: duesPlans.name, communityId: duesPlans.communityId, community: communities.name, periodKey: duesObligations.periodKey, dueAt: sql<number>`min(${duesObligations.dueAt})` })
    .from(duesObligations)
    .innerJoin(duesPlans, eq(duesPlans.id, duesObligations.planId))
    .innerJoin(communities, eq(communities.id, duesPlans.communityId))
    .where(and(eq(duesPlans.active, true), lt(duesObligations.dueAt, now)))
    .groupBy(duesPlans.id, duesObligations.periodKey)
    .all();
  for (const period of periods) {
    // Only the current round matters: an old period's silence was reported when it was current.
    if (now - period.dueAt > 35 * DAY) continue;
    const periodStart = period.dueAt - 31 * DAY;
    const entered = db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.communityId, period.communityId), eq(payments.purpose, 'dues'), gte(payments.createdAt, periodStart)))
      .limit(1)
      .get();
    if (entered) continue;
    reminders += db.transaction((tx) => {
      if (!claim(tx, `period:${period.planId}:${period.periodKey}`, 'treasurer', now)) return 0;
      const officers = tx
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.communityId, period.communityId), inArray(memberships.role, OFFICER_ROLES)))
        .all();
      return notify(tx, {
        to: officers.map((o) => o.id),
        key: 'duesTreasurer',
        type: 'warning',
        params: (language: Language) => ({ plan: period.plan, period: period.periodKey, date: dateIn(period.dueAt, language), community: period.community }),
        link: financeLink(period.communityId, 'dues'),
        once: `dues-treasurer:period:${period.planId}:${period.periodKey}`,
        now,
      }).length;
    });
  }
  const after = db.select({ n: sql<number>`count(*)` }).from(duesObligations).get()!.n;
  return { obligations: after - before, reminders };
}
