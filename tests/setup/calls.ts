import type { CallDto } from '../../src/shared/chat/protocol';
import { op } from './transport';
import type { ChatClient } from './chat';

/** The documented calls paths and their procedures, for tests over both transports. */
export const K = {
  start: op('POST', '/api/conversations/:id/calls', 'calls.start', 'mutation', { params: { id: 'conversationId' }, created: true }),
  current: op('GET', '/api/conversations/:id/call', 'calls.current', 'query', { params: { id: 'conversationId' } }),
  ringing: op('GET', '/api/calls/ringing', 'calls.ringing', 'query'),
  accept: op('POST', '/api/calls/:id/accept', 'calls.accept', 'mutation', { params: { id: 'callId' } }),
  decline: op('POST', '/api/calls/:id/decline', 'calls.decline', 'mutation', { params: { id: 'callId' } }),
  leave: op('POST', '/api/calls/:id/leave', 'calls.leave', 'mutation', { params: { id: 'callId' } }),
  end: op('POST', '/api/calls/:id/end', 'calls.end', 'mutation', { params: { id: 'callId' } }),
  iceServers: op('GET', '/api/calls/:id/ice-servers', 'calls.iceServers', 'query', { params: { id: 'callId' } }),
};

/** One part of a signal, as the client sends it over /ws. */
export const signalFrame = (callId: number, to: string, id: string, chunk = '{"kind":"offer","sdp":"v=0"}') => ({ type: 'call.signal', callId, to, signal: { id, part: 0, parts: 1, chunk } });

/** The signals a socket received (their ids). */
export const signalsHeard = (c: ChatClient) => c.of('call.signal').map((f) => f.signal.id);

/** The call a socket heard of last, by id. */
export const lastCall = (c: ChatClient, id: number): CallDto | undefined =>
  c
    .of('call.updated')
    .map((f) => f.call)
    .filter((call) => call.id === id)
    .at(-1);
