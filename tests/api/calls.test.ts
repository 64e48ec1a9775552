import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { chatHubOf } from '../../src/server/chat/ws';
import { createChannel } from '../../src/server/services/chat/conversations';
import { loadEnv } from '../../src/server/env';
import { TURN_CREDENTIAL_SECONDS } from '../../src/shared/chat/calls';
import type { CallDto, MessageDto } from '../../src/shared/chat/protocol';
import { C, ChatClient, chatWorld, CT, listen, settle, TRPC, type ChatWorld, type Listening } from '../setup/chat';
import { K, lastCall, signalFrame, signalsHeard } from '../setup/calls';
import { expectError } from '../setup/errors';
import { op, REST, transportsFor } from '../setup/transport';

/*
 * Calls in chat over both transports and the socket: who is rung, who receives a call's
 * signalling (only its participants who may read the conversation, checked on every frame), the
 * history entries (started, with whom, how long; missed; declined), the ring's end, the limits,
 * and TURN credentials as coturn's use-auth-secret recomputes them.
 */

const SECRET = 'a-test-secret-for-coturn-0123456789';
const ENV = { CALL_RING_SECONDS: '1', STUN_URLS: 'stun:127.0.0.1:3478', TURN_URLS: 'turn:127.0.0.1:3478?transport=udp,turn:127.0.0.1:3478?transport=tcp', TURN_SECRET: SECRET };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
async function socket(l: Listening, who: Parameters<typeof ChatClient.connect>[1]) {
  const c = await ChatClient.connect(l, who);
  open.unshift(c);
  return c;
}
async function world() {
  const w = await chatWorld({ env: ENV });
  const l = await listen(w.t);
  open.push(l);
  return { ...w, l };
}

async function direct(w: ChatWorld, a: keyof ChatWorld['agents'], b: keyof ChatWorld['users']): Promise<number> {
  const r = await TRPC.call(w.agents[a], C.openDirect, { kind: 'direct', userId: w.users[b].id });
  expect(r.status, JSON.stringify(r.raw)).toBe(200);
  return r.data.id as number;
}
const history = async (w: ChatWorld, who: keyof ChatWorld['agents'], conversationId: number): Promise<MessageDto[]> =>
  (await TRPC.call(w.agents[who], C.messages, { conversationId })).data.messages.filter((m: MessageDto) => m.kind === 'call');
const stateOf = (call: CallDto, userId: string) => call.participants.find((p) => p.person.id === userId)?.state;

