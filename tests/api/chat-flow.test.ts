import { describe, expect, it } from 'vitest';
import { addMember, makeUser } from '../factories';
import { as } from '../setup/communities';
import { TRANSPORTS, transportsFor, REST } from '../setup/transport';
import { C, chatWorld, CT, TRPC } from '../setup/chat';
import { mention } from '../setup/discussions';
import { expectError } from '../setup/errors';

/*
 * Chat over both transports (the documented REST paths and their procedures): #general for every
 * community, sending, history pages, edits and deletions, who may read what (public and private
 * channels, direct messages, groups), the limits (size, rate, mute) and the notices.
 */

const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

for (const T of transportsFor(REST)) {
  describe(`${T.name}: chat`, () => {
    it('every community has #general; members send, read newest-first pages, edit and delete their own', async () => {
      const w = await chatWorld();
      const { agents, users, general } = w;
      const list = await T.call(agents.amara, C.conversations);
      expect(list.status).toBe(200);
      expect(list.data.communities.map((c: { name: string; channels: { name: string }[] }) => [c.name, c.channels.map((ch) => ch.name)])).toEqual([
        ['Houston Cameroonians', ['general']],
        ['Paris Njangi House', ['general']],
      ]);

      const sent: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        w.t.clock.advance(1_000);
        const r = await T.call(agents.amara, C.send, { conversationId: general, body: `Message **${i}**`, clientNonce: `n${i}` });
        expect(r.status, JSON.stringify(r.raw)).toBe(T.okStatus(C.send));
        expect(r.data).toMatchObject({ conversationId: general, body: `Message **${i}**`, author: { id: users.amara.id, name: name(users.amara) }, clientNonce: `n${i}`, editedAt: null, deletedAt: null });
        sent.push(r.data.id);
      }
      // A resend with the same nonce answers the first message, not a copy.
      const again = await T.call(agents.amara, C.send, { conversationId: general, body: 'Message **4**', clientNonce: 'n4' });
      expect(again.data.id).toBe(sent[4]);

      const first = await T.call(agents.bih, C.messages, { conversationId: general, limit: 2 });
      expect(first.status).toBe(200);
      expect(first.data.messages.map((m: { id: number }) => m.id)).toEqual([sent[4], sent[3]]);
      const second = await T.call(agents.bih, C.messages, { conversationId: general, limit: 2, before: first.data.nextBefore });
      expect(second.data.messages.map((m: { id: number }) => m.id)).toEqual([sent[2], sent[1]]);
      const last = await T.call(agents.bih, C.messages, { conversationId: general, limit: 2, before: second.data.nextBefore });
      expect(last.data).toMatchObject({ nextBefore: null });
      expect(last.data.messages.map((m: { id: number }) => m.id)).toEqual([sent[0]]);

      // Unread for Bih; reading clears it.
      const bihList = (await T.call(agents.bih, C.conversations)).data;
      expect(bihList.communities[0].channels[0]).toMatchObject({ unread: 5, lastMessage: { id: sent[4], preview: 'Message 4', authorName: name(users.amara) } });
      expect(bihList.unreadTotal).toBe(5);
      await TRPC.call(agents.bih, CT.markRead, { conversationId: general, messageId: sent[4] });
      expect((await TRPC.call(agents.bih, CT.unreadTotal)).data).toEqual({ count: 0 });

      const edited = await T.call(agents.amara, C.edit, { id: sent[0], body: 'Fixed' });
      expect(edited.status).toBe(200);
      expect(edited.data).toMatchObject({ body: 'Fixed', editedAt: w.t.clock.now() });
      expect((await T.call(agents.bih, C.edit, { id: sent[0], body: 'Not mine' })).status).toBe(403);
      expect((await T.call(agents.bih, C.delete, { id: sent[1] })).status).toBe(403);
      const deleted = await T.call(agents.amara, C.delete, { id: sent[1] });
      expect(deleted.status).toBe(200);
      expect(deleted.data).toMatchObject({ id: sent[1], body: '', deletedAt: w.t.clock.now() });
      expect((await T.call(agents.amara, C.delete, { id: sent[1] })).status).toBe(409);
      expect((await T.call(agents.amara, C.edit, { id: sent[1], body: 'Back' })).status).toBe(409);
      // A leader deletes any message of the community's channels (in the audit trail).
      expect((await T.call(agents.admin, C.delete, { id: sent[2] })).status).toBe(200);
      const audit = w.t.db.$client.prepare("SELECT action, actor_id AS actorId FROM admin_audit WHERE action LIKE 'chat.%'").all();
      expect(audit).toEqual([{ action: 'chat.message.delete', actorId: users.admin.id }]);
    });

    it('limits: 4,001 characters → 400, the 21st message within 10 s → 429, a muted member → 403 until the mute ends', async () => {
      const w = await chatWorld();
      const { agents, users, general } = w;
      const long = await T.call(agents.amara, C.send, { conversationId: general, body: 'x'.repeat(4_001) });
      expect(long.status).toBe(400);
      expectError(long, 'BAD_REQUEST', 'chat.validation.bodyLong');
      expect((await T.call(agents.amara, C.send, { conversationId: general, body: 'x'.repeat(4_000) })).status).toBe(T.okStatus(C.send));

      for (let i = 0; i < 19; i += 1) expect((await T.call(agents.bih, C.send, { conversationId: general, body: `n ${i}` })).status).toBe(T.okStatus(C.send));
      w.t.clock.advance(5_000);
      expect((await T.call(agents.bih, C.send, { conversationId: general, body: 'twentieth' })).status).toBe(T.okStatus(C.send));
      const limited = await T.call(agents.bih, C.send, { conversationId: general, body: 'one too many' }, { 'accept-language': 'fr' });
      expect(limited.status).toBe(429);
      expectError(limited, 'TOO_MANY_REQUESTS', 'chat.errors.rateLimited', { seconds: 5 }, 'fr');
      // Others are not slowed by Bih; Bih again once the first ones leave the window.
      expect((await T.call(agents.treasurer, C.send, { conversationId: general, body: 'hi' })).status).toBe(T.okStatus(C.send));
      w.t.clock.advance(5_001);
      expect((await T.call(agents.bih, C.send, { conversationId: general, body: 'calmer' })).status).toBe(T.okStatus(C.send));

      const muted = await TRPC.call(agents.admin, CT.muteMember, { conversationId: general, userId: users.amara.id, minutes: 30, reason: 'Cool down' });
      expect(muted.status).toBe(200);
      const refused = await T.call(agents.amara, C.send, { conversationId: general, body: 'Let me speak' });
      expect(refused.status).toBe(403);
      expectError(refused, 'FORBIDDEN', 'chat.errors.mutedUntil', { until: w.t.clock.now() + 30 * 60_000 });
      // Only in that channel; members cannot mute; a leader cannot be muted.
      expect((await T.call(agents.amara, C.send, { conversationId: w.privateGeneral, body: 'Here I can' })).status).toBe(T.okStatus(C.send));
      expect((await TRPC.call(agents.bih, CT.muteMember, { conversationId: general, userId: users.treasurer.id, minutes: 5 })).status).toBe(403);
      expect((await TRPC.call(agents.admin, CT.muteMember, { conversationId: general, userId: users.host.id, minutes: 5 })).status).toBe(400);
      w.t.clock.advance(30 * 60_000);
      expect((await T.call(agents.amara, C.send, { conversationId: general, body: 'Back' })).status).toBe(T.okStatus(C.send));
      const actions = w.t.db.$client.prepare("SELECT action FROM admin_audit WHERE action LIKE 'chat.%'").pluck().all();
      expect(actions).toEqual(['chat.member.mute']);
    });

    it('private channels: only their members (and still community members) read or write; leaders create and manage them', async () => {
      const w = await chatWorld();
      const { agents, users, community } = w;
      expect((await T.call(agents.amara, C.createChannel, { communityId: community.id, name: 'Treasury' })).status).toBe(403);
      const created = await T.call(agents.admin, C.createChannel, { communityId: community.id, name: '#Leaders Only', isPrivate: true, memberIds: [users.treasurer.id] });
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(C.createChannel));
      expect(created.data).toMatchObject({ name: 'leaders-only', isPrivate: true, memberCount: 2, kind: 'channel' });
      const id = created.data.id;
      expect((await T.call(agents.admin, C.createChannel, { communityId: community.id, name: 'leaders-only' })).status).toBe(409);

      expect((await T.call(agents.treasurer, C.send, { conversationId: id, body: 'Budget draft' })).status).toBe(T.okStatus(C.send));
      for (const outsider of [agents.amara, agents.bih]) {
        expect((await T.call(outsider, C.messages, { conversationId: id })).status).toBe(404);
        expect((await T.call(outsider, C.send, { conversationId: id, body: 'Let me in' })).status).toBe(404);
      }
      expect((await T.call(agents.outsider, C.messages, { conversationId: id })).status).toBe(403);
      const amaraList = (await T.call(agents.amara, C.conversations)).data;
      expect(amaraList.communities[0].channels.map((c: { name: string }) => c.name)).toEqual(['general']);

      expect((await TRPC.call(agents.amara, CT.addMembers, { conversationId: id, userIds: [users.amara.id] })).status).toBe(404);
      expect((await TRPC.call(agents.admin, CT.addMembers, { conversationId: id, userIds: [users.amara.id] })).data).toEqual({ added: [users.amara.id] });
      expect((await T.call(agents.amara, C.messages, { conversationId: id })).data.messages.map((m: { body: string }) => m.body)).toEqual(['Budget draft']);
      // Removed from the community: no longer a reader, even while still listed.
      w.t.db.$client.prepare('DELETE FROM memberships WHERE community_id = ? AND user_id = ?').run(community.id, users.amara.id);
      expect((await T.call(agents.amara, C.messages, { conversationId: id })).status).toBe(403);
    });

    it('direct messages only between members sharing a community; one conversation per pair; the other is told', async () => {
      const w = await chatWorld();
      const { agents, users, community } = w;
      const opened = await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: users.bih.id });
      expect(opened.status, JSON.stringify(opened.raw)).toBe(T.okStatus(C.openDirect));
      expect(opened.data).toMatchObject({ kind: 'direct', created: true, community: { id: community.id }, people: [{ id: users.bih.id, name: name(users.bih) }] });
      const again = await T.call(agents.bih, C.openDirect, { kind: 'direct', userId: users.amara.id });
      expect(again.data).toMatchObject({ id: opened.data.id, created: false });
      expect((await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: users.outsider.id })).status).toBe(404);
      expect((await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: 'no-such-user' })).status).toBe(404);
      expect((await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: users.amara.id })).status).toBe(400);

      const sent = await T.call(agents.amara, C.send, { conversationId: opened.data.id, body: 'Hello Bih, are you coming **Saturday**?' });
      expect(sent.status).toBe(T.okStatus(C.send));
      expect(w.notes(users.bih.id)).toEqual([{ title: 'chat.notice.direct.title', params: { name: name(users.amara), where: '', excerpt: 'Hello Bih, are you coming Saturday?' }, link: `/chat?c=${opened.data.id}` }]);
      expect((await T.call(agents.treasurer, C.messages, { conversationId: opened.data.id })).status).toBe(404);
      // Muted: no more notices.
      await TRPC.call(agents.bih, CT.setMuted, { conversationId: opened.data.id, muted: true });
      await T.call(agents.amara, C.send, { conversationId: opened.data.id, body: 'Again' });
      expect(w.notes(users.bih.id)).toHaveLength(1);
      // Bih leaves the community: Amara can no longer write to her there.
      w.t.db.$client.prepare('DELETE FROM memberships WHERE community_id = ? AND user_id = ?').run(community.id, users.bih.id);
      const gone = await T.call(agents.amara, C.send, { conversationId: opened.data.id, body: 'Still there?' });
      expect(gone.status).toBe(403);
      expectError(gone, 'FORBIDDEN', 'chat.errors.directGone');
    });

    it('groups of at most 20 people, all members of the community', async () => {
      const w = await chatWorld();
      const { agents, users, community } = w;
      const others = [];
      for (let i = 0; i < 19; i += 1) {
        const u = await makeUser(w.t.db, { firstName: `Member${i}` });
        addMember(w.t.db, { communityId: community.id, user: u });
        others.push(u);
      }
      const tooBig = await T.call(agents.amara, C.createGroup, { kind: 'group', communityId: community.id, userIds: [...others.map((u) => u.id), users.bih.id] });
      expect(tooBig.status).toBe(400);
      expect((await T.call(agents.amara, C.createGroup, { kind: 'group', communityId: community.id, userIds: [users.bih.id, users.outsider.id] })).status).toBe(400);
      const group = await T.call(agents.amara, C.createGroup, { kind: 'group', communityId: community.id, userIds: others.map((u) => u.id), name: 'Picnic team' });
      expect(group.status, JSON.stringify(group.raw)).toBe(T.okStatus(C.createGroup));
      expect(group.data).toMatchObject({ kind: 'group', name: 'Picnic team', memberCount: 20 });
      expect((await TRPC.call(agents.amara, CT.addMembers, { conversationId: group.data.id, userIds: [users.bih.id] })).status).toBe(400);
      const member = await as(w.t, others[0]!);
      expect((await T.call(member, C.send, { conversationId: group.data.id, body: `Who brings drinks, ${mention(users.amara)}?` })).status).toBe(T.okStatus(C.send));
      expect(w.notes(users.amara.id).map((n) => n.title)).toEqual(['chat.notice.mention.title']);
      expect(w.notes(others[1]!.id).map((n) => n.title)).toEqual(['chat.notice.direct.title']);
      expect((await T.call(agents.bih, C.messages, { conversationId: group.data.id })).status).toBe(404);
    });

    it('mentions in channels notify the members mentioned who can read it, never the author or those who muted it', async () => {
      const w = await chatWorld();
      const { agents, users, general } = w;
      await TRPC.call(agents.treasurer, CT.setMuted, { conversationId: general, muted: true });
      const body = `Thanks ${mention(users.bih)}, ${mention(users.treasurer)}, ${mention(users.outsider)} and ${mention(users.amara)}!`;
      expect((await T.call(agents.amara, C.send, { conversationId: general, body })).status).toBe(T.okStatus(C.send));
      expect(w.notes(users.bih.id)).toEqual([
        { title: 'chat.notice.mention.title', params: { name: name(users.amara), where: '#general', excerpt: `Thanks @${name(users.bih)}, @${name(users.treasurer)}, @${name(users.outsider)} and @${name(users.amara)}!` }, link: `/chat?c=${general}` },
      ]);
      for (const u of [users.treasurer, users.outsider, users.amara, users.host]) expect(w.notes(u.id)).toEqual([]);
    });
  });
}

