import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { callMeeting, finesAt, HOUR, meetingWorld, MT } from '../setup/meetings';
import { cancelEvent } from '../../src/server/services/events/events';
import { buildGroup } from '../setup/savings';
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

    it('a cancelled meeting takes no attendance (the offline sync shows this reason); the quorum counts present and late against the rule', async () => {
      const w = await meetingWorld({ settings: { quorumKind: 'percent', quorumValue: 50 } });
      const tabe = await as(w.t, w.treasurer);
      const ada = await as(w.t, w.ada);
      const meetingId = w.meeting.id;
      // Six members in good standing: half of them, rounded up, is three.
      expect((await T.call(ada, MT.get, { meetingId })).data.quorum).toEqual({ kind: 'percent', present: 0, proxies: 0, needed: 3, met: false });
      for (const [u, status] of [[w.musa, 'present'], [w.ada, 'late'], [w.kofi, 'excused']] as const) await T.call(tabe, MT.markAttendance, { meetingId, userId: u.id, status });
      expect((await T.call(ada, MT.get, { meetingId })).data.quorum).toMatchObject({ present: 2, needed: 3, met: false });
      await T.call(tabe, MT.markAttendance, { meetingId, userId: w.creator.id, status: 'present' });
      expect((await T.call(ada, MT.get, { meetingId })).data.quorum).toMatchObject({ present: 3, met: true });
      // A count: at least five.
      await T.call(await as(w.t, w.creator), MT.updateSettings, { communityId: w.community.id, quorumKind: 'count', quorumValue: 5, lateFine: 0, absenceFine: 0, maxProxies: 2 });
      expect((await T.call(ada, MT.get, { meetingId })).data.quorum).toMatchObject({ kind: 'count', present: 3, needed: 5, met: false });

      cancelEvent(w.t.db, { id: w.meeting.eventId, scope: 'one', reason: 'Storm warning', now: w.t.clock.now() });
      expectError(await T.call(tabe, MT.markAttendance, { meetingId, userId: w.musa.id, status: 'absent' }), 409, 'errors.meetings.cancelled');
      expectError(await T.call(tabe, MT.checkIn, { meetingId, code: 'ABCD2345' }), 409, 'errors.meetings.cancelled');
      expect((await T.call(ada, MT.get, { meetingId })).data.meeting.status).toBe('cancelled');
    });

    it('leaders set the rules (audited), the agenda (links of this community only) and the rota, which proposes the next host, told once', async () => {
      const w = await meetingWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const communityId = w.community.id;
      const settings = { communityId, quorumKind: 'count', quorumValue: 4, lateFine: 250, absenceFine: 750, maxProxies: 3 };
      expect((await T.call(ngozi, MT.updateSettings, settings)).data).toMatchObject({ quorumKind: 'count', lateFine: 250, currency: 'XAF' });
      expect((await T.call(tabe, MT.settings, { communityId })).data).toMatchObject({ quorumValue: 4, absenceFine: 750, maxProxies: 3 });
      const audited = w.t.db.$client.prepare("SELECT count(*) FROM finance_audit WHERE action = 'meetings.settingsChanged' AND community_id = ?").pluck().get(communityId);
      expect(audited).toBe(2);
      expectError(await T.call(tabe, MT.updateSettings, settings), 403, 'errors.denied.meetingsManage');
      expectError(await T.call(ngozi, MT.updateSettings, { ...settings, quorumKind: 'percent', quorumValue: 120 }), 400, 'errors.meetings.quorumPercent');

      const meetingId = w.meeting.id;
      const items = [
        { title: 'Welcome and prayer', presenterId: w.creator.id, time: '18:00', durationMinutes: 10 },
        { title: 'Treasurer’s report', presenterId: w.treasurer.id, time: '18:10', notes: 'Dues collected this quarter' },
      ];
      const agenda = await T.call(ngozi, MT.setAgenda, { meetingId, items });
      expect(agenda.status, JSON.stringify(agenda.error)).toBe(200);
      expect(agenda.data.map((i: { title: string; presenter: { name: string } }) => [i.title, i.presenter.name])).toEqual([
        ['Welcome and prayer', 'Ngozi Test'],
        ['Treasurer’s report', 'Tabe Test'],
      ]);
      expectError(await T.call(ngozi, MT.setAgenda, { meetingId, items: [{ title: 'Vote', pollId: 999_999 }] }), 400, 'errors.meetings.linkOther');
      expectError(await T.call(ngozi, MT.setAgenda, { meetingId, items: [{ title: 'Late', time: '25:00' }] }), 400, 'errors.meetings.agendaTime');
      expect((await T.call(tabe, MT.get, { meetingId })).data.agenda).toHaveLength(2);

      expect((await T.call(ngozi, MT.setRota, { communityId, userIds: [w.ada.id, w.kofi.id] })).data.map((r: { userId: string }) => r.userId)).toEqual([w.ada.id, w.kofi.id]);
      const first = callMeeting(w.t, w.community, w.creator, { title: 'June meeting', inHours: 100 });
      const second = callMeeting(w.t, w.community, w.creator, { title: 'July meeting', inHours: 200 });
      expect([first.host?.id, second.host?.id]).toEqual([w.ada.id, w.kofi.id]);
      const told = (id: string) => w.t.db.$client.prepare("SELECT count(*) FROM notifications WHERE user_id = ? AND title = 'notifications.meetingHost.title'").pluck().get(id);
      expect(told(w.ada.id)).toBe(1);
      // The same host named again is not told again; a new one is.
      await T.call(ngozi, MT.setHost, { meetingId: first.id, userId: w.ada.id });
      expect(told(w.ada.id)).toBe(1);
      expect((await T.call(ngozi, MT.setHost, { meetingId: first.id, userId: w.musa.id })).data.host).toMatchObject({ id: w.musa.id, name: 'Musa Test' });
      expect(told(w.musa.id)).toBe(1);
      expectError(await T.call(ngozi, MT.setHost, { meetingId: first.id, userId: 'nobody-here' }), 400, 'errors.meetings.notAMember');
    });

    it('a savings group’s meeting: its roster is the group’s members; others are refused by mark and by code; a group of another community is refused', async () => {
      const w = await meetingWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const { group } = buildGroup(w.t, { community: w.community, chair: w.creator, treasurer: w.treasurer, secretary: w.admin, members: [w.musa] });
      const startsAt = w.now + 30 * HOUR;
      const input = { communityId: w.community.id, title: 'Table banking', startsAt, endsAt: startsAt + HOUR, timeZone: 'Africa/Douala', scope: 'savings_group', savingsGroupId: group.id };
      const made = await T.call(ngozi, MT.create, input);
      expect(made.status, JSON.stringify(made.error)).toBe(T.okStatus(MT.create));
      const roster = (await T.call(tabe, MT.roster, { meetingId: made.data.id })).data as { userId: string }[];
      expect(roster.map((r) => r.userId).sort()).toEqual([w.creator.id, w.admin.id, w.treasurer.id, w.musa.id].sort());
      expectError(await T.call(tabe, MT.markAttendance, { meetingId: made.data.id, userId: w.kofi.id, status: 'present' }), 400, 'errors.meetings.notOnRoster');
      const kofiCode = (await T.call(await as(w.t, w.kofi), MT.myCode, { communityId: w.community.id })).data.code;
      expectError(await T.call(tabe, MT.checkIn, { meetingId: made.data.id, code: kofiCode }), 404, 'errors.meetings.unknownCode');
      expectError(await T.call(ngozi, MT.create, { ...input, savingsGroupId: group.id + 1000 }), 400, 'errors.meetings.linkOther');
      expectError(await T.call(ngozi, MT.create, { ...input, savingsGroupId: undefined }), 400, 'errors.meetings.groupNeeded');
    });
  });
}