describe('calls', () => {
  for (const T of transportsFor(REST)) {
    it(`${T.name}: a one-to-one call rings the other person, relays signals between the two only, and its history says who and how long`, async () => {
      const w = await world();
      const dm = await direct(w, 'host', 'amara');
      const [host, amara, admin] = [await socket(w.l, w.agents.host), await socket(w.l, w.agents.amara), await socket(w.l, w.agents.admin)];
      const started = await T.call(w.agents.host, K.start, { conversationId: dm, media: 'video' });
      expect(started.status, JSON.stringify(started.raw)).toBe(T.okStatus(K.start));
      const call = started.data as CallDto;
      expect(call).toMatchObject({ conversationId: dm, media: 'video', status: 'ringing', startedBy: { id: w.users.host.id } });
      expect(stateOf(call, w.users.amara.id)).toBe('invited');
      const rang = await amara.next((f) => f.type === 'call.ringing' && f.call.id === call.id);
      expect(rang).toMatchObject({ call: { media: 'video', startedBy: { name: expect.stringContaining('Ngozi') } } });
      expect((await T.call(w.agents.amara, K.ringing)).data.calls.map((c: CallDto) => c.id)).toEqual([call.id]);
      // One call at a time in a conversation.
      expectError(await T.call(w.agents.amara, K.start, { conversationId: dm, media: 'audio' }), 409, 'calls.errors.busy');

      w.t.clock.advance(5_000);
      const accepted = await T.call(w.agents.amara, K.accept, { callId: call.id });
      expect(accepted.data).toMatchObject({ status: 'active', answeredAt: w.t.clock.now() });
      await host.next((f) => f.type === 'call.updated' && f.call.id === call.id && f.call.status === 'active');

      host.send(signalFrame(call.id, w.users.amara.id, 'offer-1'));
      amara.send(signalFrame(call.id, w.users.host.id, 'answer-1', '{"kind":"answer","sdp":"v=0"}'));
      // Someone outside the call is never a recipient, even when named.
      host.send(signalFrame(call.id, w.users.admin.id, 'to-admin'));
      admin.send(signalFrame(call.id, w.users.host.id, 'from-admin'));
      await amara.next((f) => f.type === 'call.signal' && f.signal.id === 'offer-1');
      await host.next((f) => f.type === 'call.signal' && f.signal.id === 'answer-1');
      await settle(150);
      expect(amara.of('call.signal')).toEqual([{ type: 'call.signal', callId: call.id, from: w.users.host.id, signal: expect.objectContaining({ id: 'offer-1' }) }]);
      expect(signalsHeard(host)).toEqual(['answer-1']);
      expect(admin.frames.filter((f) => f.type.startsWith('call.'))).toEqual([]);

      w.t.clock.advance(65_000);
      const left = await T.call(w.agents.amara, K.leave, { callId: call.id });
      expect(left.data).toMatchObject({ status: 'ended', endedAt: w.t.clock.now() });
      // Both people's history: the call's entry, with the two and 65 seconds between answer and end.
      for (const who of ['host', 'amara'] as const) {
        const [entry] = await history(w, who, dm);
        expect(entry).toMatchObject({ kind: 'call', body: '', author: { id: w.users.host.id }, call: { id: call.id, status: 'ended', media: 'video' } });
        expect(entry!.call!.endedAt! - entry!.call!.answeredAt!).toBe(65_000);
        expect(entry!.call!.participants.map((p) => [p.person.id, p.state])).toEqual([
          [w.users.host.id, 'left'],
          [w.users.amara.id, 'left'],
        ]);
      }
      await host.next((f) => f.type === 'message.updated' && f.message.call?.status === 'ended');
      // Over: no more signals, and the call's entry is not a message to edit.
      host.send(signalFrame(call.id, w.users.amara.id, 'late'));
      await settle(100);
      expect(signalsHeard(amara)).toEqual(['offer-1']);
      expectError(await TRPC.call(w.agents.host, C.edit, { id: (await history(w, 'host', dm))[0]!.id, body: 'No' }), 409, 'calls.errors.historyEntry');
    });
  }

  it('a call nobody answers within CALL_RING_SECONDS is missed; a declined one says so; both in the history', async () => {
    const w = await world();
    const dm = await direct(w, 'host', 'amara');
    const [host, amara] = [await socket(w.l, w.agents.host), await socket(w.l, w.agents.amara)];
    const missed = (await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'audio' })).data as CallDto;
    // The ring ends on the server's own timer (1 s here): both sides hear it, the callee as missed.
    const over = await amara.next<{ type: 'call.updated'; call: CallDto }>((f) => f.type === 'call.updated' && f.call.id === missed.id && f.call.status === 'missed', 3_000);
    expect(stateOf(over.call, w.users.amara.id)).toBe('missed');
    await host.next((f) => f.type === 'message.updated' && f.message.call?.id === missed.id && f.message.call.status === 'missed');
    expectError(await TRPC.call(w.agents.amara, K.accept, { callId: missed.id }), 409, 'calls.errors.over');
    expect((await TRPC.call(w.agents.amara, K.ringing)).data.calls).toEqual([]);

    const declined = (await TRPC.call(w.agents.amara, K.start, { conversationId: dm, media: 'video' })).data as CallDto;
    expectError(await TRPC.call(w.agents.amara, K.decline, { callId: declined.id }), 409, 'calls.errors.notRinging');
    const no = await TRPC.call(w.agents.host, K.decline, { callId: declined.id });
    expect(no.data).toMatchObject({ status: 'declined' });
    expect(stateOf(no.data, w.users.host.id)).toBe('declined');
    const entries = await history(w, 'host', dm);
    expect(entries.map((m) => [m.call!.id, m.call!.status, m.call!.media, m.author?.id])).toEqual([
      [declined.id, 'declined', 'video', w.users.amara.id],
      [missed.id, 'missed', 'audio', w.users.host.id],
    ]);
    // The list shows the conversation's last entry as a call (the client words it).
    const list = (await TRPC.call(w.agents.amara, C.conversations)).data;
    expect(list.direct.find((c: { id: number }) => c.id === dm).lastMessage).toMatchObject({ id: entries[0]!.id, isCall: true, preview: '' });
    // The ring of the declined call stops on the callee's other tabs too.
    await host.next((f) => f.type === 'call.updated' && f.call.id === declined.id && f.call.status === 'declined');
  });

  it('a group call rings everyone; one declining leaves it ringing for the others; the last to leave ends it', async () => {
    const w = await world();
    const group = (await TRPC.call(w.agents.host, C.createGroup, { communityId: w.community.id, userIds: [w.users.amara.id, w.users.bih.id], name: 'Drivers' })).data.id as number;
    const [amara, bih] = [await socket(w.l, w.agents.amara), await socket(w.l, w.agents.bih)];
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: group, media: 'audio' })).data as CallDto;
    await amara.next((f) => f.type === 'call.ringing' && f.call.id === call.id);
    await bih.next((f) => f.type === 'call.ringing' && f.call.id === call.id);
    expect((await TRPC.call(w.agents.bih, K.decline, { callId: call.id })).data).toMatchObject({ status: 'ringing' });
    expect((await TRPC.call(w.agents.amara, K.accept, { callId: call.id })).data).toMatchObject({ status: 'active' });
    // The starter leaves: the call goes on while someone is in it; only its starter ends it for all.
    expect((await TRPC.call(w.agents.host, K.leave, { callId: call.id })).data).toMatchObject({ status: 'active' });
    expectError(await TRPC.call(w.agents.amara, K.end, { callId: call.id }), 403, 'calls.errors.notYours');
    expectError(await TRPC.call(w.agents.host, K.leave, { callId: call.id }), 409, 'calls.errors.notInCall');
    const current = await TRPC.call(w.agents.bih, K.current, { conversationId: group });
    expect(current.data.call).toMatchObject({ id: call.id, status: 'active' });
    expect((await TRPC.call(w.agents.amara, K.leave, { callId: call.id })).data).toMatchObject({ status: 'ended' });
    expect((await TRPC.call(w.agents.bih, K.current, { conversationId: group })).data.call).toBeNull();
  });

  it('in a private channel: a member removed from it is dropped from its call and hears no more signals; a reader outside it is refused', async () => {
    const w = await world();
    const channel = createChannel(w.t.db, {
      user: w.users.host,
      community: { id: w.community.id, name: w.community.name },
      input: { name: 'drivers', topic: null, isPrivate: true, memberIds: [w.users.amara.id, w.users.bih.id] },
      now: w.t.clock.now(),
    }).id;
    const [host, amara, bih, admin] = [await socket(w.l, w.agents.host), await socket(w.l, w.agents.amara), await socket(w.l, w.agents.bih), await socket(w.l, w.agents.admin)];
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: channel, media: 'video' })).data as CallDto;
    // A channel's call rings nobody: its readers see it going and join.
    expect(call.participants.map((p) => p.state)).toEqual(['joined']);
    await amara.next((f) => f.type === 'call.updated' && f.call.id === call.id);
    expect(amara.of('call.ringing')).toEqual([]);
    for (const who of ['amara', 'bih'] as const) expect((await TRPC.call(w.agents[who], K.accept, { callId: call.id })).status).toBe(200);

    // Not in the channel: nothing about the call, and no way in.
    expectError(await TRPC.call(w.agents.admin, K.accept, { callId: call.id }), 404, 'calls.errors.notFound');
    expectError(await TRPC.call(w.agents.admin, K.iceServers, { callId: call.id }), 404, 'calls.errors.notFound');
    expectError(await TRPC.call(w.agents.outsider, K.accept, { callId: call.id }), 403, 'errors.denied.members');
    admin.send(signalFrame(call.id, w.users.host.id, 'admin-offer'));

    bih.send(signalFrame(call.id, w.users.amara.id, 'before'));
    await amara.next((f) => f.type === 'call.signal' && f.signal.id === 'before');
    expect((await TRPC.call(w.agents.host, CT.removeMember, { conversationId: channel, userId: w.users.bih.id })).status).toBe(200);
    const dropped = await host.next<{ type: 'call.updated'; call: CallDto }>((f) => f.type === 'call.updated' && f.call.id === call.id && stateOf(f.call, w.users.bih.id) === 'left');
    expect(dropped.call.status).toBe('active');
    bih.send(signalFrame(call.id, w.users.amara.id, 'after'));
    amara.send(signalFrame(call.id, w.users.bih.id, 'to-removed'));
    host.send(signalFrame(call.id, w.users.amara.id, 'still-on'));
    await amara.next((f) => f.type === 'call.signal' && f.signal.id === 'still-on');
    await settle(150);
    expect(signalsHeard(amara)).toEqual(['before', 'still-on']);
    expect(signalsHeard(bih)).toEqual([]);
    expect(signalsHeard(host)).toEqual([]);
    expect(admin.frames.filter((f) => f.type.startsWith('call.'))).toEqual([]);
    expectError(await TRPC.call(w.agents.bih, K.accept, { callId: call.id }), 404, 'calls.errors.notFound');
    expect(lastCall(amara, call.id)?.participants.filter((p) => p.state === 'joined').map((p) => p.person.id)).toEqual([w.users.host.id, w.users.amara.id]);
  });

  it('a member removed from the community is dropped from its calls at once', async () => {
    const w = await world();
    const group = (await TRPC.call(w.agents.host, C.createGroup, { communityId: w.community.id, userIds: [w.users.amara.id, w.users.bih.id], name: 'Drivers' })).data.id as number;
    const host = await socket(w.l, w.agents.host);
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: group, media: 'video' })).data as CallDto;
    for (const who of ['amara', 'bih'] as const) await TRPC.call(w.agents[who], K.accept, { callId: call.id });
    const removed = await TRPC.call(w.agents.host, op('POST', '/api/none', 'communities.removeMember', 'mutation'), { communityId: w.community.id, userId: w.users.bih.id });
    expect(removed.status, JSON.stringify(removed.raw)).toBe(200);
    const dropped = await host.next<{ type: 'call.updated'; call: CallDto }>((f) => f.type === 'call.updated' && f.call.id === call.id && stateOf(f.call, w.users.bih.id) === 'left');
    expect(dropped.call).toMatchObject({ status: 'active' });
    expect(stateOf(dropped.call, w.users.amara.id)).toBe('joined');
  });

  it('closing the last tab leaves the call (after a grace for a connection coming back); starting calls is rate-limited', async () => {
    const w = await world();
    chatHubOf(w.t.db)!.callGraceMs = 300;
    const dm = await direct(w, 'host', 'amara');
    const amara = await socket(w.l, w.agents.amara);
    const hostTab = await ChatClient.connect(w.l, w.agents.host);
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'audio' })).data as CallDto;
    await TRPC.call(w.agents.amara, K.accept, { callId: call.id });
    await hostTab.close();
    await settle(100);
    expect(lastCall(amara, call.id)?.status).toBe('active');
    await amara.next((f) => f.type === 'call.updated' && f.call.id === call.id && f.call.status === 'ended', 2_000);

    for (let i = 0; i < 9; i++) {
      const c = (await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'audio' })).data as CallDto;
      expect((await TRPC.call(w.agents.host, K.end, { callId: c.id })).data).toMatchObject({ status: 'missed' });
    }
    expectError(await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'audio' }), 429, 'errors.tooFast', { seconds: 600 });
  });
});

