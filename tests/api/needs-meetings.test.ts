import { describe, expect, it } from 'vitest';
import { cancelEvent } from '../../src/server/services/events/events';
import { listAccounts } from '../../src/server/services/finances/books';
import { confirmPayment, rejectPayment } from '../../src/server/services/finances/payments';
import { needText } from '../../src/shared/needs-text';
import type { NeedItem } from '../../src/shared/needs';
import type { Agent } from '../setup/app';
import { callMeeting, HOUR, meetingWorld, MT } from '../setup/meetings';
import { N, waiting, whoHas, associationAgents, countsAgree as countsAgreeIn } from '../setup/needs';
import { OPS, TRANSPORTS, type Transport } from '../setup/transport';

/*
 * Meeting day's waiting work in "Needs you", over both transports: a meeting waits on its host
 * (and no one else) from being named until it ends, is cancelled, is handed to another host or the
 * host leaves; a member's owed fine waits on that member alone until it is paid, declared and
 * waiting for an officer, waived or cancelled by a corrected mark. The count agrees with the list.
 */

const people = associationAgents;
const countsAgree = (T: Transport, agents: Record<string, Agent>, communityId: number) => countsAgreeIn(T, agents, { communityId, tab: 'meetings', kinds: /^(meetingToHost|fineToPay):/ });

