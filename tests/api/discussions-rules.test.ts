import { beforeAll, describe, expect, it } from 'vitest';
import { financeAudit, mailOutbox, notifications } from '../../db/schema';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { DAY, HOUR } from '../setup/events';
import { D, discussionWorld, DT, mention, newTopic, TRPC, type DiscussionWorld } from '../setup/discussions';
import { expectError } from '../setup/errors';

/*
 * The rules of discussions beyond the documented paths: editing (authors only, marked edited),
 * moderation (pin, lock, hide, delete with a reason in the audit trail), the unread marker,
 * follow / mute, the mention autocomplete and the active-discussions count.
 */

const T = TRPC;
const start = async (w: DiscussionWorld, over: Record<string, unknown> = {}) => (await T.call(w.agents.amara, D.create, newTopic(w.community.id, over))).data;
const audit = (w: DiscussionWorld) => w.t.db.select().from(financeAudit).all().map((a) => ({ action: a.action, subject: a.subject, actorId: a.actorId, details: JSON.parse(a.details) }));

describe('discussions: editing and deleting one’s own posts', () => {
  it('the author edits (marked edited, with editedAt); nobody else may, not even a moderator (403)', async () => {
    const w = await discussionWorld();
    const topic = await start(w);
    w.t.clock.advance(60_000);
    const edited = await T.call(w.agents.amara, DT.update, { id: topic.id, title: 'Who can host the July meeting?', category: 'Meetings' });
    expect(edited.data).toMatchObject({ title: 'Who can host the July meeting?', category: 'Meetings', edited: true, editedAt: w.t.clock.now() });
    for (const who of [w.agents.bih, w.agents.host]) {
      const refused = await T.call(who, DT.update, { id: topic.id, title: 'Hijacked' });
      expect(refused.status).toBe(403);
      expectError(refused, 'FORBIDDEN', 'errors.discussions.notAuthor');
    }
    expect((await T.call(w.agents.amara, DT.update, { id: topic.id })).status).toBe(400);

    const reply = (await T.call(w.agents.bih, D.reply, { id: topic.id, body: 'First version' })).data;
    expect(reply.edited).toBe(false);
    const changed = await T.call(w.agents.bih, DT.updateReply, { id: reply.id, body: 'Second version' });
    expect(changed.data).toMatchObject({ body: 'Second version', edited: true, editedAt: w.t.clock.now() });
    expect((await T.call(w.agents.amara, DT.updateReply, { id: reply.id, body: 'Hijacked' })).status).toBe(403);
    expect((await T.call(w.agents.amara, DT.deleteReply, { id: reply.id })).status).toBe(403);
    expect((await T.call(w.agents.bih, DT.deleteReply, { id: reply.id })).data).toMatchObject({ deleted: true });
    expect((await T.call(w.agents.bih, D.get, { id: topic.id })).data.replyCount).toBe(0);
    expect((await T.call(w.agents.bih, DT.delete, { id: topic.id })).status).toBe(403);
    expect((await T.call(w.agents.amara, DT.delete, { id: topic.id })).data).toMatchObject({ deleted: true });
    expect((await T.call(w.agents.amara, D.get, { id: topic.id })).status).toBe(404);
  });

  it('a quote shows the quoted reply as plain text, mentions as @Name', async () => {
    const w = await discussionWorld();
    const topic = await start(w);
    const quoted = (await T.call(w.agents.bih, D.reply, { id: topic.id, body: `**Yes**, ask ${mention(w.users.host)}.` })).data;
    const r = await T.call(w.agents.amara, D.reply, { id: topic.id, body: 'Good idea', quotedId: quoted.id });
    expect(r.data.quoted).toEqual({ id: quoted.id, author: `${w.users.bih.firstName} ${w.users.bih.lastName}`, excerpt: `Yes, ask @${w.users.host.firstName} ${w.users.host.lastName}.` });
  });

  it('an edit that adds a mention tells only the member newly mentioned', async () => {
    const w = await discussionWorld();
    const { users } = w;
    const topic = await start(w, { body: `Hello ${mention(users.bih)}` });
    const edit = await T.call(w.agents.amara, DT.update, { id: topic.id, body: `Hello ${mention(users.bih)} and ${mention(users.treasurer)}` });
    expect(edit.data.mentioned).toEqual([users.treasurer.id]);
    expect(w.notes(users.bih.id)).toHaveLength(1);
    expect(w.notes(users.treasurer.id)).toHaveLength(1);
  });
});

