import { afterEach, describe, expect, it } from 'vitest';
import { makeCommunity } from '../factories';
import { C, ChatClient, chatWorld, generalOf, listen, settle, TRPC, type Listening } from '../setup/chat';
import { op, transportsFor } from '../setup/transport';

/*
 * A socket open before its account joins a community hears the community's channels at once
 * (a `conversation.created` per channel it may now read, then the messages), whichever way the
 * membership came: joining a public community, a leader approving a request, an invitation link,
 * creating one; and leaving or being removed drops them (`conversation.removed`) as promptly.
 * Without it the socket would learn of them only at its next ping or minute's resync.
 */

const join = op('POST', '/api/communities/:id/join', 'communities.join', 'mutation', { params: { id: 'communityId' } });
const decide = op('POST', '/api/none', 'communities.decideRequest', 'mutation');
const createLink = op('POST', '/api/none', 'invitations.createLink', 'mutation');
const accept = op('POST', '/api/none', 'invitations.accept', 'mutation');

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
async function client(l: Listening, who: Parameters<typeof ChatClient.connect>[1]) {
  const c = await ChatClient.connect(l, who);
  open.unshift(c);
  return c;
}
const heard = (c: ChatClient, conversationId: number, body: string) =>
  c.next((f) => f.type === 'message.created' && f.message.conversationId === conversationId && f.message.body === body, 1_000);

describe('chat WebSocket: joining a community while connected', () => {
  for (const transport of transportsFor(TRPC)) {
    it(`${transport.name}: joining a public community subscribes the open socket at once`, async () => {
      const w = await chatWorld();
      const l = await listen(w.t);
      open.push(l);
      const socket = await client(l, w.agents.outsider);
      const joined = await transport.call(w.agents.outsider, join, { communityId: w.community.id });
      expect(joined.status, JSON.stringify(joined.raw)).toBe(transport.okStatus(join));
      await socket.next((f) => f.type === 'conversation.created' && f.conversationId === w.general, 1_000);
      await TRPC.call(w.agents.amara, C.send, { conversationId: w.general, body: 'Welcome, neighbour' });
      await heard(socket, w.general, 'Welcome, neighbour');
      // Nothing of the community it did not join.
      await TRPC.call(w.agents.host, C.send, { conversationId: w.privateGeneral, body: 'Members only' });
      await settle(150);
      expect(socket.of('message.created').map((f) => f.message.body)).toEqual(['Welcome, neighbour']);
    });
  }

  it('an approved request, an invitation link and a new community do the same; a declined request does not', async () => {
    const w = await chatWorld();
    const l = await listen(w.t);
    open.push(l);
    const { agents, users } = w;
    const socket = await client(l, agents.outsider);

    // A private community: the request alone subscribes nothing; the approval does.
    await TRPC.call(agents.outsider, join, { communityId: w.privateCommunity.id });
    const requestId = () => w.t.db.$client.prepare("SELECT id FROM join_requests WHERE user_id = ? AND status = 'pending'").pluck().get(users.outsider.id) as number;
    await TRPC.call(agents.host, C.send, { conversationId: w.privateGeneral, body: 'Before the approval' });
    const approved = await TRPC.call(agents.host, decide, { communityId: w.privateCommunity.id, requestId: requestId(), approve: true });
    expect(approved.status, JSON.stringify(approved.raw)).toBe(200);
    await socket.next((f) => f.type === 'conversation.created' && f.conversationId === w.privateGeneral, 1_000);
    await TRPC.call(agents.host, C.send, { conversationId: w.privateGeneral, body: 'After the approval' });
    await heard(socket, w.privateGeneral, 'After the approval');

    // An invitation link to a third community.
    const third = makeCommunity(w.t.db, { creator: users.host, name: 'Douala Drummers' });
    const link = await TRPC.call(agents.host, createLink, { communityId: third.id, expiresInDays: 7, maxUses: 10 });
    expect(link.status, JSON.stringify(link.raw)).toBe(200);
    const accepted = await TRPC.call(agents.outsider, accept, { token: link.data.token });
    expect(accepted.status, JSON.stringify(accepted.raw)).toBe(200);
    const thirdGeneral = generalOf(w.t, third.id);
    await socket.next((f) => f.type === 'conversation.created' && f.conversationId === thirdGeneral, 1_000);
    await TRPC.call(agents.host, C.send, { conversationId: thirdGeneral, body: 'Invited in' });
    await heard(socket, thirdGeneral, 'Invited in');

    // A community the account creates itself.
    const created = await TRPC.call(agents.outsider, op('POST', '/api/communities', 'communities.create', 'mutation'), {
      name: 'Outsiders United',
      description: 'A community created while the chat socket is open.',
      location: 'Houston, TX',
    });
    expect(created.status, JSON.stringify(created.raw)).toBe(200);
    const ownGeneral = generalOf(w.t, created.data.id);
    await socket.next((f) => f.type === 'conversation.created' && f.conversationId === ownGeneral, 1_000);

    expect(socket.of('message.created').map((f) => f.message.body)).toEqual(['After the approval', 'Invited in']);
  });

  it('leaving a community, or being removed from it, drops its conversations from the open socket at once (the channels, and a direct message)', async () => {
    const w = await chatWorld();
    const l = await listen(w.t);
    open.push(l);
    const { agents, users } = w;
    const dm = (await TRPC.call(agents.admin, C.openDirect, { userId: users.bih.id })).data.id as number;
    const amara = await client(l, agents.amara);
    const bih = await client(l, agents.bih);

    const left = await TRPC.call(agents.amara, op('POST', '/api/none', 'communities.leave', 'mutation'), { communityId: w.community.id });
    expect(left.status, JSON.stringify(left.raw)).toBe(200);
    await amara.next((f) => f.type === 'conversation.removed' && f.conversationId === w.general, 1_000);
    // Her other community's channel stays.
    expect(amara.of('conversation.removed').map((f) => f.conversationId)).not.toContain(w.privateGeneral);

    const removed = await TRPC.call(agents.host, op('POST', '/api/none', 'communities.removeMember', 'mutation'), { communityId: w.community.id, userId: users.bih.id });
    expect(removed.status, JSON.stringify(removed.raw)).toBe(200);
    await bih.next((f) => f.type === 'conversation.removed' && f.conversationId === w.general, 1_000);
    await bih.next((f) => f.type === 'conversation.removed' && f.conversationId === dm, 1_000);

    await TRPC.call(agents.host, C.send, { conversationId: w.general, body: 'After they left' });
    await settle(150);
    expect(amara.of('message.created')).toEqual([]);
    expect(bih.of('message.created')).toEqual([]);
  });
});
