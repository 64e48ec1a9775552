import { afterEach, describe, expect, it } from 'vitest';
import type { MessageDto } from '../../src/shared/chat/protocol';
import { issueEmailToken } from '../../src/server/auth/email-tokens';
import { chatHubOf, CLIENT_FRAME_MAX_BYTES, IDLE_MS, SOCKETS_PER_ACCOUNT } from '../../src/server/chat/ws';
import { addMember, FACTORY_PASSWORD, makeUser } from '../factories';
import { agent } from '../setup/app';
import { C, ChatClient, chatWorld, CT, listen, over, sessionAgent, settle, TRPC, UpgradeRefused, type Listening } from '../setup/chat';

/*
 * The WebSocket at /ws on a real port: who may connect, who hears what (never a conversation one
 * may not read), catching up after a reconnect, deletions reaching every client, and 50 members
 * writing at once.
 */

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
async function serverFor(w: Awaited<ReturnType<typeof chatWorld>>) {
  const l = await listen(w.t);
  open.push(l);
  return l;
}
async function client(l: Listening, who: Parameters<typeof ChatClient.connect>[1]) {
  const c = await ChatClient.connect(l, who);
  open.unshift(c);
  return c;
}
const createdIds = (c: ChatClient) => c.of('message.created').map((f) => f.message.id);
/** The close code the server ends `c` with. */
const closeCode = (c: ChatClient) => new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));

