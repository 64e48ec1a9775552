import { describe, expect, it } from 'vitest';
import type { ConversationDto, ConversationList, MessageDto } from '../../src/shared/chat/protocol';
import { BACKOFF_CAP_MS, backoffDelay } from '../../src/client/features/chat/backoff';
import { flatten, noteMessage, noteRead, toggleReaction, upsertMessage, type History } from '../../src/client/features/chat/merge';

/*
 * The chat screen's cache merges: whatever order the socket, the catch-up and our own writes
 * bring a message in, the history holds it once, in id order; the list's unread counts follow.
 */

const msg = (id: number, p: Partial<MessageDto> = {}): MessageDto => ({
  id,
  conversationId: 1,
  kind: 'text',
  call: null,
  author: { id: 'ama', name: 'Ama Mensah', avatarUrl: null },
  body: `message ${id}`,
  replyTo: null,
  attachment: null,
  reactions: [],
  editedAt: null,
  deletedAt: null,
  createdAt: 1_000 + id,
  clientNonce: null,
  ...p,
});
/** Pages as the server sends them: newest first, `nextBefore` the oldest id when more wait. */
const history = (...pages: number[][]): History => ({
  pageParams: pages.map((_, i) => (i === 0 ? undefined : pages[i - 1]!.at(-1))),
  pages: pages.map((ids, i) => ({
    messages: ids.map((id) => msg(id)),
    nextBefore: i === pages.length - 1 ? null : ids.at(-1)!,
    lastReadId: 0,
  })),
});
const ids = (h: History) => flatten(h).map((m) => m.id);

describe('chat history merges', () => {
  it('adds a new message at the bottom once, whichever way it comes twice', () => {
    let h = history([5, 4, 3], [2, 1]);
    h = upsertMessage(h, msg(9));
    h = upsertMessage(h, msg(9));
    expect(ids(h)).toEqual([1, 2, 3, 4, 5, 9]);
  });

  it('puts a message the catch-up found late into id order', () => {
    let h = history([9, 5]);
    h = upsertMessage(h, msg(7));
    expect(ids(h)).toEqual([5, 7, 9]);
  });

  it('replaces the pending copy with the server’s message by its nonce', () => {
    let h = history([5]);
    h = upsertMessage(h, msg(-1, { clientNonce: 'n1', body: 'hello' }));
    expect(ids(h)).toEqual([5, -1]);
    h = upsertMessage(h, msg(12, { clientNonce: 'n1', body: 'hello' }));
    // The socket's copy of the same message changes nothing.
    h = upsertMessage(h, msg(12, { clientNonce: 'n1', body: 'hello' }));
    expect(ids(h)).toEqual([5, 12]);
  });

  it('updates an edited or deleted message in place, in whichever page holds it', () => {
    let h = history([5, 4], [3, 2]);
    h = upsertMessage(h, msg(3, { body: '', deletedAt: 2_000 }));
    expect(flatten(h).find((m) => m.id === 3)!.deletedAt).toBe(2_000);
    expect(ids(h)).toEqual([2, 3, 4, 5]);
  });

  it('leaves a message older than the loaded pages to its own page', () => {
    const h: History = {
      pageParams: [undefined],
      pages: [{ messages: [msg(10), msg(8)], nextBefore: 8, lastReadId: 0 }],
    };
    expect(ids(upsertMessage(h, msg(3)))).toEqual([8, 10]);
  });

  it('shows overlapping pages once', () => {
    expect(ids(history([6, 5, 4], [4, 3]))).toEqual([3, 4, 5, 6]);
  });

  it('toggles the viewer’s reaction without counting them twice', () => {
    const on = toggleReaction([{ emoji: '👍', count: 1, userIds: ['kofi'] }], '👍', 'ama', true);
    expect(on).toEqual([{ emoji: '👍', count: 2, userIds: ['kofi', 'ama'] }]);
    expect(toggleReaction(on, '👍', 'ama', true)).toBe(on);
    expect(toggleReaction(toggleReaction(on, '👍', 'ama', false), '👍', 'kofi', false)).toEqual([]);
  });
});

const conversation = (id: number, p: Partial<ConversationDto> = {}): ConversationDto => ({
  id,
  kind: 'direct',
  community: { id: 1, name: 'Accra Union' },
  name: null,
  topic: null,
  isPrivate: true,
  isDefault: false,
  people: [{ id: 'ama', name: 'Ama Mensah', avatarUrl: null }],
  memberCount: 2,
  lastMessage: null,
  lastMessageAt: null,
  lastReadId: 0,
  unread: 0,
  muted: false,
  canModerate: false,
  mutedUntil: null,
  ...p,
});
const list = (...direct: ConversationDto[]): ConversationList => ({
  communities: [],
  direct,
  unreadTotal: direct.reduce((n, c) => n + (c.muted ? 0 : c.unread), 0),
});

describe('chat conversation list merges', () => {
  it('counts a message from someone else once and moves its conversation to the top', () => {
    let l = list(conversation(1, { lastMessageAt: 500 }), conversation(2, { lastMessageAt: 900 }));
    l = noteMessage(l, msg(20, { conversationId: 1 }), 'kofi');
    l = noteMessage(l, msg(20, { conversationId: 1 }), 'kofi');
    expect(l.direct.map((c) => [c.id, c.unread])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(l.unreadTotal).toBe(1);
  });

  it('does not count the viewer’s own message, and counts a muted one only in its conversation', () => {
    let l = list(conversation(1), conversation(2, { muted: true }));
    l = noteMessage(l, msg(20, { conversationId: 1 }), 'ama');
    l = noteMessage(l, msg(21, { conversationId: 2 }), 'kofi');
    expect(l.direct.find((c) => c.id === 2)!.unread).toBe(1);
    expect(l.unreadTotal).toBe(0);
  });

  it('clears the count when read to the newest message, and the total with it', () => {
    let l = list(
      conversation(1, {
        unread: 3,
        lastMessage: {
          id: 30,
          authorName: 'Ama',
          preview: 'hi',
          createdAt: 1,
          deleted: false,
        },
      }),
    );
    l = noteRead(l, 1, 30);
    expect([l.direct[0]!.unread, l.direct[0]!.lastReadId, l.unreadTotal]).toEqual([0, 30, 0]);
  });
});

describe('chat reconnect backoff', () => {
  it('doubles up to the cap, with jitter in the upper half', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 1))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffDelay(3, 0)).toBe(2_000);
    expect(backoffDelay(50, 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(50, 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});