describe('chat: reactions, replies, reports', () => {
  it('reactions from the fixed set; replies quote a message of the same conversation; reports reach the leaders', async () => {
    const w = await chatWorld();
    const { agents, users, general, community } = w;
    const m = (await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'The picnic is on' })).data;
    expect((await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '🎉', on: true })).data).toEqual({ messageId: m.id, reactions: [{ emoji: '🎉', count: 1, userIds: [users.bih.id] }] });
    expect((await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '💩', on: true })).status).toBe(400);
    expect((await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '🎉', on: false })).data.reactions).toEqual([]);
    const reply = await TRPC.call(agents.bih, C.send, { conversationId: general, body: 'Great', replyToId: m.id });
    expect(reply.data.replyTo).toEqual({ id: m.id, authorName: name(users.amara), excerpt: 'The picnic is on', deleted: false });
    expect((await TRPC.call(agents.bih, C.send, { conversationId: w.privateGeneral, body: 'x', replyToId: m.id })).status).toBe(404);
    expect((await TRPC.call(agents.amara, C.send, { conversationId: w.privateGeneral, body: 'x', replyToId: m.id })).status).toBe(400);

    expect((await TRPC.call(agents.bih, CT.report, { id: m.id, reason: 'Spam' })).status).toBe(200);
    expect((await TRPC.call(agents.bih, CT.report, { id: m.id, reason: 'Spam' })).status).toBe(409);
    expect((await TRPC.call(agents.amara, CT.report, { id: m.id, reason: 'Mine' })).status).toBe(400);
    expect(w.notes(users.admin.id).map((n) => n.title)).toEqual(['chat.notice.report.title']);
    expect(w.notes(users.host.id).map((n) => n.title)).toEqual(['chat.notice.report.title']);
    expect(w.notes(users.treasurer.id)).toEqual([]);
    expect((await TRPC.call(agents.bih, CT.reports, { communityId: community.id })).status).toBe(403);
    const reports = await TRPC.call(agents.admin, CT.reports, { communityId: community.id });
    expect(reports.data).toHaveLength(1);
    expect(reports.data[0]).toMatchObject({ reason: 'Spam', reporter: { id: users.bih.id }, message: { id: m.id, body: 'The picnic is on' } });
    const resolved = await TRPC.call(agents.admin, CT.resolveReport, { id: reports.data[0].id, deleteMessage: true });
    expect(resolved.data).toEqual({ id: reports.data[0].id, resolved: 1 });
    expect((await TRPC.call(agents.admin, CT.resolveReport, { id: reports.data[0].id })).status).toBe(409);
    expect((await TRPC.call(agents.admin, CT.reports, { communityId: community.id })).data).toEqual([]);
    const actions = w.t.db.$client.prepare("SELECT action FROM admin_audit WHERE action LIKE 'chat.%' ORDER BY id").pluck().all();
    expect(actions).toEqual(['chat.message.delete', 'chat.report.resolve']);
  });

  it('edits (30 a minute) and reactions (60 a minute) are limited per member like sends: 429 with the wait, nothing written', async () => {
    const w = await chatWorld();
    const { agents, general } = w;
    const m = (await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'Draft' })).data;
    for (let i = 0; i < 30; i += 1) expect((await TRPC.call(agents.amara, C.edit, { id: m.id, body: `Draft ${i}` })).status).toBe(200);
    const edit = await TRPC.call(agents.amara, C.edit, { id: m.id, body: 'Draft 31' });
    expect(edit.status).toBe(429);
    expectError(edit, 'TOO_MANY_REQUESTS', 'errors.tooFast', { seconds: 60 });
    expect(Number(edit.headers.get('retry-after'))).toBe(60);
    // A refused reaction (not in the set) takes no slot.
    expect((await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '💩', on: true })).status).toBe(400);
    for (let i = 0; i < 60; i += 1) expect((await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '🎉', on: i % 2 === 0 })).status).toBe(200);
    const react = await TRPC.call(agents.bih, CT.react, { id: m.id, emoji: '🎉', on: true });
    expectError(react, 'TOO_MANY_REQUESTS', 'errors.tooFast', { seconds: 60 });
    const latest = (await TRPC.call(agents.amara, C.messages, { conversationId: general })).data.messages.find((x: { id: number }) => x.id === m.id);
    expect(latest).toMatchObject({ body: 'Draft 29', reactions: [] });
    // Others are not slowed; a minute later Amara edits again.
    expect((await TRPC.call(agents.treasurer, CT.react, { id: m.id, emoji: '🎉', on: true })).status).toBe(200);
    w.t.clock.advance(60_000);
    expect((await TRPC.call(agents.amara, C.edit, { id: m.id, body: 'Final' })).status).toBe(200);
  });

  it('sends written in one commit: a refused one does not undo the others, ids follow the order of arrival', async () => {
    const w = await chatWorld();
    const { agents, general } = w;
    const results = await Promise.all([
      TRPC.call(agents.amara, C.send, { conversationId: general, body: 'first' }),
      TRPC.call(agents.bih, C.send, { conversationId: general, body: 'refused', attachmentName: 'nosuchupload0000' }),
      TRPC.call(agents.host, C.send, { conversationId: general, body: 'third' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 400, 200]);
    expect(results[0]!.data.id).toBeLessThan(results[2]!.data.id);
    const stored = w.t.db.$client.prepare('SELECT body FROM messages WHERE conversation_id = ? ORDER BY id').pluck().all(general);
    expect(stored).toEqual(['first', 'third']);
    // Bih's refused send did not use up her rate.
    expect((await TRPC.call(agents.bih, C.send, { conversationId: general, body: 'fine' })).status).toBe(200);
  });

  it('the member picker lists people sharing a community, by prefix', async () => {
    const w = await chatWorld();
    const { agents, users, privateCommunity } = w;
    const all = (await TRPC.call(agents.amara, CT.people, { prefix: '' })).data.map((p: { id: string }) => p.id);
    expect(all.sort()).toEqual([users.host.id, users.admin.id, users.treasurer.id, users.bih.id].sort());
    expect((await TRPC.call(agents.amara, CT.people, { prefix: 'bi' })).data.map((p: { id: string }) => p.id)).toEqual([users.bih.id]);
    expect((await TRPC.call(agents.amara, CT.people, { communityId: privateCommunity.id, prefix: '' })).data.map((p: { id: string }) => p.id)).toEqual([users.host.id]);
    expect((await TRPC.call(agents.bih, CT.people, { communityId: privateCommunity.id, prefix: '' })).status).toBe(404);
    expect((await TRPC.call(agents.outsider, CT.people, { prefix: '' })).data).toEqual([]);
  });
});