describe('chat WebSocket', () => {
  it('refuses an upgrade without a session (401), from a foreign or missing Origin (403), before upgrading', async () => {
    const w = await chatWorld();
    const l = await serverFor(w);
    await expect(ChatClient.connect(l, null)).rejects.toEqual(new UpgradeRefused(401));
    await expect(ChatClient.connect(l, w.agents.amara, 'https://evil.example')).rejects.toEqual(new UpgradeRefused(403));
    await expect(ChatClient.connect(l, w.agents.amara, null)).rejects.toEqual(new UpgradeRefused(403));
    // A signed-out cookie is no session.
    await TRPC.call(w.agents.bih, { rest: { method: 'POST', path: '/api/auth/logout' }, trpc: { path: 'auth.logout', type: 'mutation' } });
    await expect(ChatClient.connect(l, w.agents.bih)).rejects.toEqual(new UpgradeRefused(401));
    const ok = await client(l, w.agents.amara);
    expect(ok.frames[0]).toEqual({ type: 'hello', userId: w.users.amara.id, lastMessageId: 0 });
    // Signing out ends the open socket at once, without waiting for a ping or the minute's check.
    const closed = closeCode(ok);
    await TRPC.call(w.agents.amara, { rest: { method: 'POST', path: '/api/auth/logout' }, trpc: { path: 'auth.logout', type: 'mutation' } });
    expect(await closed).toBe(4401);
  });

  it('every way a session ends closes its sockets at once: revoked, signed out elsewhere, a password change or reset, deletion, a staff reset', async () => {
    const w = await chatWorld();
    const { t } = w;
    const l = await serverFor(w);
    const staff = await makeUser(t.db, { role: 'superadmin' });
    const ends = {
      revoked: await makeUser(t.db),
      othersSignedOut: await makeUser(t.db),
      passwordChanged: await makeUser(t.db),
      passwordReset: await makeUser(t.db),
      deleted: await makeUser(t.db),
      staffReset: await makeUser(t.db),
    };
    const sockets = Object.fromEntries(await Promise.all(Object.entries(ends).map(async ([k, u]) => [k, await client(l, sessionAgent(t, u))] as const))) as Record<keyof typeof ends, ChatClient>;
    const codes = Object.fromEntries(Object.entries(sockets).map(([k, c]) => [k, closeCode(c)])) as Record<keyof typeof ends, Promise<number>>;
    // A second device of each, from which the first one is ended (or simply another session).
    const other = (u: { id: string }) => sessionAgent(t, u);
    const call = (a: ReturnType<typeof other>, path: string, input?: unknown) => TRPC.call(a, { rest: { method: 'POST', path: '/api/none' }, trpc: { path, type: 'mutation' } }, input);
    const elsewhere = other(ends.revoked);
    const listed = await TRPC.call(elsewhere, { rest: { method: 'GET', path: '/api/none' }, trpc: { path: 'auth.sessions', type: 'query' } });
    const target = (listed.data as { id: string; current: boolean }[]).find((s) => !s.current)!;
    expect((await call(elsewhere, 'auth.revokeSession', { id: target.id })).status).toBe(200);
    const keeper = other(ends.othersSignedOut);
    const kept = await client(l, keeper);
    expect((await call(keeper, 'auth.revokeOtherSessions')).status).toBe(200);
    expect((await call(other(ends.passwordChanged), 'auth.changePassword', { currentPassword: FACTORY_PASSWORD, newPassword: 'A-new-password-2026' })).status).toBe(200);
    const token = issueEmailToken(t.db, { userId: ends.passwordReset.id, email: ends.passwordReset.email, purpose: 'reset-password', now: t.clock.now() });
    expect((await call(agent(t), 'auth.resetPassword', { token, password: 'A-new-password-2026' })).status).toBe(200);
    expect((await call(other(ends.deleted), 'account.delete', { password: FACTORY_PASSWORD })).status).toBe(200);
    expect((await call(sessionAgent(t, staff), 'admin.resetPassword', { id: ends.staffReset.id })).status).toBe(200);
    for (const [k, code] of Object.entries(codes)) expect([k, await code]).toEqual([k, 4401]);
    // The session that signed the others out keeps its socket.
    kept.send({ type: 'ping' });
    await kept.next((f) => f.type === 'pong');
  });

  it('bounds what an account holds open: a frame over 4 KB closes the socket, a 7th socket is refused with 429 and Retry-After, a silent one is closed at the minute’s check', async () => {
    const w = await chatWorld();
    const { t, users } = w;
    const l = await serverFor(w);
    const big = await client(l, w.agents.amara);
    const bigClosed = closeCode(big);
    big.ws.send(JSON.stringify({ type: 'typing', conversationId: w.general, pad: 'x'.repeat(CLIENT_FRAME_MAX_BYTES) }));
    expect(await bigClosed).toBe(1009);

    const tabs = [];
    for (let i = 0; i < SOCKETS_PER_ACCOUNT; i++) tabs.push(await client(l, sessionAgent(t, users.bih)));
    await expect(ChatClient.connect(l, sessionAgent(t, users.bih))).rejects.toEqual(new UpgradeRefused(429, '60'));
    // Another account is not held back by Bih's.
    const host = await client(l, w.agents.host);

    const silent = closeCode(tabs[0]!);
    t.clock.advance(IDLE_MS - 30_000);
    host.send({ type: 'ping' });
    await host.next((f) => f.type === 'pong');
    t.clock.advance(30_000);
    chatHubOf(t.db)!.check();
    expect(await silent).toBe(4408);
    // Heard from 30 s ago: still open.
    host.send({ type: 'ping' });
    await host.next((f) => f.type === 'pong' && host.of('pong').length === 2);
  });

  it('a member never receives events of a conversation they are not in (two communities, a private channel, a DM)', async () => {
    const w = await chatWorld();
    const { agents, users, community, general, privateGeneral } = w;
    const l = await serverFor(w);
    const secret = (await TRPC.call(agents.admin, C.createChannel, { communityId: community.id, name: 'leaders', isPrivate: true, memberIds: [users.treasurer.id] })).data.id;
    const dm = (await TRPC.call(agents.admin, C.openDirect, { userId: users.treasurer.id })).data.id;
    const sockets = {
      amara: await client(l, agents.amara),
      bih: await client(l, agents.bih),
      treasurer: await client(l, agents.treasurer),
      outsider: await client(l, agents.outsider),
      host: await client(l, agents.host),
    };
    const inPrivateCommunity = (await TRPC.call(agents.host, C.send, { conversationId: privateGeneral, body: 'Njangi house only' })).data.id;
    const inSecret = (await TRPC.call(agents.admin, C.send, { conversationId: secret, body: 'Leaders only' })).data.id;
    const inDm = (await TRPC.call(agents.admin, C.send, { conversationId: dm, body: 'Just us two' })).data.id;
    sockets.treasurer.send({ type: 'typing', conversationId: secret });
    sockets.bih.send({ type: 'typing', conversationId: secret }); // not hers: dropped
    const started = Date.now();
    const inGeneral = (await TRPC.call(agents.bih, C.send, { conversationId: general, body: 'Hello everyone' })).data.id;
    await sockets.amara.next((f) => f.type === 'message.created' && f.message.id === inGeneral);
    expect(Date.now() - started).toBeLessThan(200);
    await settle(150);

    expect(createdIds(sockets.amara)).toEqual([inPrivateCommunity, inGeneral]);
    expect(createdIds(sockets.bih)).toEqual([inGeneral]);
    expect(createdIds(sockets.treasurer)).toEqual([inSecret, inDm, inGeneral]);
    expect(createdIds(sockets.host)).toEqual([inPrivateCommunity, inGeneral]);
    expect(sockets.outsider.frames.map((f) => f.type)).toEqual(['hello']);
    // Typing: the treasurer's reaches nobody here but the admin (not connected); Bih's was dropped.
    for (const s of Object.values(sockets)) expect(s.of('typing')).toEqual([]);

    // Added to the private channel: Amara hears it from then on; removed: nothing more.
    await TRPC.call(agents.admin, CT.addMembers, { conversationId: secret, userIds: [users.amara.id] });
    await sockets.amara.next((f) => f.type === 'conversation.created' && f.conversationId === secret);
    const afterAdd = (await TRPC.call(agents.admin, C.send, { conversationId: secret, body: 'Welcome Amara' })).data.id;
    await sockets.amara.next((f) => f.type === 'message.created' && f.message.id === afterAdd);
    await TRPC.call(agents.admin, CT.removeMember, { conversationId: secret, userId: users.amara.id });
    await sockets.amara.next((f) => f.type === 'conversation.removed' && f.conversationId === secret);
    const afterRemove = (await TRPC.call(agents.admin, C.send, { conversationId: secret, body: 'Amara is gone' })).data.id;
    // Removed from the community itself (no event from chat): the next delivery is refused anyway.
    w.t.db.$client.prepare('DELETE FROM memberships WHERE community_id = ? AND user_id = ?').run(community.id, users.bih.id);
    const afterLeave = (await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'Bih left' })).data.id;
    await sockets.treasurer.next((f) => f.type === 'message.created' && f.message.id === afterLeave);
    await settle(100);
    expect(createdIds(sockets.amara)).not.toContain(afterRemove);
    expect(createdIds(sockets.bih)).toEqual([inGeneral]);
    expect(sockets.bih.of('conversation.removed').map((f) => f.conversationId)).toEqual([general]);
  });

  it('typing is relayed to the other readers, throttled, never echoed', async () => {
    const w = await chatWorld();
    const l = await serverFor(w);
    const amara = await client(l, w.agents.amara);
    const bih = await client(l, w.agents.bih);
    amara.send({ type: 'typing', conversationId: w.general });
    amara.send({ type: 'typing', conversationId: w.general });
    amara.send({ type: 'nonsense' });
    const typing = await bih.next((f) => f.type === 'typing');
    expect(typing).toEqual({ type: 'typing', conversationId: w.general, user: { id: w.users.amara.id, name: `${w.users.amara.firstName} ${w.users.amara.lastName}`, avatarUrl: null } });
    amara.send({ type: 'ping' });
    await amara.next((f) => f.type === 'pong');
    await settle(100);
    expect(bih.of('typing')).toHaveLength(1);
    expect(amara.of('typing')).toEqual([]);
  });

  it('reconnecting with the last id receives exactly the missed messages (since), nothing missed, nothing twice', async () => {
    const w = await chatWorld();
    const { agents, general, privateGeneral } = w;
    const l = await serverFor(w);
    const bih = await client(l, agents.bih);
    const before = (await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'Before' })).data.id;
    await bih.next((f) => f.type === 'message.created' && f.message.id === before);
    const lastId = Math.max(...createdIds(bih));
    const changedSince = w.t.clock.now();
    await bih.close();

    w.t.clock.advance(1_000);
    const missed: number[] = [];
    for (const body of ['One', 'Two', 'Three']) missed.push((await TRPC.call(agents.amara, C.send, { conversationId: general, body })).data.id);
    await TRPC.call(agents.amara, C.send, { conversationId: privateGeneral, body: 'Not for Bih' });
    await TRPC.call(agents.amara, C.edit, { id: before, body: 'Before (edited)' });

    // Subscribe first, then catch up: a message sent in between arrives twice and is kept once.
    const again = await client(l, agents.bih);
    const during = (await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'During' })).data.id;
    const caught = await TRPC.call(agents.bih, CT.since, { afterId: lastId, changedSince });
    expect(caught.status).toBe(200);
    expect(caught.data.messages.map((m: MessageDto) => m.id)).toEqual([...missed, during]);
    expect(caught.data.changed.map((m: MessageDto) => [m.id, m.body])).toEqual([[before, 'Before (edited)']]);
    expect(caught.data.more).toBe(false);
    await again.next((f) => f.type === 'message.created' && f.message.id === during);
    const merged = [...new Set([...caught.data.messages.map((m: MessageDto) => m.id), ...createdIds(again)])].sort((a, b) => a - b);
    expect(merged).toEqual([...missed, during]);
    // One conversation only, and an unreadable one refused.
    expect((await TRPC.call(agents.bih, CT.since, { afterId: 0, conversationId: general })).data.messages.map((m: MessageDto) => m.id)).toEqual([before, ...missed, during]);
    expect((await TRPC.call(agents.bih, CT.since, { afterId: 0, conversationId: privateGeneral })).status).toBe(404);
  });

  it('a deleted message vanishes for every connected client; edits and reactions reach them too', async () => {
    const w = await chatWorld();
    const { agents, general } = w;
    const l = await serverFor(w);
    const clients = [await client(l, agents.amara), await client(l, agents.bih), await client(l, agents.host), await client(l, agents.treasurer)];
    const id = (await TRPC.call(agents.bih, C.send, { conversationId: general, body: 'Oops, my phone number is 555-0100' })).data.id;
    await TRPC.call(agents.amara, CT.react, { id, emoji: '😮', on: true });
    await TRPC.call(agents.bih, C.edit, { id, body: 'Oops' });
    await TRPC.call(agents.admin, C.delete, { id });
    for (const c of clients) {
      const deleted = await c.next<{ type: 'message.deleted'; message: MessageDto }>((f) => f.type === 'message.deleted' && f.message.id === id);
      expect(deleted.message).toMatchObject({ id, body: '', attachment: null, reactions: [] });
      expect(deleted.message.deletedAt).toBe(w.t.clock.now());
      expect(c.of('reaction')).toEqual([{ type: 'reaction', conversationId: general, messageId: id, reactions: [{ emoji: '😮', count: 1, userIds: [w.users.amara.id] }] }]);
      expect(c.of('message.updated').map((f) => f.message.body)).toEqual(['Oops']);
    }
    // History keeps it as deleted, with no trace of its words.
    const page = (await TRPC.call(agents.amara, C.messages, { conversationId: general })).data.messages;
    expect(page[0]).toMatchObject({ id, body: '' });
    expect(JSON.stringify(page)).not.toContain('555-0100');
  });

  it('read markers reach the reader’s other sockets only', async () => {
    const w = await chatWorld();
    const l = await serverFor(w);
    const phone = await client(l, w.agents.bih);
    const laptop = await client(l, w.agents.bih);
    const other = await client(l, w.agents.amara);
    const id = (await TRPC.call(w.agents.amara, C.send, { conversationId: w.general, body: 'Read me' })).data.id;
    await TRPC.call(w.agents.bih, CT.markRead, { conversationId: w.general, messageId: id });
    for (const s of [phone, laptop]) expect(await s.next((f) => f.type === 'read')).toEqual({ type: 'read', conversationId: w.general, lastReadId: id });
    await settle(50);
    expect(other.of('read')).toEqual([]);
  });
});

