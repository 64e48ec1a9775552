import { describe, expect, it } from 'vitest';
import { pageOf } from '../setup/events';
import { transportsFor, REST } from '../setup/transport';
import { D, discussionWorld, DT, mention, newTopic, TRPC } from '../setup/discussions';
import { expectError } from '../setup/errors';

/*
 * Discussions over both transports (the documented REST paths and their procedures): start a
 * topic, list it, read it with its replies, reply (quoting), mentions, followers, the unread
 * marker, a locked topic (409), search and paging.
 */

for (const T of transportsFor(REST)) {
  describe(`${T.name}: discussions`, () => {
    it('a topic, replies with a quote, followers told of replies, the starter and reply count in the list', async () => {
      const w = await discussionWorld();
      const { agents, users, community } = w;
      const created = await T.call(agents.amara, D.create, newTopic(community.id, { category: 'Events' }));
      expect(created.status, JSON.stringify(created.raw)).toBe(T.okStatus(D.create));
      const topic = created.data;
      expect(topic).toMatchObject({ title: 'Who can host the June meeting?', category: 'Events', mine: true, replyCount: 0, edited: false, unread: false, follow: 'following', isPinned: false, isLocked: false });
      expect(topic.author).toEqual({ id: users.amara.id, name: `${users.amara.firstName} ${users.amara.lastName}` });

      w.t.clock.advance(60_000);
      const first = await T.call(agents.bih, D.reply, { id: topic.id, body: 'Our church hall is free that day.' });
      expect(first.status, JSON.stringify(first.raw)).toBe(T.okStatus(D.reply));
      // Amara started the topic: she follows it and is told; Bih, who replied, now follows it too.
      expect(w.notes(users.amara.id)).toContainEqual({ title: 'notifications.discussionReply.title', params: { name: `${users.bih.firstName} ${users.bih.lastName}`, title: topic.title, community: 'Houston Cameroonians' }, link: `/topics/${topic.id}` });
      w.t.clock.advance(60_000);
      const second = await T.call(agents.treasurer, D.reply, { id: topic.id, body: 'I agree with this.', quotedId: first.data.id });
      expect(second.data.quoted).toEqual({ id: first.data.id, author: `${users.bih.firstName} ${users.bih.lastName}`, excerpt: 'Our church hall is free that day.' });
      expect(w.notes(users.bih.id).filter((n) => n.title === 'notifications.discussionReply.title')).toHaveLength(1);
      expect(w.notes(users.amara.id).filter((n) => n.title === 'notifications.discussionReply.title')).toHaveLength(2);
      // Nobody else (not following) is told; the replier never.
      expect(w.notes(users.host.id).filter((n) => n.title.startsWith('notifications.discussion'))).toEqual([]);
      expect(w.notes(users.treasurer.id).filter((n) => n.title.startsWith('notifications.discussion'))).toEqual([]);

      const got = await T.call(agents.host, D.get, { id: topic.id });
      expect(got.status).toBe(200);
      expect(got.data).toMatchObject({ id: topic.id, replyCount: 2, canModerate: true, unread: true, community: { id: community.id, name: 'Houston Cameroonians' } });
      expect(got.data.replies.items.map((r: { body: string }) => r.body)).toEqual(['Our church hall is free that day.', 'I agree with this.']);
      const paged = await T.call(agents.host, D.get, { id: topic.id, limit: 1 });
      expect(paged.data.replies.items).toHaveLength(1);
      const next = await T.call(agents.host, D.get, { id: topic.id, limit: 1, cursor: paged.data.replies.nextCursor });
      expect(next.data.replies.items.map((r: { id: number }) => r.id)).toEqual([second.data.id]);

      const listed = pageOf(T, await T.call(agents.host, D.list, { communityId: community.id }));
      expect(listed.items).toHaveLength(1);
      expect(listed.items[0]).toMatchObject({ id: topic.id, replyCount: 2, unread: true, starter: { id: users.amara.id }, lastReplyBy: { id: users.treasurer.id }, lastActivityAt: w.t.clock.now() });
      // The outsider and a missing topic.
      expect((await T.call(agents.outsider, D.get, { id: topic.id })).status).toBe(403);
      expect((await T.call(agents.host, D.get, { id: topic.id + 99 })).status).toBe(404);
    });

    it('mentions notify exactly the members mentioned, never non-members or the author', async () => {
      const w = await discussionWorld();
      const { agents, users, community } = w;
      const body = `Can ${mention(users.bih)} or ${mention(users.outsider)} help? Also ${mention(users.amara)} and ${mention(users.bih)} again, and @[Ghost](no-such-user).`;
      const topic = (await T.call(agents.amara, D.create, newTopic(community.id, { body }))).data;
      expect(topic.mentioned).toEqual([users.bih.id]);
      const mentions = (id: string) => w.notes(id).filter((n) => n.title === 'notifications.discussionMention.title');
      expect(mentions(users.bih.id)).toEqual([{ title: 'notifications.discussionMention.title', params: { name: `${users.amara.firstName} ${users.amara.lastName}`, title: topic.title, community: 'Houston Cameroonians' }, link: `/topics/${topic.id}` }]);
      expect(mentions(users.outsider.id)).toEqual([]);
      expect(mentions(users.amara.id)).toEqual([]);

      // In a reply: the mentioned follower hears of the mention only (one notice), the other follower of the reply.
      const r = await T.call(agents.treasurer, D.reply, { id: topic.id, body: `Thanks ${mention(users.amara)}, ${mention(users.host)}!` });
      expect(r.data.mentioned.sort()).toEqual([users.amara.id, users.host.id].sort());
      expect(w.notes(users.amara.id).map((n) => n.title)).toEqual(['notifications.discussionMention.title']);
      expect(mentions(users.host.id)).toHaveLength(1);
      expect(w.notes(users.outsider.id)).toEqual([]);
    });

    it('a locked topic refuses replies (409); unlocked, it takes them again', async () => {
      const w = await discussionWorld();
      const { agents, community } = w;
      const topic = (await T.call(agents.amara, D.create, newTopic(community.id))).data;
      expect((await TRPC.call(agents.admin, DT.lock, { id: topic.id, locked: true, reason: 'Off topic arguing' })).data).toMatchObject({ isLocked: true });
      const refused = await T.call(agents.bih, D.reply, { id: topic.id, body: 'One more thing' });
      expect(refused.status).toBe(409);
      expectError(refused, 'CONFLICT', 'errors.discussions.locked');
      const fr = await T.call(agents.bih, D.reply, { id: topic.id, body: 'Encore une chose' }, { 'accept-language': 'fr' });
      expectError(fr, 'CONFLICT', 'errors.discussions.locked', undefined, 'fr');
      await TRPC.call(agents.admin, DT.lock, { id: topic.id, locked: false, reason: 'Calmer now' });
      expect((await T.call(agents.bih, D.reply, { id: topic.id, body: 'One more thing' })).status).toBe(T.okStatus(D.reply));
    });

    it('search matches titles, bodies and replies (three letters and more, and shorter), within the community only', async () => {
      const w = await discussionWorld();
      const { agents, community, privateCommunity } = w;
      const hall = (await T.call(agents.amara, D.create, newTopic(community.id, { title: 'Gala venue', body: 'Where shall the gala be?' }))).data;
      const food = (await T.call(agents.amara, D.create, newTopic(community.id, { title: 'Food for the picnic', body: 'Who brings jollof?' }))).data;
      await T.call(agents.bih, D.reply, { id: food.id, body: 'I can bring ndolé and plantains.' });
      await T.call(agents.amara, D.create, newTopic(privateCommunity.id, { title: 'Gala of the njangi', body: 'Private gala.' }));
      const search = async (term: string) => pageOf(T, await T.call(agents.amara, D.list, { communityId: community.id, search: term })).items.map((t: { id: number }) => t.id);
      expect(await search('gala')).toEqual([hall.id]);
      expect(await search('JOLLOF')).toEqual([food.id]);
      expect(await search('plantain')).toEqual([food.id]);
      expect(await search('ndolé')).toEqual([food.id]);
      expect(await search('nothing like this')).toEqual([]);
      expect((await search('ga')).sort()).toEqual([hall.id]);
    });

    it('pinned first, then by last activity; keyset pages', async () => {
      const w = await discussionWorld();
      const { agents, community } = w;
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        w.t.clock.advance(60_000);
        ids.push((await T.call(agents.amara, D.create, newTopic(community.id, { title: `Topic ${i}` }))).data.id);
      }
      w.t.clock.advance(60_000);
      await T.call(agents.bih, D.reply, { id: ids[1], body: 'Bump' });
      await TRPC.call(agents.host, DT.pin, { id: ids[0], pinned: true });
      const order = [ids[0], ids[1], ids[4], ids[3], ids[2]];
      const first = pageOf(T, await T.call(agents.amara, D.list, { communityId: community.id, limit: 2 }));
      expect(first.items.map((t: { id: number }) => t.id)).toEqual(order.slice(0, 2));
      expect(first.items[0].isPinned).toBe(true);
      const second = pageOf(T, await T.call(agents.amara, D.list, { communityId: community.id, limit: 2, cursor: first.nextCursor }));
      expect(second.items.map((t: { id: number }) => t.id)).toEqual(order.slice(2, 4));
      const third = pageOf(T, await T.call(agents.amara, D.list, { communityId: community.id, limit: 2, cursor: second.nextCursor }));
      expect(third.items.map((t: { id: number }) => t.id)).toEqual(order.slice(4));
      expect(third.nextCursor).toBeNull();
      expect((await T.call(agents.amara, D.list, { communityId: community.id, cursor: 'nonsense' })).status).toBe(400);
    });

    it('refuses a bad topic or reply (400) and a quote from another topic', async () => {
      const w = await discussionWorld();
      const { agents, community } = w;
      expect((await T.call(agents.amara, D.create, newTopic(community.id, { title: '  ' }))).status).toBe(400);
      expect((await T.call(agents.amara, D.create, newTopic(community.id, { body: 'x'.repeat(10_001) }))).status).toBe(400);
      const a = (await T.call(agents.amara, D.create, newTopic(community.id))).data;
      const b = (await T.call(agents.amara, D.create, newTopic(community.id))).data;
      const inB = (await T.call(agents.bih, D.reply, { id: b.id, body: 'In B' })).data;
      const bad = await T.call(agents.bih, D.reply, { id: a.id, body: 'Quoting elsewhere', quotedId: inB.id });
      expect(bad.status).toBe(400);
      expect(bad.error?.issues?.[0]?.path).toEqual(['quotedId']);
      expect((await T.call(agents.bih, D.reply, { id: a.id, body: '' })).status).toBe(400);
    });
  });
}
