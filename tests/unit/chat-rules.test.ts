import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../src/server/chat/rate-limit';
import { MemoryPubSub } from '../../src/server/chat/pubsub';
import { clientFrame, isReaction } from '../../src/shared/chat/protocol';
import { CHANNEL_NAME_PATTERN, channelSlug, directKeyOf, MESSAGE_BODY_MAX, RATE_LIMIT_COUNT, RATE_LIMIT_WINDOW_MS, REACTIONS } from '../../src/shared/chat/rules';
import { createChannelInput, createGroupInput, sendInput } from '../../src/shared/schemas/chat';

describe('chat rules', () => {
  it('the sliding window lets 20 messages through per 10 s, says how long to wait, and forgets old sends', () => {
    const w = new SlidingWindow();
    for (let i = 0; i < RATE_LIMIT_COUNT; i += 1) expect(w.take('amara', 1_000 + i * 100).ok).toBe(true);
    expect(w.take('amara', 3_000)).toEqual({ ok: false, retryAfterMs: 1_000 + RATE_LIMIT_WINDOW_MS - 3_000 });
    expect(w.take('bih', 3_000).ok).toBe(true);
    // The first send leaves the window: one slot again, not more.
    expect(w.take('amara', 1_000 + RATE_LIMIT_WINDOW_MS + 1).ok).toBe(true);
    expect(w.take('amara', 1_000 + RATE_LIMIT_WINDOW_MS + 2).ok).toBe(false);
    // A refused send gives its slot back.
    const v = new SlidingWindow(1, 1_000);
    expect(v.take('x', 5).ok).toBe(true);
    v.release('x', 5);
    expect(v.take('x', 6).ok).toBe(true);
  });

  it('channel names are slugs; direct keys are order-free', () => {
    expect(channelSlug('  #General Chat ')).toBe('general-chat');
    expect(channelSlug('Événements')).toBe('événements');
    expect(CHANNEL_NAME_PATTERN.test('événements')).toBe(true);
    expect(CHANNEL_NAME_PATTERN.test('-dash')).toBe(false);
    expect(CHANNEL_NAME_PATTERN.test('a b')).toBe(false);
    expect(directKeyOf('b', 'a')).toBe(directKeyOf('a', 'b'));
    expect(directKeyOf('a', 'b')).toBe('a:b');
  });

  it('inputs: body at most 4,000 characters, trimmed; the fixed reactions; groups of at most 20 with the creator', () => {
    expect(sendInput.safeParse({ conversationId: 1, body: 'x'.repeat(MESSAGE_BODY_MAX) }).success).toBe(true);
    const long = sendInput.safeParse({ conversationId: 1, body: 'x'.repeat(MESSAGE_BODY_MAX + 1) });
    expect(long.success ? null : long.error.issues[0]!.message).toBe('chat.validation.bodyLong');
    expect(sendInput.safeParse({ conversationId: 1, body: '   ' }).success).toBe(false);
    expect(REACTIONS.every(isReaction)).toBe(true);
    expect(isReaction('💩')).toBe(false);
    expect(createGroupInput.safeParse({ communityId: 1, userIds: Array.from({ length: 19 }, (_, i) => `u${i}`) }).success).toBe(true);
    expect(createGroupInput.safeParse({ communityId: 1, userIds: Array.from({ length: 20 }, (_, i) => `u${i}`) }).success).toBe(false);
    const channel = createChannelInput.parse({ communityId: 1, name: '#Road Trip' });
    expect(channel).toMatchObject({ name: 'road-trip', isPrivate: false, memberIds: [], topic: null });
    expect(createChannelInput.safeParse({ communityId: 1, name: '###' }).success).toBe(false);
  });

  it('client frames: typing and ping only', () => {
    expect(clientFrame.safeParse({ type: 'typing', conversationId: 3 }).success).toBe(true);
    expect(clientFrame.safeParse({ type: 'ping' }).success).toBe(true);
    expect(clientFrame.safeParse({ type: 'typing', conversationId: -1 }).success).toBe(false);
    expect(clientFrame.safeParse({ type: 'send', body: 'hi' }).success).toBe(false);
  });

  it('the in-memory bus delivers to a topic’s handlers only, survives a throwing handler, and unsubscribes', () => {
    const bus = new MemoryPubSub();
    const got: string[] = [];
    const off = bus.subscribe('c:1', (e) => got.push(`a:${e.frame.type}`));
    bus.subscribe('c:1', () => {
      throw new Error('broken socket');
    });
    bus.subscribe('c:2', (e) => got.push(`b:${e.frame.type}`));
    bus.publish('c:1', { frame: { type: 'pong' } });
    off();
    bus.publish('c:1', { frame: { type: 'pong' } });
    bus.publish('c:3', { frame: { type: 'pong' } });
    expect(got).toEqual(['a:pong']);
    expect(bus.size).toBe(2);
  });
});
