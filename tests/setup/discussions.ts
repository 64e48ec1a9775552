import { eventWorld } from './events';
import { op, TRPC, type Op } from './transport';

/** The documented discussion paths and their procedures, for tests over both transports. */
export const D = {
  list: op('GET', '/api/communities/:id/topics', 'discussions.list', 'query', { params: { id: 'communityId' }, page: true }),
  create: op('POST', '/api/communities/:id/topics', 'discussions.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  get: op('GET', '/api/topics/:id', 'discussions.get', 'query', { params: { id: 'id' } }),
  reply: op('POST', '/api/topics/:id/replies', 'discussions.reply', 'mutation', { params: { id: 'id' }, created: true }),
};

/** A tRPC-only procedure (no REST path), called through the tRPC transport. */
const only = (procedure: string, type: 'query' | 'mutation' = 'mutation'): Op => op('POST', '/api/none', procedure, type);
export const DT = {
  update: only('discussions.update'),
  delete: only('discussions.delete'),
  updateReply: only('discussions.updateReply'),
  deleteReply: only('discussions.deleteReply'),
  markRead: only('discussions.markRead'),
  follow: only('discussions.follow'),
  mentionable: only('discussions.mentionable', 'query'),
  activeCount: only('discussions.activeCount', 'query'),
  pin: only('discussions.pin'),
  lock: only('discussions.lock'),
  hideTopic: only('discussions.hideTopic'),
  hideReply: only('discussions.hideReply'),
  removeTopic: only('discussions.removeTopic'),
  removeReply: only('discussions.removeReply'),
};
export { TRPC };

/**
 * The events' world (tests/setup/events.ts): a public community with its creator (`host`), an
 * admin, a treasurer and two members (Amara, Bih, who reads French), a private community Amara
 * also belongs to, and an outsider; the clock at 2026-03-02T10:00Z.
 */
export const discussionWorld = eventWorld;
export type DiscussionWorld = Awaited<ReturnType<typeof discussionWorld>>;

export const mention = (user: { id: string; firstName: string; lastName: string }) => `@[${user.firstName} ${user.lastName}](${user.id})`;

export const newTopic = (communityId: number, over: Record<string, unknown> = {}) => ({
  communityId,
  title: 'Who can host the June meeting?',
  body: 'We need a **hall** for about 40 people.',
  ...over,
});
