import type { Hono } from 'hono';
import { appRouter } from '../../src/server/trpc/root';
import type { World } from './hardening-world';

/*
 * Every tRPC procedure and every REST route, read from the router and the Hono app themselves, so a
 * procedure or path added later is covered by the hardening tests without anyone listing it.
 */
export type Procedure = { path: string; type: 'query' | 'mutation' };
export type Route = { method: string; path: string };

export function procedures(): Procedure[] {
  // Typed as the nested router record, but at run time a flat map: 'auth.login' → procedure.
  const all = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.entries(all).map(([path, p]) => {
    if (p._def.type !== 'query' && p._def.type !== 'mutation') throw new Error(`${path}: unexpected procedure type ${p._def.type}`);
    return { path, type: p._def.type };
  });
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The app's own routes (`app.routes`), middleware and catch-alls left out. */
export function restRoutes(app: Hono): Route[] {
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of app.routes) {
    if (!METHODS.has(r.method) || r.path.includes('*')) continue;
    if (!r.path.startsWith('/api/') && !r.path.startsWith('/uploads/')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

const PARAM = /:([A-Za-z0-9_]+)(\{[^}]*\})?/g;
export const paramNames = (path: string) => [...path.matchAll(PARAM)].map((m) => m[1]!);

/** The path with each `:param` replaced by the next value (used as given: callers encode or not). */
export function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(PARAM, () => values[i++ % values.length] ?? '1');
}

/**
 * GET /api/auth/logout and /api/logout end the session by design (sign-out navigations in the
 * public API: the header menu navigates there); they are the only GETs that write.
 */
export const SIGN_OUT_GETS = new Set(['/api/auth/logout', '/api/logout']);

/** A real value for a route's path params in the seeded world (the row the path names). */
export function realParams(w: World, route: Route): string[] {
  return paramNames(route.path).map((name) => {
    if (route.path.startsWith('/api/announcements/')) return String(w.ids.announcement);
    if (route.path.startsWith('/api/announcement-categories/')) return String(w.ids.category);
    if (route.path.startsWith('/api/admin/users/')) return w.users.member.id;
    if (route.path.startsWith('/uploads/')) return 'abcdefghijklmnop1234.webp';
    if (route.path.startsWith('/api/circles/contributions/')) return String(w.circle.paidContributions[w.users.member.id]);
    if (route.path.startsWith('/api/circles/payouts/')) return String(w.circle.payout);
    if (route.path.startsWith('/api/circles/')) return String(w.circle.active);
    if (route.path.startsWith('/api/contributions/')) return String(w.circle.pendingContribution);
    if (route.path.startsWith('/api/rounds/') && route.path.endsWith('/bids')) return String(w.circle.auctionRound);
    if (route.path.startsWith('/api/rounds/')) return String(w.circle.nextRound);
    if (route.path.startsWith('/api/payouts/')) return String(w.circle.payout);
    if (route.path.startsWith('/api/swaps/') && route.path.endsWith('/approve')) return String(w.circle.acceptedSwap);
    if (route.path.startsWith('/api/swaps/')) return String(w.circle.requestedSwap);
    if (route.path.startsWith('/api/polls/')) return String(w.ids.poll);
    if (route.path.startsWith('/api/topics/')) return String(w.ids.topic);
    if (route.path.startsWith('/api/events/')) return String(w.ids.event);
    if (route.path.startsWith('/api/finances/payments/')) return String(w.ids.payment);
    if (route.path.startsWith('/api/finances/expenses/')) return String(w.ids.expense);
    if (route.path.startsWith('/api/conversations/')) return String(w.ids.conversation);
    if (route.path.startsWith('/api/messages/')) return String(w.ids.message);
    const money = welfareOrSavingsParam(w, route.path, name);
    if (money !== undefined) return String(money);
    if (name === 'communityId' || name === 'id') return String(w.ids.pub);
    return '1';
  });
}

/** The row a welfare or savings path names in the seeded world: the one in the state its write acts on. */
function welfareOrSavingsParam(w: World, path: string, name: string): number | string | undefined {
  const f = w.welfare;
  const g = w.savings;
  if (path.startsWith('/api/welfare/funds/')) return f.fund;
  if (path.startsWith('/api/welfare/dependants/')) return f.memberDependant;
  if (path.startsWith('/api/welfare/levies/')) return f.memberLevy;
  if (path.startsWith('/api/welfare/cases/')) {
    const action = path.split('/').at(-1)!;
    const byAction: Record<string, number> = { verify: f.openCase, reject: f.openCase, documents: f.openCase, approve: f.verifiedCase, levy: f.approvedCase, benefit: f.generalCase, 'confirm-benefit': f.paidCase, levies: f.paidCase };
    return byAction[action] ?? f.confirmedCase;
  }
  if (path.startsWith('/api/savings-groups/')) return g.group;
  if (path.startsWith('/api/savings-meetings/')) return g.meeting;
  if (path.startsWith('/api/savings-entries/')) return path.endsWith('/reverse') ? g.confirmedEntry : g.pendingEntry;
  if (path.startsWith('/api/savings-loans/')) return g.loan;
  if (path.startsWith('/api/savings-cycles/')) return g.cycle;
  if (path.includes('/savings/cycles/') && name === 'cycleId') return g.cycle;
  return undefined;
}

/**
 * An input each procedure would plausibly accept from the seeded personas, so a refused call is
 * refused for the reason under test and not for bad input. Procedures missing here get a
 * generic object (still a fine probe: CSRF and "GETs write nothing" hold whatever the input).
 */
export function sampleInput(w: World, path: string): unknown {
  const community = { communityId: w.ids.pub };
  const known: Record<string, unknown> = {
    'auth.register': { firstName: 'Eve', lastName: 'Intruder', email: 'eve.csrf@example.org', password: 'Harambee#2026', confirmPassword: 'Harambee#2026' },
    'auth.login': { email: w.users.member.email, password: 'Harambee#2026' },
    'auth.verifyEmail': { token: 'a'.repeat(32) },
    'auth.forgotPassword': { email: w.users.member.email },
    'auth.resetPassword': { token: 'a'.repeat(32), password: 'Hijacked#2026' },
    'auth.revokeSession': { id: 'a'.repeat(64) },
    'auth.changePassword': { currentPassword: 'Harambee#2026', newPassword: 'Hijacked#2026' },
    'profile.update': { firstName: 'Hijacked', location: 'Elsewhere' },
    'profile.updatePanel': { bio: 'Hijacked bio' },
    'communities.list': { search: 'Drummers' },
    'communities.joined': {},
    'communities.created': {},
    'communities.byId': { id: w.ids.pub },
    'communities.create': { name: 'Hijacked Circle', description: 'Created by another site, not by the user.' },
    'communities.join': { communityId: w.ids.priv },
    'communities.leave': community,
    'communities.members': community,
    'communities.requests': community,
    'communities.decideRequest': { ...community, requestId: w.requests.pub.id, approve: true },
    'communities.setRole': { ...community, userId: w.users.target.id, role: 'admin' },
    'communities.removeMember': { ...community, userId: w.users.target.id },
    'communities.transferOwnership': { ...community, userId: w.users.target.id },
    'communities.update': { ...community, name: 'Hijacked Name' },
    'announcements.list': community,
    'announcements.create': { ...community, title: 'Hijacked', content: 'Posted by another site.' },
    'announcements.update': { id: w.ids.announcement, title: 'Hijacked' },
    'announcements.delete': { id: w.ids.announcement },
    'announcements.togglePin': { id: w.ids.announcement },
    'categories.list': community,
    'categories.create': { ...community, name: 'Hijacked' },
    'categories.update': { id: w.ids.category, name: 'Hijacked' },
    'categories.delete': { id: w.ids.category },
    'admin.login': { email: w.superadmin.email, password: 'Harambee#2026' },
    'admin.users': {},
    'admin.user': { id: w.users.member.id },
    'admin.updateUser': { id: w.users.member.id, role: 'superadmin' },
    'admin.createAdmin': { email: 'eve.admin@example.org', password: 'Hijacked#2026', firstName: 'Eve', role: 'superadmin' },
    'admin.resetPassword': { id: w.users.member.id },
    'admin.verifyUser': { id: w.users.member.id },
    'admin.sendResetEmail': { id: w.users.member.id },
    'admin.communities': {},
    'admin.setCommunityHidden': { id: w.ids.pub, hidden: true },
    'admin.deleteCommunity': { id: w.ids.pub },
    'admin.audit': {},
    'admin.updateSettings': { minPasswordLength: 8, requireEmailVerification: true, sessionTimeoutMinutes: 5, defaultCommunityPrivacy: 'private' },
    'notifications.list': {},
    'notifications.markRead': { id: w.ids.notification },
    'notifications.remove': { id: w.ids.notification },
    // Savings circles: inputs the creator (who organises the seeded circles) would be allowed.
    ...njangiSamples(w),
    ...pollSamples(w),
    ...discussionSamples(w),
    ...welfareSamples(w),
    ...savingsSamples(w),
  };
  return path in known ? known[path] : { ...community, id: w.ids.pub, name: 'Hijacked', title: 'Hijacked' };
}

/** An accepted input for each savings-circle procedure from the creator, its circles' organiser (tests/setup/njangi.ts). */
function njangiSamples(w: World): Record<string, unknown> {
  const c = w.circle;
  const organiser = w.users.creator.id;
  return {
    'njangi.list': { communityId: w.ids.pub },
    'njangi.create': { communityId: w.ids.pub, name: 'Hijacked Njangi', currency: 'XAF', contribution: 5000, frequency: 'monthly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 4, payoutMethod: 'fixed' },
    'njangi.get': { id: c.active },
    'njangi.join': { id: c.recruiting, hands: 2 },
    'njangi.leave': { id: c.recruiting },
    'njangi.decideJoin': { id: c.recruiting, userId: c.requesterId, approve: true },
    'njangi.pickPosition': { id: c.picking, position: 2 },
    'njangi.releasePosition': { id: c.picking, position: 1 },
    'njangi.start': { id: c.full },
    'njangi.cancel': { id: c.recruiting, reason: 'Hijacked' },
    'njangi.declareContribution': { id: c.active, roundId: c.laterRound, handId: c.handOf(organiser), method: 'cash' },
    'njangi.recordContribution': { id: c.active, roundId: c.laterRound, handId: c.handOf(w.users.target.id), method: 'cash' },
    'njangi.confirmContribution': { id: c.pendingContribution },
    'njangi.rejectContribution': { id: c.pendingContribution, reason: 'Hijacked' },
    'njangi.bid': { id: c.auctionRound, handId: c.auctionHandOf(organiser), discount: 1000 },
    'njangi.recordPayout': { id: c.nextRound, method: 'cash' },
    'njangi.confirmReceipt': { id: c.payout },
    'njangi.disputePayout': { id: c.payout, reason: 'Hijacked' },
    'njangi.requestSwap': { id: c.active, fromHandId: c.handOf(organiser), toHandId: c.handOf(w.users.target.id) },
    'njangi.acceptSwap': { id: c.requestedSwap },
    'njangi.approveSwap': { id: c.acceptedSwap },
    'njangi.declineSwap': { id: c.requestedSwap },
    'njangi.markFinePaid': { id: c.fine },
    'njangi.waiveFine': { id: c.fine, reason: 'Hijacked' },
    'njangi.recordTopUp': { id: c.late.owedTopUp, method: 'cash' },
    'njangi.confirmTopUp': { id: c.late.recordedTopUp },
    'njangi.disputeTopUp': { id: c.late.recordedTopUp, reason: 'Hijacked' },
    'njangi.officerConfirmContribution': { id: c.late.organiserPending },
    'njangi.officerRejectContribution': { id: c.late.organiserPending, reason: 'Hijacked' },
    'njangi.officerMarkFinePaid': { id: c.late.organiserFine },
    'njangi.officerWaiveFine': { id: c.late.organiserFine, reason: 'Hijacked' },
    'njangi.officerRecordPayout': { id: c.late.organiserRound, method: 'cash' },
    'njangi.officerRecordTopUp': { id: c.late.organiserTopUp, method: 'cash' },
    'njangi.report': { id: c.active },
    'njangi.reportCsv': { id: c.active },
  };
}

/** An accepted input for each poll procedure from the creator, who manages the seeded poll and election. */
function pollSamples(w: World): Record<string, unknown> {
  const poll = { id: w.ids.poll };
  const election = { id: w.ids.election };
  return {
    'polls.list': { communityId: w.ids.pub },
    'polls.get': poll,
    'polls.create': { communityId: w.ids.pub, kind: 'single', title: 'Hijacked', options: ['Yes please', 'No thanks'], closesAt: Date.parse('2026-03-09T10:00:00Z') },
    'polls.update': { ...poll, title: 'Hijacked' },
    'polls.vote': { ...poll, choices: [w.ids.pollOption] },
    'polls.close': poll,
    'polls.cancel': { ...poll, reason: 'Hijacked' },
    'polls.results': poll,
    'polls.resultsCsv': poll,
    'polls.voters': poll,
    'polls.nominate': { ...election, userId: w.users.creator.id },
    'polls.answerNomination': { ...election, accept: true },
    'polls.removeNomination': { ...election, userId: w.users.target.id },
    'polls.openVoting': election,
  };
}

/** An accepted input for each discussion procedure from the creator, who wrote the seeded topic and reply and moderates. */
function discussionSamples(w: World): Record<string, unknown> {
  const topic = { id: w.ids.topic };
  const reply = { id: w.ids.reply };
  return {
    'discussions.list': { communityId: w.ids.pub, search: 'hall' },
    'discussions.get': topic,
    'discussions.create': { communityId: w.ids.pub, title: 'Hijacked', body: 'Posted by another site.' },
    'discussions.update': { ...topic, title: 'Hijacked' },
    'discussions.delete': topic,
    'discussions.reply': { ...topic, body: 'Hijacked', quotedId: w.ids.reply },
    'discussions.updateReply': { ...reply, body: 'Hijacked' },
    'discussions.deleteReply': reply,
    'discussions.markRead': topic,
    'discussions.follow': { ...topic, mode: 'muted' },
    'discussions.mentionable': { communityId: w.ids.pub, prefix: 'Ta' },
    'discussions.activeCount': { communityId: w.ids.pub },
    'discussions.pin': { ...topic, pinned: true },
    'discussions.lock': { ...topic, locked: true, reason: 'Hijacked' },
    'discussions.hideTopic': { ...topic, hidden: true, reason: 'Hijacked' },
    'discussions.hideReply': { ...reply, hidden: true, reason: 'Hijacked' },
    'discussions.removeTopic': { ...topic, reason: 'Hijacked' },
    'discussions.removeReply': { ...reply, reason: 'Hijacked' },
  };
}

/** An accepted input for the welfare fund's main procedures from the creator, its officer (tests/setup/welfare-seed.ts). */
function welfareSamples(w: World): Record<string, unknown> {
  const f = w.welfare;
  return {
    'welfare.funds': { communityId: w.ids.pub },
    'welfare.fund': { id: f.fund },
    'welfare.cases': { communityId: w.ids.pub },
    'welfare.case': { id: f.paidCase },
    'welfare.verify': { id: f.openCase },
    'welfare.approve': { id: f.verifiedCase },
    'welfare.reject': { id: f.openCase, reason: 'Hijacked' },
    'welfare.issueLevy': { id: f.approvedCase },
    'welfare.close': { id: f.confirmedCase, note: 'Hijacked' },
    'welfare.myLevies': { communityId: w.ids.pub },
    'welfare.caseLevies': { id: f.paidCase },
    'welfare.payLevy': { id: f.memberLevy, amount: 1000, currency: 'XAF', method: 'cash' },
    'welfare.recordLevyCash': { id: f.memberLevy, accountId: w.ids.account, amount: 1000, currency: 'XAF' },
  };
}

/** An accepted input for the savings group's main procedures from the creator, its chair (tests/setup/savings-seed.ts). */
function savingsSamples(w: World): Record<string, unknown> {
  const g = w.savings;
  return {
    'savings.groups': { communityId: w.ids.pub },
    'savings.group': { id: g.group },
    'savings.statement': { id: g.group },
    'savings.ledger': { id: g.group },
    'savings.recordMeeting': { meetingId: g.meeting, method: 'cash', lines: [{ userId: w.users.member.id, shares: 2 }] },
    'savings.declare': { meetingId: g.meeting, method: 'cash', shares: 2 },
    'savings.confirm': { id: g.pendingEntry },
    'savings.reject': { id: g.pendingEntry, reason: 'Hijacked' },
    'savings.reverse': { id: g.confirmedEntry, reason: 'Hijacked', step: 'propose' },
    'savings.loan': { id: g.loan },
    'savings.approveLoan': { id: g.loan },
    'savings.shareOutPreview': { id: g.group },
    'sync.apply': { records: [{ key: 'csrf-1', op: 'finances.recordPayment', input: { communityId: w.ids.pub, memberId: w.users.member.id, accountId: w.ids.account, amount: 100, currency: 'XAF', purpose: 'dues', method: 'cash' } }] },
  };
}

/** A body that would change things on any write path (the CSRF guard must stop it first). */
export const hostileBody = (w: World) => ({
  name: 'Hijacked Circle',
  description: 'Created by another site, not by the user.',
  title: 'Hijacked',
  content: 'Posted by another site.',
  firstName: 'Hijacked',
  bio: 'Hijacked bio',
  location: 'Elsewhere',
  email: 'eve.csrf@example.org',
  password: 'Hijacked#2026',
  confirmPassword: 'Hijacked#2026',
  currentPassword: 'Harambee#2026',
  newPassword: 'Hijacked#2026',
  communityId: w.ids.pub,
  role: 'superadmin',
  isPinned: true,
  // Savings circles: a contribution for the creator's hand, a payout, a swap, a bid.
  roundId: w.circle.laterRound,
  handId: w.circle.handOf(w.users.creator.id),
  fromHandId: w.circle.handOf(w.users.creator.id),
  toHandId: w.circle.handOf(w.users.target.id),
  method: 'cash',
  reason: 'Hijacked',
  discount: 1000,
  hands: 1,
  currency: 'XAF',
  contribution: 5000,
  frequency: 'monthly',
  startDate: '2026-04-01',
  timeZone: 'Africa/Douala',
  payoutMethod: 'fixed',
  // Polls: a ballot for the seeded poll, a nomination in the seeded election.
  choices: [w.ids.pollOption],
  userId: w.users.creator.id,
  accept: true,
  kind: 'single',
  options: ['Yes please', 'No thanks'],
  closesAt: Date.parse('2026-03-09T10:00:00Z'),
  // Discussions: a reply's body, quoting the seeded reply; moderation flags.
  body: 'Hijacked',
  quotedId: w.ids.reply,
  mode: 'muted',
  pinned: true,
  locked: true,
  hidden: true,
  // Welfare and savings: a levy payment, a meeting's shares, an officer's decision.
  amount: 1000,
  shares: 2,
  accountId: w.ids.account,
  meetingId: w.savings.meeting,
  lines: [{ userId: w.users.member.id, shares: 2 }],
  note: 'Hijacked',
});
