import { eventWorld } from './events';
import { op } from './transport';

/** The documented poll paths and their procedures, for tests over both transports. */
export const P = {
  list: op('GET', '/api/communities/:id/polls', 'polls.list', 'query', { params: { id: 'communityId' }, page: true }),
  create: op('POST', '/api/communities/:id/polls', 'polls.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  get: op('GET', '/api/polls/:id', 'polls.get', 'query', { params: { id: 'id' } }),
  vote: op('POST', '/api/polls/:id/vote', 'polls.vote', 'mutation', { params: { id: 'id' } }),
  results: op('GET', '/api/polls/:id/results', 'polls.results', 'query', { params: { id: 'id' } }),
};

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * The events' world (tests/setup/events.ts): a public community with its creator (`host`), an
 * admin, a treasurer and two members (Amara, Bih, who reads French), a private community and an
 * outsider; the clock at 2026-03-02T10:00Z.
 */
export const pollWorld = eventWorld;
export type PollWorld = Awaited<ReturnType<typeof pollWorld>>;

/** A valid new poll closing in `days` days. */
export const newPoll = (now: number, communityId: number, over: Record<string, unknown> = {}) => ({
  communityId,
  kind: 'single',
  title: 'Where shall we hold the gala?',
  options: ['Community hall', 'Hotel ballroom', 'Riverside park'],
  closesAt: now + 3 * DAY,
  ...over,
});