describe('TURN credentials', () => {
  it('each participant gets its own, in the TURN REST API scheme coturn recomputes from the shared secret', async () => {
    const w = await world();
    const dm = await direct(w, 'host', 'amara');
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'video' })).data as CallDto;
    for (const T of [TRPC, REST]) {
      for (const who of ['host', 'amara'] as const) {
        const r = await T.call(w.agents[who], K.iceServers, { callId: call.id });
        expect(r.status, JSON.stringify(r.raw)).toBe(200);
        const expiry = Math.floor(w.t.clock.now() / 1000) + TURN_CREDENTIAL_SECONDS;
        expect(r.data).toMatchObject({ expiresAt: expiry * 1000, relayOnly: false });
        const [stun, turn] = r.data.iceServers;
        expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] });
        expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp']);
        expect(turn.username).toBe(`${expiry}:${w.users[who].id}`);
        // As coturn computes it: base64(HMAC-SHA1(static-auth-secret, username)), here by openssl, not the app's code.
        const hmac = execFileSync('sh', ['-c', 'printf %s "$U" | openssl dgst -sha1 -hmac "$S" -binary | base64'], { env: { ...process.env, U: turn.username, S: SECRET } }).toString().trim();
        expect(turn.credential).toBe(hmac);
      }
    }
    // Later: a later expiry (never a credential that outlives its time by being reused).
    w.t.clock.advance(3_600_000);
    const later = await TRPC.call(w.agents.host, K.iceServers, { callId: call.id });
    expect(later.data.iceServers[1].username).toBe(`${Math.floor(w.t.clock.now() / 1000) + TURN_CREDENTIAL_SECONDS}:${w.users.host.id}`);
    // Once the call is over, none.
    await TRPC.call(w.agents.host, K.end, { callId: call.id });
    expectError(await TRPC.call(w.agents.host, K.iceServers, { callId: call.id }), 409, 'calls.errors.over');
  });

  it('without TURN the browsers get STUN only; TURN_URLS and TURN_SECRET are checked together at boot', async () => {
    expect(() => loadEnv({ TURN_URLS: 'turn:turn.example.org:3478' })).toThrow(/TURN_SECRET/);
    expect(() => loadEnv({ TURN_SECRET: SECRET })).toThrow(/TURN_URLS/);
    expect(() => loadEnv({ TURN_URLS: 'https://turn.example.org', TURN_SECRET: SECRET })).toThrow(/TURN_URLS/);
    expect(() => loadEnv({ CALL_RING_SECONDS: '0' })).toThrow(/CALL_RING_SECONDS/);
    expect(() => loadEnv({ CALL_RELAY_ONLY: 'true' })).toThrow(/CALL_RELAY_ONLY/);
    const w = await chatWorld({ env: { STUN_URLS: 'stun:stun.example.org:3478' } });
    const dm = await direct(w, 'host', 'amara');
    const call = (await TRPC.call(w.agents.host, K.start, { conversationId: dm, media: 'audio' })).data as CallDto;
    expect((await TRPC.call(w.agents.amara, K.iceServers, { callId: call.id })).data).toEqual({ iceServers: [{ urls: ['stun:stun.example.org:3478'] }], expiresAt: null, relayOnly: false });
    await TRPC.call(w.agents.host, K.end, { callId: call.id });
  });
});
