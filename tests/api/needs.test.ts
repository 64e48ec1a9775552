import { describe, expect, it } from 'vitest';
import { needText } from '../../src/shared/needs-text';
import { builtInCategoryId, saveFinanceSettings } from '../../src/server/services/finances/books';
import { recordContribution } from '../../src/server/services/njangi/contributions';
import { addMember, makeCommunity } from '../factories';
import { FIN } from '../setup/finances';
import { buildCircle, NJ, payCash, seedCircle } from '../setup/njangi';
import { E, newEvent, DAY, pageOf } from '../setup/events';
import { P, newPoll } from '../setup/polls';
import { OPS, TRANSPORTS, TRPC } from '../setup/transport';
import { agent } from '../setup/app';
import { N, needsWorld, noticesOf, waiting, whoHas } from '../setup/needs';
import type { NeedItem } from '../../src/shared/needs';
import { expectError } from '../setup/errors';

/*
 * "Needs you": each kind of waiting work is listed for exactly the people who may act on it now
 * (the rules the operations themselves enforce, four eyes on money included) and leaves every list
 * once done, over both transports. The list is computed from the records, so nothing here writes
 * to it: the tests act through the ordinary operations and read the list again.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: ${T.title(N.list)}`, () => {
    it('a declared payment waits on the officers who may confirm it (never its member), in words, and leaves every list once confirmed', async () => {
      const { t, agents, community, account } = await needsWorld();
      const declared = await T.call(agents.member, FIN.declare, { communityId: community.id, amount: 2500, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo' });
      expect(declared.status, JSON.stringify(declared.raw)).toBe(T.okStatus(FIN.declare));
      const key = `payment:${declared.data.id}`;
      expect(await whoHas(T, agents, key)).toEqual(['admin', 'creator', 'treasurer']);

      const [item] = T.page(await T.call(agents.treasurer, N.list, {})).items;
      expect(item).toMatchObject({ key, kind: 'payment', community: 'Bamenda Cultural Association', tab: 'finances', who: 'Jean-Paul Mbarga', amount: { amount: 2500, currency: 'USD' }, link: `/community/${community.id}?tab=finances&section=payments` });
      expect(item.action).toMatchObject({ op: 'finances.confirmPayment', input: { id: declared.data.id }, accountId: account });
      const text = needText(item, 'en', (iso) => iso);
      expect(text.key).toBe('needs.items.paymentDues');
      expect(text.params).toMatchObject({ who: 'Jean-Paul Mbarga', amount: '$25.00' });

      // The tab that holds it counts it, for officers only.
      const counts = (await T.call(agents.treasurer, N.count)).data;
      expect(counts).toEqual({ count: 1, communities: [{ communityId: community.id, count: 1, tabs: { finances: 1 } }] });
      expect((await T.call(agents.member, N.count)).data).toEqual({ count: 0, communities: [] });

      // The one tap is the ordinary confirmation: done by one officer, it leaves everyone's list.
      expect((await T.call(agents.admin, FIN.confirm, { id: declared.data.id, accountId: account })).status).toBe(200);
      expect(await whoHas(T, agents, key)).toEqual([]);
      expect((await T.call(agents.treasurer, N.count)).data.count).toBe(0);
      t.clock.advance(1);
    });

    it('cash recorded by an officer waits on the other officers only: not the recorder, not the member it is for', async () => {
      const { agents, users, community, account } = await needsWorld();
      const recorded = await TRPC.call(agents.treasurer, { rest: { method: 'POST', path: '/none' }, trpc: { path: 'finances.recordPayment', type: 'mutation' } }, { communityId: community.id, memberId: users.member.id, accountId: account, amount: 1000, purpose: 'donation', method: 'cash' });
      expect(recorded.status, JSON.stringify(recorded.error)).toBe(200);
      expect(await whoHas(T, agents, `payment:${recorded.data.id}`)).toEqual(['admin', 'creator']);
      const [item] = T.page(await T.call(agents.admin, N.list, {})).items;
      expect(needText(item, 'en', String)).toMatchObject({ key: 'needs.items.paymentRecorded', params: { who: 'Tabe Nkongho', member: 'Jean-Paul Mbarga', amount: '$10.00' } });
      // An officer's own money, recorded by another, waits on the third.
      const own = await TRPC.call(agents.admin, { rest: { method: 'POST', path: '/none' }, trpc: { path: 'finances.recordPayment', type: 'mutation' } }, { communityId: community.id, memberId: users.treasurer.id, accountId: account, amount: 1000, purpose: 'dues', method: 'cash' });
      expect(await whoHas(T, agents, `payment:${own.data.id}`)).toEqual(['creator']);
      // The count (its own SQL per community) agrees with the list for each of them.
      for (const who of Object.values(agents)) expect((await T.call(who, N.count)).data.count).toBe((await waiting(T, who)).length);
    });

    it('an expense waits for approval on approvers who are none of its authors, then to be paid; one of two approvals leaves only that approver’s list', async () => {
      const { t, agents, users, community, account } = await needsWorld();
      saveFinanceSettings(t.db, { communityId: community.id, actorId: users.creator.id, changes: { secondApprovalAbove: 5000 }, cashBoxName: 'Cash box', now: t.clock.now() });
      // Money in the box to pay with.
      const paid = await T.call(agents.member, FIN.declare, { communityId: community.id, amount: 50_000, purpose: 'donation', method: 'cash' });
      await T.call(agents.treasurer, FIN.confirm, { id: paid.data.id, accountId: account });
      const categoryId = builtInCategoryId(t.db, community.id, 'venue');

      const small = await T.call(agents.treasurer, FIN.submit, { communityId: community.id, amount: 3000, categoryId, description: 'Hall deposit', receipts: [] });
      expect(await whoHas(T, agents, `expenseApproval:${small.data.id}`)).toEqual(['admin', 'creator']);
      expect((await T.call(agents.admin, FIN.approve, { id: small.data.id })).status).toBe(200);
      expect(await whoHas(T, agents, `expenseApproval:${small.data.id}`)).toEqual([]);
      // Approved: it waits to be paid by an officer who did not ask for it (the treasurer did).
      expect(await whoHas(T, agents, `expensePayment:${small.data.id}`)).toEqual(['admin', 'creator']);
      expect((await T.call(agents.creator, FIN.pay, { id: small.data.id, accountId: account })).status).toBe(200);
      expect(await whoHas(T, agents, `expensePayment:${small.data.id}`)).toEqual([]);

      const large = await T.call(agents.treasurer, FIN.submit, { communityId: community.id, amount: 9000, categoryId, description: 'Sound system', receipts: [] });
      await T.call(agents.admin, FIN.approve, { id: large.data.id });
      // One approval of two: the admin is done, the creator still asked.
      expect(await whoHas(T, agents, `expenseApproval:${large.data.id}`)).toEqual(['creator']);
      expect(await whoHas(T, agents, `expensePayment:${large.data.id}`)).toEqual([]);
    });

    it('a request to join a private community waits on those who decide requests until decided, or withdrawn by the asker', async () => {
      const { t, agents, users } = await needsWorld();
      const closed = makeCommunity(t.db, { creator: users.creator, name: 'Paris Njangi House', isPublic: false });
      addMember(t.db, { communityId: closed.id, user: users.admin, role: 'admin' });
      addMember(t.db, { communityId: closed.id, user: users.treasurer, role: 'treasurer' });
      expect((await T.call(agents.outsider, OPS.joinCommunity, { communityId: closed.id })).status).toBe(200);
      const request = t.db.$client.prepare('SELECT id FROM join_requests WHERE community_id = ?').pluck().get(closed.id) as number;
      expect(await whoHas(T, agents, `joinRequest:${request}`)).toEqual(['admin', 'creator']);
      const [item] = T.page(await T.call(agents.admin, N.list, {})).items;
      expect(item).toMatchObject({ who: 'Olu Adebayo', tab: 'members', action: { op: 'communities.decideRequest', input: { communityId: closed.id, requestId: request, approve: true } } });
      expect((await T.call(agents.outsider, OPS.withdrawRequest, { communityId: closed.id })).status).toBe(200);
      expect(await whoHas(T, agents, `joinRequest:${request}`)).toEqual([]);

      t.clock.advance(2 * DAY);
      await T.call(agents.bih, OPS.joinCommunity, { communityId: closed.id });
      const second = t.db.$client.prepare('SELECT id FROM join_requests WHERE community_id = ? AND user_id = ?').pluck().get(closed.id, users.bih.id) as number;
      expect(await whoHas(T, agents, `joinRequest:${second}`)).toEqual(['admin', 'creator']);
      expect((await agents.creator.mutate('communities.decideRequest', { communityId: closed.id, requestId: second, approve: true })).status).toBe(200);
      expect(await whoHas(T, agents, `joinRequest:${second}`)).toEqual([]);
    });

    it('savings circles: requests, contributions and swaps wait on the organiser, a swap request on the member asked, a payout on its beneficiary; each leaves once done', async () => {
      const { t, agents, users, community } = await needsWorld();
      const cast = { organiser: users.creator, beneficiary: users.admin, asked: users.member, acceptor: users.bih, swapper: users.treasurer, officer: users.treasurer };
      const f = seedCircle(t, { community, cast, now: t.clock.now() });
      const everyone = agents;
      const contribution = `contribution:${f.pendingContribution}`;
      const join = t.db.$client.prepare('SELECT id FROM circle_members WHERE circle_id = ? AND user_id = ?').pluck().get(f.recruiting, users.treasurer.id) as number;
      expect(await whoHas(T, everyone, contribution)).toEqual(['creator']);
      expect(await whoHas(T, everyone, `circleJoin:${join}`)).toEqual(['creator']);
      expect(await whoHas(T, everyone, `swapAccept:${f.requestedSwap}`)).toEqual(['member']);
      expect(await whoHas(T, everyone, `swapApprove:${f.acceptedSwap}`)).toEqual(['creator']);
      expect(await whoHas(T, everyone, `payoutReceipt:${f.payout}`)).toEqual(['admin']);
      // Savings-circle work counts on the community's savings tab (with the late circle's top-up to pay
      // on, and its round-2 pot, paid to the organiser by an officer, for the organiser to confirm).
      expect((await T.call(agents.creator, N.count)).data.communities).toEqual([{ communityId: community.id, count: 5, tabs: { savings: 5 } }]);

      expect((await T.call(agents.creator, NJ.confirm, { id: f.pendingContribution })).status).toBe(200);
      expect((await T.call(agents.member, NJ.acceptSwap, { id: f.requestedSwap })).status).toBe(200);
      expect((await T.call(agents.admin, NJ.receipt, { id: f.payout })).status).toBe(200);
      expect((await agents.creator.mutate('njangi.decideJoin', { id: f.recruiting, userId: users.treasurer.id, approve: false })).status).toBe(200);
      expect(await whoHas(T, everyone, contribution)).toEqual([]);
      expect(await whoHas(T, everyone, `circleJoin:${join}`)).toEqual([]);
      expect(await whoHas(T, everyone, `swapAccept:${f.requestedSwap}`)).toEqual([]);
      expect(await whoHas(T, everyone, `payoutReceipt:${f.payout}`)).toEqual([]);
      // The accepted swap now waits on the organiser too.
      expect(await whoHas(T, everyone, `swapApprove:${f.requestedSwap}`)).toEqual(['creator']);
      expect((await T.call(agents.creator, NJ.approveSwap, { id: f.acceptedSwap })).status).toBe(200);
      expect(await whoHas(T, everyone, `swapApprove:${f.acceptedSwap}`)).toEqual([]);
    });

    it('top-ups and the organiser’s own money: a top-up waits on the organiser to pay it on and then on its beneficiary to confirm; the organiser’s own contribution and a top-up owed to the organiser on the finance officers other than the organiser; each leaves once done', async () => {
      const { t, agents, users, community } = await needsWorld();
      const cast = { organiser: users.creator, beneficiary: users.admin, asked: users.member, acceptor: users.bih, swapper: users.treasurer, officer: users.treasurer };
      const { late } = seedCircle(t, { community, cast, now: t.clock.now() });
      expect(await whoHas(T, agents, `topUpPay:${late.owedTopUp}`)).toEqual(['creator']);
      expect(await whoHas(T, agents, `topUpConfirm:${late.recordedTopUp}`)).toEqual(['admin']);
      expect(await whoHas(T, agents, `officerTopUp:${late.organiserTopUp}`)).toEqual(['admin', 'treasurer']);
      expect(await whoHas(T, agents, `officerContribution:${late.organiserPending}`)).toEqual(['admin', 'treasurer']);
      const treasurerItems = T.page(await T.call(agents.treasurer, N.list, { limit: 100 })).items as NeedItem[];
      const own = treasurerItems.find((i) => i.key === `officerContribution:${late.organiserPending}`)!;
      expect(own.action).toEqual({ op: 'njangi.officerConfirmContribution', input: { id: late.organiserPending } });
      expect(needText(own, 'en', String)).toMatchObject({ key: 'needs.items.officerContribution', params: { who: 'Ngozi Eze', round: 3 } });
      const confirm = treasurerItems.find((i) => i.key === `officerTopUp:${late.organiserTopUp}`)!;
      expect(needText(confirm, 'en', String).params).toMatchObject({ who: 'Ngozi Eze', round: 2 });

      expect((await T.call(agents.creator, NJ.recordTopUp, { id: late.owedTopUp, method: 'cash' })).status).toBe(200);
      expect(await whoHas(T, agents, `topUpPay:${late.owedTopUp}`)).toEqual([]);
      expect(await whoHas(T, agents, `topUpConfirm:${late.owedTopUp}`)).toEqual(['admin']);
      expect(noticesOf(t, users.admin.id, 'notifications.circleTopUpRecorded').at(-1)).toMatchObject({ item_key: `topUpConfirm:${late.owedTopUp}` });
      expect((await T.call(agents.admin, NJ.confirmTopUp, { id: late.owedTopUp })).status).toBe(200);
      expect(await whoHas(T, agents, `topUpConfirm:${late.owedTopUp}`)).toEqual([]);
      expect(noticesOf(t, users.admin.id, 'notifications.circleTopUpRecorded').at(-1)!.handled_at).not.toBeNull();

      expect((await T.call(agents.treasurer, NJ.officerConfirm, { id: late.organiserPending })).status).toBe(200);
      expect(await whoHas(T, agents, `officerContribution:${late.organiserPending}`)).toEqual([]);
      expect((await T.call(agents.admin, NJ.officerRecordTopUp, { id: late.organiserTopUp, method: 'cash' })).status).toBe(200);
      expect(await whoHas(T, agents, `officerTopUp:${late.organiserTopUp}`)).toEqual([]);
      // The organiser, as beneficiary, now confirms it arrived.
      expect(await whoHas(T, agents, `topUpConfirm:${late.organiserTopUp}`)).toEqual(['creator']);
    });

    it('a round whose every contribution is confirmed waits on its organiser to pay it out, until recorded', async () => {
      const { t, agents, users, community } = await needsWorld();
      // Round 1 goes to Jean-Paul (a pot for the organiser's own hand would be a finance officer's to record).
      const order = [users.member.id, users.bih.id, users.creator.id];
      const circle = buildCircle(t, { community, organiser: users.creator, members: [users.member, users.bih], order, rules: { startDate: '2026-03-10', currency: 'USD', contribution: 5000 } });
      const round = circle.rounds[0]!;
      const hands = order.map((id) => circle.handsOf[id]![0]!);
      // The organiser's own cash is confirmed by the treasurer; the members' is confirmed as the organiser records it.
      hands.slice(1).forEach((handId, i) => payCash(t, { circleId: circle.id, roundId: round, handId, organiserId: users.creator.id, officerId: users.treasurer.id, now: t.clock.now() + i }));
      expect(await waiting(T, agents.creator)).not.toContain(`roundReady:${round}`);
      recordContribution(t.db, { circleId: circle.id, roundId: round, handId: hands[0]!, organiserId: users.creator.id, details: { method: 'cash' }, now: t.clock.now() + 5 });
      expect(await whoHas(T, agents, `roundReady:${round}`)).toEqual(['creator']);
      const [item] = T.page(await T.call(agents.creator, N.list, {})).items;
      expect(needText(item, 'en', String).params).toMatchObject({ round: 1, subject: 'Market Women Njangi', amount: '$150.00' });
      const paid = await T.call(agents.creator, NJ.payout, { id: round, method: 'cash' });
      expect(paid.status, JSON.stringify(paid.raw)).toBe(T.okStatus(NJ.payout));
      expect(await whoHas(T, agents, `roundReady:${round}`)).toEqual([]);
    });

    it('elections and polls: a nomination waits on its nominee; a poll closing within 48 hours on every member who may vote and has not', async () => {
      const { t, agents, users, community } = await needsWorld();
      const now = t.clock.now();
      const election = await T.call(agents.creator, P.create, newPoll(now, community.id, { kind: 'election', title: 'Treasurer 2027', options: undefined, seats: 1, closesAt: now + 10 * DAY }));
      expect(election.status, JSON.stringify(election.raw)).toBe(T.okStatus(P.create));
      await agents.creator.mutate('polls.nominate', { id: election.data.id, userId: users.member.id });
      const nomination = t.db.$client.prepare('SELECT id FROM poll_nominations WHERE user_id = ?').pluck().get(users.member.id) as number;
      expect(await whoHas(T, agents, `nomination:${nomination}`)).toEqual(['member']);
      expect((await agents.member.mutate('polls.answerNomination', { id: election.data.id, accept: true })).status).toBe(200);
      expect(await whoHas(T, agents, `nomination:${nomination}`)).toEqual([]);

      const later = await T.call(agents.creator, P.create, newPoll(now, community.id, { title: 'Gala venue', closesAt: now + 5 * DAY }));
      const soon = await T.call(agents.creator, P.create, newPoll(now, community.id, { kind: 'yes_no', title: 'Raise dues?', options: undefined, closesAt: now + 30 * 3_600_000 }));
      expect(soon.status, JSON.stringify(soon.raw)).toBe(T.okStatus(P.create));
      expect(await whoHas(T, agents, `pollVote:${later.data.id}`)).toEqual([]);
      expect(await whoHas(T, agents, `pollVote:${soon.data.id}`)).toEqual(['admin', 'bih', 'creator', 'member', 'treasurer']);
      const item = T.page(await T.call(agents.member, N.list, {})).items.find((i: { key: string }) => i.key === `pollVote:${soon.data.id}`);
      // Deadlines come first; a yes / no poll is one tap; polls have their own community tab.
      expect(item).toMatchObject({ tab: 'polls', due: new Date(now + 30 * 3_600_000).toISOString(), action: { op: 'polls.vote', choices: [{ label: 'yes' }, { label: 'no' }, { label: 'abstain' }] } });
      const yes = item.action.choices[0].id;
      expect((await T.call(agents.member, P.vote, { id: soon.data.id, choices: [yes] })).status).toBe(200);
      expect(await whoHas(T, agents, `pollVote:${soon.data.id}`)).toEqual(['admin', 'bih', 'creator', 'treasurer']);
    });

    it('a poll limited to earlier members waits only on those who may vote in it', async () => {
      const { t, agents, users, community } = await needsWorld();
      const now = t.clock.now();
      t.db.$client.prepare('UPDATE memberships SET joined_at = ? WHERE community_id = ? AND user_id = ?').run(now - 1000, community.id, users.bih.id);
      t.db.$client.prepare('UPDATE memberships SET joined_at = ? WHERE community_id = ? AND user_id <> ?').run(now - 30 * DAY, community.id, users.bih.id);
      const poll = await T.call(agents.creator, P.create, newPoll(now, community.id, { title: 'Founders only', eligibility: 'joined_before', joinedBefore: now - DAY, closesAt: now + DAY }));
      expect(poll.status, JSON.stringify(poll.raw)).toBe(T.okStatus(P.create));
      expect(await whoHas(T, agents, `pollVote:${poll.data.id}`)).toEqual(['admin', 'creator', 'member', 'treasurer']);
    });

    it('an event starting within 7 days waits on each member who has not answered (its host aside), until they answer', async () => {
      const { t, agents, community } = await needsWorld();
      const soon = await T.call(agents.admin, E.create, newEvent(t, community.id, { title: 'AGM' }));
      const far = await T.call(agents.admin, E.create, newEvent(t, community.id, { title: 'Gala', startsAt: t.clock.now() + 10 * DAY, endsAt: t.clock.now() + 10 * DAY + 7_200_000 }));
      expect(soon.status, JSON.stringify(soon.raw)).toBe(T.okStatus(E.create));
      expect(await whoHas(T, agents, `eventAnswer:${soon.data.id}`)).toEqual(['bih', 'creator', 'member', 'treasurer']);
      expect(await whoHas(T, agents, `eventAnswer:${far.data.id}`)).toEqual([]);
      expect((await T.call(agents.member, E.rsvp, { id: soon.data.id, status: 'not_going' })).status).toBe(200);
      expect(await whoHas(T, agents, `eventAnswer:${soon.data.id}`)).toEqual(['bih', 'creator', 'treasurer']);
      expect((await T.call(agents.treasurer, N.count)).data.communities).toEqual([{ communityId: community.id, count: 1, tabs: { events: 1 } }]);
    });

    it('a reported chat message waits on the community’s moderators but its reporter; an email invitation on its invitee once verified', async () => {
      const { t, agents, users, community } = await needsWorld();
      const general = t.db.$client.prepare("SELECT id FROM conversations WHERE community_id = ? AND kind = 'channel'").pluck().get(community.id) as number;
      const message = await agents.creator.mutate('chat.send', { conversationId: general, body: 'Meeting moved to 6pm' });
      const report = await agents.admin.mutate('chat.report', { id: message.data.id, reason: 'Wrong time' });
      expect(report.status, JSON.stringify(report.error)).toBe(200);
      expect(await whoHas(T, agents, `chatReport:${report.data.id}`)).toEqual(['creator']);
      await agents.creator.mutate('chat.resolveReport', { id: report.data.id });
      expect(await whoHas(T, agents, `chatReport:${report.data.id}`)).toEqual([]);

      const invited = await agents.creator.mutate('invitations.send', { communityId: community.id, emails: [users.outsider.email] });
      expect(invited.status, JSON.stringify(invited.error)).toBe(200);
      const invitation = t.db.$client.prepare('SELECT id FROM invitations WHERE email = ?').pluck().get(users.outsider.email) as number;
      expect(await whoHas(T, agents, `invitation:${invitation}`)).toEqual(['outsider']);
      t.db.$client.prepare('UPDATE users SET is_email_verified = 0 WHERE id = ?').run(users.outsider.id);
      expect(await whoHas(T, agents, `invitation:${invitation}`)).toEqual([]);
      t.db.$client.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').run(users.outsider.id);
      expect((await agents.outsider.mutate('invitations.acceptById', { id: invitation })).status).toBe(200);
      expect(await whoHas(T, agents, `invitation:${invitation}`)).toEqual([]);
    });

    it('pages: deadlines first, then the oldest, by a cursor with no gap or repeat; one community at a time', async () => {
      const { t, agents, users, community } = await needsWorld();
      const other = makeCommunity(t.db, { creator: users.creator, name: 'Douala Elders' });
      saveFinanceSettings(t.db, { communityId: other.id, actorId: users.creator.id, changes: { currency: 'XAF' }, cashBoxName: 'Caisse', now: t.clock.now() });
      addMember(t.db, { communityId: other.id, user: users.member });
      for (let i = 0; i < 7; i++) {
        t.clock.advance(60_000);
        await T.call(agents.member, FIN.declare, { communityId: i % 2 ? other.id : community.id, amount: 100 + i, purpose: 'dues', method: 'cash' });
      }
      await T.call(agents.admin, E.create, newEvent(t, community.id, { title: 'AGM' }));
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const r = await T.call(agents.creator, N.list, { limit: 3, ...(cursor ? { cursor } : {}) });
        expect(r.status).toBe(200);
        const page = pageOf(T, r);
        seen.push(...page.items.map((i: { key: string }) => i.key));
        cursor = (page.nextCursor as string | null) ?? undefined;
      } while (cursor);
      const all = await waiting(T, agents.creator);
      expect(seen).toEqual(all);
      expect(all).toHaveLength(8);
      expect(all[0]).toMatch(/^eventAnswer:/);
      const amounts = T.page(await T.call(agents.creator, N.list, { limit: 100 })).items.slice(1).map((i: { amount: { amount: number } }) => i.amount.amount);
      expect(amounts).toEqual([100, 101, 102, 103, 104, 105, 106]);
      expect(await waiting(T, agents.creator, { communityId: other.id })).toHaveLength(3);
      // Another community's id finds nothing of it for someone who is not its member.
      expect(await waiting(T, agents.bih, { communityId: other.id })).toEqual([]);
    });

    it('refuses a signed-out caller (401) and a cursor it never gave (400, in the caller’s language)', async () => {
      const { t, agents } = await needsWorld();
      const anonymous = agent(t);
      expect((await T.call(anonymous, N.list, {})).status).toBe(401);
      expect((await T.call(anonymous, N.count)).status).toBe(401);
      const bad = await T.call(agents.member, N.list, { cursor: 'not-a-cursor' });
      expect(bad.status).toBe(400);
      expectError(bad, 'BAD_REQUEST', 'validation.needs.cursor');
      const fr = await T.call(agents.member, N.list, { limit: 500 }, { 'accept-language': 'fr' });
      expect(fr.status).toBe(400);
      expectError(fr, 'BAD_REQUEST', 'validation.needs.limit', undefined, 'fr');
    });
  });
}