describe('chat under load', () => {
  it('50 members with sockets open send at once through the real server: every client ends with the same ordered history', async () => {
    const w = await chatWorld();
    const l = await serverFor(w);
    const members = [];
    for (let i = 0; i < 50; i += 1) {
      const u = await makeUser(w.t.db, { firstName: `Load${i}` });
      addMember(w.t.db, { communityId: w.community.id, user: u });
      members.push(sessionAgent(w.t, u));
    }
    const sockets = await Promise.all(members.map((a) => ChatClient.connect(l, a)));
    open.unshift(...sockets);
    const PER_MEMBER = 4;
    const results = await Promise.all(
      members.flatMap((a, i) =>
        Array.from({ length: PER_MEMBER }, (_, k) => over(l, a, 'POST', `/api/conversations/${w.general}/messages`, { body: `member ${i} message ${k}`, clientNonce: `${i}-${k}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const total = 50 * PER_MEMBER;
    const sent = results.map((r) => r.body.id as number).sort((a, b) => a - b);
    expect(new Set(sent).size).toBe(total);
    const deadline = Date.now() + 5_000;
    while (sockets.some((s) => s.of('message.created').length < total) && Date.now() < deadline) await settle(20);
    const stored = w.t.db.$client.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY id').pluck().all(w.general);
    expect(stored).toEqual(sent);
    for (const s of sockets) {
      const ids = createdIds(s);
      // Received in increasing id order (the order of the history), each exactly once.
      expect(ids).toEqual(sent);
    }
  });
});