describe('discussions: moderation', () => {
  it('moderators hide and delete any post with a reason kept in the audit trail; members cannot (403)', async () => {
    const w = await discussionWorld();
    const { users, agents } = w;
    const topic = await start(w);
    const reply = (await T.call(agents.bih, D.reply, { id: topic.id, body: 'Something rude' })).data;
    const quoting = (await T.call(agents.treasurer, D.reply, { id: topic.id, body: 'Quoting it', quotedId: reply.id })).data;

    expect((await T.call(agents.treasurer, DT.hideReply, { id: reply.id, hidden: true, reason: 'Rude' })).status).toBe(403);
    expect((await T.call(agents.amara, DT.hideReply, { id: reply.id, hidden: true })).status).toBe(400);
    const hidden = await T.call(agents.admin, DT.hideReply, { id: reply.id, hidden: true, reason: 'Rude' });
    expect(hidden.data).toMatchObject({ hidden: true, hideReason: 'Rude', body: 'Something rude' });
    // Members see the place of a hidden reply without its text, and not in the quote either; it no longer counts.
    const seen = (await T.call(agents.amara, D.get, { id: topic.id })).data;
    expect(seen.replyCount).toBe(1);
    expect(seen.replies.items[0]).toMatchObject({ id: reply.id, hidden: true, body: null, hideReason: null });
    expect(seen.replies.items[1].quoted).toMatchObject({ id: reply.id, excerpt: null });
    expect((await T.call(agents.host, D.get, { id: topic.id })).data.replies.items[0]).toMatchObject({ body: 'Something rude', hideReason: 'Rude' });
    // Its author can no longer edit it, nor quote it.
    expect((await T.call(agents.bih, DT.updateReply, { id: reply.id, body: 'Sorry' })).status).toBe(404);

    const removed = await T.call(agents.host, DT.removeReply, { id: reply.id, reason: 'Insults' });
    expect(removed.data).toMatchObject({ deleted: true });
    const after = (await T.call(agents.amara, D.get, { id: topic.id })).data;
    expect(after.replies.items.map((r: { id: number }) => r.id)).toEqual([quoting.id]);
    expect(after.replies.items[0].quoted).toBeNull();

    // A hidden topic leaves members' lists and reads (404), not moderators'.
    await T.call(agents.admin, DT.hideTopic, { id: topic.id, hidden: true, reason: 'Spam' });
    expect((await T.call(agents.amara, D.get, { id: topic.id })).status).toBe(404);
    expect((await T.call(agents.amara, D.reply, { id: topic.id, body: 'Hello?' })).status).toBe(404);
    expect((await T.call(agents.amara, D.list, { communityId: w.community.id })).data.items).toEqual([]);
    expect((await T.call(agents.host, D.list, { communityId: w.community.id })).data.items[0]).toMatchObject({ id: topic.id, hidden: true });
    expect((await T.call(agents.host, D.get, { id: topic.id })).data).toMatchObject({ hidden: true, hideReason: 'Spam' });
    await T.call(agents.admin, DT.removeTopic, { id: topic.id, reason: 'Spam for good' });
    expect((await T.call(agents.host, D.get, { id: topic.id })).status).toBe(404);

    expect(audit(w)).toEqual([
      { action: 'post.hide', subject: `post:${reply.id}`, actorId: users.admin.id, details: { topicId: topic.id, authorId: users.bih.id, excerpt: 'Something rude', reason: 'Rude' } },
      { action: 'post.delete', subject: `post:${reply.id}`, actorId: users.host.id, details: { topicId: topic.id, authorId: users.bih.id, excerpt: 'Something rude', reason: 'Insults' } },
      { action: 'topic.hide', subject: `topic:${topic.id}`, actorId: users.admin.id, details: { title: topic.title, authorId: users.amara.id, reason: 'Spam' } },
      { action: 'topic.delete', subject: `topic:${topic.id}`, actorId: users.admin.id, details: { title: topic.title, authorId: users.amara.id, replies: 1, reason: 'Spam for good' } },
    ]);
    expect(verifyAuditChain(w.t.db)).toBeNull();
  });

  it('pin and lock are for moderators, recorded with their reason', async () => {
    const w = await discussionWorld();
    const topic = await start(w);
    expect((await T.call(w.agents.amara, DT.pin, { id: topic.id, pinned: true })).status).toBe(403);
    expect((await T.call(w.agents.amara, DT.lock, { id: topic.id, locked: true, reason: 'x' })).status).toBe(403);
    expect((await T.call(w.agents.host, DT.pin, { id: topic.id, pinned: true, reason: 'Important' })).data.isPinned).toBe(true);
    expect((await T.call(w.agents.host, DT.lock, { id: topic.id, locked: true })).status).toBe(400);
    expect((await T.call(w.agents.host, DT.lock, { id: topic.id, locked: true, reason: 'Decided' })).data.isLocked).toBe(true);
    expect(audit(w).map((a) => [a.action, a.details.reason])).toEqual([
      ['topic.pin', 'Important'],
      ['topic.lock', 'Decided'],
    ]);
  });
});

