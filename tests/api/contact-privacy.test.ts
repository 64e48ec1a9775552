import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../setup/app';
import { as, cast } from '../setup/communities';
import { OPS, transportsFor, TRPC } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * Members choose who sees their email and phone in their communities' directories: the leaders
 * (the default) or every member of a community they share. Nobody can harvest contacts by joining
 * a public community; a member always sees their own.
 */

const contactOf = (items: any[], userId: string) => items.find((m) => m.userId === userId)!.user as { email: string | null; phoneNumber: string | null };

for (const tr of transportsFor(TRPC)) {
  describe(`${tr.name}: contact privacy in the member directory`, () => {
    it('hides contacts from plain members by default, shows them to leaders and to the member themself', async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const list = async (who: keyof typeof users) => tr.page(await tr.call(await as(t, users[who]), OPS.communityMembers, { communityId: pub.id })).items;

      const byMember = await list('member');
      expect(contactOf(byMember, users.target.id)).toMatchObject({ email: null, phoneNumber: null });
      expect(contactOf(byMember, users.creator.id)).toMatchObject({ email: null });
      expect(contactOf(byMember, users.member.id)).toMatchObject({ email: users.member.email });
      expect(JSON.stringify(byMember)).not.toContain(users.target.email);

      expect(contactOf(await list('admin'), users.target.id)).toMatchObject({ email: users.target.email, phoneNumber: users.target.phoneNumber });
      expect(contactOf(await list('creator'), users.target.id)).toMatchObject({ email: users.target.email });
    });

    it("shows a member's contacts to everyone in their communities once they choose so, and hides them again", async () => {
      const t = makeTestApp();
      const { users, pub } = await cast(t);
      const target = await as(t, users.target);
      // profile.privacy is a tRPC procedure; the directory is read through both transports.
      const set = async (contactVisibility: string) => {
        const r = await target.mutate('profile.privacy', { contactVisibility });
        expect(r.error).toBeUndefined();
        expect(r.data.contactVisibility).toBe(contactVisibility);
      };
      await set('members');
      const member = await as(t, users.member);
      const seen = tr.page(await tr.call(member, OPS.communityMembers, { communityId: pub.id })).items;
      expect(contactOf(seen, users.target.id)).toMatchObject({ email: users.target.email, phoneNumber: users.target.phoneNumber });

      await set('leaders');
      const hidden = tr.page(await tr.call(member, OPS.communityMembers, { communityId: pub.id })).items;
      expect(contactOf(hidden, users.target.id)).toMatchObject({ email: null, phoneNumber: null });
    });

    it('refuses a value that is neither leaders nor members, with a readable message', async () => {
      const t = makeTestApp();
      const { users } = await cast(t);
      const r = await (await as(t, users.target)).mutate('profile.privacy', { contactVisibility: 'everyone' });
      expect(r.error?.code).toBe('BAD_REQUEST');
      expectError(r, 'BAD_REQUEST', 'validation.profile.contactVisibility');
    });
  });
}
