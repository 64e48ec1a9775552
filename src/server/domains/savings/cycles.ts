import { and, eq, max } from 'drizzle-orm';
import { savingsCycles, savingsMeetings, type SavingsCycleRow } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { addDays, dateInZone, dueDates } from '@shared/njangi/schedule';
import type { MeetingFrequency } from '@shared/savings/rules';
import { conflict, fieldError, isUniqueViolation } from '../../services/errors';
import { audit, cycleDto, groupOf, requireOfficer } from './groups';

/*
 * A cycle: its rules copied from the group's when it opens (a later change of the group's rules
 * waits for the next cycle), its end date and its meetings, all calendar dates in the group's zone.
 */

/** The group's open cycle, where its money is recorded now (409 when none is open). */
export function openCycleOf(tx: DbLike, groupId: number): SavingsCycleRow {
  const cycle = tx.select().from(savingsCycles).where(and(eq(savingsCycles.groupId, groupId), eq(savingsCycles.status, 'open'))).get();
  if (!cycle) throw conflict('errors.savings.noOpenCycle');
  return cycle;
}

/** The last day of a cycle of `months` months starting on `start` (31 Jan + 1 month ends 28/29 Feb). */
export function cycleEnd(start: string, months: number): string {
  return addDays(dueDates(start, 'monthly', months + 1)[months]!, -1);
}

/** The meeting dates of a cycle: from its start, at the group's frequency, up to its last day. */
export function meetingDates(start: string, end: string, frequency: MeetingFrequency): string[] {
  if (frequency === 'monthly') return dueDates(start, 'monthly', 240).filter((d) => d <= end);
  return dueDates(start, frequency === 'weekly' ? 'weekly' : 'biweekly', 120).filter((d) => d <= end);
}

/** Opens the group's next cycle with its meetings; while one is open another is refused (409, and a partial unique index). */
export function openCycle(db: DB, p: { communityId: number; groupId: number; actorId: string; startDate: string; now: number }) {
  try {
    return db.transaction((tx) => {
      const group = groupOf(tx, p.communityId, p.groupId);
      requireOfficer(tx, group.id, p.actorId);
      if (group.status !== 'active') throw conflict('errors.savings.groupClosed');
      if (p.startDate < dateInZone(p.now, group.timeZone)) throw fieldError('invalid', 'startDate', 'errors.savings.startInPast');
      const last = tx.select({ n: max(savingsCycles.number) }).from(savingsCycles).where(eq(savingsCycles.groupId, group.id)).get()?.n ?? 0;
      const endDate = cycleEnd(p.startDate, group.cycleMonths);
      const { id: _id, communityId: _c, name: _n, currency: _cu, timeZone: _t, status: _s, loanFundCash: _l, socialFundCash: _sf, lastReceiptNo: _r, createdBy: _cb, createdAt: _ca, ...rules } = group;
      const cycle = tx
        .insert(savingsCycles)
        .values({ groupId: group.id, number: last + 1, startDate: p.startDate, endDate, status: 'open', ...rules, openedBy: p.actorId, openedAt: p.now })
        .returning()
        .get();
      const dates = meetingDates(p.startDate, endDate, group.frequency);
      tx.insert(savingsMeetings)
        .values(dates.map((date, i) => ({ groupId: group.id, cycleId: cycle.id, number: i + 1, date })))
        .run();
      audit(tx, group, p.actorId, 'cycleOpened', { cycle: cycle.number, startDate: cycle.startDate, endDate, meetings: dates.length }, p.now);
      return { ...cycleDto(cycle), meetings: dates.length };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('errors.savings.cycleOpen');
    throw e;
  }
}