describe('discussions: unread marker, follow and mute', () => {
  it('a topic is unread until the member opens it, and again after new activity; their own posts do not make it unread', async () => {
    const w = await discussionWorld();
    const { agents } = w;
    const topic = await start(w);
    const unread = async (who = agents.bih) => (await T.call(who, D.list, { communityId: w.community.id })).data.items[0].unread;
    expect(await unread()).toBe(true);
    expect(await unread(agents.amara)).toBe(false);
    w.t.clock.advance(1000);
    const opened = await T.call(agents.bih, DT.markRead, { id: topic.id });
    expect(opened.data).toEqual({ id: topic.id, lastReadAt: w.t.clock.now() });
    expect(await unread()).toBe(false);
    // Reading the topic itself changes nothing.
    await T.call(agents.treasurer, D.get, { id: topic.id });
    expect(await unread(agents.treasurer)).toBe(true);
    w.t.clock.advance(1000);
    await T.call(agents.amara, D.reply, { id: topic.id, body: 'Any news?' });
    expect(await unread()).toBe(true);
    expect(await unread(agents.amara)).toBe(false);
    const got = (await T.call(agents.bih, D.get, { id: topic.id })).data;
    expect(got.replies.items[0].unread).toBe(true);
    w.t.clock.advance(1000);
    await T.call(agents.bih, DT.markRead, { id: topic.id });
    expect(await unread()).toBe(false);
  });

  it('following tells of every reply; muted tells of mentions only, even after posting; none until one posts', async () => {
    const w = await discussionWorld();
    const { agents, users } = w;
    const topic = await start(w);
    const replies = (id: string) => w.notes(id).filter((n) => n.title === 'notifications.discussionReply.title').length;
    expect((await T.call(agents.treasurer, DT.follow, { id: topic.id, mode: 'following' })).data).toEqual({ id: topic.id, follow: 'following' });
    expect((await T.call(agents.amara, DT.follow, { id: topic.id, mode: 'muted' })).data.follow).toBe('muted');
    await T.call(agents.bih, D.reply, { id: topic.id, body: 'First' });
    expect(replies(users.treasurer.id)).toBe(1);
    expect(replies(users.amara.id)).toBe(0);
    // Muted Amara posts: she stays muted; a mention still reaches her.
    await T.call(agents.amara, D.reply, { id: topic.id, body: 'Me too' });
    expect((await T.call(agents.amara, D.get, { id: topic.id })).data.follow).toBe('muted');
    await T.call(agents.bih, D.reply, { id: topic.id, body: `Right, ${mention(users.amara)}?` });
    expect(replies(users.amara.id)).toBe(0);
    expect(w.notes(users.amara.id).filter((n) => n.title === 'notifications.discussionMention.title')).toHaveLength(1);
    expect(replies(users.treasurer.id)).toBe(3);
    // The treasurer stops following: nothing more.
    await T.call(agents.treasurer, DT.follow, { id: topic.id, mode: 'none' });
    await T.call(agents.bih, D.reply, { id: topic.id, body: 'Last' });
    expect(replies(users.treasurer.id)).toBe(3);
    expect((await T.call(agents.bih, DT.follow, { id: topic.id, mode: 'loud' })).status).toBe(400);
  });

  it('a member who left the community is not told, even if they followed', async () => {
    const w = await discussionWorld();
    const topic = await start(w);
    await T.call(w.agents.bih, DT.follow, { id: topic.id, mode: 'following' });
    await T.call(w.agents.bih, { rest: { method: 'POST', path: '/api/communities/:id/leave', params: { id: 'communityId' } }, trpc: { path: 'communities.leave', type: 'mutation' } }, { communityId: w.community.id });
    await T.call(w.agents.treasurer, D.reply, { id: topic.id, body: `Hello ${mention(w.users.bih)}` });
    expect(w.notes(w.users.bih.id)).toEqual([]);
  });
});

