import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { finesAt, HOUR, meetingWorld, MT } from '../setup/meetings';
import { TRANSPORTS } from '../setup/transport';

/*
 * Meetings over both transports: calling one (an event of kind 'meeting'), its page, the roster
 * with each member's check-in code, attendance with its fines (posted once, corrected, waived under
 * four eyes), checking in by code, and who may do what.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: meetings, attendance and fines`, () => {
    it('a leader calls a meeting: an event of kind meeting in the calendar, with its page for every member', async () => {
      const w = await meetingWorld();
      const ngozi = await as(w.t, w.creator);
      const ada = await as(w.t, w.ada);
      const startsAt = w.now + 48 * HOUR;
      const made = await T.call(ngozi, MT.create, { communityId: w.community.id, title: 'Annual general assembly', startsAt, endsAt: startsAt + 3 * HOUR, timeZone: 'America/Chicago', place: 'Church hall', generalAssembly: true });
      expect(made.status, JSON.stringify(made.error)).toBe(T.okStatus(MT.create));
      expect(made.data).toMatchObject({ title: 'Annual general assembly', status: 'scheduled', scope: 'community', generalAssembly: true, host: null });
      const kind = w.t.db.$client.prepare('SELECT kind FROM events WHERE id = ?').get(made.data.eventId) as { kind: string };
      expect(kind.kind).toBe('meeting');

      const page = await T.call(ada, MT.get, { meetingId: made.data.id });
      expect(page.status, JSON.stringify(page.error)).toBe(200);
      expect(page.data).toMatchObject({ meeting: { id: made.data.id, place: 'Church hall' }, agenda: [], myAttendance: null, myFine: null, can: { record: false, manage: false } });
      expect(page.data.quorum).toMatchObject({ kind: 'none', present: 0, met: true });
      const list = await T.call(ada, MT.list, { communityId: w.community.id });
      expect(list.data.upcoming.map((m: { title: string }) => m.title)).toEqual(['Monthly meeting', 'Annual general assembly']);

      expectError(await T.call(ada, MT.create, { communityId: w.community.id, title: 'Mine', startsAt, endsAt: startsAt + HOUR, timeZone: 'America/Chicago' }), 403, 'errors.denied.meetingsManage');
    });

    it('the roster carries each member’s code; marking twice posts one fine; a correction cancels or changes it', async () => {
      const w = await meetingWorld();
      const tabe = await as(w.t, w.treasurer);
      const musa = await as(w.t, w.musa);
      const meetingId = w.meeting.id;
      const roster = await T.call(tabe, MT.roster, { meetingId });
      expect(roster.status, JSON.stringify(roster.error)).toBe(200);
      expect(roster.data).toHaveLength(6);
      const musaRow = roster.data.find((r: { userId: string }) => r.userId === w.musa.id);
      expect(musaRow.code).toMatch(/^[0-9A-Z]{8}$/);
      expect((await T.call(musa, MT.myCode, { communityId: w.community.id })).data).toEqual({ code: musaRow.code });

      const first = await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'absent' });
      expect(first.status, JSON.stringify(first.error)).toBe(200);
      expect(first.data).toMatchObject({ userId: w.musa.id, status: 'absent', fine: { amount: 1_000, reason: 'absent', status: 'owed' } });
      const again = await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'absent' });
      expect(again.data.fine.id).toBe(first.data.fine.id);
      expect(finesAt(w.t, meetingId)).toHaveLength(1);
      const told = w.t.db.$client.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND title = 'notifications.meetingFineAbsent.title'").get(w.musa.id) as { n: number };
      expect(told.n).toBe(1);

      // Late instead: the unpaid fine becomes the late fine; present: it is cancelled.
      expect((await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'late' })).data.fine).toMatchObject({ id: first.data.fine.id, amount: 500, reason: 'late' });
      expect((await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'present' })).data.fine).toBeNull();
      expect(finesAt(w.t, meetingId)).toMatchObject([{ status: 'cancelled' }]);
      expect((await T.call(musa, MT.get, { meetingId })).data).toMatchObject({ myAttendance: 'present', myFine: null });

      expectError(await T.call(musa, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'present' }), 403, 'errors.denied.meetingsRecord');
      expectError(await T.call(musa, MT.roster, { meetingId }), 403, 'errors.denied.meetingsRecord');
      expectError(await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'gone' }), 400, 'errors.meetings.status');
    });

    it('two phones marking the same member at once post one fine', async () => {
      const w = await meetingWorld();
      const tabe = await as(w.t, w.treasurer);
      const awa = await as(w.t, w.admin);
      const meetingId = w.meeting.id;
      const both = await Promise.all([T.call(tabe, MT.markAttendance, { meetingId, userId: w.ada.id, status: 'absent' }), T.call(awa, MT.markAttendance, { meetingId, userId: w.ada.id, status: 'absent' })]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[0]!.data.fine.id).toBe(both[1]!.data.fine.id);
      expect(finesAt(w.t, meetingId)).toHaveLength(1);
    });

    it('checking in by code: present before the start plus 15 minutes, late after; an unknown code is refused', async () => {
      const w = await meetingWorld();
      const tabe = await as(w.t, w.treasurer);
      const code = (await T.call(await as(w.t, w.kofi), MT.myCode, { communityId: w.community.id })).data.code as string;
      const musaCode = (await T.call(await as(w.t, w.musa), MT.myCode, { communityId: w.community.id })).data.code as string;
      const meetingId = w.meeting.id;
      const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
      const early = await T.call(tabe, MT.checkIn, { meetingId, code: typed });
      expect(early.status, JSON.stringify(early.error)).toBe(200);
      expect(early.data).toMatchObject({ userId: w.kofi.id, status: 'present', fine: null });
      w.t.clock.advance(24 * HOUR + 20 * 60_000);
      expect((await T.call(tabe, MT.checkIn, { meetingId, code: musaCode })).data).toMatchObject({ userId: w.musa.id, status: 'late', fine: { amount: 500 } });
      // Scanned twice: the first mark stands.
      expect((await T.call(tabe, MT.checkIn, { meetingId, code })).data).toMatchObject({ status: 'present' });
      expectError(await T.call(tabe, MT.checkIn, { meetingId, code: 'ZZZZZZZZ' }), 404, 'errors.meetings.unknownCode');
      expectError(await T.call(tabe, MT.checkIn, { meetingId, code: 'no!' }), 400, 'errors.meetings.code');
    });
  });
}
