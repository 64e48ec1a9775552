import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { communities, duesObligations, duesPlans, duesReminders, financeSettings, memberships, payments, users } from '../../../db/schema';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import type { AppDeps } from '../context';
import { generateObligations } from '../services/finances/dues';
import { sendNotice, type Recipient } from '../mail/notice';

/*
 * The dues job, run by the scheduler: it makes each period's obligations and sends reminders.
 * Every reminder is written to dues_reminders before it goes out (a unique key per obligation and
 * kind), so a reminder is sent at most once, and a restart neither repeats nor skips one: the job
 * looks at the database, not at what it did last time in memory.
 */

const DAY = 86_400_000;
/** How long before the due date members are reminded. */
export const REMIND_BEFORE_DAYS = 3;

/** Claims a reminder; false when it was already sent. */
function claim(deps: AppDeps, subject: string, kind: 'before' | 'overdue' | 'treasurer', now: number): boolean {
  return deps.db.insert(duesReminders).values({ subject, kind, sentAt: now }).onConflictDoNothing().run().changes > 0;
}

const tell = (deps: AppDeps, to: Recipient, p: { key: 'duesBefore' | 'duesOverdue' | 'duesTreasurer'; params: Record<string, string>; link: string; now: number }) =>
  sendNotice(deps, to, { ...p, type: p.key === 'duesBefore' ? 'info' : 'warning' });

const dateIn = (ms: number, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

export async function runDuesJob(deps: AppDeps, now = deps.now()): Promise<{ obligations: number; reminders: number }> {
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
      member: { id: users.id, email: users.email, firstName: users.firstName, language: users.language },
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
    if (!kind || !claim(deps, `obligation:${o.id}`, kind, now)) continue;
    const language = o.member.language;
    await tell(deps, o.member, {
      key: kind === 'before' ? 'duesBefore' : 'duesOverdue',
      params: { plan: o.plan, amount: formatMoney(o.owed, o.currency as Currency, LOCALES[language]), date: dateIn(o.dueAt, language), community: o.community },
      link: `/community/${o.communityId}?tab=finances`,
      now,
    });
    reminders += 1;
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
    if (entered || !claim(deps, `period:${period.planId}:${period.periodKey}`, 'treasurer', now)) continue;
    const officers = db
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.communityId, period.communityId), inArray(memberships.role, ['creator', 'admin', 'treasurer'])))
      .all();
    for (const officer of officers) {
      await tell(deps, officer, {
        key: 'duesTreasurer',
        params: { plan: period.plan, period: period.periodKey, date: dateIn(period.dueAt, officer.language), community: period.community },
        link: `/community/${period.communityId}?tab=finances`,
        now,
      });
      reminders += 1;
    }
  }
  const after = db.select({ n: sql<number>`count(*)` }).from(duesObligations).get()!.n;
  return { obligations: after - before, reminders };
}
