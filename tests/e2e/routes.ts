import type { DB } from '../../db/database';
import { createEvent } from '../../src/server/services/events/events';
import { createPoll } from '../../src/server/services/polls/polls';
import { createCircle } from '../../src/server/services/njangi/circles';
import { addMember, makeCommunity, makeUser } from '../factories';

/*
 * Every page of the app, for the tests that walk them all (accessibility, layout): the public
 * ones, and the signed-in ones with a community, an event and a poll to show, seeded into the
 * server's database by a superadmin who leads the community (so every control is on screen).
 */

export const PUBLIC_ROUTES = ['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/verify-email', '/unsubscribe', '/admin/login', '/discover', '/events', '/no-such-page'];

/** `frenchEmail`: a second superadmin who reads the app in French and leads the community beside its creator (an admin). */
export type SeededWorld = { email: string; frenchEmail: string; communityId: number; eventId: number; pollId: number; circleIds: Record<'en' | 'fr', number> };

export async function seedPages(db: DB, email: string): Promise<SeededWorld> {
  const boss = await makeUser(db, { firstName: 'Abena', lastName: 'Owusu', email, role: 'superadmin' });
  const communityId = makeCommunity(db, { creator: boss, name: 'Accra Hometown Union', location: 'Accra' }).id;
  const frenchEmail = `fr.${email}`;
  const aminata = await makeUser(db, { firstName: 'Aminata', lastName: 'Ndiaye', email: frenchEmail, role: 'superadmin', language: 'fr' });
  addMember(db, { communityId, user: aminata, role: 'admin' });
  const community = { id: communityId, name: 'Accra Hometown Union' };
  // A weekly meeting with a place and a capacity: the event page, the lists and the month view have something to show.
  const startsAt = Date.now() + 3 * 86_400_000;
  const eventId = createEvent(db, {
    community,
    createdBy: boss.id,
    input: { title: 'Weekly drumming', description: 'Bring **your** drum.', startsAt, endsAt: startsAt + 7_200_000, timeZone: 'Africa/Accra', place: 'Community hall, Accra', capacity: 30, visibility: 'members', repeat: { frequency: 'weekly', count: 4 } },
    now: Date.now(),
  }).id;
  // A ranked-choice poll: the ballot with its ordering buttons, results shown while open.
  const pollId = createPoll(db, {
    community,
    createdBy: boss.id,
    input: { kind: 'ranked', title: 'Where shall we hold the gala?', description: '', options: ['Community hall', 'Hotel ballroom', 'Riverside park'], closesAt: Date.now() + 3 * 86_400_000, anonymous: false, resultsVisibility: 'live', eligibility: 'all' },
    now: Date.now(),
  }).id;
  // A fixed-order circle still recruiting for each leader, who organises it: its page offers them importing a running one.
  const recruiting = (organiserId: string, name: string) =>
    createCircle(db, {
      communityId,
      organiserId,
      circle: { name, description: '', currency: 'XAF', contribution: 10_000, frequency: 'monthly', startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), timeZone: 'Africa/Accra', hands: 4, maxHandsPerMember: 1, payoutMethod: 'fixed', orderBy: 'organiser', graceDays: 0, fineKind: 'none', fineValue: 0, deposit: 0, feeBps: 0 },
      now: Date.now(),
    }).id;
  const circleIds = { en: recruiting(boss.id, 'Market women'), fr: recruiting(aminata.id, 'Tontine des commerçantes') };
  return { email, frenchEmail, communityId, eventId, pollId, circleIds };
}

export const signedInRoutes = ({ communityId, eventId, pollId, circleIds }: SeededWorld) => [
  '/dashboard',
  '/profile',
  '/edit-profile',
  '/change-password',
  '/communities',
  '/communities?tab=invitations',
  '/communities/create',
  `/communities/${communityId}`,
  '/discover-authenticated',
  '/explore',
  '/njangi',
  `/njangi/${circleIds.en}`,
  `/njangi/${circleIds.fr}`,
  '/events',
  '/chat',
  `/events/${eventId}`,
  `/community/${communityId}`,
  `/community/${communityId}?tab=members`,
  `/community/${communityId}?tab=events`,
  `/community/${communityId}?tab=discussions`,
  `/community/${communityId}?tab=polls`,
  `/community/${communityId}?tab=documents`,
  `/community/${communityId}?tab=savings`,
  // The savings groups' tab (empty: a group needs the community's books open, which would change the finance pages walked here).
  `/community/${communityId}?tab=savings-groups`,
  `/community/${communityId}?tab=welfare`,
  // The books' Overview (the member's status, the counters, the month-by-month chart) and the sections of tables (the dues roll and the budget, stacked on a phone).
  `/community/${communityId}?tab=finances`,
  `/community/${communityId}?tab=finances&section=dues`,
  `/community/${communityId}?tab=finances&section=budget`,
  `/polls/${pollId}`,
  `/community/${communityId}/details`,
  `/community/${communityId}/settings`,
  `/community/${communityId}/settings?section=general`,
  `/community/${communityId}/settings?section=members`,
  `/community/${communityId}/settings?section=standing`,
  `/community/${communityId}/import`,
  `/community/${communityId}/import?kind=ledger`,
  '/admin/dashboard',
];

/**
 * Parts of a page that open in place (a disclosure, not a route), opened by a walk after the page is
 * judged as it loads and judged again open: the page's path and the control that opens the part.
 * Each walk opens its own leader's: importing a running circle is offered to its organiser.
 */
export const openedParts = ({ circleIds }: SeededWorld, language: 'en' | 'fr'): Record<string, string> => ({
  [`/njangi/${circleIds[language]}`]: 'section[aria-labelledby="circle-import"] button[aria-expanded="false"]',
});