describe('discussions: categories', () => {
  it('a free short label, filtered whatever its case; empty means none', async () => {
    const w = await discussionWorld();
    const a = await start(w, { category: 'Events' });
    await start(w, { category: '' });
    expect((await T.call(w.agents.amara, D.create, newTopic(w.community.id, { category: 'x'.repeat(41) }))).status).toBe(400);
    const listed = (await T.call(w.agents.bih, D.list, { communityId: w.community.id, category: 'events' })).data.items;
    expect(listed.map((t: { id: number }) => t.id)).toEqual([a.id]);
    expect((await T.call(w.agents.bih, D.list, { communityId: w.community.id })).data.items.map((t: { category: string | null }) => t.category)).toEqual([null, 'Events']);
  });
});

describe('discussions: mention autocomplete and the active count', () => {
  it('suggests other members by name prefix, at most ten, with the token to insert; never outsiders', async () => {
    const w = await discussionWorld();
    const { agents, users } = w;
    const found = (await T.call(agents.amara, DT.mentionable, { communityId: w.community.id, prefix: 'bi' })).data;
    expect(found).toEqual([{ userId: users.bih.id, name: `${users.bih.firstName} ${users.bih.lastName}`, username: users.bih.username, profileImageUrl: users.bih.profileImageUrl, token: mention(users.bih) }]);
    expect((await T.call(agents.amara, DT.mentionable, { communityId: w.community.id, prefix: 'Olu' })).data).toEqual([]);
    expect((await T.call(agents.amara, DT.mentionable, { communityId: w.community.id, prefix: 'Amara' })).data).toEqual([]);
    expect((await T.call(agents.amara, DT.mentionable, { communityId: w.community.id, prefix: '' })).data).toHaveLength(4);
    expect((await T.call(agents.amara, DT.mentionable, { communityId: w.community.id, prefix: '%' })).data).toEqual([]);
    expect((await T.call(agents.outsider, DT.mentionable, { communityId: w.community.id, prefix: '' })).status).toBe(403);
  });

  it('counts visible topics created or replied to in the last 30 days', async () => {
    const w = await discussionWorld();
    const { agents } = w;
    const old = await start(w);
    w.t.clock.advance(20 * DAY);
    await start(w);
    const hidden = await start(w);
    await T.call(agents.host, DT.hideTopic, { id: hidden.id, hidden: true, reason: 'Spam' });
    const count = async () => (await T.call(agents.bih, DT.activeCount, { communityId: w.community.id })).data.active;
    expect(await count()).toBe(2);
    w.t.clock.advance(11 * DAY);
    expect(await count()).toBe(1);
    await T.call(agents.bih, D.reply, { id: old.id, body: 'Reviving this' });
    expect(await count()).toBe(2);
  });
});

/*
 * Per-member limits, like chat's sends: within them nothing changes; beyond them 429 with the
 * wait, and nothing is written. A write refused for another reason does not count.
 */
