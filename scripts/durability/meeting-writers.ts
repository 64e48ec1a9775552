// The durability writer of meeting day, in the style of domain-writers.ts: the home's organiser (a
// leader, so it holds meetings.record) sends the attendance it took at its home's meeting as a
// phone back online does, through POST /api/sync: a small batch of records, each with its own key,
// marking another writer present, late, absent or excused (the mark may change again later, and
// the fine follows it). Sometimes it sends an acknowledged record once more, as a phone that never
// saw the answer does: the server must answer what it answered the first time and apply nothing,
// so the mark keeps whatever came after it (the checks after the kill would see a mark put back).
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../../src/shared/meetings/rules';
import type { SyncOutcome } from '../../src/shared/schemas/sync';
import { writeFor } from './http';
import type { Op, WriteContext, Writer } from './writers';

type SyncRecord = { key: string; op: 'meetings.markAttendance'; input: { meetingId: number; userId: string; status: AttendanceStatus } };

export type MeetingLedger = {
  /** `${meetingId}|${userId}` -> the marks the attendance may hold (null: not marked). */
  attendance: Map<string, Set<AttendanceStatus | null>>;
  /** Acknowledged records: key -> its sender and the record (its result as first answered). */
  synced: Map<string, { userId: string; record: SyncRecord; result: string }>;
};

export const emptyMeetingLedger = (): MeetingLedger => ({ attendance: new Map(), synced: new Map() });

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function sync(ctx: WriteContext, w: Writer, records: SyncRecord[]): Promise<SyncOutcome[] | null> {
  const answer = (await writeFor(ctx, w, 'POST', '/api/sync', { records })) as { results: SyncOutcome[] } | null;
  if (!answer) return null;
  // Every record is one the server must apply (the writer's own home, a member on its roster).
  answer.results.forEach((r, i) => {
    if (r.key !== records[i]!.key || r.outcome !== 'applied') ctx.stats.failures.push(`round ${ctx.round}: sync record ${records[i]!.key} answered ${JSON.stringify(r)}`);
  });
  return answer.results;
}

/** One to three marks of other writers at the home's meeting, sent as one batch. */
const syncAttendance: Op = async (w, ctx) => {
  const home = ctx.homes.find((h) => h.communityId === w.home)!;
  const members = Object.keys(home.handOf).sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
  const records: SyncRecord[] = members.map((userId) => ({
    key: `att-r${ctx.round}-w${w.index}-${(w.seq += 1)}`,
    op: 'meetings.markAttendance',
    input: { meetingId: home.meeting, userId, status: pick([...ATTENDANCE_STATUSES]) },
  }));
  const { attendance } = ctx.ledger.meetings;
  for (const r of records) {
    const key = `${home.meeting}|${r.input.userId}`;
    attendance.set(key, (attendance.get(key) ?? new Set([null])).add(r.input.status));
  }
  w.inFlight = { kind: 'row', what: 'sync batch', sql: 'SELECT 1 FROM sync_records WHERE user_id = ? AND key = ?', params: [w.userId, records[0]!.key] };
  const results = await sync(ctx, w, records);
  if (!results) return;
  records.forEach((r, i) => {
    attendance.set(`${home.meeting}|${r.input.userId}`, new Set([r.input.status]));
    ctx.ledger.meetings.synced.set(r.key, { userId: w.userId, record: r, result: JSON.stringify(results[i]!.result) });
  });
};

/** An acknowledged record of the writer's sent again: the same answer, and nothing applied twice. */
const resendAttendance: Op = async (w, ctx) => {
  const mine = [...ctx.ledger.meetings.synced.values()].filter((s) => s.userId === w.userId);
  if (mine.length === 0) return;
  const sent = pick(mine);
  const results = await sync(ctx, w, [sent.record]);
  if (results && JSON.stringify(results[0]!.result) !== sent.result) {
    ctx.stats.failures.push(`round ${ctx.round}: sync record ${sent.record.key} sent again answered ${JSON.stringify(results[0]!.result)}, first ${sent.result}`);
  }
};

export const MEETING_OPS: [Op, number][] = [
  [syncAttendance, 6],
  [resendAttendance, 2],
];