// Who one may find and write to is privacy: held over both transports in every run.
for (const T of TRANSPORTS) {
  describe(`${T.name}: a direct message from a name typed across one's communities`, () => {
    it('finds people of every community the caller shares with them (by first, last or full name), never anyone else, and opens the conversation without naming a community', async () => {
      const w = await chatWorld();
      const { t, agents, users, privateCommunity } = w;
      // Zara belongs only to the private community, which Amara shares and Bih does not.
      const zara = await makeUser(t.db, { firstName: 'Zara', lastName: 'Fonkou' });
      addMember(t.db, { communityId: privateCommunity.id, user: zara });
      const found = async (who: typeof agents.amara, prefix: string) => ((await TRPC.call(who, CT.people, { prefix })).data as { id: string }[]).map((p) => p.id);
      for (const typed of ['Za', 'fonk', 'Zara Fo']) expect(await found(agents.amara, typed), typed).toEqual([zara.id]);
      expect(((await TRPC.call(agents.amara, CT.people, { prefix: 'Zara' })).data as { communityIds: number[] }[])[0]!.communityIds).toEqual([privateCommunity.id]);
      expect(await found(agents.bih, 'Za')).toEqual([]);
      expect(await found(agents.outsider, 'Za')).toEqual([]);
      // Nobody outside the caller's communities is found, even typed in full.
      expect(await found(agents.amara, `${users.outsider.firstName} ${users.outsider.lastName}`)).toEqual([]);

      const opened = await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: zara.id });
      expect(opened.status, JSON.stringify(opened.raw)).toBe(T.okStatus(C.openDirect));
      expect(opened.data).toMatchObject({ kind: 'direct', community: { id: privateCommunity.id }, people: [{ id: zara.id, name: name(zara) }] });
      // The same conversation again; strangers get the same 404 as an unknown account.
      expect((await T.call(agents.amara, C.openDirect, { kind: 'direct', userId: zara.id })).data).toMatchObject({ id: opened.data.id, created: false });
      const refused = await T.call(agents.bih, C.openDirect, { kind: 'direct', userId: zara.id });
      const unknown = await T.call(agents.bih, C.openDirect, { kind: 'direct', userId: 'no-such-user' });
      expect([refused.status, unknown.status]).toEqual([404, 404]);
      expect(refused.error).toEqual(unknown.error);
    });
  });
}
