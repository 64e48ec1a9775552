import { describe, expect, it } from 'vitest';
import { HOUR } from '../setup/events';
import { I, invitationWorld, IT, rowsOf, TRPC } from '../setup/invitations';
import { transportsFor } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * At most 100 invitation emails per community in any 24 hours, resends included (429 beyond).
 * Mail goes to the test outbox folder here: a hundred SMTP deliveries would only slow the test.
 */

const batch = (tag: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${tag}.${from + i}@example.org`);

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: the daily limit of invitation emails`, () => {
    it('100 go out, the 101st is refused with 429 and a clear message, and a day later sending works again', async () => {
      const w = await invitationWorld();
      const tag = `${T.name.toLowerCase()}-${Date.now()}`;
      const c = w.privateCommunity.id;
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 0, 50) })).data.sent).toHaveLength(50);
      w.t.clock.advance(HOUR);
      expect((await T.call(w.agents.admin, I.send, { communityId: c, emails: batch(tag, 50, 50) })).data.sent).toHaveLength(50);
      const refused = await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 100, 1) });
      expect(refused.status).toBe(429);
      expectError(refused, 'TOO_MANY_REQUESTS', 'invitations.errors.dailyLimit', { limit: 100 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(rowsOf(w.t, 'invitations')).toHaveLength(100);
      // A resend is one more email: refused too.
      const first = rowsOf(w.t, 'invitations')[0]!.id;
      expect((await TRPC.call(w.agents.leader, IT.resend, { id: first })).status).toBe(429);
      // Another community has its own allowance.
      expect((await T.call(w.agents.leader, I.send, { communityId: w.publicCommunity.id, emails: batch(tag, 200, 1) })).status).toBe(200);
      // Members are reported and cost nothing, even at the limit.
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: [w.users.member.email] })).data).toEqual({ sent: [], alreadyMembers: [w.users.member.email] });
      expect(rowsOf(w.t, 'invitations').filter((r) => r.community_id === c)).toHaveLength(100);
      // 24 hours after the first 50, those 50 leave the window.
      w.t.clock.advance(23 * HOUR + 1);
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 300, 50) })).status).toBe(200);
      expect((await T.call(w.agents.leader, I.send, { communityId: c, emails: batch(tag, 400, 1) })).status).toBe(429);
    }, 60_000);
  });
}
