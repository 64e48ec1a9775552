import { and, eq, sql } from 'drizzle-orm';
import { circleRounds, circles } from '../../../db/schema';
import type { DbLike } from '../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import type { AppDeps } from '../context';
import type { NoticeKey } from '../mail/notice';
import { itemKey } from '../services/needs/notices';
import { postDueFines } from '../services/njangi/fines';
import { notify } from '../services/notify';
import { actorsOf } from '../services/needs/engine';
import { personName } from '../services/njangi/notices';

/*
 * The savings-circle job, run by the scheduler: late fines after the grace days, and reminders,
 * each at most once: contribution due in 3 days, contribution overdue, "your payout is next",
 * and for the organiser "the round is ready to be paid out" (and for the community's finance
 * officers too when its pot goes to the organiser's own hand). Each reminder is claimed by a
 * conditional update of its flag on the round in the transaction that writes its notices (and
 * queues their email, as each member chose), so a second runner (or a rerun after a restart)
 * finds it taken, and a crash between the two cannot claim a reminder nobody got.
 */

const DAY = 86_400_000;
export const CIRCLE_REMIND_BEFORE_DAYS = 3;

type Flag = 'dueSoonSent' | 'overdueSent' | 'nextSent' | 'readySent';
const claim = (tx: DbLike, roundId: number, flag: Flag) =>
  tx
    .update(circleRounds)
    .set({ [flag]: true })
    .where(and(eq(circleRounds.id, roundId), eq(circleRounds[flag], false)))
    .run().changes > 0;

const dateText = (date: string, language: Language) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));

/** Members with hands in the round that have nothing declared or recorded yet, and how many such hands. */
function owing(deps: Pick<AppDeps, 'db'>, circleId: number, roundId: number) {
  return deps.db.all<{ userId: string; hands: number }>(sql`
    SELECT h.user_id AS userId, COUNT(*) AS hands FROM circle_hands h
    WHERE h.circle_id = ${circleId}
      AND NOT EXISTS (SELECT 1 FROM circle_contributions c WHERE c.round_id = ${roundId} AND c.hand_id = h.id AND c.status <> 'rejected')
    GROUP BY h.user_id`);
}

type Tell = { userId: string; key: NoticeKey; type: 'info' | 'warning'; params: (language: Language) => Record<string, string | number>; circleId: number; item?: string };

export function runCirclesJob(deps: Pick<AppDeps, 'db' | 'now'>, now = deps.now()): { fines: number; reminders: number } {
  const fines = postDueFines(deps.db, now);
  let reminders = 0;
  /** Claims the round's reminder and writes its notices in one transaction: claimed means told, once. */
  const remind = (roundId: number, flag: Flag, who: () => Tell[]) =>
    deps.db.transaction((tx) => {
      if (!claim(tx, roundId, flag)) return;
      // The claim makes it once; the key keeps its email once even if a notice were written again.
      for (const t of who()) reminders += notify(tx, { to: [t.userId], key: t.key, type: t.type, params: t.params, link: `/njangi/${t.circleId}`, item: t.item, once: `circle-${flag}:${roundId}:${t.key}`, now }).length;
    });

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
    if (soon) {
      remind(round.id, 'dueSoonSent', () =>
        owing(deps, circle.id, round.id).map((o) => ({ userId: o.userId, key: 'circleDueSoon', type: 'info', params: (l) => ({ circle: circle.name, round: round.number, amount: money(o.hands, l), date: dateText(round.dueDate, l) }), circleId: circle.id })),
      );
    }
    if (!round.overdueSent && round.dueAt < now) {
      remind(round.id, 'overdueSent', () =>
        owing(deps, circle.id, round.id).map((o) => ({ userId: o.userId, key: 'circleOverdue', type: 'warning', params: (l) => ({ circle: circle.name, round: round.number, amount: money(o.hands, l), date: dateText(round.dueDate, l) }), circleId: circle.id })),
      );
    }
    if (firstOpen.get(circle.id) !== round.id) continue;
    if (!round.nextSent && round.beneficiaryHandId !== null) {
      remind(round.id, 'nextSent', () => {
        const beneficiary = deps.db.all<{ userId: string }>(sql`SELECT user_id AS userId FROM circle_hands WHERE id = ${round.beneficiaryHandId}`)[0];
        return beneficiary ? [{ userId: beneficiary.userId, key: 'circlePayoutNext', type: 'info', params: (l) => ({ circle: circle.name, round: round.number, date: dateText(round.dueDate, l) }), circleId: circle.id }] : [];
      });
    }
    if (!round.readySent) {
      const confirmed = deps.db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM circle_contributions WHERE round_id = ${round.id} AND status = 'confirmed'`)[0]!.n;
      if (confirmed >= circle.hands) {
        remind(round.id, 'readySent', () => {
          // A pot for the organiser's own hand is recorded by one of the community's finance officers: they are told too (the organiser only hears of it).
          const toOrganiser = round.beneficiaryHandId !== null && deps.db.all<{ userId: string }>(sql`SELECT user_id AS userId FROM circle_hands WHERE id = ${round.beneficiaryHandId}`)[0]?.userId === circle.organiserId;
          const ready: Tell = { userId: circle.organiserId, key: 'circleRoundReady', type: 'info', params: () => ({ circle: circle.name, round: round.number }), circleId: circle.id, item: toOrganiser ? undefined : itemKey('roundReady', round.id) };
          if (!toOrganiser) return [ready];
          const organiser = personName(deps.db, circle.organiserId);
          const officers = actorsOf(deps.db, 'officerPayout', round.id, now).filter((u) => u !== circle.organiserId);
          return [ready, ...officers.map((userId): Tell => ({ userId, key: 'circleOfficerPayout', type: 'info', params: () => ({ circle: circle.name, round: round.number, organiser }), circleId: circle.id, item: itemKey('officerPayout', round.id) }))];
        });
      }
    }
  }
  return { fines, reminders };
}
