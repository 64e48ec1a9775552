import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../factories';
import { agent, type TestApp } from '../setup/app';
import { roleOf } from '../setup/communities';
import { I, invitationWorld, rowsOf, TRPC, type Smtp } from '../setup/invitations';
import { startSmtp } from '../setup/smtp';
import { OPS, transportsFor } from '../setup/transport';

/* Sign-up from an invitation (/signup?invite=<token>): the new account is in the community at once. */

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

let seq = 0;
const person = (email: string, invite?: string) => ({ firstName: 'Nia', lastName: `Newcomer${++seq}`, email, password: FACTORY_PASSWORD, confirmPassword: FACTORY_PASSWORD, ...(invite ? { invite } : {}) });
const address = () => `newcomer${++seq}.${Date.now()}@example.org`;
/** The answer says nothing about the account (decision 016): what happened is read from the database. */
const accountOf = (w: { t: TestApp }, email: string) =>
  w.t.db.$client.prepare('SELECT id, is_email_verified AS verified FROM users WHERE email = ?').get(email.toLowerCase()) as { id: string; verified: number };

for (const T of transportsFor(TRPC)) {
  describe(`${T.name}: sign-up with an invitation`, () => {
    it('an email invitation to the address registered: a member of the private community at once, address verified, no join request', async () => {
      const w = await invitationWorld(smtp);
      const email = address();
      await TRPC.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [email] });
      const token = await w.tokenFor(email);
      const r = await T.call(agent(w.t), OPS.register, person(email.toUpperCase(), token));
      expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(OPS.register));
      expect(r.data).toEqual({ message: expect.any(String) });
      const user = accountOf(w, email);
      expect(user.verified).toBe(1);
      expect(roleOf(w.t, w.privateCommunity.id, user.id)).toBe('member');
      expect(w.t.db.$client.prepare('SELECT count(*) FROM join_requests WHERE user_id = ?').pluck().get(user.id)).toBe(0);
      expect(rowsOf(w.t, 'invitations')[0]).toMatchObject({ status: 'accepted', responded_by: user.id });
    });

    it('another address than the invited one: the account is created, the invitation stays pending for its owner', async () => {
      const w = await invitationWorld(smtp);
      const invited = address();
      await TRPC.call(w.agents.leader, I.send, { communityId: w.privateCommunity.id, emails: [invited] });
      const token = await w.tokenFor(invited);
      const other = address();
      const r = await T.call(agent(w.t), OPS.register, person(other, token));
      expect(r.status).toBe(T.okStatus(OPS.register));
      expect(roleOf(w.t, w.privateCommunity.id, accountOf(w, other).id)).toBeNull();
      expect(rowsOf(w.t, 'invitations')[0]!.status).toBe('pending');
    });

    it('a link: any new account joins; a broken or unknown invite never fails the sign-up', async () => {
      const w = await invitationWorld(smtp);
      const link = (await TRPC.call(w.agents.leader, I.createLink, { communityId: w.privateCommunity.id, expiresInDays: 7, maxUses: 2 })).data;
      const joiner = address();
      const r = await T.call(agent(w.t), OPS.register, person(joiner, link.token));
      expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(OPS.register));
      expect(roleOf(w.t, w.privateCommunity.id, accountOf(w, joiner).id)).toBe('member');
      for (const invite of ['b'.repeat(52), 'not a token!']) {
        const email = address();
        const other = await T.call(agent(w.t), OPS.register, person(email, invite));
        expect(other.status, JSON.stringify(other.raw)).toBe(T.okStatus(OPS.register));
        expect(roleOf(w.t, w.privateCommunity.id, accountOf(w, email).id)).toBeNull();
      }
    });
  });
}
