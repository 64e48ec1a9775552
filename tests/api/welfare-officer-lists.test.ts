import { describe, expect, it } from 'vitest';
import { as } from '../setup/communities';
import { TRANSPORTS } from '../setup/transport';
import { S, W, welfareWorld } from '../setup/welfare';

/*
 * What the leaders' screens read to act on a member: a case's levies member by member (an officer
 * records the cash taken at a meeting against one of them; members never see this list), and the
 * standing roll's row naming the suspension in force, which the row lifts. Over both transports.
 */

for (const T of TRANSPORTS) {
  describe(`${T.name}: a case's levies, for its officers`, () => {
    it('lists each member’s levy with what is paid and pending, by name, unpaid only, a page at a time; members are refused', async () => {
      const w = await welfareWorld();
      const [musa, tabe, awa, ngozi, ada] = await Promise.all([w.musa, w.treasurer, w.admin, w.creator, w.ada].map((u) => as(w.t, u)));
      const opened = await T.call(musa!, W.openCase, { communityId: w.community.id, fundId: w.fund.id, dependantId: w.mother.id });
      const id = opened.data.id as number;
      await T.call(tabe!, W.verify, { id });
      await T.call(awa!, W.approve, { id });
      expect((await T.call(awa!, W.issueLevy, { id })).status).toBe(200);

      // Everyone in good standing but Musa (the case's party): five levies of 5,000.
      const all = T.page(await T.call(ngozi!, W.caseLevies, { id }));
      expect(all.items.map((l) => l.member).sort()).toEqual(['Ada Test', 'Awa Test', 'Kofi Test', 'Ngozi Test', 'Tabe Test']);
      expect(all.items.every((l) => l.amount === 5_000 && l.outstanding === 5_000 && l.pending === 0 && l.status === 'due')).toBe(true);
      expect(all.nextCursor).toBeNull();

      // Two a page: the second page starts after the first, and the pages cover the list once.
      const first = T.page(await T.call(ngozi!, W.caseLevies, { id, limit: 2 }));
      expect(first.items).toHaveLength(2);
      const second = T.page(await T.call(ngozi!, W.caseLevies, { id, limit: 2, cursor: first.nextCursor! }));
      const third = T.page(await T.call(ngozi!, W.caseLevies, { id, limit: 2, cursor: second.nextCursor! }));
      expect([...first.items, ...second.items, ...third.items].map((l) => l.id)).toEqual(all.items.map((l) => l.id));
      expect(third.nextCursor).toBeNull();

      // Found by name (any part, any case); a pattern's wildcards are taken literally.
      const kofi = T.page(await T.call(tabe!, W.caseLevies, { id, search: 'kOFi t' }));
      expect(kofi.items.map((l) => l.memberId)).toEqual([w.kofi.id]);
      expect(T.page(await T.call(tabe!, W.caseLevies, { id, search: '%' })).items).toEqual([]);

      // Cash for Kofi waits for another officer; Ada's payment, confirmed, takes her off the unpaid list.
      const cash = await T.call(tabe!, W.recordLevyCash, { id: kofi.items[0].id, accountId: w.account, amount: 2_000 });
      expect(cash.status).toBe(T.okStatus(W.recordLevyCash));
      const adaLevy = all.items.find((l) => l.memberId === w.ada.id)!;
      const declared = await T.call(ada!, W.payLevy, { id: adaLevy.id, amount: 5_000, method: 'cash' });
      expect((await T.call(tabe!, W.confirmPayment, { id: declared.data.id, accountId: w.account })).status).toBe(200);
      const unpaid = T.page(await T.call(awa!, W.caseLevies, { id, unpaid: true }));
      expect(unpaid.items.map((l) => l.memberId)).not.toContain(w.ada.id);
      expect(unpaid.items).toHaveLength(4);
      expect(unpaid.items.find((l) => l.memberId === w.kofi.id)).toMatchObject({ pending: 2_000, outstanding: 5_000, paid: 0 });
      const paid = T.page(await T.call(awa!, W.caseLevies, { id })).items.find((l) => l.memberId === w.ada.id);
      expect(paid).toMatchObject({ status: 'paid', outstanding: 0, paid: 5_000 });

      // Who has not paid stays the officers': a member, even the case's own, is refused.
      for (const member of [ada!, musa!]) {
        const refused = await T.call(member, W.caseLevies, { id });
        expect(refused.status).toBe(403);
        expect(refused.error?.message).toBeTruthy();
      }
      // A case of no community the caller belongs to reads as missing; a bad flag is a 400 with its words.
      expect((await T.call(ngozi!, W.caseLevies, { id: 999_999 })).status).toBe(404);
      const bad = await T.call(ngozi!, W.caseLevies, { id, limit: 0 });
      expect(bad.status).toBe(400);
    });
  });

  describe(`${T.name}: the roll names the suspension it lifts`, () => {
    it('a suspended member’s row carries the suspension in force; lifted through it, the row is back in good standing', async () => {
      const w = await welfareWorld();
      const ngozi = await as(w.t, w.creator);
      const tabe = await as(w.t, w.treasurer);
      const suspended = await T.call(ngozi, S.suspend, { communityId: w.community.id, userId: w.kofi.id, reason: 'Insulted the treasurer at the meeting', endsAt: w.now + 30 * 86_400_000 });
      expect(suspended.status).toBe(T.okStatus(S.suspend));
      const rowOf = async () => T.page(await T.call(tabe, S.roll, { communityId: w.community.id })).items.find((r) => r.userId === w.kofi.id);
      expect(await rowOf()).toMatchObject({ standing: 'suspended', suspensionId: suspended.data.id, suspensionReason: 'Insulted the treasurer at the meeting' });
      // Others' rows name none.
      const others = T.page(await T.call(tabe, S.roll, { communityId: w.community.id })).items.filter((r) => r.userId !== w.kofi.id);
      expect(others.every((r) => r.suspensionId === null)).toBe(true);

      // The treasurer reads the roll but decides no suspension.
      expect((await T.call(tabe, S.lift, { communityId: w.community.id, id: suspended.data.id, reason: 'He apologised' })).status).toBe(403);
      const lifted = await T.call(ngozi, S.lift, { communityId: w.community.id, id: (await rowOf())!.suspensionId, reason: 'He apologised' });
      expect(lifted.status).toBe(200);
      expect(await rowOf()).toMatchObject({ standing: 'good', suspensionId: null, suspendedUntil: null });
      const again = await T.call(ngozi, S.lift, { communityId: w.community.id, id: suspended.data.id, reason: 'Twice' });
      expect(again.status).toBe(409);
    });
  });
}