async function itemOf(T: Transport, who: Agent, key: string): Promise<NeedItem> {
  const item = T.page(await T.call(who, N.list, { limit: 100 })).items.find((i: NeedItem) => i.key === key);
  expect(item, key).toBeDefined();
  return item;
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: meeting day in "Needs you"`, () => {
    it('a meeting waits on its host alone, due at its start, until it ends, is cancelled, changes host or the host leaves', async () => {
      const w = await meetingWorld();
      const agents = await people(w);
      const communityId = w.community.id;
      const id = w.meeting.id;
      const key = `meetingToHost:${id}`;

      // No host: it waits on no one.
      expect(await whoHas(T, agents, key)).toEqual([]);
      expect((await T.call(agents.ngozi, MT.setHost, { meetingId: id, userId: w.ada.id })).status).toBe(200);
      expect(await whoHas(T, agents, key)).toEqual(['ada']);
      const item = await itemOf(T, agents.ada, key);
      const startsAt = w.now + 24 * HOUR;
      expect(item).toMatchObject({
        kind: 'meetingToHost',
        id,
        communityId,
        community: 'Houston Cameroonian Association',
        tab: 'meetings',
        who: null,
        amount: null,
        subject: 'Monthly meeting',
        details: { timeZone: 'America/Chicago' },
        due: new Date(startsAt).toISOString(),
        link: `/meetings/${id}`,
        action: null,
      });
      expect(needText(item, 'en', () => 'Tuesday')).toMatchObject({ key: 'needs.items.meetingToHost', params: { subject: 'Monthly meeting', due: 'Tuesday' } });
      expect(needText(item, 'fr', () => 'mardi').key).toBe('needs.items.meetingToHost');
      await countsAgree(T, agents, communityId);

      // Handed to Kofi: it leaves Ada's list for his.
      expect((await T.call(agents.ngozi, MT.setHost, { meetingId: id, userId: w.kofi.id })).status).toBe(200);
      expect(await whoHas(T, agents, key)).toEqual(['kofi']);

      // A cancelled meeting is hosted by no one.
      const stormy = callMeeting(w.t, w.community, w.creator, { title: 'Planning meeting', hostId: w.musa.id, inHours: 48 });
      expect(await whoHas(T, agents, `meetingToHost:${stormy.id}`)).toEqual(['musa']);
      cancelEvent(w.t.db, { id: stormy.eventId, scope: 'one', reason: 'Storm warning', now: w.t.clock.now() });
      expect(await whoHas(T, agents, `meetingToHost:${stormy.id}`)).toEqual([]);

      // A host who leaves the community hosts nothing there.
      const later = callMeeting(w.t, w.community, w.creator, { title: 'Annual general assembly', hostId: w.ada.id, inHours: 72 });
      expect(await whoHas(T, agents, `meetingToHost:${later.id}`)).toEqual(['ada']);
      expect((await T.call(agents.ada, OPS.leaveCommunity, { communityId })).status).toBe(200);
      expect(await waiting(T, agents.ada)).toEqual([]);
      await countsAgree(T, agents, communityId);

      // Under way it still waits on Kofi; once it has ended, on no one.
      w.t.clock.advance(25 * HOUR);
      expect(await whoHas(T, agents, key)).toEqual(['kofi']);
      w.t.clock.advance(HOUR + 1);
      expect(await whoHas(T, agents, key)).toEqual([]);
      await countsAgree(T, agents, communityId);
    });

    it('an owed fine waits on its member alone until paid in full, declared and waiting, waived or cancelled', async () => {
      const w = await meetingWorld();
      const agents = await people(w);
      const { ngozi, tabe, musa } = agents;
      const communityId = w.community.id;
      const meetingId = w.meeting.id;
      const account = listAccounts(w.t.db, communityId)[0]!.id;
      const mark = async (userId: string, status: string) => {
        const r = await T.call(tabe, MT.markAttendance, { meetingId, userId, status });
        expect(r.status, JSON.stringify(r.error)).toBe(200);
        return r.data.fine as { id: number } | null;
      };
      const musaFine = (await mark(w.musa.id, 'absent'))!;
      const adaFine = (await mark(w.ada.id, 'late'))!;
      const kofiFine = (await mark(w.kofi.id, 'absent'))!;
      const awaFine = (await mark(w.admin.id, 'absent'))!;

      expect(await whoHas(T, agents, `fineToPay:${musaFine.id}`)).toEqual(['musa']);
      expect(await whoHas(T, agents, `fineToPay:${adaFine.id}`)).toEqual(['ada']);
      expect(await whoHas(T, agents, `fineToPay:${kofiFine.id}`)).toEqual(['kofi']);
      expect(await whoHas(T, agents, `fineToPay:${awaFine.id}`)).toEqual(['awa']);
      const absent = await itemOf(T, musa, `fineToPay:${musaFine.id}`);
      expect(absent).toMatchObject({
        kind: 'fineToPay',
        communityId,
        tab: 'meetings',
        who: null,
        amount: { amount: 1_000, currency: 'XAF' },
        subject: 'Monthly meeting',
        details: { reason: 'absent' },
        since: new Date(w.t.clock.now()).toISOString(),
        due: null,
        link: `/meetings/${meetingId}`,
        action: null,
      });
      expect(needText(absent, 'fr', String).key).toBe('needs.items.fineToPayAbsent');
      const late = await itemOf(T, agents.ada, `fineToPay:${adaFine.id}`);
      expect(late).toMatchObject({ amount: { amount: 500, currency: 'XAF' }, details: { reason: 'late' } });
      expect(needText(late, 'en', String).key).toBe('needs.items.fineToPayLate');
      await countsAgree(T, agents, communityId);

      // Declared, it waits on an officer instead; rejected, it is Musa's again; part confirmed, the rest is.
      const declare = async (amount: number) => {
        const r = await T.call(musa, MT.payFine, { fineId: musaFine.id, amount, method: 'mobile_money', provider: 'MTN MoMo', reference: `MOMO-${amount}` });
        expect(r.status, JSON.stringify(r.error)).toBe(T.okStatus(MT.payFine));
        expect(await waiting(T, musa)).not.toContain(`fineToPay:${musaFine.id}`);
        return r.data.id as number;
      };
      const first = await declare(1_000);
      await countsAgree(T, agents, communityId);
      rejectPayment(w.t.db, { communityId, paymentId: first, reason: 'No such transfer', actorId: w.treasurer.id, now: w.t.clock.now() });
      expect(await whoHas(T, agents, `fineToPay:${musaFine.id}`)).toEqual(['musa']);
      confirmPayment(w.t.db, { communityId, paymentId: await declare(600), accountId: account, actorId: w.treasurer.id, now: w.t.clock.now() });
      expect((await itemOf(T, musa, `fineToPay:${musaFine.id}`)).amount).toEqual({ amount: 400, currency: 'XAF' });
      confirmPayment(w.t.db, { communityId, paymentId: await declare(400), accountId: account, actorId: w.treasurer.id, now: w.t.clock.now() });
      expect(await whoHas(T, agents, `fineToPay:${musaFine.id}`)).toEqual([]);

      // Cash an officer took for Awa waits on another officer, not on her.
      const cash = await T.call(tabe, MT.recordFineCash, { fineId: awaFine.id, accountId: account, amount: 1_000 });
      expect(cash.status, JSON.stringify(cash.error)).toBe(T.okStatus(MT.recordFineCash));
      expect(await whoHas(T, agents, `fineToPay:${awaFine.id}`)).toEqual([]);

      // Waived by a leader, or cancelled by a corrected mark: nothing is owed.
      expect((await T.call(ngozi, MT.waiveFine, { fineId: adaFine.id, reason: 'Bus broke down' })).status).toBe(200);
      expect(await whoHas(T, agents, `fineToPay:${adaFine.id}`)).toEqual([]);
      await mark(w.kofi.id, 'present');
      expect(await whoHas(T, agents, `fineToPay:${kofiFine.id}`)).toEqual([]);
      await countsAgree(T, agents, communityId);
    });
  });
}
