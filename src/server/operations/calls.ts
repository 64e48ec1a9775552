import { callConversationInput, callIdInput, startCallInput } from '@shared/schemas/calls';
import type { Context } from '../context';
import { CONVERSATION_NOT_FOUND, conversationCommunity } from '../services/chat/access';
import { acceptCall, CALL_NOT_FOUND, callCommunity, currentCall, declineCall, endCall, leaveCall, liveReadableCall, ringingFor, startCall, type CallClock } from '../services/chat/calls';
import { iceConfig } from '../services/chat/turn';
import { limitedWrite, writeBy } from '../services/write-limits';
import { inCommunity, mutation, query, signedIn } from './define';

/*
 * Calls, a part of chat (services/chat/calls.ts): the same guard as chat's (chat.view in the
 * conversation's community), then the conversation's own rule (listed members for direct
 * conversations, groups and private channels), answering 404 alike for unknown and unreadable.
 */

const reader = inCommunity('chat.view', (input: { conversationId: number }, ctx: Context) => conversationCommunity(ctx.db, input.conversationId), CONVERSATION_NOT_FOUND);
const inCall = inCommunity('chat.view', (input: { callId: number }, ctx: Context) => callCommunity(ctx.db, input.callId), CALL_NOT_FOUND);
const clock = (ctx: Context): CallClock => ({ now: ctx.now, ringMs: ctx.env.CALL_RING_SECONDS * 1000 });

export const calls = {
  /** Starts a voice or video call: rings the other people of a direct conversation or group; a channel's call shows its "Join" bar. */
  // Within the member's limit of calls started (services/write-limits.ts): each one rings people.
  start: mutation({
    input: startCallInput,
    access: reader,
    run: (ctx, input) => limitedWrite(writeBy(ctx, 'callStart'), () => startCall(ctx.db, { user: ctx.user, ...input, clock: clock(ctx) })),
  }),
  /** Answers a ring, or joins the call going in the conversation. */
  accept: mutation({ input: callIdInput, access: inCall, run: (ctx, input) => acceptCall(ctx.db, { user: ctx.user, callId: input.callId, now: ctx.now() }) }),
  decline: mutation({ input: callIdInput, access: inCall, run: (ctx, input) => declineCall(ctx.db, { user: ctx.user, callId: input.callId, now: ctx.now() }) }),
  leave: mutation({ input: callIdInput, access: inCall, run: (ctx, input) => leaveCall(ctx.db, { user: ctx.user, callId: input.callId, now: ctx.now() }) }),
  /** Ends it for everyone (its starter; either person of a one-to-one call; a leader in a channel). */
  end: mutation({ input: callIdInput, access: inCall, run: (ctx, input) => endCall(ctx.db, { user: ctx.user, callId: input.callId, now: ctx.now() }) }),
  /** The call ringing or going in a conversation (null: none). */
  current: query({ input: callConversationInput, access: reader, run: (ctx, input) => ({ call: currentCall(ctx.db, { userId: ctx.user.id, conversationId: input.conversationId, clock: clock(ctx) }) }) }),
  /** The calls ringing the caller now. */
  ringing: query({ access: signedIn, run: (ctx) => ({ calls: ringingFor(ctx.db, ctx.user.id) }) }),
  /** STUN and TURN servers for a live call the caller may read, with short-lived TURN credentials of their own. */
  iceServers: query({
    input: callIdInput,
    access: inCall,
    run: (ctx, input) => {
      liveReadableCall(ctx.db, ctx.user.id, input.callId);
      return iceConfig(ctx.env, ctx.user.id, ctx.now());
    },
  }),
};
