import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityRow, UserRow } from '../../db/schema';
import { addMember, FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { Agent, makeTestApp, type TestApp } from '../setup/app';
import { seedAnnouncement, seedCategory } from '../setup/announcements';
import { appFromImage, takeImage } from '../setup/hardening-authz';
import { NJ, seedCircle, type CircleFixture } from '../setup/njangi';
import { op, OPS, REST, signIn, TRPC, type Op, type Outcome, type Transport } from '../setup/transport';

/*
 * Every documented REST path and its tRPC procedure give the same answer: the same data on
 * success (a REST list as an array with X-Next-Cursor, a tRPC list as { items, nextCursor }),
 * and on failure the same status, message, code and field issues. Each call runs on its own
 * copy of one database, so a write by one transport is not seen by the other.
 */

type Who = 'anonymous' | 'member' | 'leader' | 'treasurer' | 'outsider' | 'staff';
type World = { leader: UserRow; member: UserRow; outsider: UserRow; staff: UserRow; open: CommunityRow; closed: CommunityRow; announcement: number; category: number; circle: CircleFixture };
type Case = { name: string; op: Op; as: Who; input?: (w: World) => unknown };

let base: TestApp;
let image: Buffer;
let now: number;
let W: World;
const cookies = new Map<Who, string>();

beforeAll(async () => {
  base = makeTestApp();
  now = base.clock.now();
  const leader = await makeUser(base.db, { email: 'leader@example.org', username: 'leader' });
  const member = await makeUser(base.db, { email: 'member@example.org' });
  const outsider = await makeUser(base.db, { email: 'outsider@example.org' });
  const staff = await makeUser(base.db, { email: 'staff@example.org', role: 'superadmin' });
  const open = makeCommunity(base.db, { creator: leader, name: 'Open Drummers', isPublic: true });
  const closed = makeCommunity(base.db, { creator: leader, name: 'Quiet Savers', isPublic: false });
  addMember(base.db, { communityId: open.id, user: member });
  const category = seedCategory(base, { community: open, name: 'Festivals' }).id;
  const announcement = seedAnnouncement(base, { community: open, author: leader, title: 'Harvest festival', categoryId: category }).id;
  // Savings circles of the open community, organised by the leader; the member holds two hands
  // (the first received round 1, the second is asked to swap).
  const acceptor = await makeUser(base.db, { email: 'acceptor@example.org' });
  const swapper = await makeUser(base.db, { email: 'swapper@example.org' });
  const treasurer = await makeUser(base.db, { email: 'treasurer@example.org' });
  for (const user of [acceptor, swapper]) addMember(base.db, { communityId: open.id, user });
  addMember(base.db, { communityId: open.id, user: treasurer, role: 'treasurer' });
  const circle = seedCircle(base, { community: open, cast: { organiser: leader, beneficiary: member, asked: member, acceptor, swapper, officer: treasurer, hands: { [member.id]: 2 } }, now });
  W = { leader, member, outsider, staff, open, closed, announcement, category, circle };
  for (const who of ['member', 'leader', 'treasurer', 'outsider', 'staff'] as const) cookies.set(who, (await signIn(base, `${who}@example.org`, FACTORY_PASSWORD)).cookie!);
  image = takeImage(base);
});

const inOpen = (w: World) => ({ communityId: w.open.id });
const byId = { params: { id: 'id' } };
const ANNOUNCEMENTS = {
  list: op('GET', '/api/communities/:id/announcements', 'announcements.list', 'query', { params: { id: 'communityId' }, page: true }),
  create: op('POST', '/api/communities/:id/announcements', 'announcements.create', 'mutation', { params: { id: 'communityId' }, created: true }),
  update: op('PATCH', '/api/announcements/:id', 'announcements.update', 'mutation', byId),
  delete: op('DELETE', '/api/announcements/:id', 'announcements.delete', 'mutation', byId),
  togglePin: op('POST', '/api/announcements/:id/toggle-pin', 'announcements.togglePin', 'mutation', byId),
  categories: op('GET', '/api/announcement-categories', 'categories.list', 'query'),
  createCategory: op('POST', '/api/announcement-categories', 'categories.create', 'mutation', { created: true }),
  updateCategory: op('PATCH', '/api/announcement-categories/:id', 'categories.update', 'mutation', byId),
  deleteCategory: op('DELETE', '/api/announcement-categories/:id', 'categories.delete', 'mutation', byId),
};
const ADMIN = {
  login: op('POST', '/api/auth/admin/login', 'admin.login'),
  userCount: op('GET', '/api/admin/users/count', 'admin.userCount', 'query'),
  communityCount: op('GET', '/api/admin/communities/count', 'admin.communityCount', 'query'),
  users: op('GET', '/api/admin/users', 'admin.users', 'query', { page: true }),
  updateUser: op('PATCH', '/api/admin/users/:id', 'admin.updateUser', 'mutation', byId),
  createAdmin: op('POST', '/api/admin/users/admin', 'admin.createAdmin', 'mutation', { created: true }),
  resetPassword: op('POST', '/api/admin/users/:id/reset-password', 'admin.resetPassword', 'mutation', byId),
  resetSecondFactor: op('POST', '/api/admin/users/:id/reset-second-factor', 'admin.resetSecondFactor', 'mutation', byId),
};

const NJANGI = NJ;
const ownHand = (w: World) => w.circle.handOf(w.member.id);
const receivedHand = (w: World) => w.circle.activeHands[w.member.id]!.find((h) => h !== ownHand(w))!;

const newPassword = 'Another#Pass2026';
const CASES: Case[] = [
  { name: 'me', op: OPS.me, as: 'member' },
  { name: 'register', op: OPS.register, as: 'anonymous', input: () => ({ firstName: 'Nia', lastName: 'New', email: 'nia@example.org', password: newPassword, confirmPassword: newPassword }) },
  { name: 'register, email taken (answered like a free one)', op: OPS.register, as: 'anonymous', input: () => ({ firstName: 'Nia', lastName: 'New', email: 'member@example.org', password: newPassword, confirmPassword: newPassword }) },
  { name: 'register, invalid (400)', op: OPS.register, as: 'anonymous', input: () => ({ firstName: '', email: 'nope' }) },
  { name: 'login', op: OPS.login, as: 'anonymous', input: () => ({ email: 'member@example.org', password: FACTORY_PASSWORD }) },
  { name: 'login, wrong password (401)', op: OPS.login, as: 'anonymous', input: () => ({ email: 'member@example.org', password: 'not-it' }) },
  { name: 'logout', op: OPS.logout, as: 'member' },
  { name: 'verify email, bad token (400)', op: OPS.verifyEmail, as: 'anonymous', input: () => ({ token: 'x'.repeat(64) }) },
  { name: 'resend verification, signed out (401)', op: OPS.resendVerification, as: 'anonymous' },
  { name: 'resend verification', op: OPS.resendVerification, as: 'member' },
  { name: 'forgot password', op: OPS.forgotPassword, as: 'anonymous', input: () => ({ email: 'member@example.org' }) },
  { name: 'reset password, bad token (401)', op: OPS.resetPassword, as: 'anonymous', input: () => ({ token: 'y'.repeat(64), password: newPassword }) },
  { name: 'change password, wrong current (400)', op: OPS.changePassword, as: 'member', input: () => ({ currentPassword: 'not-it', newPassword }) },
  { name: 'update profile', op: OPS.updateProfile, as: 'member', input: () => ({ firstName: 'Renamed' }) },
  { name: 'update profile, username taken (409)', op: OPS.updateProfile, as: 'member', input: () => ({ username: 'leader' }) },
  { name: 'update profile panel', op: OPS.updatePanel, as: 'member', input: () => ({ bio: 'Drums on Saturdays.' }) },
  { name: 'create community', op: OPS.createCommunity, as: 'member', input: () => ({ name: 'Harbour Choir', description: 'A choir for the harbour district.', isPublic: true }) },
  { name: 'create community, invalid (400)', op: OPS.createCommunity, as: 'member', input: () => ({ name: 'Hi', description: 'short' }) },
  { name: 'joined communities', op: OPS.joinedCommunities, as: 'member', input: () => ({ limit: 1 }) },
  { name: 'created communities', op: OPS.createdCommunities, as: 'leader', input: () => ({ limit: 1 }) },
  { name: 'all communities, paged', op: OPS.allCommunities, as: 'anonymous', input: () => ({ limit: 1 }) },
  { name: 'all communities, searched', op: OPS.allCommunities, as: 'member', input: () => ({ search: 'drum' }) },
  { name: 'all communities, limit too large (400)', op: OPS.allCommunities, as: 'anonymous', input: () => ({ limit: 500 }) },
  { name: 'a community', op: OPS.community, as: 'outsider', input: (w) => ({ id: w.closed.id }) },
  { name: 'a community, unknown (404)', op: OPS.community, as: 'outsider', input: () => ({ id: 999 }) },
  { name: 'join', op: OPS.joinCommunity, as: 'outsider', input: (w) => ({ communityId: w.open.id }) },
  { name: 'ask to join a private one', op: OPS.joinCommunity, as: 'outsider', input: (w) => ({ communityId: w.closed.id }) },
  { name: 'withdraw, nothing pending (404)', op: OPS.withdrawRequest, as: 'outsider', input: (w) => ({ communityId: w.open.id }) },
  { name: 'leave', op: OPS.leaveCommunity, as: 'member', input: inOpen },
  { name: 'leave, as the creator (400)', op: OPS.leaveCommunity, as: 'leader', input: inOpen },
  { name: 'members', op: OPS.communityMembers, as: 'member', input: (w) => ({ communityId: w.open.id, limit: 1 }) },
  { name: 'members of a public community, to an outsider (403)', op: OPS.communityMembers, as: 'outsider', input: inOpen },
  { name: 'members of a private community, to an outsider (404)', op: OPS.communityMembers, as: 'outsider', input: (w) => ({ communityId: w.closed.id }) },
  { name: 'announcements', op: ANNOUNCEMENTS.list, as: 'member', input: inOpen },
  { name: 'announcements, signed out (401)', op: ANNOUNCEMENTS.list, as: 'anonymous', input: inOpen },
  { name: 'create an announcement', op: ANNOUNCEMENTS.create, as: 'leader', input: (w) => ({ communityId: w.open.id, title: 'Practice', content: 'Sunday at five.' }) },
  { name: 'create an announcement, as a member (403)', op: ANNOUNCEMENTS.create, as: 'member', input: (w) => ({ communityId: w.open.id, title: 'Practice', content: 'Sunday.' }) },
  { name: 'update an announcement', op: ANNOUNCEMENTS.update, as: 'leader', input: (w) => ({ id: w.announcement, title: 'Harvest festival moved' }) },
  { name: 'update an announcement, unknown (404)', op: ANNOUNCEMENTS.update, as: 'leader', input: () => ({ id: 999, title: 'Nothing' }) },
  { name: 'pin an announcement', op: ANNOUNCEMENTS.togglePin, as: 'leader', input: (w) => ({ id: w.announcement }) },
  { name: 'delete an announcement', op: ANNOUNCEMENTS.delete, as: 'leader', input: (w) => ({ id: w.announcement }) },
  { name: 'categories', op: ANNOUNCEMENTS.categories, as: 'member', input: inOpen },
  { name: 'categories, without a community (400)', op: ANNOUNCEMENTS.categories, as: 'member', input: () => ({}) },
  { name: 'create a category', op: ANNOUNCEMENTS.createCategory, as: 'leader', input: (w) => ({ communityId: w.open.id, name: 'Finance', color: '#AA3300' }) },
  { name: 'create a category, name taken (409)', op: ANNOUNCEMENTS.createCategory, as: 'leader', input: (w) => ({ communityId: w.open.id, name: 'Festivals' }) },
  { name: 'update a category', op: ANNOUNCEMENTS.updateCategory, as: 'leader', input: (w) => ({ id: w.category, name: 'Feasts' }) },
  { name: 'delete a category, as a member (403)', op: ANNOUNCEMENTS.deleteCategory, as: 'member', input: (w) => ({ id: w.category }) },
  { name: 'delete a category', op: ANNOUNCEMENTS.deleteCategory, as: 'leader', input: (w) => ({ id: w.category }) },
  { name: 'staff sign-in', op: ADMIN.login, as: 'anonymous', input: () => ({ email: 'staff@example.org', password: FACTORY_PASSWORD }) },
  { name: 'staff sign-in, not staff (401)', op: ADMIN.login, as: 'anonymous', input: () => ({ email: 'member@example.org', password: FACTORY_PASSWORD }) },
  { name: 'user count', op: ADMIN.userCount, as: 'staff' },
  { name: 'user count, not staff (403)', op: ADMIN.userCount, as: 'member' },
  { name: 'community count', op: ADMIN.communityCount, as: 'staff' },
  { name: 'users', op: ADMIN.users, as: 'staff', input: () => ({ limit: 2 }) },
  { name: 'edit a user', op: ADMIN.updateUser, as: 'staff', input: (w) => ({ id: w.member.id, lastName: 'Renamed' }) },
  { name: 'create staff', op: ADMIN.createAdmin, as: 'staff', input: () => ({ email: 'new.staff@example.org', password: 'Staff#Pass2026', firstName: 'New', lastName: 'Staff' }) },
  { name: 'reset a password', op: ADMIN.resetPassword, as: 'staff', input: (w) => ({ id: w.member.id }) },
  { name: 'turn off a second factor that is not on (409)', op: ADMIN.resetSecondFactor, as: 'staff', input: (w) => ({ id: w.member.id }) },
  { name: 'circles', op: NJANGI.list, as: 'member', input: inOpen },
  { name: 'circles, to an outsider (403)', op: NJANGI.list, as: 'outsider', input: inOpen },
  {
    name: 'create a circle',
    op: NJANGI.create,
    as: 'leader',
    input: (w) => ({ communityId: w.open.id, name: 'Harbour Njangi', currency: 'XAF', contribution: 5000, frequency: 'monthly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 4, payoutMethod: 'fixed' }),
  },
  { name: 'create a circle, invalid (400)', op: NJANGI.create, as: 'leader', input: (w) => ({ communityId: w.open.id, name: 'No', hands: 1 }) },
  { name: 'create a circle, as a member (403)', op: NJANGI.create, as: 'member', input: (w) => ({ communityId: w.open.id, name: 'Harbour Njangi', currency: 'XAF', contribution: 5000, frequency: 'monthly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 4, payoutMethod: 'fixed' }) },
  { name: 'a circle', op: NJANGI.get, as: 'member', input: (w) => ({ id: w.circle.active }) },
  { name: 'a circle, unknown (404)', op: NJANGI.get, as: 'member', input: () => ({ id: 999 }) },
  { name: 'join a circle', op: NJANGI.join, as: 'member', input: (w) => ({ id: w.circle.recruiting, hands: 1 }) },
  { name: 'join a circle, already in (409)', op: NJANGI.join, as: 'member', input: (w) => ({ id: w.circle.full }) },
  { name: 'start a circle', op: NJANGI.start, as: 'leader', input: (w) => ({ id: w.circle.full }) },
  { name: 'start a circle, hands free (409)', op: NJANGI.start, as: 'leader', input: (w) => ({ id: w.circle.recruiting }) },
  { name: 'declare a contribution', op: NJANGI.declare, as: 'member', input: (w) => ({ id: w.circle.active, roundId: w.circle.laterRound, handId: ownHand(w), method: 'mobile_money', reference: 'MOMO-1' }) },
  { name: 'declare for another’s hand (403)', op: NJANGI.declare, as: 'member', input: (w) => ({ id: w.circle.active, roundId: w.circle.laterRound, handId: w.circle.handOf(w.leader.id), method: 'cash' }) },
  { name: 'confirm a contribution', op: NJANGI.confirm, as: 'leader', input: (w) => ({ id: w.circle.pendingContribution }) },
  { name: 'confirm a contribution, as a member (403)', op: NJANGI.confirm, as: 'member', input: (w) => ({ id: w.circle.pendingContribution }) },
  { name: 'reject a contribution', op: NJANGI.reject, as: 'leader', input: (w) => ({ id: w.circle.pendingContribution, reason: 'Not on the statement' }) },
  { name: 'reject a contribution, no reason (400)', op: NJANGI.reject, as: 'leader', input: (w) => ({ id: w.circle.pendingContribution }) },
  { name: 'bid', op: NJANGI.bid, as: 'member', input: (w) => ({ id: w.circle.auctionRound, handId: w.circle.auctionHandOf(w.member.id), discount: 1000 }) },
  { name: 'bid beyond the pot (400)', op: NJANGI.bid, as: 'member', input: (w) => ({ id: w.circle.auctionRound, handId: w.circle.auctionHandOf(w.member.id), discount: 49_001 }) },
  { name: 'pay out', op: NJANGI.payout, as: 'leader', input: (w) => ({ id: w.circle.nextRound, method: 'cash' }) },
  { name: 'pay out a paid round (409)', op: NJANGI.payout, as: 'leader', input: (w) => ({ id: w.circle.paidRound, method: 'cash' }) },
  { name: 'confirm receipt', op: NJANGI.receipt, as: 'member', input: (w) => ({ id: w.circle.payout }) },
  { name: 'confirm receipt, not the beneficiary (403)', op: NJANGI.receipt, as: 'leader', input: (w) => ({ id: w.circle.payout }) },
  { name: 'ask for a swap', op: NJANGI.requestSwap, as: 'member', input: (w) => ({ id: w.circle.active, fromHandId: ownHand(w), toHandId: w.circle.handOf(w.leader.id) }) },
  { name: 'ask for a swap with a hand that has received (409)', op: NJANGI.requestSwap, as: 'member', input: (w) => ({ id: w.circle.active, fromHandId: receivedHand(w), toHandId: w.circle.handOf(w.leader.id) }) },
  { name: 'accept a swap', op: NJANGI.acceptSwap, as: 'member', input: (w) => ({ id: w.circle.requestedSwap }) },
  { name: 'accept a swap, not asked (403)', op: NJANGI.acceptSwap, as: 'leader', input: (w) => ({ id: w.circle.requestedSwap }) },
  { name: 'approve a swap', op: NJANGI.approveSwap, as: 'leader', input: (w) => ({ id: w.circle.acceptedSwap }) },
  { name: 'approve a swap, as a member (403)', op: NJANGI.approveSwap, as: 'member', input: (w) => ({ id: w.circle.acceptedSwap }) },
  // The member received round 1 of the late circle, its top-ups are theirs; the leader organises.
  { name: 'record a top-up paid on', op: NJANGI.recordTopUp, as: 'leader', input: (w) => ({ id: w.circle.late.owedTopUp, method: 'mobile_money', reference: 'TOPUP-2' }) },
  { name: 'record a top-up twice (409)', op: NJANGI.recordTopUp, as: 'leader', input: (w) => ({ id: w.circle.late.recordedTopUp, method: 'cash' }) },
  { name: 'confirm a top-up', op: NJANGI.confirmTopUp, as: 'member', input: (w) => ({ id: w.circle.late.recordedTopUp }) },
  { name: 'confirm a top-up not paid yet (409)', op: NJANGI.confirmTopUp, as: 'member', input: (w) => ({ id: w.circle.late.owedTopUp }) },
  // The organiser's own money: the treasurer decides; the organiser is refused.
  { name: 'confirm the organiser’s contribution', op: NJANGI.officerConfirm, as: 'treasurer', input: (w) => ({ id: w.circle.late.organiserPending }) },
  { name: 'confirm one’s own contribution as an officer (403)', op: NJANGI.officerConfirm, as: 'leader', input: (w) => ({ id: w.circle.late.organiserPending }) },
  { name: 'reject the organiser’s contribution', op: NJANGI.officerReject, as: 'treasurer', input: (w) => ({ id: w.circle.late.organiserPending, reason: 'Not in the cash box' }) },
  { name: 'reject the organiser’s contribution, as a member (403)', op: NJANGI.officerReject, as: 'member', input: (w) => ({ id: w.circle.late.organiserPending, reason: 'No' }) },
  { name: 'pay out to the organiser', op: NJANGI.officerPayout, as: 'treasurer', input: (w) => ({ id: w.circle.late.organiserRound, method: 'cash' }) },
  { name: 'pay out to the organiser, by the organiser (403)', op: NJANGI.officerPayout, as: 'leader', input: (w) => ({ id: w.circle.late.organiserRound, method: 'cash' }) },
  { name: 'record a top-up to the organiser', op: NJANGI.officerRecordTopUp, as: 'treasurer', input: (w) => ({ id: w.circle.late.organiserTopUp, method: 'cash' }) },
  { name: 'record a top-up to another member as an officer (403)', op: NJANGI.officerRecordTopUp, as: 'treasurer', input: (w) => ({ id: w.circle.late.owedTopUp, method: 'cash' }) },
  { name: 'a circle’s report', op: NJANGI.report, as: 'member', input: (w) => ({ id: w.circle.active }) },
  { name: 'a circle’s report, unknown (404)', op: NJANGI.report, as: 'member', input: () => ({ id: 999 }) },
];

/** The answer as one shape, whichever transport; new random ids and temporary passwords are masked. */
function normal(transport: Transport, c: Case, o: Outcome) {
  const mask = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v ?? null)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/"tempPassword":"[^"]+"/g, '"tempPassword":"<password>"')
        // A sign-in's second-step challenge is random on each call.
        .replace(/"challenge":"[a-z2-7]{32}"/g, '"challenge":"<challenge>"'),
    );
  if (o.error) return { status: o.status, error: mask({ message: o.error.message, code: o.error.code, issues: o.error.issues ?? null }) };
  expect(o.status).toBe(transport.okStatus(c.op));
  if (!c.op.rest.page) return { status: 'ok', data: mask(o.data) };
  const { items, nextCursor } = transport.page(o);
  return { status: 'ok', data: mask({ items, nextCursor }) };
}

async function callWith(transport: Transport, c: Case) {
  const app = appFromImage(image, base, now);
  const a = new Agent(app);
  a.cookie = c.as === 'anonymous' ? null : cookies.get(c.as)!;
  return normal(transport, c, await transport.call(a, c.op, c.input?.(W)));
}

describe('REST and tRPC give the same results and errors on every documented path', () => {
  for (const c of CASES) {
    it(`${REST.title(c.op)} = ${TRPC.title(c.op)}: ${c.name}`, async () => {
      const [rest, trpc] = await Promise.all([callWith(REST, c), callWith(TRPC, c)]);
      expect(rest).toEqual(trpc);
      // A case named for its refusal, "… (409)", answers that status; the others succeed.
      const refusal = /\((\d{3})\)$/.exec(c.name)?.[1];
      expect(rest.status).toBe(refusal ? Number(refusal) : 'ok');
    });
  }

  it('covers every documented path and both outcomes', () => {
    const paths = new Set(CASES.map((c) => `${c.op.rest.method} ${c.op.rest.path}`));
    expect(paths.size).toBe(Object.keys(OPS).length + Object.keys(ANNOUNCEMENTS).length + Object.keys(ADMIN).length + Object.keys(NJANGI).length);
  });
});
