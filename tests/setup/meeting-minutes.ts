import type { CommunityRow, UserRow } from '../../db/schema';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from './app';
import { insertAgenda, insertMeeting } from './meetings-seed';
import { op, type Op } from './transport';

/*
 * Minutes, proxies and votes over both transports: every operation with its REST path, and a
 * community (Douala) whose creator Ngozi and admin Awa lead, Tabe its treasurer, Musa (reads
 * French), Ada, Kofi and Ebi plain members; Zed belongs elsewhere. Two meetings: today's
 * monthly meeting (agenda of two items, presented by Ngozi and Tabe) and next month's.
 */

const byMeeting = { params: { id: 'meetingId' } };

export const MM = {
  minutes: op('GET', '/api/meetings/:id/minutes', 'meetings.minutes', 'query', byMeeting),
  saveMinutes: op('PUT', '/api/meetings/:id/minutes', 'meetings.saveMinutes', 'mutation', byMeeting),
  shareMinutes: op('POST', '/api/meetings/:id/minutes/share', 'meetings.shareMinutes', 'mutation', byMeeting),
  proposeMinutesApproval: op('POST', '/api/meetings/:id/minutes/approval', 'meetings.proposeMinutesApproval', 'mutation', { ...byMeeting, created: true }),
  proxies: op('GET', '/api/meetings/:id/proxies', 'meetings.proxies', 'query', byMeeting),
  grantProxy: op('POST', '/api/meetings/:id/proxies', 'meetings.grantProxy', 'mutation', { ...byMeeting, created: true }),
  revokeProxy: op('DELETE', '/api/meetings/:id/proxies', 'meetings.revokeProxy', 'mutation', byMeeting),
  votes: op('GET', '/api/meetings/:id/votes', 'meetings.votes', 'query', byMeeting),
  openVote: op('POST', '/api/meetings/:id/votes', 'meetings.openVote', 'mutation', { ...byMeeting, created: true }),
  voteAsProxy: op('POST', '/api/polls/:id/proxy-ballots', 'meetings.voteAsProxy', 'mutation', { params: { id: 'pollId' }, created: true }),
} satisfies Record<string, Op>;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function meetingWorld() {
  const t = makeTestApp();
  const now = t.clock.now();
  const long = now - 400 * DAY;
  const user = (firstName: string, language: 'en' | 'fr' = 'en') => makeUser(t.db, { firstName, lastName: 'Test', language, createdAt: long });
  const ngozi = await user('Ngozi');
  const awa = await user('Awa');
  const tabe = await user('Tabe');
  const musa = await user('Musa', 'fr');
  const ada = await user('Ada');
  const kofi = await user('Kofi');
  const ebi = await user('Ebi');
  const zed = await user('Zed');
  const community: CommunityRow = makeCommunity(t.db, { creator: ngozi, name: 'Douala Mutual Aid', now: long });
  addMember(t.db, { communityId: community.id, user: awa, role: 'admin', now: long });
  addMember(t.db, { communityId: community.id, user: tabe, role: 'treasurer', now: long });
  for (const m of [musa, ada, kofi, ebi]) addMember(t.db, { communityId: community.id, user: m, now: long });
  makeCommunity(t.db, { creator: zed, name: 'Elsewhere', now: long });
  const today = insertMeeting(t.db, { communityId: community.id, createdBy: ngozi.id, title: 'March meeting', startsAt: now + HOUR, place: 'Chez Tabe, Bonapriso' });
  const agenda = insertAgenda(t.db, today, [
    { title: 'Treasurer’s report', presenterId: tabe.id },
    { title: 'The annual party', presenterId: ngozi.id, notes: 'Venue and budget.' },
  ]);
  const next = insertMeeting(t.db, { communityId: community.id, createdBy: ngozi.id, title: 'April meeting', startsAt: now + 30 * DAY });
  const people: Record<'ngozi' | 'awa' | 'tabe' | 'musa' | 'ada' | 'kofi' | 'ebi' | 'zed', UserRow> = { ngozi, awa, tabe, musa, ada, kofi, ebi, zed };
  return { t, now, community, ...people, today, next, agenda };
}
export type MeetingWorld = Awaited<ReturnType<typeof meetingWorld>>;