describe('discussions: how fast one member may write', () => {
  let w: DiscussionWorld;
  beforeAll(async () => {
    w = await discussionWorld();
  });

  it('10 topics in 10 minutes, 20 replies and 30 edits a minute; beyond: 429 with the seconds to wait, nothing written', async () => {
    const topics: number[] = [];
    // A refused topic (no title) takes no slot.
    expect((await T.call(w.agents.amara, D.create, newTopic(w.community.id, { title: '' }))).status).toBe(400);
    for (let i = 0; i < 10; i += 1) {
      const r = await T.call(w.agents.amara, D.create, newTopic(w.community.id, { title: `Topic ${i}` }));
      expect(r.status).toBe(200);
      topics.push(r.data.id);
      w.t.clock.advance(1_000);
    }
    const eleventh = await T.call(w.agents.amara, D.create, newTopic(w.community.id, { title: 'One too many' }));
    expect(eleventh.status).toBe(429);
    expectError(eleventh, 'TOO_MANY_REQUESTS', 'errors.tooFast', { seconds: 590 });
    expect(Number(eleventh.headers.get('retry-after'))).toBe(590);
    // Others write on; Amara again once the first leaves the window.
    expect((await T.call(w.agents.bih, D.create, newTopic(w.community.id, { title: 'Bih’s topic' }))).status).toBe(200);
    w.t.clock.advance(590_000);
    expect((await T.call(w.agents.amara, D.create, newTopic(w.community.id, { title: 'Calmer' }))).status).toBe(200);

    const topic = topics[0]!;
    for (let i = 0; i < 20; i += 1) expect((await T.call(w.agents.bih, D.reply, { id: topic, body: `Reply ${i}` })).status).toBe(200);
    const reply = await T.call(w.agents.bih, D.reply, { id: topic, body: 'Reply 21' });
    expectError(reply, 'TOO_MANY_REQUESTS', 'errors.tooFast', { seconds: 60 });
    expect((await T.call(w.agents.bih, D.get, { id: topic })).data.replies.items).toHaveLength(20);

    for (let i = 0; i < 30; i += 1) expect((await T.call(w.agents.amara, DT.update, { id: topic, title: `Edited ${i}` })).status).toBe(200);
    const edit = await T.call(w.agents.amara, DT.update, { id: topic, title: 'Edited once more' });
    expectError(edit, 'TOO_MANY_REQUESTS', 'errors.tooFast', { seconds: 60 });
    expect((await T.call(w.agents.amara, D.get, { id: topic })).data.title).toBe('Edited 29');
  });

  it('mentions: told in the app of each, emailed at most once an hour per topic', async () => {
    expect((await w.agents.bih.mutate('notifications.setPreferences', { kinds: { discussions: 'email' } })).status).toBe(200);
    w.t.clock.advance(DAY);
    const topic = (await T.call(w.agents.treasurer, D.create, newTopic(w.community.id, { title: 'Stalls', body: `Help? ${mention(w.users.bih)}` }))).data.id;
    for (let i = 0; i < 5; i += 1) {
      w.t.clock.advance(60_000);
      expect((await T.call(w.agents.treasurer, D.reply, { id: topic, body: `${mention(w.users.bih)} again ${i}` })).status).toBe(200);
    }
    const mails = () => w.t.db.select({ key: mailOutbox.onceKey }).from(mailOutbox).all().filter((m) => m.key.startsWith(`mention:${topic}:${w.users.bih.id}:`));
    const notes = () => w.t.db.select().from(notifications).all().filter((n) => n.userId === w.users.bih.id && n.title === 'notifications.discussionMention.title' && n.link === `/topics/${topic}`);
    expect(notes()).toHaveLength(6);
    expect(mails()).toHaveLength(1);
    // An hour after that email, the next mention is emailed again.
    w.t.clock.advance(HOUR - 5 * 60_000 + 1);
    await T.call(w.agents.treasurer, D.reply, { id: topic, body: `${mention(w.users.bih)} still there?` });
    expect(mails()).toHaveLength(2);
    // Another topic has its own hour.
    const other = (await T.call(w.agents.treasurer, D.create, newTopic(w.community.id, { title: 'Chairs', body: mention(w.users.bih) }))).data.id;
    expect(w.t.db.select({ key: mailOutbox.onceKey }).from(mailOutbox).all().filter((m) => m.key.startsWith(`mention:${other}:`))).toHaveLength(1);
  });
});
