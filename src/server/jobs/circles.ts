import { and, eq, sql } from 'drizzle-orm';
import { circleRounds, circles, users } from '../../../db/schema';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import type { AppDeps } from '../context';
import { postDueFines } from '../services/njangi/fines';
import { circleOfficers, personName } from '../services/njangi/notices';
import { sendNotice, type NoticeKey, type Recipient } from '../mail/notice';

/*
 * The savings-circle job, run by the scheduler: late fines after the grace days, and reminders,
 * each at most once: contribution due in 3 days, contribution overdue, "your payout is next",
 * and for the organiser "the round is ready to be paid out" (and for the community's finance
 * officers too when its pot goes to the organiser's own hand). Each reminder is claimed by a
 * conditional update of its flag on the round before anything is sent, so a second runner (or a
 * rerun after a restart) finds it taken.
 */

const DAY = 86_400_000;
export const CIRCLE_REMIND_BEFORE_DAYS = 3;

type Flag = 'dueSoonSent' | 'overdueSent' | 'nextSent' | 'readySent';
const claim = (deps: AppDeps, roundId: number, flag: Flag) =>
  deps.db
    .update(circleRounds)
    .set({ [flag]: true })
    .where(and(eq(circleRounds.id, roundId), eq(circleRounds[flag], false)))
    .run().changes > 0;

const recipient = (deps: AppDeps, id: string): Recipient | undefined =>
  deps.db.select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, id)).get();

const dateText = (date: string, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));

/** Members with hands in the round that have nothing declared or recorded yet, and how many such hands. */
function owing(deps: AppDeps, circleId: number, roundId: number) {
  return deps.db.all<{ userId: string; hands: number }>(sql`
    SELECT h.user_id AS userId, COUNT(*) AS hands FROM circle_hands h
    WHERE h.circle_id = ${circleId}
      AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = ${roundId} AND c.hand_id = h.id AND c.status <> 'rejected')
    GROUP BY h.user_id`);
}

export async function runCirclesJob(deps: AppDeps, now = deps.now()): Promise<{ fines: number; reminders: number }> {
  const fines = postDueFines(deps.db, now);
  let reminders = 0;
  const tell = async (userId: string, key: NoticeKey, type: 'info' | 'warning', params: (language: Language) => Record<string, string | number>, circleId: number) => {
    const to = recipient(deps, userId);
    if (!to) return;
    await sendNotice(deps, to, { key, type, params: params(to.language), link: `/njangi/${circleId}`, now });
    reminders += 1;
  };

  const rounds = deps.db
    .select({ round: circleRounds, circle: circles })
    .from(circleRounds)
    .innerJoin(circles, eq(circles.id, circleRounds.circleId))
    .where(
      and(
        eq(circles.status, 'active'),
        sql`(${circleRounds.dueSoonSent} = 0 AND ${circleRounds.dueAt} > ${now} AND ${circleRounds.dueAt} <= ${now + CIRCLE_REMIND_BEFORE_DAYS * DAY})
          OR (${circleRounds.overdueSent} = 0 AND ${circleRounds.dueAt} < ${now})
          OR (${circleRounds.status} = 'open' AND (${circleRounds.nextSent} = 0 OR ${circleRounds.readySent} = 0))`,
      ),
    )
    .orderBy(circleRounds.circleId, circleRounds.number)
    .all();

  // Each circle's next round to be paid out: only its beneficiary is "next", only it can be "ready".
  const firstOpen = new Map<number, number>();
  for (const circleId of new Set(rounds.map((r) => r.circle.id))) {
    const next = deps.db.select({ id: circleRounds.id }).from(circleRounds).where(and(eq(circleRounds.circleId, circleId), eq(circleRounds.status, 'open'))).orderBy(circleRounds.number).limit(1).get();
    if (next) firstOpen.set(circleId, next.id);
  }

  for (const { round, circle } of rounds) {
    const money = (hands: number, language: Language) => formatMoney(circle.contribution * hands, circle.currency as Currency, LOCALES[language]);
    const soon = !round.dueSoonSent && round.dueAt > now && round.dueAt <= now + CIRCLE_REMIND_BEFORE_DAYS * DAY;
    if (soon && claim(deps, round.id, 'dueSoonSent')) {
      for (const o of owing(deps, circle.id, round.id)) {
        await tell(o.userId, 'circleDueSoon', 'info', (l) => ({ circle: circle.name, round: round.number, amount: money(o.hands, l), date: dateText(round.dueDate, l) }), circle.id);
      }
    }
    if (!round.overdueSent && round.dueAt < now && claim(deps, round.id, 'overdueSent')) {
      for (const o of owing(deps, circle.id, round.id)) {
        await tell(o.userId, 'circleOverdue', 'warning', (l) => ({ circle: circle.name, round: round.number, amount: money(o.hands, l), date: dateText(round.dueDate, l) }), circle.id);
      }
    }
    if (firstOpen.get(circle.id) !== round.id) continue;
    if (!round.nextSent && round.beneficiaryHandId !== null && claim(deps, round.id, 'nextSent')) {
      const beneficiary = deps.db.all<{ userId: string }>(sql`SELECT user_id AS userId FROM circle_hands WHERE id = ${round.beneficiaryHandId}`)[0];
      if (beneficiary) await tell(beneficiary.userId, 'circlePayoutNext', 'info', (l) => ({ circle: circle.name, round: round.number, date: dateText(round.dueDate, l) }), circle.id);
    }
    if (!round.readySent) {
      const confirmed = deps.db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM circle_contributions WHERE round_id = ${round.id} AND status = 'confirmed'`)[0]!.n;
      if (confirmed >= circle.hands && claim(deps, round.id, 'readySent')) {
        await tell(circle.organiserId, 'circleRoundReady', 'info', () => ({ circle: circle.name, round: round.number }), circle.id);
        // A pot for the organiser's own hand is recorded by one of the community's finance officers: they are told too.
        const toOrganiser = round.beneficiaryHandId !== null && deps.db.all<{ userId: string }>(sql`SELECT user_id AS userId FROM circle_hands WHERE id = ${round.beneficiaryHandId}`)[0]?.userId === circle.organiserId;
        if (toOrganiser) {
          const organiser = personName(deps.db, circle.organiserId);
          for (const o of circleOfficers(deps.db, circle)) await tell(o.userId, 'circleOfficerPayout', 'info', () => ({ circle: circle.name, round: round.number, organiser }), circle.id);
        }
      }
    }
  }
  return { fines, reminders };
}
