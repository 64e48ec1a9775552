import { createHash } from 'node:crypto';
import { seedStatement, STATEMENT } from '../setup/collecting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, joinRequests, pollNominations, type CommunityRow, type UserRow } from '../../db/schema';
import { createEvent } from '../../src/server/services/events/events';
import { answerNomination, createPoll, nominate } from '../../src/server/services/polls/polls';
import { createTopic, postReply } from '../../src/server/services/discussions/topics';
import { DAY, HOUR } from '../setup/events';
import { checkInCode } from '../../src/server/domains/meetings/codes';
import { createSession } from '../../src/server/auth/session';
import { issueVerificationToken, requestPasswordReset } from '../../src/server/services/auth';
import { PASSWORD_CHANGE_REQUIRED as PASSWORD_CHANGE_KEY, type Access } from '../../src/server/operations/define';
import { translate } from '../../src/server/i18n';

const PASSWORD_CHANGE_REQUIRED = translate('en', PASSWORD_CHANGE_KEY);
import { OPERATIONS_BY_PATH } from '../../src/server/operations';
import { appRouter } from '../../src/server/trpc/root';
import {
  can,
  COMMUNITY_CAPABILITIES,
  staffCan,
  STAFF_CAPABILITIES,
  type CommunityCapability,
  type CommunityRole,
  type StaffCapability,
} from '../../src/shared/permissions';
import { addMember, FACTORY_PASSWORD, FACTORY_TOTP_KEY, makeCommunity, makeNotification, makeUser } from '../factories';
import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { hashToken } from '../../src/server/auth/crypto';
import { unsubscribeToken } from '../../src/server/mail/unsubscribe';
import { Agent, makeTestApp, type TestApp } from '../setup/app';
import type { DB } from '../../db/database';
import { seedAnnouncement, seedCategory } from '../setup/announcements';
import { pendingRequest } from '../setup/communities';
import { appOver, changedSince, markBeforeCall, openImage, rows, takeImage, totalChanges, wroteSinceMark, type Before } from '../setup/hardening-authz';
import { sessionCookieFor } from '../setup/sessions';
import { changedTables, knowHashes, tableHashes } from '../setup/hardening-db';
import { answerOf, callRest, callTrpc, opFor, restRoutesByOperation, whereTheyDiffer, type RestRoute } from '../setup/rest-parity';
import { seedBooks, type FinanceFixture } from '../setup/finances';
import { joinCircle } from '../../src/server/services/njangi/membership';
import { buildCircle, seedCircle, type CircleFixture } from '../setup/njangi';
import { invitationTo, seedInvitations, type InvitationFixture } from '../setup/invitations';
import { seedChat, type ChatFixture } from '../setup/chat';
import { seedDocuments, type DocumentFixture } from '../setup/documents';
import { attachProofs, storedProof, type ProofFixture } from '../setup/proofs';
import { BEREAVEMENT } from '../setup/welfare';
import { seedWelfare, type WelfareFixture } from '../setup/welfare-seed';
import { seedSavings, type SavingsFixture } from '../setup/savings-seed';
import { VSLA } from '../setup/savings';
import { MATRIX_LATER_MEETING, MATRIX_MEETING, MATRIX_VOTE, MATRIX_VOTE_OPTION, matrixMeeting, matrixMinutes, matrixProxyBallot, matrixProxyGiven } from '../setup/hardening-meeting-minutes';

/*
 * The authorization matrix: every tRPC procedure of appRouter ×
 * {anonymous, unverified, user, admin, superadmin} × {non-member, member, treasurer, community admin, creator}
 * of a public and of a private community. TABLE below must name exactly the router's procedures:
 * a new procedure without an entry, or an entry for a procedure that is gone, fails the test.
 *
 * Each cell starts from one database image, inside a transaction rolled back before the next cell
 * (openCell), so a write in one cell is never seen by another; every fixture user has one session, made when the world is built (minted
 * through the session module: signing in is not what this file tests), and each cell reuses that
 * cookie (the session row is part of the image). Whether a call wrote is asked of SQLite's change
 * count first and of the tables' hashes only when rows were written.
 *
 * Site role and community role combine: for each site role there is one public and one private
 * community whose creator, community admin, treasurer and member all have that site role, plus a
 * non-member with it. An anonymous caller cannot be a member, so it has one cell per privacy:
 * 1 + 4 × 5 = 21 cells per privacy, 42 per procedure. One more column: a superadmin who must change
 * a staff-reset password (and leads the community) is refused everything but auth.changePassword
 * and the public procedures.
 */

type SiteRole = 'unverified' | 'user' | 'admin' | 'superadmin';
type Site = 'anonymous' | SiteRole;
type Member = 'non-member' | 'member' | 'treasurer' | 'community admin' | 'creator';
type Privacy = 'public' | 'private';
type Cell = { site: Site; member: Member; privacy: Privacy; mustChangePassword?: boolean };
/** 'allow' = 2xx; otherwise the HTTP status of the refusal. */
type Outcome = 'allow' | 400 | 401 | 403 | 404 | 409;
/**
 * Who may call, stated here for each procedure and checked against what its operation declares:
 * anyone, any signed-in account, a staff capability, or a community capability. The outcome of
 * each cell then follows from the permission table (src/shared/permissions.ts): the role of the
 * caller has the capability or not.
 */
type Rule = 'public' | 'authed' | StaffCapability | CommunityCapability;
const isStaffCapability = (r: Rule): r is StaffCapability => (STAFF_CAPABILITIES as readonly string[]).includes(r);
const COMMUNITY_ROLE_OF: Record<Member, CommunityRole | null> = {
  'non-member': null,
  member: 'member',
  treasurer: 'treasurer',
  'community admin': 'admin',
  creator: 'creator',
};
const STAFF_ROLE_OF: Record<SiteRole, 'user' | 'admin' | 'superadmin'> = { unverified: 'user', user: 'user', admin: 'admin', superadmin: 'superadmin' };

const SITE_ROLES: SiteRole[] = ['unverified', 'user', 'admin', 'superadmin'];
const MEMBERS: Member[] = ['non-member', 'member', 'treasurer', 'community admin', 'creator'];
const PRIVACIES: Privacy[] = ['public', 'private'];
const NEW_PASSWORD = 'Another#Pass2026';

type World = {
  t: TestApp;
  image: Buffer;
  /** The image as a cell's database is before its call, unless its entry prepared rows (its tables' hashes, made once). */
  before: Before;
  now: number;
  users: Record<SiteRole, Record<Member, UserRow>>;
  communities: Record<SiteRole, Record<Privacy, CommunityRow>>;
  /** Per community: a published announcement, a category, a pending join request. */
  inside: Map<number, { announcement: number; category: number; request: number; books: FinanceFixture; event: number; startedEvent: number } & PollFixture & TopicFixture & InvitationFixture & ChatFixture & DocumentFixture>;
  /** Per community of the matrix: savings circles in every state, organised by its creator. */
  circles: Map<number, CircleFixture>;
  /** Per community of the matrix: a proof on the target's payment, expense and circle contribution, and on the payout its organiser recorded. */
  proofs: Map<number, ProofFixture>;
  /** Per community of the matrix: welfare funds, cases in every state, the plain member's levy; categories and a suspension. */
  welfare: Map<number, WelfareFixture>;
  /** Per community of the matrix: a savings group chaired by the creator (treasurer, secretary: the admin), its meeting of today, the target's pending and confirmed money. */
  savings: Map<number, SavingsFixture>;
  /** Per caller: an upload of their own (a proof or a case's paper they may attach). */
  uploads: Map<string, string>;
  /** Per user: an unread notification of their own, and a second session (another device). */
  notification: Map<string, number>;
  otherSession: Map<string, string>;
  cookies: Map<string, string>;
  /** A plain member of every community (acted on by setRole, removeMember, transferOwnership). */
  target: UserRow;
  /** Has a pending request to join every community. */
  requester: UserRow;
  /** An unverified plain user with no community, acted on by staff; owns the email tokens below. */
  subject: UserRow;
  /** Credentials any caller may sign in with (auth.login) and staff credentials (admin.login). */
  loginUser: UserRow;
  staffLogin: UserRow;
  /** Superadmin with mustChangePassword, admin of the 'user' communities. */
  stuck: UserRow;
  /** Someone else and their community: extra fields point here, and nothing here may change. */
  other: UserRow;
  elsewhere: CommunityRow;
  verifyToken: string;
  resetToken: string;
  /** A one-click unsubscribe token of the other user's event emails (its own credential: no session). */
  unsubscribeToken: string;
};

/**
 * Per community: an open single-choice poll with live results (`poll`, its first option
 * `pollOption`), an election taking nominations where the target member's nomination waits
 * (`election`), and one with two accepted candidates, the target and the creator (`readyElection`).
 */
type PollFixture = { poll: number; pollOption: number; election: number; readyElection: number };

/** Per community: a discussion topic started by its creator, and a reply of the creator's in it. */
type TopicFixture = { topic: number; reply: number };

/** What a cell's input builder sees. */
type Fx = Omit<World, 'notification' | 'otherSession' | 'proofs' | 'welfare' | 'savings' | 'uploads'> & InvitationFixture & ChatFixture & DocumentFixture & {
  cell: Cell;
  caller: UserRow | null;
  community: CommunityRow;
  announcement: number;
  category: number;
  request: number;
  books: FinanceFixture;
  circle: CircleFixture;
  proofs: ProofFixture;
  welfare: WelfareFixture;
  savings: SavingsFixture;
  /** The caller's own upload (anonymous: a signed-in user's). */
  upload: string;
  /** An event in three days, and one under way. */
  event: number;
  startedEvent: number;
  poll: number;
  pollOption: number;
  election: number;
  readyElection: number;
  topic: number;
  reply: number;
  /** The caller's own notification and other session (anonymous: a signed-in user's). */
  notification: number;
  otherSession: string;
};

type Entry = {
  rule: Rule;
  input?: (f: Fx) => unknown;
  /** A cell the rule lets through but the procedure refuses for a non-authorization reason. */
  except?: (c: Cell) => Outcome | undefined;
  /** Whether an allowed call of this mutation must change the database (default: yes). */
  writes?: (c: Cell) => boolean;
  /** Sets the cell's own copy of the database up before the call (rows only this procedure needs). */
  prepare?: (app: TestApp, f: Fx) => void;
};

const inCommunity = (f: Fx) => ({ communityId: f.community.id });
const STATEMENT_FILE = { name: 'statement.csv', encoding: 'text', content: 'Date;Amount\n12/03/2026;2500' };
const seedCellStatement = (app: TestApp, f: Fx) => seedStatement(app, { communityId: f.community.id, accountId: f.books.account });
/** A circle's own role: only the listed members of the community act (its creator organises the fixture's circles). */
const circleRole =
  (...who: Member[]) =>
  (c: Cell): Outcome | undefined =>
    who.includes(c.member) ? undefined : 403;
const circleOrganiser = circleRole('creator');
/** A finance officer other than the circle's organiser (the creator): the organiser's own money is never theirs to decide. */
const notTheOrganiser = (c: Cell): Outcome | undefined => (c.member === 'creator' ? 403 : undefined);
/** The savings group's officers (chair: the creator; treasurer; secretary: the admin); its plain member is refused. */
const groupOfficer = circleRole('creator', 'community admin', 'treasurer');
const leaveGroup = (app: TestApp, f: Fx, who: UserRow | null) => {
  if (who) app.db.$client.prepare('DELETE FROM savings_group_members WHERE group_id = ? AND user_id = ?').run(f.savings.group, who.id);
};
const askAgain = (app: TestApp, f: Fx) => {
  app.db.$client.prepare("UPDATE savings_group_members SET status = 'pending' WHERE group_id = ? AND user_id = ?").run(f.savings.group, f.target.id);
};
const saveAShare = (app: TestApp, f: Fx) => {
  if (!f.caller) return;
  const sql = app.db.$client;
  sql.prepare(`INSERT INTO savings_entries (group_id, cycle_id, meeting_id, member_id, kind, shares, amount, method, status, recorded_by, confirmed_by, decided_at, created_at)
    VALUES (?, ?, ?, ?, 'shares', 1, 1000, 'cash', 'confirmed', ?, ?, ?, ?)`).run(f.savings.group, f.savings.cycle, f.savings.meeting, f.caller.id, f.other.id, f.other.id, W.now, W.now);
  sql.prepare('UPDATE savings_groups SET loan_fund_cash = loan_fund_cash + 1000 WHERE id = ?').run(f.savings.group);
};
const guaranteeBy = (app: TestApp, f: Fx) => {
  app.db.$client.prepare("INSERT INTO savings_loan_guarantors (loan_id, user_id, status) VALUES (?, ?, 'pending')").run(f.savings.loan, W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].member.id);
};
const loanIs = (app: TestApp, f: Fx, status: 'approved' | 'active') => {
  const sql = app.db.$client;
  sql.prepare("UPDATE savings_loans SET status = ?, disbursed_on = CASE WHEN ? = 'active' THEN '2026-01-01' END WHERE id = ?").run(status, status, f.savings.loan);
  sql.prepare('UPDATE savings_groups SET loan_fund_cash = loan_fund_cash + 1000 WHERE id = ?').run(f.savings.group);
};
/** The site's plain member's loan, handed over by the chair (told if someone withdraws it), waiting for its receipt. */
const disbursingToMember = (app: TestApp, f: Fx) => {
  const sql = app.db.$client;
  const member = W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].member.id;
  sql.prepare("UPDATE savings_loans SET status = 'disbursing', borrower_id = ? WHERE id = ?").run(member, f.savings.loan);
  sql.prepare('UPDATE savings_groups SET loan_fund_cash = loan_fund_cash + 1000 WHERE id = ?').run(f.savings.group);
  sql.prepare(`INSERT INTO savings_entries (group_id, cycle_id, member_id, kind, amount, method, status, recorded_by, loan_id, created_at)
    VALUES (?, ?, ?, 'loan_disbursed', 1000, 'cash', 'pending', ?, ?, ?)`).run(f.savings.group, f.savings.cycle, member, creatorOf(f).id, f.savings.loan, W.now);
};
const reversalProposed = (app: TestApp, f: Fx) => {
  app.db.$client.prepare('UPDATE savings_entries SET reversal_proposed_by = ?, reversal_reason = ?, reversal_proposed_at = ? WHERE id = ?').run(f.other.id, 'Recorded twice', W.now, f.savings.confirmedEntry);
};
/** A social fund grant to the site's plain member, approved by officers outside the callers, waiting for its receipt. */
const GRANT_ID = 900_102;
const grantToMember = (app: TestApp, f: Fx) => {
  const member = W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].member.id;
  app.db.$client
    .prepare(`INSERT INTO savings_entries (id, group_id, cycle_id, member_id, kind, amount, purpose, method, status, recorded_by, confirmed_by, decided_at, created_at)
      VALUES (?, ?, ?, ?, 'grant', 100, 'Hospital bill', 'cash', 'confirmed', ?, ?, ?, ?)`)
    .run(GRANT_ID, f.savings.group, f.savings.cycle, member, f.other.id, f.other.id, W.now, W.now);
};
/** A repayment of the target's active loan, recorded by someone outside the callers. */
const REPAYMENT_ID = 900_101;
const pendingRepayment = (app: TestApp, f: Fx) => {
  loanIs(app, f, 'active');
  app.db.$client.prepare("INSERT INTO savings_loan_repayments (id, loan_id, amount, method, status, recorded_by, created_at) VALUES (?, ?, 100, 'cash', 'pending', ?, ?)").run(REPAYMENT_ID, f.savings.loan, f.other.id, W.now);
};
const closeCycle = (app: TestApp, f: Fx) => {
  app.db.$client.prepare("UPDATE savings_cycles SET status = 'closed' WHERE group_id = ?").run(f.savings.group);
};
/** Nothing stands in the way of closing the cycle: the target's declaration and loan were refused. */
const readyToClose = (app: TestApp, f: Fx) => {
  const sql = app.db.$client;
  sql.prepare("UPDATE savings_entries SET status = 'rejected' WHERE id = ?").run(f.savings.pendingEntry);
  sql.prepare("UPDATE savings_loans SET status = 'rejected' WHERE id = ?").run(f.savings.loan);
};
/** A share-out of the fixture's cycle proposed by `by` (the target by default, who is told of its rejection), on the fund as it is: nothing in the loan fund, no shares. */
const SHARE_OUT_ID = 900_201;
const proposedShareOut = (app: TestApp, f: Fx, by: UserRow | null = f.target) => {
  readyToClose(app, f);
  app.db.$client
    // No lines: their digest is SHA-256 of nothing.
    .prepare("INSERT INTO savings_share_outs (id, group_id, cycle_id, status, proposed_by, fund, total_shares, lines_digest, created_at) VALUES (?, ?, ?, 'pending', ?, 0, 0, ?, ?)")
    .run(SHARE_OUT_ID, f.savings.group, f.savings.cycle, (by ?? f.target).id, createHash('sha256').digest('hex'), W.now);
};
const sharedOut = (app: TestApp, f: Fx) => {
  proposedShareOut(app, f);
  app.db.$client.prepare("UPDATE savings_share_outs SET status = 'confirmed', paid_out = 0, carried = 0, decided_at = ? WHERE id = ?").run(W.now, SHARE_OUT_ID);
  app.db.$client.prepare("UPDATE savings_cycles SET status = 'closed', closed_at = ? WHERE id = ?").run(W.now, f.savings.cycle);
};
/** Invitation emails go out only under a verified address: an unverified account the rule lets through is refused (403). */
const unverifiedSender = (c: Cell): Outcome | undefined => (c.site === 'unverified' ? 403 : undefined);
/** A post's own author (the fixture's topic and reply are the creator's): anyone else is refused (403). */
const authorOnly = (c: Cell): Outcome | undefined => (c.member === 'creator' ? undefined : 403);
/** Members see totals only (the default transparency): the ledger is for those who record. */
const ledgerForOfficers = (c: Cell): Outcome | undefined => (c.member === 'member' ? 403 : undefined);

/** The caller's dues obligations paid (the standing a right needs), in the cell's own copy. */
const payUp = (app: TestApp, caller: UserRow | null) => {
  if (caller) app.db.$client.prepare('UPDATE dues_obligations SET paid = amount WHERE member_id = ?').run(caller.id);
};

/** The invitation prepared for a non-member caller's own address, by cell. */
const ownInvitation = new WeakMap<Fx, number>();
/** The fixture's call rings the caller too (a channel's call rings nobody), so there is a ring to decline. */
const ringCaller = (app: TestApp, f: Fx) => {
  if (f.caller) app.db.$client.prepare("INSERT OR IGNORE INTO call_participants (call_id, user_id, state) VALUES (?, ?, 'invited')").run(f.chat.call, f.caller.id);
};
const prepareOwnInvitation = (app: TestApp, f: Fx) => {
  if (f.caller && f.cell.member === 'non-member') ownInvitation.set(f, invitationTo(app, f.community, W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].creator, f.caller));
};
const ownInvitationOutcome = (c: Cell): Outcome | undefined => (c.site === 'unverified' ? 403 : c.member === 'non-member' ? undefined : 404);

/** The second factor's fixtures: the factory key's code now, a known sign-in challenge, a factor for the caller. */
const factoryCode = () => totpCode(FACTORY_TOTP_KEY, totpStep(W.now));
const CHALLENGE = 'c'.repeat(32);
const staffHasFactor =
  (status: Outcome) =>
  (c: Cell): Outcome | undefined =>
    c.site === 'admin' || c.site === 'superadmin' ? status : undefined;
const withFactor = (state: 'pending' | 'on') => (app: TestApp, f: Pick<Fx, 'caller'>) => {
  if (!f.caller) return;
  app.db.$client
    .prepare('INSERT OR IGNORE INTO second_factors (user_id, key, enabled_at, last_used_step, created_at) VALUES (?, ?, ?, NULL, ?)')
    .run(f.caller.id, FACTORY_TOTP_KEY, state === 'on' ? W.now : null, W.now);
  // Staff signed in to build the world with this very step's code, which a replay rule now refuses.
  app.db.$client.prepare('UPDATE second_factors SET last_used_step = NULL WHERE user_id = ?').run(f.caller.id);
};

/** The imports' files: one member to invite, one opening balance for the books' cash box. */
const MEMBERS_CSV = 'Name,Email\r\nImported Person,imported.person@example.org\r\n';
const LEDGER_CSV = 'Date,Amount,Kind,Account\r\n2024-01-01,1000,Opening balance,Cash box\r\n';
const importInput = (f: Fx, content: string) => ({ communityId: f.community.id, language: 'en', file: { name: 'sheet.csv', content, encoding: 'text' } });
/** A pending import of the books' history in the cell's community, brought in by the target member (no caller is its author). */
const LEDGER_IMPORT_ID = 900_001;
const pendingLedgerImport = (app: TestApp, f: Fx) => {
  const row = { line: 2, date: '2024-01-01', kind: 'opening', amount: 1000, accountId: f.books.account, account: 'Cash box', memberId: null, member: null, reference: null, description: 'Opening balance', key: 'k'.repeat(32), action: 'add', problems: [] };
  app.db.$client
    .prepare("INSERT INTO ledger_imports (id, community_id, status, file_name, rows, row_count, total_in, total_out, created_by, created_at) VALUES (?, ?, 'pending', 'sheet.csv', ?, 1, 1000, 0, ?, ?)")
    .run(LEDGER_IMPORT_ID, f.community.id, JSON.stringify([row]), f.target.id, W.now);
};

/** A running circle's sheet for the recruiting circle: the community's creator (its organiser) at 1, the target member at 2, nothing paid yet. */
const creatorOf = (f: Fx) => Object.values(f.users).flatMap((u) => Object.values(u)).find((u) => u.id === f.community.creatorId)!;
/** What the meeting cells' rows need of the cell: its community, creator, caller and target member. */
const meetingCell = (f: Fx) => ({ communityId: f.community.id, creatorId: f.community.creatorId, callerId: f.caller?.id ?? null, targetId: f.target.id, now: W.now });
const circleSheet = (f: Fx) => ({
  circleId: f.circle.recruiting,
  language: 'en',
  firstDueDate: '2024-01-01',
  file: { name: 'circle.csv', content: `Position,Member email,Rounds paid,Received\r\n1,${creatorOf(f).email},0,no\r\n2,${f.target.email},0,no\r\n`, encoding: 'text' },
});
/** A running circle's import waiting on the recruiting circle, brought in by its organiser (the creator). */
const CIRCLE_IMPORT_ID = 900_002;
const pendingCircleImport = (app: TestApp, f: Fx) => {
  const row = (line: number, u: UserRow) => ({ line, position: line - 1, email: u.email, memberId: u.id, member: u.firstName, roundsPaid: 0, received: false, amountPaid: null });
  app.db.$client
    .prepare("INSERT INTO circle_imports (id, community_id, circle_id, status, file_name, first_due_date, rows, row_count, contributions, payouts, total, created_by, created_at) VALUES (?, ?, ?, 'pending', 'circle.csv', '2024-01-01', ?, 2, 0, 0, 0, ?, ?)")
    .run(CIRCLE_IMPORT_ID, f.community.id, f.circle.recruiting, JSON.stringify([row(2, creatorOf(f)), row(3, f.target)]), f.community.creatorId, W.now);
};

/** A meeting of the cell's community tomorrow (an event of kind 'meeting' beside it), called by its creator. */
const MEETING_ID = 900_003;
const meetingTomorrow = (app: TestApp, f: Fx) => {
  const sql = app.db.$client;
  const event = sql
    .prepare("INSERT INTO events (community_id, title, kind, starts_at, ends_at, time_zone, created_by, created_at, updated_at) VALUES (?, 'Monthly meeting', 'meeting', ?, ?, 'Africa/Douala', ?, ?, ?)")
    .run(f.community.id, W.now + DAY, W.now + DAY + 2 * HOUR, f.community.creatorId, W.now, W.now).lastInsertRowid;
  sql.prepare('INSERT INTO meetings (id, event_id, community_id, created_by, created_at) VALUES (?, ?, ?, ?, ?)').run(MEETING_ID, event, f.community.id, f.community.creatorId, W.now);
};
/** The target member's absence fine at that meeting, posted by nobody among the callers (a leader may waive it). */
const MEETING_FINE_ID = 900_004;
const targetFined = (app: TestApp, f: Fx) => {
  meetingTomorrow(app, f);
  app.db.$client
    .prepare("INSERT INTO meeting_fines (id, meeting_id, community_id, member_id, reason, amount, status, created_at) VALUES (?, ?, ?, ?, 'absent', 1000, 'owed', ?)")
    .run(MEETING_FINE_ID, MEETING_ID, f.community.id, f.target.id, W.now);
};
/** The cell's plain member's fine at that meeting: only they declare paying it. */
const plainMemberFined = (app: TestApp, f: Fx) => {
  meetingTomorrow(app, f);
  const member = W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].member.id;
  app.db.$client
    .prepare("INSERT INTO meeting_fines (id, meeting_id, community_id, member_id, reason, amount, status, created_at) VALUES (?, ?, ?, ?, 'late', 1000, 'owed', ?)")
    .run(MEETING_FINE_ID, MEETING_ID, f.community.id, member, W.now);
};
const atMeeting = (more: Record<string, unknown> = {}) => () => ({ meetingId: MEETING_ID, ...more });

const TABLE: Record<string, Entry> = {
  'auth.me': { rule: 'public' },
  'auth.register': {
    rule: 'public',
    input: () => ({ firstName: 'Nia', lastName: 'Newcomer', email: 'nia.newcomer@example.org', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
  },
  'auth.login': { rule: 'public', input: (f) => ({ email: f.loginUser.email, password: FACTORY_PASSWORD }) },
  'auth.logout': { rule: 'public', writes: (c) => c.site !== 'anonymous' },
  'auth.verifyEmail': { rule: 'public', input: (f) => ({ token: f.verifyToken }) },
  'auth.resendVerification': { rule: 'authed', writes: (c) => c.site === 'unverified' },
  'auth.forgotPassword': { rule: 'public', input: (f) => ({ email: f.subject.email }) },
  'auth.resetPassword': { rule: 'public', input: (f) => ({ token: f.resetToken, password: NEW_PASSWORD }) },
  'auth.sessions': { rule: 'authed' },
  'auth.revokeSession': { rule: 'authed', input: (f) => ({ id: f.otherSession }) },
  'auth.revokeOtherSessions': { rule: 'authed' },
  'auth.changePassword': { rule: 'authed', input: () => ({ currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD }) },

  'profile.update': { rule: 'authed', input: () => ({ firstName: 'Renamed' }) },
  'profile.updatePanel': { rule: 'authed', input: () => ({ bio: 'Drums on Saturdays.' }) },
  'recognitions.mine': { rule: 'authed' },
  'recognitions.setVisibility': { rule: 'authed', input: () => ({ show: false }) },
  'recognitions.member': { rule: 'community.view', input: (f) => ({ communityId: f.community.id, userId: f.target.id }) },
  'profile.privacy': { rule: 'authed', input: () => ({ contactVisibility: 'members' }) },

  // One's own data; deleting one's account (a creator hands over first: 409; staff accounts are
  // handed back to the member role first: 409).
  'account.export': { rule: 'authed' },
  'account.exportMoneyCsv': { rule: 'authed' },
  'account.deletionBlockers': { rule: 'authed' },
  'account.delete': {
    rule: 'authed',
    input: () => ({ password: FACTORY_PASSWORD }),
    except: (c) => (c.site === 'admin' || c.site === 'superadmin' || c.member === 'creator' ? 409 : undefined),
  },
  'account.deleteUser': { rule: 'admin.staff', input: (f) => ({ userId: f.subject.id }) },

  // The fixture's staff have a second factor (factories, key FACTORY_TOTP_KEY) and its plain users
  // none; `prepare` gives the caller what each call needs, and the code is the key's at the clock.
  'secondFactor.status': { rule: 'authed' },
  'secondFactor.setup': { rule: 'authed', except: staffHasFactor(409) },
  'secondFactor.confirm': { rule: 'authed', input: () => ({ code: factoryCode() }), prepare: withFactor('pending'), except: staffHasFactor(409) },
  'secondFactor.regenerateRecoveryCodes': { rule: 'authed', input: () => ({ code: factoryCode() }), prepare: withFactor('on') },
  // Staff must keep theirs.
  'secondFactor.disable': { rule: 'authed', input: () => ({ password: FACTORY_PASSWORD, code: factoryCode() }), prepare: withFactor('on'), except: staffHasFactor(403) },
  'secondFactor.signIn': {
    rule: 'public',
    input: () => ({ challenge: CHALLENGE, code: factoryCode() }),
    prepare: (app, f) => {
      withFactor('on')(app, { ...f, caller: f.loginUser });
      app.db.$client.prepare('INSERT INTO sign_in_challenges (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(hashToken(CHALLENGE), f.loginUser.id, W.now + 60_000, W.now);
    },
  },

  'communities.list': { rule: 'public', input: () => ({}) },
  'communities.joined': { rule: 'authed', input: () => ({}) },
  'communities.created': { rule: 'authed', input: () => ({}) },
  'communities.myCounts': { rule: 'authed' },
  // Anyone may see a community's summary, private ones included (so they can ask to join);
  // only communities hidden by staff are not shown to non-members.
  'communities.byId': { rule: 'public', input: (f) => ({ id: f.community.id }) },
  'communities.create': {
    rule: 'authed',
    input: () => ({ name: 'Harbour Choir', description: 'A choir for the harbour district.', location: 'Mombasa', isPublic: true }),
  },
  // Members joining again get { status: 'member' } and nothing is written.
  'communities.join': { rule: 'authed', input: inCommunity, writes: (c) => c.member === 'non-member' },
  'communities.leave': {
    rule: 'community.view',
    input: inCommunity,
    except: (c) => (c.member === 'creator' ? 400 : undefined), // the creator must hand the community over first
  },
  // A non-member caller has a request to withdraw; a member has none (404, nothing written).
  'communities.withdrawRequest': {
    rule: 'authed',
    input: inCommunity,
    prepare: (app, f) => {
      if (f.cell.member !== 'non-member' || !f.caller) return;
      app.db.insert(joinRequests).values({ communityId: f.community.id, userId: f.caller.id, status: 'pending', createdAt: W.now }).run();
    },
    except: (c) => (c.member === 'non-member' ? undefined : 404),
  },
  'communities.members': { rule: 'community.view', input: (f) => ({ communityId: f.community.id }) },
  'communities.requests': { rule: 'members.manage', input: inCommunity },
  'communities.decideRequest': { rule: 'members.manage', input: (f) => ({ communityId: f.community.id, requestId: f.request, approve: true }) },
  'communities.setRole': { rule: 'members.manage', input: (f) => ({ communityId: f.community.id, userId: f.target.id, role: 'treasurer' }) },
  'communities.removeMember': { rule: 'members.manage', input: (f) => ({ communityId: f.community.id, userId: f.target.id }) },
  'communities.transferOwnership': { rule: 'community.transfer', input: (f) => ({ communityId: f.community.id, userId: f.target.id }) },
  'communities.update': { rule: 'community.manage', input: (f) => ({ communityId: f.community.id, name: 'Renamed Circle' }) },

  'announcements.list': { rule: 'community.view', input: inCommunity },
  'announcements.create': { rule: 'announcements.manage', input: (f) => ({ communityId: f.community.id, title: 'Harvest festival', content: 'Bring a dish.' }) },
  'announcements.update': { rule: 'announcements.manage', input: (f) => ({ id: f.announcement, title: 'Practice moved to Sunday' }) },
  'announcements.delete': { rule: 'announcements.manage', input: (f) => ({ id: f.announcement }) },
  'announcements.togglePin': { rule: 'announcements.manage', input: (f) => ({ id: f.announcement }) },

  'categories.list': { rule: 'community.view', input: inCommunity },
  'categories.create': { rule: 'announcements.manage', input: (f) => ({ communityId: f.community.id, name: 'Finance', color: '#AA3300' }) },
  'categories.update': { rule: 'announcements.manage', input: (f) => ({ id: f.category, name: 'Festivals' }) },
  'categories.delete': { rule: 'announcements.manage', input: (f) => ({ id: f.category }) },

  'admin.login': { rule: 'public', input: (f) => ({ email: f.staffLogin.email, password: FACTORY_PASSWORD }) },
  'admin.counts': { rule: 'admin.panel' },
  'admin.userCount': { rule: 'admin.panel' },
  'admin.communityCount': { rule: 'admin.panel' },
  'admin.users': { rule: 'admin.panel', input: () => ({}) },
  'admin.user': { rule: 'admin.panel', input: (f) => ({ id: f.subject.id }) },
  'admin.updateUser': { rule: 'admin.panel', input: (f) => ({ id: f.subject.id, lastName: 'Renamed' }) },
  'admin.createAdmin': {
    rule: 'admin.staff',
    input: () => ({ email: 'new.staff@example.org', password: 'Staff#Pass2026', firstName: 'New', lastName: 'Staff' }),
  },
  'admin.resetPassword': { rule: 'admin.panel', input: (f) => ({ id: f.subject.id }) },
  'admin.verifyUser': { rule: 'admin.panel', input: (f) => ({ id: f.subject.id }) },
  'admin.resetSecondFactor': {
    rule: 'admin.staff',
    input: (f) => ({ id: f.subject.id }),
    // The subject has a factor to turn off.
    prepare: (app, f) => withFactor('on')(app, { caller: f.subject }),
  },
  'admin.sendResetEmail': { rule: 'admin.panel', input: (f) => ({ id: f.subject.id }) },
  'admin.communities': { rule: 'admin.panel', input: () => ({}) },
  'admin.setCommunityHidden': { rule: 'admin.panel', input: (f) => ({ id: f.community.id, hidden: true }) },
  'admin.deleteCommunity': { rule: 'admin.panel', input: (f) => ({ id: f.community.id }) },
  'admin.audit': { rule: 'admin.panel', input: () => ({}) },
  'admin.settings': { rule: 'admin.panel' },
  'admin.backups': { rule: 'admin.panel' },
  'admin.updateSettings': {
    rule: 'admin.settings',
    input: () => ({ minPasswordLength: 8, requireEmailVerification: false, sessionTimeoutMinutes: 60, defaultCommunityPrivacy: 'public' }),
  },

  'site.config': { rule: 'public' },

  // Finances: the community shows members totals only ('summary'), so the ledger and its export are officers'.
  'finances.summary': { rule: 'finances.view', input: inCommunity },
  'finances.statement': { rule: 'finances.view', input: inCommunity },
  'finances.entries': { rule: 'finances.view', input: inCommunity, except: ledgerForOfficers },
  'finances.exportCsv': { rule: 'finances.view', input: inCommunity, except: ledgerForOfficers },
  'finances.updateSettings': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, transparency: 'ledger' }) },
  'finances.createAccount': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, name: 'Savings bank', kind: 'bank' }) },
  'finances.createCategory': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, name: 'Funeral fund', kind: 'expense' }) },
  'finances.declarePayment': { rule: 'finances.view', input: (f) => ({ communityId: f.community.id, amount: 1500, purpose: 'dues', method: 'cash' }) },
  'collecting.instructions': { rule: 'finances.view', input: inCommunity },
  'collecting.setInstructions': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, accountId: f.books.account, provider: 'MTN MoMo', number: '677000000', ussd: '*126#' }) },
  'collecting.references': { rule: 'finances.record', input: inCommunity },
  'collecting.previewStatement': { rule: 'finances.record', input: (f) => ({ communityId: f.community.id, accountId: f.books.account, file: STATEMENT_FILE }) },
  'collecting.importStatement': { rule: 'finances.record', input: (f) => ({ communityId: f.community.id, accountId: f.books.account, file: STATEMENT_FILE, mapping: { date: 'Date', amount: 'Amount', dateOrder: 'dmy' } }) },
  'collecting.statements': { rule: 'finances.record', input: inCommunity },
  'collecting.statement': { rule: 'finances.record', prepare: seedCellStatement, input: () => ({ id: STATEMENT.id }) },
  // Each line's outcome is in the answer: the payment's own author is refused there, and nothing is written.
  'collecting.confirmMatches': { rule: 'finances.record', prepare: seedCellStatement, writes: () => false, input: (f) => ({ id: STATEMENT.id, items: [{ lineId: STATEMENT.openLine, paymentId: f.books.payment }] }) },
  'collecting.recordLine': { rule: 'finances.record', prepare: seedCellStatement, input: (f) => ({ id: STATEMENT.openLine, memberId: f.target.id, purpose: 'donation' }) },
  'collecting.ignoreLine': { rule: 'finances.record', prepare: seedCellStatement, input: () => ({ id: STATEMENT.outgoingLine, reason: 'Bank fees' }) },
  'collecting.readText': { rule: 'finances.view', input: (f) => ({ communityId: f.community.id, text: 'SC12AB34CD Confirmed. Ksh1,500.00 sent to JANE WANJIKU 0712345678 on 12/3/24 at 2:05 PM.' }) },
  'finances.recordPayment': {
    rule: 'finances.record',
    input: (f) => ({ communityId: f.community.id, memberId: f.target.id, accountId: f.books.account, amount: 1500, purpose: 'dues', method: 'cash' }),
  },
  'finances.payments': { rule: 'finances.record', input: inCommunity },
  'finances.confirmPayment': { rule: 'finances.record', input: (f) => ({ id: f.books.payment, accountId: f.books.account }) },
  'finances.rejectPayment': { rule: 'finances.record', input: (f) => ({ id: f.books.payment, reason: 'No such transfer on the statement' }) },
  'finances.expenses': { rule: 'finances.record', input: inCommunity },
  'finances.submitExpense': { rule: 'finances.record', input: (f) => ({ communityId: f.community.id, amount: 2000, categoryId: f.books.expenseCategory, description: 'Drinks' }) },
  'finances.approveExpense': { rule: 'finances.approve', input: (f) => ({ id: f.books.pendingExpense }) },
  'finances.rejectExpense': { rule: 'finances.approve', input: (f) => ({ id: f.books.pendingExpense, reason: 'Over budget' }) },
  'finances.payExpense': { rule: 'finances.record', input: (f) => ({ id: f.books.approvedExpense, accountId: f.books.account }) },
  'finances.changeExpense': { rule: 'finances.record', input: (f) => ({ id: f.books.pendingExpense, amount: 1200 }) },
  'finances.overview': { rule: 'authed' },
  'finances.plans': { rule: 'finances.view', input: inCommunity },
  'finances.myDues': { rule: 'finances.view', input: inCommunity },
  'finances.duesRoll': { rule: 'finances.record', input: inCommunity },
  'finances.createDuesPlan': {
    rule: 'finances.manage',
    input: (f) => ({ communityId: f.community.id, name: 'Building fund', amount: 10000, period: 'yearly', dueDay: 1, startsOn: '2026-01-01' }),
  },
  'finances.duesPlanPreview': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, amount: 10000, period: 'monthly', dueDay: 1, startsOn: '2026-01-01' }) },
  'finances.cashFlow': { rule: 'finances.view', input: inCommunity },
  'finances.stopDuesPlan': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, id: f.books.plan }) },
  'finances.budget': { rule: 'finances.view', input: inCommunity },
  'finances.setBudget': { rule: 'finances.manage', input: (f) => ({ communityId: f.community.id, year: 2026, lines: [{ categoryId: f.books.expenseCategory, planned: 50000 }] }) },
  'finances.reverseEntry': { rule: 'finances.record', input: (f) => ({ id: f.books.entry, reason: 'Entered twice' }) },
  // Imports: previews write nothing; the books' history waits for an officer other than its author (the target member here).
  'imports.previewMembers': { rule: 'members.import', input: (f) => importInput(f, MEMBERS_CSV), writes: () => false },
  'imports.members': { rule: 'members.import', input: (f) => importInput(f, MEMBERS_CSV), except: unverifiedSender },
  'imports.previewLedger': { rule: 'finances.import', input: (f) => importInput(f, LEDGER_CSV), writes: () => false },
  'imports.submitLedger': { rule: 'finances.import', input: (f) => importInput(f, LEDGER_CSV) },
  'imports.ledgerImports': { rule: 'finances.import', input: inCommunity },
  'imports.confirmLedger': { rule: 'finances.import', input: () => ({ id: LEDGER_IMPORT_ID }), prepare: pendingLedgerImport },
  'imports.rejectLedger': { rule: 'finances.import', input: () => ({ id: LEDGER_IMPORT_ID, reason: 'Wrong year' }), prepare: pendingLedgerImport },
  // A running circle: its organiser brings it in; a finance officer other than the organiser confirms; any officer may reject.
  'imports.previewCircle': { rule: 'circles.view', input: circleSheet, except: circleOrganiser, writes: () => false },
  'imports.submitCircle': { rule: 'circles.view', input: circleSheet, except: circleOrganiser },
  'imports.circleImports': { rule: 'circles.view', input: (f) => ({ circleId: f.circle.recruiting }) },
  'imports.confirmCircle': { rule: 'finances.record', input: () => ({ id: CIRCLE_IMPORT_ID }), prepare: pendingCircleImport, except: notTheOrganiser },
  // Only its author (the organiser, the creator here) withdraws it.
  'imports.withdrawCircle': { rule: 'circles.view', input: () => ({ id: CIRCLE_IMPORT_ID, reason: 'Wrong file' }), prepare: pendingCircleImport, except: circleOrganiser },
  'imports.rejectCircle': { rule: 'finances.record', input: () => ({ id: CIRCLE_IMPORT_ID, reason: 'Wrong positions' }), prepare: pendingCircleImport },

  'notifications.list': { rule: 'authed', input: () => ({}) },
  'notifications.unreadCount': { rule: 'authed' },
  'notifications.markRead': { rule: 'authed', input: (f) => ({ id: f.notification }) },
  'notifications.markAllRead': { rule: 'authed' },
  'notifications.remove': { rule: 'authed', input: (f) => ({ id: f.notification }) },
  'notifications.clear': { rule: 'authed' },
  'notifications.preferences': { rule: 'authed' },
  'notifications.setPreferences': { rule: 'authed', input: () => ({ kinds: { events: 'off' }, digest: 'weekly' }) },
  'notifications.unsubscribe': { rule: 'public', input: (f) => ({ token: f.unsubscribeToken }) },
  'needs.list': { rule: 'authed', input: () => ({}) },
  'needs.count': { rule: 'authed' },

  // Savings circles: circles.view lets every member in; inside, the circle's own roles decide.
  // The fixture's circles are organised by the community's creator; the treasurer received round 1,
  // the member is asked to swap (and holds position 1 of the picking circle), the admin has
  // accepted a swap waiting for approval (tests/setup/njangi.ts seedCircle).
  // Events: every member sees them and answers; hosts (events.manage) create, edit, cancel, see
  // attendees and mark attendance. The fixture's event starts in three days; `startedEvent` is under way.
  'events.list': { rule: 'events.view', input: inCommunity },
  'events.mine': { rule: 'authed' },
  // A public community's public events: its public page, for anyone; a private community has none to show (404 alike).
  'events.public': { rule: 'public', input: inCommunity, except: (c) => (c.privacy === 'private' ? 404 : undefined) },
  'events.get': { rule: 'events.view', input: (f) => ({ id: f.event }) },
  'events.create': {
    rule: 'events.manage',
    input: (f) => ({ communityId: f.community.id, title: 'Harvest festival', startsAt: W.now + 7 * DAY, endsAt: W.now + 7 * DAY + 2 * HOUR, timeZone: 'Africa/Douala' }),
  },
  'events.update': { rule: 'events.manage', input: (f) => ({ id: f.event, title: 'Harvest festival (new hall)' }) },
  'events.cancel': { rule: 'events.manage', input: (f) => ({ id: f.event, reason: 'The hall is closed' }) },
  'events.rsvp': { rule: 'events.view', input: (f) => ({ id: f.event, status: 'going' }) },
  'events.addRsvp': { rule: 'events.manage', input: (f) => ({ id: f.event, userId: f.target.id, status: 'going' }) },
  'events.attendees': { rule: 'events.manage', input: (f) => ({ id: f.event }) },
  'events.attendeesCsv': { rule: 'events.manage', input: (f) => ({ id: f.event }) },
  'events.markAttendance': { rule: 'events.manage', input: (f) => ({ id: f.startedEvent, entries: [{ userId: f.target.id, attended: true }] }) },
  'events.myStats': { rule: 'authed' },
  'events.calendarToken': { rule: 'authed' },
  // Nobody in the fixture has a feed yet: revoking none answers 200 and changes nothing.
  'events.revokeCalendarToken': { rule: 'authed', writes: () => false },
  'events.calendarFeed': { rule: 'authed' },
  'events.count': { rule: 'admin.panel' },
  // Polls: every member sees them, votes (the fixture's poll lets all members vote and shows its
  // results live), nominates themselves and answers their own nomination; managers (polls.manage)
  // create, change, close and cancel polls, nominate others, withdraw nominations and open voting.
  'polls.list': { rule: 'polls.view', input: inCommunity },
  'polls.get': { rule: 'polls.view', input: (f) => ({ id: f.poll }) },
  'polls.create': {
    rule: 'polls.manage',
    input: (f) => ({ communityId: f.community.id, kind: 'single', title: 'Where shall we meet?', options: ['Hall', 'Park'], closesAt: W.now + 3 * DAY }),
  },
  'polls.update': { rule: 'polls.manage', input: (f) => ({ id: f.poll, title: 'Where shall we meet in June?' }) },
  'polls.vote': { rule: 'polls.view', input: (f) => ({ id: f.poll, choices: [f.pollOption] }) },
  'polls.close': { rule: 'polls.manage', input: (f) => ({ id: f.poll }) },
  'polls.cancel': { rule: 'polls.manage', input: (f) => ({ id: f.poll, reason: 'Asked the wrong question' }) },
  'polls.results': { rule: 'polls.view', input: (f) => ({ id: f.poll }) },
  'polls.resultsCsv': { rule: 'polls.view', input: (f) => ({ id: f.poll }) },
  'polls.voters': { rule: 'polls.view', input: (f) => ({ id: f.poll }) },
  // Each member nominates themselves (accepted at once).
  'polls.nominate': { rule: 'polls.view', input: (f) => ({ id: f.election, userId: (f.caller ?? f.target).id }) },
  // Each member answers a nomination of their own, made for the cell.
  'polls.answerNomination': {
    rule: 'polls.view',
    input: (f) => ({ id: f.election, accept: true }),
    prepare: (app, f) => {
      if (f.cell.member === 'non-member' || !f.caller) return;
      app.db.insert(pollNominations).values({ pollId: f.election, userId: f.caller.id, nominatedBy: f.community.creatorId, status: 'pending', createdAt: W.now }).run();
    },
  },
  'polls.removeNomination': { rule: 'polls.manage', input: (f) => ({ id: f.election, userId: f.target.id }) },
  'polls.openVoting': { rule: 'polls.manage', input: (f) => ({ id: f.readyElection }) },
  // Discussions: every member reads, starts topics, replies, follows, marks read and looks up
  // members to mention; only the author edits or deletes a post (the fixture's topic and reply are
  // the creator's); moderators (discussions.moderate) pin, lock, hide and delete any post.
  'discussions.list': { rule: 'discussions.view', input: inCommunity },
  'discussions.get': { rule: 'discussions.view', input: (f) => ({ id: f.topic }) },
  'discussions.create': { rule: 'discussions.view', input: (f) => ({ communityId: f.community.id, title: 'Carpooling to the gala', body: 'Who drives from Katy?' }) },
  'discussions.update': { rule: 'discussions.view', input: (f) => ({ id: f.topic, title: 'Hall for June' }), except: authorOnly },
  'discussions.delete': { rule: 'discussions.view', input: (f) => ({ id: f.topic }), except: authorOnly },
  'discussions.reply': { rule: 'discussions.view', input: (f) => ({ id: f.topic, body: 'The school gym.' }) },
  'discussions.updateReply': { rule: 'discussions.view', input: (f) => ({ id: f.reply, body: 'The church hall, booked.' }), except: authorOnly },
  'discussions.deleteReply': { rule: 'discussions.view', input: (f) => ({ id: f.reply }), except: authorOnly },
  // The creator read the topic when replying, at the same instant: nothing changes for them.
  'discussions.markRead': { rule: 'discussions.view', input: (f) => ({ id: f.topic }), writes: (c) => c.member !== 'creator' },
  'discussions.follow': { rule: 'discussions.view', input: (f) => ({ id: f.topic, mode: 'muted' }) },
  'discussions.mentionable': { rule: 'discussions.view', input: (f) => ({ communityId: f.community.id, prefix: 'Ta' }) },
  'discussions.activeCount': { rule: 'discussions.view', input: inCommunity },
  'discussions.pin': { rule: 'discussions.moderate', input: (f) => ({ id: f.topic, pinned: true }) },
  'discussions.lock': { rule: 'discussions.moderate', input: (f) => ({ id: f.topic, locked: true, reason: 'Settled' }) },
  'discussions.hideTopic': { rule: 'discussions.moderate', input: (f) => ({ id: f.topic, hidden: true, reason: 'Spam' }) },
  'discussions.hideReply': { rule: 'discussions.moderate', input: (f) => ({ id: f.reply, hidden: true, reason: 'Rude' }) },
  'discussions.removeTopic': { rule: 'discussions.moderate', input: (f) => ({ id: f.topic, reason: 'Spam' }) },
  'discussions.removeReply': { rule: 'discussions.moderate', input: (f) => ({ id: f.reply, reason: 'Rude' }) },

  // Documents: members (documents.view) read the members' document and folder list; leaders
  // (documents.manage) edit, delete and make folders; staff set a community's quota. Uploads,
  // new versions and downloads are multipart/file paths, not procedures (documents-*.test.ts).
  'documents.list': { rule: 'documents.view', input: inCommunity },
  'documents.recent': { rule: 'documents.view', input: inCommunity },
  'documents.get': { rule: 'documents.view', input: (f) => ({ id: f.document }) },
  'documents.versions': { rule: 'documents.view', input: (f) => ({ id: f.document }) },
  'documents.update': { rule: 'documents.manage', input: (f) => ({ id: f.document, title: 'March minutes, approved' }) },
  'documents.remove': { rule: 'documents.manage', input: (f) => ({ id: f.document }) },
  'documents.folders': { rule: 'documents.view', input: inCommunity },
  'documents.createFolder': { rule: 'documents.manage', input: (f) => ({ communityId: f.community.id, name: 'Receipts' }) },
  'documents.renameFolder': { rule: 'documents.manage', input: (f) => ({ id: f.docFolder, name: 'Old minutes' }) },
  'documents.deleteFolder': { rule: 'documents.manage', input: (f) => ({ id: f.docFolder }) },
  'documents.usage': { rule: 'documents.view', input: inCommunity },
  'documents.setQuota': { rule: 'admin.settings', input: (f) => ({ communityId: f.community.id, quotaBytes: 5_000_000 }) },
  'njangi.list': { rule: 'circles.view', input: inCommunity },
  'njangi.mine': { rule: 'authed' },
  'njangi.myRecord': { rule: 'authed' },
  'njangi.create': {
    rule: 'circles.organise',
    input: (f) => ({ communityId: f.community.id, name: 'Harbour Njangi', currency: 'XAF', contribution: 5000, frequency: 'monthly', startDate: '2026-04-01', timeZone: 'Africa/Douala', hands: 5, payoutMethod: 'fixed' }),
  },
  'njangi.get': { rule: 'circles.view', input: (f) => ({ id: f.circle.active }) },
  // Members ask for a place; the creator, its organiser, changes their own hands.
  // Joining is a right of members in good standing: the caller's dues are paid up first (the books' fixture leaves them owing).
  'njangi.join': { rule: 'circles.view', input: (f) => ({ id: f.circle.recruiting, hands: 1 }), prepare: (app, f) => payUp(app, f.caller) },
  // Each member has first asked to join; the organiser cannot leave their circle.
  'njangi.leave': {
    rule: 'circles.view',
    input: (f) => ({ id: f.circle.recruiting }),
    prepare: (app, f) => {
      if (f.caller && f.cell.member !== 'non-member' && f.cell.member !== 'creator') joinCircle(app.db, { circleId: f.circle.recruiting, userId: f.caller.id, hands: 1, now: W.now });
    },
    except: (c) => (c.member === 'creator' ? 403 : undefined),
  },
  'njangi.decideJoin': { rule: 'circles.view', input: (f) => ({ id: f.circle.recruiting, userId: f.circle.requesterId, approve: true }), except: circleOrganiser },
  // The member's one hand already holds position 1 (409: no pick left).
  'njangi.pickPosition': { rule: 'circles.view', input: (f) => ({ id: f.circle.picking, position: 2 }), except: (c) => (c.member === 'member' ? 409 : undefined) },
  // Only the member holds a position to release; anyone else has none there (404).
  'njangi.releasePosition': { rule: 'circles.view', input: (f) => ({ id: f.circle.picking, position: 1 }), except: (c) => (c.member === 'member' ? undefined : 404) },
  'njangi.start': { rule: 'circles.view', input: (f) => ({ id: f.circle.full }), except: circleOrganiser },
  'njangi.cancel': { rule: 'circles.view', input: (f) => ({ id: f.circle.recruiting, reason: 'Not enough members' }), except: circleOrganiser },
  'njangi.declareContribution': {
    rule: 'circles.view',
    input: (f) => ({ id: f.circle.active, roundId: f.circle.laterRound, handId: f.circle.handOf(f.caller?.id), method: 'mobile_money', reference: 'MOMO-3' }),
  },
  'njangi.recordContribution': { rule: 'circles.view', input: (f) => ({ id: f.circle.active, roundId: f.circle.laterRound, handId: f.circle.handOf(f.target.id) }), except: circleOrganiser },
  'njangi.confirmContribution': { rule: 'circles.view', input: (f) => ({ id: f.circle.pendingContribution }), except: circleOrganiser },
  'njangi.rejectContribution': { rule: 'circles.view', input: (f) => ({ id: f.circle.pendingContribution, reason: 'Not on the statement' }), except: circleOrganiser },
  'njangi.bid': { rule: 'circles.view', input: (f) => ({ id: f.circle.auctionRound, handId: f.circle.auctionHandOf(f.caller?.id), discount: 1000 }) },
  'njangi.recordPayout': { rule: 'circles.view', input: (f) => ({ id: f.circle.nextRound, method: 'cash' }), except: circleOrganiser },
  // The treasurer received round 1: only they confirm or dispute it.
  'njangi.confirmReceipt': { rule: 'circles.view', input: (f) => ({ id: f.circle.payout }), except: circleRole('treasurer') },
  'njangi.disputePayout': { rule: 'circles.view', input: (f) => ({ id: f.circle.payout, reason: 'Nothing arrived' }), except: circleRole('treasurer') },
  // From the caller's own hand to the target's; the treasurer's only hand has received (409).
  'njangi.requestSwap': {
    rule: 'circles.view',
    input: (f) => ({ id: f.circle.active, fromHandId: f.circle.handOf(f.caller?.id), toHandId: f.circle.handOf(f.target.id) }),
    except: (c) => (c.member === 'treasurer' ? 409 : undefined),
  },
  'njangi.acceptSwap': { rule: 'circles.view', input: (f) => ({ id: f.circle.requestedSwap }), except: circleRole('member') },
  'njangi.approveSwap': { rule: 'circles.view', input: (f) => ({ id: f.circle.acceptedSwap }), except: circleOrganiser },
  'njangi.declineSwap': { rule: 'circles.view', input: (f) => ({ id: f.circle.requestedSwap }), except: circleRole('member', 'creator') },
  // Top-ups of the late circle: the organiser pays them on; the treasurer received round 1, so confirms or disputes its top-up.
  'njangi.recordTopUp': { rule: 'circles.view', input: (f) => ({ id: f.circle.late.owedTopUp, method: 'cash' }), except: circleOrganiser },
  'njangi.confirmTopUp': { rule: 'circles.view', input: (f) => ({ id: f.circle.late.recordedTopUp }), except: circleRole('treasurer') },
  'njangi.disputeTopUp': { rule: 'circles.view', input: (f) => ({ id: f.circle.late.recordedTopUp, reason: 'Nothing arrived' }), except: circleRole('treasurer') },
  // The organiser's own money is the finance officers' to decide; the creator organises the fixture's circles, so is refused.
  'njangi.officerConfirmContribution': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserPending }), except: notTheOrganiser },
  'njangi.officerRejectContribution': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserPending, reason: 'Not in the cash box' }), except: notTheOrganiser },
  'njangi.officerMarkFinePaid': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserFine }), except: notTheOrganiser },
  'njangi.officerWaiveFine': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserFine, reason: 'Was travelling' }), except: notTheOrganiser },
  'njangi.officerRecordPayout': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserRound, method: 'cash' }), except: notTheOrganiser },
  'njangi.officerRecordTopUp': { rule: 'finances.record', input: (f) => ({ id: f.circle.late.organiserTopUp, method: 'cash' }), except: notTheOrganiser },
  'njangi.markFinePaid': { rule: 'circles.view', input: (f) => ({ id: f.circle.fine }), except: circleOrganiser },
  'njangi.waiveFine': { rule: 'circles.view', input: (f) => ({ id: f.circle.fine, reason: 'Family emergency' }), except: circleOrganiser },
  'njangi.report': { rule: 'circles.view', input: (f) => ({ id: f.circle.active }) },
  'njangi.reportCsv': { rule: 'circles.view', input: (f) => ({ id: f.circle.active }) },

  // Invitations: the fixture link and email invitation are the cell community's. Accepting the
  // link joins a non-member; a member gets 409 and nothing is counted. Invitations by id are the
  // caller's own (prepared for the non-member, verified address required); anyone else's is 404.
  'invitations.send': { rule: 'invitations.send', input: (f) => ({ communityId: f.community.id, emails: ['new.friend@example.org'], message: 'Join us' }), except: unverifiedSender },
  'invitations.mine': { rule: 'authed' },
  'invitations.accept': { rule: 'authed', input: (f) => ({ token: f.inviteToken }), except: (c) => (c.member === 'non-member' ? undefined : 409) },
  'invitations.acceptById': { rule: 'authed', input: (f) => ({ id: ownInvitation.get(f) ?? f.invitation }), prepare: prepareOwnInvitation, except: ownInvitationOutcome },
  'invitations.decline': { rule: 'authed', input: (f) => ({ id: ownInvitation.get(f) ?? f.invitation }), prepare: prepareOwnInvitation, except: ownInvitationOutcome },
  'invitations.preview': { rule: 'public', input: (f) => ({ token: f.inviteToken }) },
  'invitations.createLink': { rule: 'invitations.send', input: (f) => ({ communityId: f.community.id, expiresInDays: 7, maxUses: 10 }) },
  'invitations.links': { rule: 'invitations.send', input: inCommunity },
  'invitations.revokeLink': { rule: 'invitations.send', input: (f) => ({ id: f.inviteLink }) },
  'invitations.pending': { rule: 'invitations.send', input: inCommunity },
  'invitations.resend': { rule: 'invitations.send', input: (f) => ({ id: f.invitation }), except: unverifiedSender },
  // Whoever holds an email invitation's token (the owner of the address it went to).
  'invitations.report': { rule: 'public', input: (f) => ({ token: f.invitationToken }) },
  'invitations.cancel': { rule: 'invitations.send', input: (f) => ({ id: f.invitation }) },

  // Chat: the fixture's message in #general is the creator's (and reported by the target); its
  // private channel holds the creator and the admins only, so other members are told it does
  // not exist (404). Leaders (chat.moderate) also delete others' messages in channels.
  'chat.conversations': { rule: 'authed' },
  'chat.conversation': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general }) },
  'chat.unreadTotal': { rule: 'authed' },
  'chat.messages': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general }) },
  'chat.since': { rule: 'authed', input: () => ({ afterId: 0 }) },
  'chat.send': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general, body: 'Hello all' }) },
  'chat.edit': { rule: 'chat.view', input: (f) => ({ id: f.chat.message, body: 'Welcome, everyone' }), except: authorOnly },
  'chat.delete': { rule: 'chat.view', input: (f) => ({ id: f.chat.message }), except: (c) => (c.member === 'creator' || c.member === 'community admin' ? undefined : 403) },
  'chat.react': { rule: 'chat.view', input: (f) => ({ id: f.chat.message, emoji: '👍', on: true }) },
  // The creator wrote the message, so has read it already.
  'chat.markRead': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general, messageId: f.chat.message }), writes: (c) => c.member !== 'creator' },
  'chat.setMuted': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general, muted: true }) },
  'chat.createChannel': { rule: 'chat.moderate', input: (f) => ({ communityId: f.community.id, name: 'events', topic: 'Outings' }) },
  'chat.updateChannel': { rule: 'chat.moderate', input: (f) => ({ conversationId: f.chat.general, topic: 'Say hello' }) },
  'chat.addMembers': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.privateChannel, userIds: [f.target.id] }), except: (c) => (c.member === 'creator' || c.member === 'community admin' ? undefined : 404) },
  // The creator leaves the private channel, or an admin removes them from it.
  'chat.removeMember': {
    rule: 'chat.view',
    input: (f) => ({ conversationId: f.chat.privateChannel, userId: W.users[f.cell.site === 'anonymous' ? 'user' : f.cell.site].creator.id }),
    except: (c) => (c.member === 'creator' || c.member === 'community admin' ? undefined : 404),
  },
  // With someone the caller shares a community with: the other user's, which each caller joins first.
  'chat.openDirect': {
    rule: 'authed',
    input: (f) => ({ userId: f.other.id }),
    prepare: (app, f) => {
      if (!f.caller) return;
      const joined = app.db.$client.prepare("INSERT OR IGNORE INTO memberships (community_id, user_id, role, joined_at) VALUES (?, ?, 'member', ?)").run(f.elsewhere.id, f.caller.id, W.now);
      if (joined.changes) app.db.$client.prepare('UPDATE communities SET member_count = member_count + 1 WHERE id = ?').run(f.elsewhere.id);
    },
  },
  'chat.createGroup': { rule: 'chat.view', input: (f) => ({ communityId: f.community.id, userIds: [f.target.id], name: 'Drivers' }) },
  'chat.people': { rule: 'authed', input: () => ({ prefix: 'T' }) },
  'chat.muteMember': { rule: 'chat.moderate', input: (f) => ({ conversationId: f.chat.general, userId: f.target.id, minutes: 10 }) },
  'chat.report': { rule: 'chat.view', input: (f) => ({ id: f.chat.message, reason: 'Off topic' }), except: (c) => (c.member === 'creator' ? 400 : undefined) },
  'chat.reports': { rule: 'chat.moderate', input: inCommunity },
  'chat.resolveReport': { rule: 'chat.moderate', input: (f) => ({ id: f.chat.report }) },

  // Calls: the fixture's call rings in #general, started by the creator (the only one in it); a
  // channel's call rings nobody, so there is nothing to decline (409). Leaving is the creator's
  // (the others are not in it: 409); ending, the starter's or a leader's in a channel (403).
  'calls.start': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.lounge, media: 'video' }) },
  'calls.current': { rule: 'chat.view', input: (f) => ({ conversationId: f.chat.general }) },
  'calls.ringing': { rule: 'authed' },
  'calls.accept': { rule: 'chat.view', input: (f) => ({ callId: f.chat.call }), writes: (c) => c.member !== 'creator' },
  'calls.decline': { rule: 'chat.view', input: (f) => ({ callId: f.chat.call }), prepare: ringCaller, except: (c) => (c.member === 'creator' ? 409 : undefined) },
  'calls.leave': { rule: 'chat.view', input: (f) => ({ callId: f.chat.call }), except: (c) => (c.member === 'creator' ? undefined : 409) },
  'calls.end': { rule: 'chat.view', input: (f) => ({ callId: f.chat.call }), except: (c) => (c.member === 'creator' || c.member === 'community admin' ? undefined : 403) },
  'calls.iceServers': { rule: 'chat.view', input: (f) => ({ callId: f.chat.call }) },

  // Standing: every member reads their own standing, the categories and the rules; the roll and
  // the suspensions are for standing.view (leaders and the treasurer); categories, rules and
  // suspensions are set by leaders (standing.manage). The fixture's suspension of the target starts tomorrow.
  'standing.mine': { rule: 'community.view', input: inCommunity },
  'standing.roll': { rule: 'standing.view', input: inCommunity },
  'standing.counts': { rule: 'standing.view', input: inCommunity },
  'standing.rollCsv': { rule: 'standing.view', input: inCommunity },
  'standing.suspensions': { rule: 'standing.view', input: inCommunity },
  'standing.categories': { rule: 'community.view', input: inCommunity },
  'standing.rules': { rule: 'community.view', input: inCommunity },
  'standing.createCategory': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, name: 'Student' }) },
  'standing.updateCategory': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, id: f.welfare.category, description: 'Members who pay full dues' }) },
  'standing.setMemberCategory': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, userId: f.target.id, categoryId: f.welfare.otherCategory }) },
  'standing.saveRules': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, waitingDays: 30, suspendAfterDays: 90 }) },
  'standing.suspend': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, userId: f.target.id, reason: 'Unpaid dues', endsAt: W.now + 30 * DAY }) },
  'standing.liftSuspension': { rule: 'standing.manage', input: (f) => ({ communityId: f.community.id, id: f.welfare.suspension, reason: 'Paid up' }) },

  // Welfare: members (welfare.view) read funds and the cases the community shares, register their
  // own dependants, open cases, pay their own levies and confirm a benefit paid to them (the
  // fixture's paid case is the plain member's); officers (welfare.manage) decide cases opened by
  // the target, who is no caller, so no caller is a party. Only the opener and officers add papers.
  'welfare.funds': { rule: 'welfare.view', input: inCommunity },
  'welfare.fund': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.fund }) },
  'welfare.createFund': { rule: 'welfare.manage', input: (f) => ({ communityId: f.community.id, name: 'Repatriation fund', kind: 'repatriation', financing: 'levy', rules: BEREAVEMENT }) },
  'welfare.changeRules': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.fund, rules: { ...BEREAVEMENT, levyAmount: 6_000 } }) },
  'welfare.dependants': { rule: 'welfare.view', input: inCommunity },
  'welfare.addDependant': { rule: 'welfare.view', input: (f) => ({ communityId: f.community.id, name: 'Mama Ngo', relationship: 'parent' }) },
  'welfare.removeDependant': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.memberDependant }), except: circleRole('member') },
  'welfare.cases': { rule: 'welfare.view', input: inCommunity },
  'welfare.case': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.approvedCase }) },
  'welfare.openCase': { rule: 'welfare.view', input: (f) => ({ communityId: f.community.id, fundId: f.welfare.fund, memberId: f.target.id, dependantId: f.welfare.freeDependant }) },
  'welfare.addDocument': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.openCase, url: f.upload, label: 'Hospital letter' }), except: (c) => (c.member === 'member' ? 403 : undefined) },
  'welfare.verify': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.openCase }) },
  'welfare.approve': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.verifiedCase }) },
  'welfare.reject': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.openCase, reason: 'Not covered' }) },
  'welfare.issueLevy': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.approvedCase }) },
  'welfare.payBenefit': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.generalCase, accountId: f.books.account, method: 'cash', proofUrl: f.upload }) },
  'welfare.confirmBenefit': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.paidCase }), except: circleRole('member') },
  'welfare.close': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.confirmedCase, note: 'Presented at the meeting' }) },
  'welfare.condolence': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.approvedCase, consent: 'Her son agreed', title: 'Condolences', message: 'Our thoughts are with the family.' }) },
  'welfare.reportCsv': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.confirmedCase }) },
  'welfare.myLevies': { rule: 'welfare.view', input: inCommunity },
  'welfare.payLevy': { rule: 'welfare.view', input: (f) => ({ id: f.welfare.memberLevy, amount: 5_000, method: 'cash' }), except: circleRole('member') },
  // Who has paid a case's levy, member by member: its officers only (members read the totals).
  'welfare.caseLevies': { rule: 'welfare.manage', input: (f) => ({ id: f.welfare.paidCase }) },
  'welfare.recordLevyCash': { rule: 'finances.record', input: (f) => ({ id: f.welfare.memberLevy, accountId: f.books.account, amount: 5_000 }) },
  'welfare.needs': { rule: 'authed' },

  // Savings-and-loans groups: every member of the community sees the groups; the leaders start
  // them and name their officers (savings.organise). Inside the fixture's group the creator
  // chairs, the treasurer is its treasurer, the admin its secretary and the plain member a member:
  // the group's officers record, decide and reverse (the plain member is refused, 403), never on
  // money of their own (the fixture's entries are the target's).
  'savings.groups': { rule: 'savings.view', input: inCommunity },
  'savings.group': { rule: 'savings.view', input: (f) => ({ id: f.savings.group }) },
  'savings.createGroup': { rule: 'savings.organise', input: (f) => ({ communityId: f.community.id, name: 'Second table', timeZone: 'Africa/Douala', rules: VSLA }) },
  'savings.changeRules': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, rules: { ...VSLA, sharePrice: 2_000 } }), except: groupOfficer },
  // The caller left the group first (in the cell's copy), so they may ask to join again.
  'savings.join': { rule: 'savings.view', input: (f) => ({ id: f.savings.group }), prepare: (app, f) => leaveGroup(app, f, f.caller) },
  'savings.decideJoin': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, userId: f.target.id, approve: true }), prepare: (app, f) => askAgain(app, f), except: groupOfficer },
  'savings.addMember': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, userId: f.target.id }), prepare: (app, f) => leaveGroup(app, f, f.target), except: groupOfficer },
  'savings.setRole': { rule: 'savings.organise', input: (f) => ({ id: f.savings.group, userId: f.target.id, role: 'secretary' }) },
  // The fixture's cycle is closed first (in the cell's copy): one cycle is open at a time.
  'savings.openCycle': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, startDate: '2090-01-06' }), prepare: (app, f) => closeCycle(app, f), except: groupOfficer },
  'savings.statement': { rule: 'savings.view', input: (f) => ({ id: f.savings.group }) },
  'savings.ledger': { rule: 'savings.view', input: (f) => ({ id: f.savings.group }), except: groupOfficer },
  'savings.recordMeeting': { rule: 'savings.view', input: (f) => ({ meetingId: f.savings.meeting, method: 'cash', lines: [{ userId: f.target.id, fines: ['late'] }] }), except: groupOfficer },
  'savings.declare': { rule: 'savings.view', input: (f) => ({ meetingId: f.savings.meeting, method: 'cash', shares: 1 }) },
  'savings.confirm': { rule: 'savings.view', input: (f) => ({ id: f.savings.pendingEntry }), except: groupOfficer },
  'savings.reject': { rule: 'savings.view', input: (f) => ({ id: f.savings.pendingEntry, reason: 'Not seen at the meeting' }), except: groupOfficer },
  'savings.reverse': { rule: 'savings.view', input: (f) => ({ id: f.savings.confirmedEntry, reason: 'Recorded twice', step: 'propose' }), except: groupOfficer },
  // A reversal proposed by someone outside the callers: any officer may decline it (the entry is the target's).
  'savings.declineReversal': { rule: 'savings.view', input: (f) => ({ id: f.savings.confirmedEntry, reason: 'It was right' }), prepare: (app, f) => reversalProposed(app, f), except: groupOfficer },
  // A grant from the fixture's social fund (500) to the target: the group's officers propose it.
  // Only the grant's beneficiary confirms receiving it; to anyone else it does not exist.
  'savings.confirmGrantReceipt': { rule: 'savings.view', input: () => ({ id: GRANT_ID }), prepare: (app, f) => grantToMember(app, f), except: (c) => (c.member === 'member' ? undefined : 404) },
  'savings.proposeGrant': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, userId: f.target.id, amount: 100, purpose: 'Hospital bill', method: 'cash' }), except: groupOfficer },
  // Loans: the fixture's loan is the target's, requested; each cell moves its own copy on as it needs.
  // The caller has saved a share first, so may borrow 1,000 on their own savings.
  'savings.requestLoan': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, principal: 1_000, periods: 3, purpose: 'Seeds for the farm' }), prepare: (app, f) => saveAShare(app, f) },
  // Only the loan's guarantor (the plain member, in the cell's copy) answers.
  'savings.answerGuarantee': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, accept: true }), prepare: (app, f) => guaranteeBy(app, f), except: circleRole('member') },
  'savings.approveLoan': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan }), except: groupOfficer },
  'savings.rejectLoan': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, reason: 'The fund is short' }), except: groupOfficer },
  'savings.disburseLoan': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, method: 'cash' }), prepare: (app, f) => loanIs(app, f, 'approved'), except: groupOfficer },
  // The borrower (here the plain member) or an officer who is no party withdraws a disbursement not received.
  'savings.cancelDisbursement': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, reason: 'Never handed over' }), prepare: (app, f) => disbursingToMember(app, f), except: circleRole('creator', 'community admin', 'treasurer', 'member') },
  // The borrower alone confirms receiving it (the plain member's, in the cell's copy).
  'savings.confirmLoanReceipt': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan }), prepare: (app, f) => disbursingToMember(app, f), except: circleRole('member') },
  // The first officer's call proposes the write-off (the second decides it: tests/api/savings-loans.test.ts).
  'savings.writeOffLoan': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, reason: 'Moved away, unreachable' }), prepare: (app, f) => loanIs(app, f, 'active'), except: groupOfficer },
  'savings.recordRepayment': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan, amount: 100, method: 'cash' }), prepare: (app, f) => loanIs(app, f, 'active'), except: groupOfficer },
  'savings.confirmRepayment': { rule: 'savings.view', input: () => ({ id: REPAYMENT_ID }), prepare: (app, f) => pendingRepayment(app, f), except: groupOfficer },
  'savings.rejectRepayment': { rule: 'savings.view', input: () => ({ id: REPAYMENT_ID, reason: 'Not received' }), prepare: (app, f) => pendingRepayment(app, f), except: groupOfficer },
  // The target's loan: its officers read it; to a plain member who neither borrowed nor guarantees it, it does not exist.
  'savings.loan': { rule: 'savings.view', input: (f) => ({ id: f.savings.loan }), except: (c) => (c.member === 'member' ? 404 : undefined) },
  // Closing the cycle: the group's officers preview and propose; a second officer confirms or rejects; its proposer withdraws; every member reads the report.
  'savings.shareOutPreview': { rule: 'savings.view', input: (f) => ({ id: f.savings.group }), except: groupOfficer },
  'savings.proposeShareOut': { rule: 'savings.view', input: (f) => ({ id: f.savings.group, carryLoanIds: [] }), prepare: (app, f) => readyToClose(app, f), except: groupOfficer },
  'savings.confirmShareOut': { rule: 'savings.view', input: () => ({ id: SHARE_OUT_ID }), prepare: (app, f) => proposedShareOut(app, f), except: groupOfficer },
  'savings.rejectShareOut': { rule: 'savings.view', input: () => ({ id: SHARE_OUT_ID, reason: 'Count the cash again' }), prepare: (app, f) => proposedShareOut(app, f), except: groupOfficer },
  'savings.withdrawShareOut': { rule: 'savings.view', input: () => ({ id: SHARE_OUT_ID }), prepare: (app, f) => proposedShareOut(app, f, f.caller), except: groupOfficer },
  'savings.shareOut': { rule: 'savings.view', input: (f) => ({ cycleId: f.savings.cycle }), prepare: (app, f) => sharedOut(app, f) },

  // Meetings: every member sees them and their own code and fines; leaders and the treasurer take
  // attendance (meetings.record); leaders call meetings, set agenda, host, rota and rules and waive
  // fines (meetings.manage). The cell's meeting and fine are made in its own copy.
  'meetings.settings': { rule: 'meetings.view', input: inCommunity },
  'meetings.updateSettings': { rule: 'meetings.manage', input: (f) => ({ communityId: f.community.id, quorumKind: 'count', quorumValue: 3, lateFine: 100, absenceFine: 200, maxProxies: 2 }) },
  'meetings.list': { rule: 'meetings.view', input: inCommunity },
  'meetings.create': { rule: 'meetings.manage', input: (f) => ({ communityId: f.community.id, title: 'Extraordinary meeting', startsAt: W.now + 3 * DAY, endsAt: W.now + 3 * DAY + HOUR, timeZone: 'Africa/Douala' }) },
  'meetings.get': { rule: 'meetings.view', input: atMeeting(), prepare: meetingTomorrow },
  'meetings.setAgenda': { rule: 'meetings.manage', input: atMeeting({ items: [{ title: 'Welcome', time: '18:00' }] }), prepare: meetingTomorrow },
  'meetings.rota': { rule: 'meetings.manage', input: inCommunity },
  'meetings.setRota': { rule: 'meetings.manage', input: (f) => ({ communityId: f.community.id, userIds: [f.target.id] }) },
  'meetings.setHost': { rule: 'meetings.manage', input: (f) => ({ meetingId: MEETING_ID, userId: f.target.id }), prepare: meetingTomorrow },
  'meetings.roster': { rule: 'meetings.record', input: atMeeting(), prepare: meetingTomorrow },
  'meetings.markAttendance': { rule: 'meetings.record', input: (f) => ({ meetingId: MEETING_ID, userId: f.target.id, status: 'absent' }), prepare: meetingTomorrow },
  'meetings.checkIn': { rule: 'meetings.record', input: (f) => ({ meetingId: MEETING_ID, code: checkInCode(f.community.id, f.target.id) }), prepare: meetingTomorrow },
  'meetings.myCode': { rule: 'meetings.view', input: inCommunity },
  'meetings.fines': { rule: 'meetings.view', input: inCommunity },
  'meetings.waiveFine': { rule: 'meetings.manage', input: () => ({ fineId: MEETING_FINE_ID, reason: 'Was at a funeral' }), prepare: targetFined },
  // Only the fine's member (the plain member, in the cell's copy) declares paying it; finance officers record cash for them.
  'meetings.payFine': { rule: 'meetings.view', input: () => ({ fineId: MEETING_FINE_ID, amount: 500, method: 'cash' }), prepare: plainMemberFined, except: circleRole('member') },
  'meetings.recordFineCash': { rule: 'finances.record', input: (f) => ({ fineId: MEETING_FINE_ID, accountId: f.books.account, amount: 500 }), prepare: targetFined },
  // Minutes, proxies and votes: a meeting of the cell's community with fixed ids (tests/setup/hardening-meeting-minutes.ts).
  'meetings.minutes': { rule: 'meetings.view', input: () => ({ meetingId: MATRIX_MEETING }), prepare: (app, f) => matrixMeeting(app.db, meetingCell(f)) },
  'meetings.saveMinutes': { rule: 'meetings.record', input: () => ({ meetingId: MATRIX_MEETING, body: 'The members agreed.' }), prepare: (app, f) => matrixMeeting(app.db, meetingCell(f)) },
  'meetings.shareMinutes': { rule: 'meetings.record', input: () => ({ meetingId: MATRIX_MEETING }), prepare: (app, f) => matrixMinutes(app.db, meetingCell(f), 'draft') },
  'meetings.proposeMinutesApproval': { rule: 'meetings.record', input: () => ({ meetingId: MATRIX_MEETING, atMeetingId: MATRIX_LATER_MEETING }), prepare: (app, f) => matrixMinutes(app.db, meetingCell(f), 'shared') },
  // Giving one's vote is a right of members in good standing: the caller's dues are paid up first.
  'meetings.grantProxy': {
    rule: 'meetings.view',
    input: (f) => ({ meetingId: MATRIX_MEETING, holderId: f.target.id }),
    prepare: (app, f) => {
      matrixMeeting(app.db, meetingCell(f));
      payUp(app, f.caller);
    },
  },
  'meetings.revokeProxy': { rule: 'meetings.view', input: () => ({ meetingId: MATRIX_MEETING }), prepare: (app, f) => matrixProxyGiven(app.db, meetingCell(f)) },
  'meetings.proxies': { rule: 'meetings.view', input: () => ({ meetingId: MATRIX_MEETING }), prepare: (app, f) => matrixProxyGiven(app.db, meetingCell(f)) },
  'meetings.openVote': { rule: 'meetings.manage', input: () => ({ meetingId: MATRIX_MEETING, title: 'Venue', options: ['Hall', 'Garden'] }), prepare: (app, f) => matrixMeeting(app.db, meetingCell(f)) },
  // The caller, present, holds the target member's proxy and casts their ballot.
  'meetings.voteAsProxy': { rule: 'meetings.view', input: (f) => ({ pollId: MATRIX_VOTE, grantorId: f.target.id, choices: [MATRIX_VOTE_OPTION] }), prepare: (app, f) => matrixProxyBallot(app.db, meetingCell(f)) },
  'meetings.votes': { rule: 'meetings.view', input: () => ({ meetingId: MATRIX_MEETING }), prepare: (app, f) => matrixProxyBallot(app.db, meetingCell(f)) },
  // Offline sync: any account sends its phone's records; each record is then held to its own operation's guard
  // (a plain member's cash record is refused inside the answer), and every answer is remembered, so a call always writes.
  'sync.apply': {
    rule: 'authed',
    input: (f) => ({ records: [{ key: 'matrix-1', op: 'finances.recordPayment', input: { communityId: f.community.id, memberId: f.target.id, accountId: f.books.account, amount: 100, currency: 'XAF', purpose: 'dues', method: 'cash' } }] }),
  },
};

type ProcDef = { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } };
const PROCEDURES = appRouter._def.procedures as unknown as Record<string, ProcDef>;
const ROUTER_PATHS = Object.keys(PROCEDURES).sort();
const TABLE_PATHS = Object.keys(TABLE).sort();

/** The outcome a cell must have: the rule, read through the permission table. */
function expected(path: string, e: Entry, c: Cell): Outcome {
  const byRule = ((): Outcome => {
    if (e.rule === 'public') return 'allow';
    if (c.site === 'anonymous') return 401;
    if (c.mustChangePassword && path !== 'auth.changePassword') return 403;
    if (e.rule === 'authed') return 'allow';
    if (isStaffCapability(e.rule)) return staffCan(STAFF_ROLE_OF[c.site], e.rule) ? 'allow' : 403;
    // Community capabilities: outsiders of a private community are told it does not exist.
    if (c.member === 'non-member') return c.privacy === 'public' ? 403 : 404;
    return can(COMMUNITY_ROLE_OF[c.member], e.rule) ? 'allow' : 403;
  })();
  return byRule === 'allow' ? (e.except?.(c) ?? 'allow') : byRule;
}

/** The rule an operation declares, in the matrix's terms. */
function declared(access: Access): Rule {
  if (access.kind === 'anyone') return 'public';
  if (access.kind === 'signed-in') return 'authed';
  return access.capability;
}

const label = (c: Cell) =>
  c.site === 'anonymous'
    ? `anonymous (${c.privacy})`
    : `${c.site}${c.mustChangePassword ? ' with mustChangePassword' : ''} × ${c.member} (${c.privacy})`;

const CELLS: Cell[] = PRIVACIES.flatMap((privacy) => [
  { site: 'anonymous' as const, member: 'non-member' as const, privacy },
  ...SITE_ROLES.flatMap((site) => MEMBERS.map((member) => ({ site, member, privacy }))),
]);
const STUCK_CELL: Cell = { site: 'superadmin', member: 'community admin', privacy: 'public', mustChangePassword: true };

let W: World;

async function buildWorld(): Promise<World> {
  const t = makeTestApp();
  const now = t.clock.now();
  const mk = (over: Partial<UserRow>) => makeUser(t.db, { createdAt: now - 86_400_000, ...over });
  const users = {} as World['users'];
  for (const site of SITE_ROLES) {
    users[site] = {} as Record<Member, UserRow>;
    for (const member of MEMBERS) {
      users[site][member] = await mk({
        role: site === 'unverified' ? 'user' : site,
        isEmailVerified: site !== 'unverified',
        firstName: site,
        lastName: member.replace(' ', '-'),
      });
    }
  }
  const target = await mk({ firstName: 'Tari', lastName: 'Target' });
  const requester = await mk({ firstName: 'Rue', lastName: 'Requester' });
  const subject = await mk({ firstName: 'Sam', lastName: 'Subject', isEmailVerified: false });
  const loginUser = await mk({ firstName: 'Lola', lastName: 'Login' });
  const staffLogin = await mk({ firstName: 'Stan', lastName: 'Staff', role: 'admin' });
  const stuck = await mk({ firstName: 'Stella', lastName: 'Stuck', role: 'superadmin', mustChangePassword: true });
  const other = await mk({ firstName: 'Otto', lastName: 'Other' });

  const inside: World['inside'] = new Map();
  const furnish = (c: CommunityRow, creator: UserRow) => {
    addMember(t.db, { communityId: c.id, user: target });
    const announcement = seedAnnouncement(t, { community: c, author: creator, title: `News of ${c.name}` }).id;
    const category = seedCategory(t, { community: c, name: `Events of ${c.id}` }).id;
    const request = pendingRequest(t, c, requester).id;
    // The books: every payment and expense is the target member's, so no caller acts on their own.
    const books = seedBooks(t, { community: c, officer: creator, approver: creator, member: target });
    // An event in three days, and one under way (written directly: the service refuses a start in the past).
    const event = createEvent(t.db, { community: c, createdBy: creator.id, input: { title: `Meeting of ${c.id}`, description: '', startsAt: now + 3 * DAY, endsAt: now + 3 * DAY + 2 * HOUR, timeZone: 'Africa/Douala', visibility: 'members' }, now }).id;
    const startedEvent = t.db
      .insert(events)
      .values({ communityId: c.id, title: `Under way in ${c.id}`, startsAt: now - HOUR, endsAt: now + HOUR, timeZone: 'Africa/Douala', createdBy: creator.id, createdAt: now, updatedAt: now })
      .returning({ id: events.id })
      .get().id;
    const community = { id: c.id, name: c.name };
    const pollRow = createPoll(t.db, { community, createdBy: creator.id, input: { kind: 'single', title: `Venue of ${c.id}`, description: '', options: ['Hall', 'Park'], closesAt: now + 3 * DAY, anonymous: false, resultsVisibility: 'live', eligibility: 'all' }, now });
    const electionInput = { kind: 'election' as const, description: '', seats: 1, closesAt: now + 7 * DAY, anonymous: true, resultsVisibility: 'after_close' as const, eligibility: 'all' as const };
    const election = createPoll(t.db, { community, createdBy: creator.id, input: { ...electionInput, title: `Chair of ${c.id}` }, now }).id;
    nominate(t.db, { id: election, userId: target.id, by: creator.id, byManager: true, community, now });
    const readyElection = createPoll(t.db, { community, createdBy: creator.id, input: { ...electionInput, title: `Secretary of ${c.id}` }, now }).id;
    nominate(t.db, { id: readyElection, userId: target.id, by: creator.id, byManager: true, community, now });
    answerNomination(t.db, { id: readyElection, userId: target.id, accept: true, now });
    nominate(t.db, { id: readyElection, userId: creator.id, by: creator.id, byManager: true, community, now });
    const author = { id: creator.id, name: `${creator.firstName} ${creator.lastName}` };
    const topic = createTopic(t.db, { community, author, input: { title: `Hall for ${c.id}`, body: 'Who knows a hall?', category: null }, now }).id;
    const reply = postReply(t.db, { topicId: topic, community, author, canModerate: true, body: 'The church hall.', now }).id;
    const invites = seedInvitations(t, community, creator);
    const chat = seedChat(t, community, creator, target);
    const docs = seedDocuments(t, c.id, creator.id, now);
    inside.set(c.id, { announcement, category, request, books, event, startedEvent, poll: pollRow.id, pollOption: pollRow.options[0]!.id, election, readyElection, topic, reply, ...invites, ...chat, ...docs });
  };
  const communities = {} as World['communities'];
  const circles: World['circles'] = new Map();
  const proofs: World['proofs'] = new Map();
  const welfare: World['welfare'] = new Map();
  const savings: World['savings'] = new Map();
  for (const site of SITE_ROLES) {
    const u = users[site];
    const make = (isPublic: boolean) => {
      const c = makeCommunity(t.db, { creator: u.creator, name: `${site} ${isPublic ? 'public' : 'private'} circle`, isPublic });
      addMember(t.db, { communityId: c.id, user: u['community admin'], role: 'admin' });
      addMember(t.db, { communityId: c.id, user: u.treasurer, role: 'treasurer' });
      addMember(t.db, { communityId: c.id, user: u.member });
      furnish(c, u.creator);
      // The creator organises; the treasurer received round 1 (and, as a finance officer, decides on
      // the creator's own money); the member is asked to swap by the target, the admin has accepted
      // a swap with the target (see seedCircle).
      const cast = { organiser: u.creator, beneficiary: u.treasurer, asked: u.member, acceptor: u['community admin'], swapper: target, officer: u.treasurer };
      const circle = seedCircle(t, { community: c, cast, now });
      circles.set(c.id, circle);
      const books = inside.get(c.id)!.books;
      proofs.set(c.id, attachProofs(t, { payment: books.payment, paymentBy: target.id, expense: books.pendingExpense, expenseBy: target.id, contribution: circle.pendingContribution, contributionBy: target.id, payout: circle.payout, payoutBy: u.creator.id }));
      welfare.set(c.id, seedWelfare(t, { community: c, officer: u.creator, member: u.member, target, outsider: other }));
      savings.set(c.id, seedSavings(t, { community: c, creator: u.creator, admin: u['community admin'], treasurer: u.treasurer, member: u.member, target, outsider: other }));
      return c;
    };
    communities[site] = { public: make(true), private: make(false) };
  }
  addMember(t.db, { communityId: communities.user.public.id, user: stuck, role: 'admin' });
  const elsewhere = makeCommunity(t.db, { creator: other, name: 'Elsewhere Circle', isPublic: true });
  furnish(elsewhere, other);
  // A circle of another community: extra fields must never reach it.
  buildCircle(t, { community: elsewhere, organiser: other, members: [target], rules: { name: 'Elsewhere Njangi' } });

  const callers = [...SITE_ROLES.flatMap((s) => MEMBERS.map((m) => users[s][m])), stuck];
  const uploads: World['uploads'] = new Map(callers.map((u) => [u.id, storedProof(t, u.id, 'pdf')]));
  const notification: World['notification'] = new Map();
  const otherSession: World['otherSession'] = new Map();
  const sql = t.db.$client;
  for (const u of [...callers, other]) {
    makeNotification(t.db, { userId: u.id, title: 'Hello', message: 'Something happened.', now });
    notification.set(u.id, sql.prepare('SELECT max(id) FROM notifications WHERE user_id = ?').pluck().get(u.id) as number);
    otherSession.set(u.id, createSession(t.db, u.id, now - 60_000, 'Another device').session.id);
  }
  const verifyToken = issueVerificationToken(t.db, subject, now);
  const resetToken = requestPasswordReset(t.db, { email: subject.email, now })!.token;
  const unsubscribe = unsubscribeToken(t.db, other.id, 'events');

  // Each caller has one session, as a sign-in would have left it.
  const cookies: World['cookies'] = new Map();
  for (const u of callers) cookies.set(u.id, sessionCookieFor(t, u.id));

  const image = takeImage(t);
  return {
    t,
    image,
    before: { hashes: tableHashes(t.db) },
    now,
    users,
    communities,
    inside,
    circles,
    proofs,
    welfare,
    savings,
    uploads,
    notification,
    otherSession,
    cookies,
    target,
    requester,
    subject,
    loginUser,
    staffLogin,
    stuck,
    other,
    elsewhere,
    verifyToken,
    resetToken,
    unsubscribeToken: unsubscribe,
  };
}

function fixture(c: Cell): Fx {
  const caller = c.site === 'anonymous' ? null : c.mustChangePassword ? W.stuck : W.users[c.site][c.member];
  const community = W.communities[c.site === 'anonymous' || c.mustChangePassword ? 'user' : c.site][c.privacy];
  const stand = caller ?? W.users.user['non-member'];
  return {
    ...W,
    cell: c,
    caller,
    community,
    ...W.inside.get(community.id)!,
    circle: W.circles.get(community.id)!,
    proofs: W.proofs.get(community.id)!,
    welfare: W.welfare.get(community.id)!,
    savings: W.savings.get(community.id)!,
    upload: W.uploads.get(stand.id)!,
    notification: W.notification.get(stand.id)!,
    otherSession: W.otherSession.get(stand.id)!,
  };
}

/**
 * Every cell runs on one connection over a copy of the image, inside a transaction rolled back
 * when the next cell opens: the cell sees the image exactly, and what it wrote is gone before the
 * next one starts. The connection's prepared statements and the tables' hashes of the image are
 * made once, instead of once per cell with a fresh copy (which cost most of this file's time).
 * The app over it is new per cell (its throttle, mail sender and caches start empty). Services'
 * own transactions become savepoints inside the cell's (better-sqlite3 nests them so).
 */
let cellDb: DB | null = null;
let lastCell: TestApp | null = null;

async function openCell(f: Fx) {
  if (!cellDb) cellDb = openImage(W.image);
  if (lastCell) {
    // What the last cell left running (its mail sender, woken after a commit) ends in its transaction.
    await lastCell.flushMail();
    await lastCell.outbox?.idle();
  }
  const sqlite = cellDb.$client;
  if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  sqlite.exec('BEGIN');
  knowHashes(cellDb, W.before.hashes);
  const app = appOver(cellDb, W.t, W.now);
  lastCell = app;
  const a = new Agent(app);
  a.cookie = f.caller ? W.cookies.get(f.caller.id)! : null;
  /** The change count at the cell's start: while it has not moved, the cell's rows are the image's. */
  const start = totalChanges(cellDb);
  return { app, a, start };
}

/**
 * Makes the cell's call and says whether it wrote: against the image's hashes while the cell's
 * preparation wrote nothing, else against the rows after the preparation (wroteSinceMark).
 */
async function judgeWrites<R>(db: DB, start: number, judge: 'rows' | 'count', make: () => Promise<R>): Promise<{ r: R; wrote: boolean }> {
  const prepared = totalChanges(db) !== start;
  const since = prepared ? markBeforeCall(db) : totalChanges(db);
  const r = await make();
  return { r, wrote: prepared ? wroteSinceMark(db, since, judge) : changedSince(db, since, W.before, judge) };
}

async function call(a: Agent, path: string, input: unknown) {
  return PROCEDURES[path]!._def.type === 'query' ? a.query(path, input) : a.mutate(path, input);
}

const figure = {
  cells: 0,
  allowed: 0,
  refusedAsExpected: 0,
  /** Of those: 400s of a business rule the caller passed authorization for (the creator leaving). */
  refusedByBusinessRule: 0,
  unexpectedAllows: 0,
  unexpectedDenials: 0,
  wrongRefusalStatus: 0,
  refusalsThatWrote: 0,
  queriesThatWrote: 0,
  allowedWritesWithoutEffect: 0,
  extraFieldCalls: 0,
  extraFieldViolations: 0,
  foreignIdCalls: 0,
  foreignIdAllows: 0,
  parityCalls: 0,
  paritySuccesses: 0,
  parityRefusals: 0,
};
/** REST routes none of whose parity cases succeeded (their allowed caller hits a business rule). */
const parityWithoutSuccess: string[] = [];

async function runCell(path: string, e: Entry, c: Cell): Promise<string | null> {
  const f = fixture(c);
  const { app, a, start } = await openCell(f);
  if (e.prepare) {
    e.prepare(app, f);
    // What the cell's preparation queued (a notice's or an invitation's email) leaves first: the call is judged by what it changes itself.
    await app.flushMail();
  }
  const want = expected(path, e, c);
  const isQuery = PROCEDURES[path]!._def.type === 'query';
  // An allowed write is looked for in the pages; a query or a refusal must leave the rows as they were.
  const judge = want === 'allow' && !isQuery ? 'count' : 'rows';
  const { r, wrote } = await judgeWrites(app.db, start, judge, () => call(a, path, e.input?.(f)));
  const ok = r.status >= 200 && r.status < 300;
  const got = ok ? `allow (${r.status})` : `${r.status} ${r.error?.code ?? ''}: ${r.error?.message ?? ''}`;
  figure.cells += 1;
  const miss = (what: string, counter: keyof typeof figure) => {
    figure[counter] += 1;
    return `${path} | ${label(c)}: ${what}; expected ${want}, got ${got}`;
  };
  if (isQuery && wrote) return miss('a query changed the database', 'queriesThatWrote');
  if (want === 'allow') {
    if (!ok) return miss('unexpected denial', 'unexpectedDenials');
    if (!isQuery && (e.writes?.(c) ?? true) && !wrote) return miss('allowed but wrote nothing', 'allowedWritesWithoutEffect');
    figure.allowed += 1;
    return null;
  }
  if (ok) return miss('UNEXPECTED ALLOW', 'unexpectedAllows');
  if (r.status !== want) return miss('refused with the wrong status', 'wrongRefusalStatus');
  if (wrote) return miss('refused but the database changed', 'refusalsThatWrote');
  if (c.mustChangePassword && want === 403 && r.error?.message !== PASSWORD_CHANGE_REQUIRED) {
    return miss(`refused for another reason than the password change (${r.error?.message})`, 'wrongRefusalStatus');
  }
  figure.refusedAsExpected += 1;
  if (want === 400) figure.refusedByBusinessRule += 1;
  return null;
}

beforeAll(async () => {
  W = await buildWorld();
}, 60_000);

afterAll(() => {
  const f = figure;
  console.log(
    [
      'Authorization matrix:',
      `  procedures: ${ROUTER_PATHS.length} (table entries: ${TABLE_PATHS.length})`,
      `  cells tested: ${f.cells} (${CELLS.length} per procedure + 1 mustChangePassword cell each)`,
      `  allowed as expected (2xx): ${f.allowed}; refused as expected: ${f.refusedAsExpected} (of which 400 by a business rule: ${f.refusedByBusinessRule})`,
      `  unexpected allows: ${f.unexpectedAllows}`,
      `  unexpected denials: ${f.unexpectedDenials}`,
      `  refused with the wrong status: ${f.wrongRefusalStatus}; refusals that wrote: ${f.refusalsThatWrote}`,
      `  queries that wrote: ${f.queriesThatWrote}; allowed writes without effect: ${f.allowedWritesWithoutEffect}`,
      `  extra-field calls: ${f.extraFieldCalls}; extra fields that took effect: ${f.extraFieldViolations}`,
      `  another owner's ids: ${f.foreignIdCalls} calls, ${f.foreignIdAllows} allowed`,
      `  REST = tRPC: ${f.parityCalls} calls (${f.paritySuccesses} answered pairs succeeded, ${f.parityRefusals} refused); routes with no success: ${parityWithoutSuccess.join(', ') || 'none'}`,
    ].join('\n'),
  );
});

describe('authorization matrix: the table is generated from the router and the permission table', () => {
  it('states for each procedure the access its operation declares', () => {
    const differ = TABLE_PATHS.filter((p) => OPERATIONS_BY_PATH.has(p) && declared(OPERATIONS_BY_PATH.get(p)!.access) !== TABLE[p]!.rule);
    expect(differ.map((p) => `${p}: table ${TABLE[p]!.rule}, operation ${declared(OPERATIONS_BY_PATH.get(p)!.access)}`)).toEqual([]);
  });
  it('tests every capability of the permission table in some procedure', () => {
    const used = new Set(Object.values(TABLE).map((e) => e.rule));
    expect([...COMMUNITY_CAPABILITIES, ...STAFF_CAPABILITIES].filter((cap) => !used.has(cap)), 'capabilities without a test cell').toEqual([]);
  });
  it('has an entry for every procedure of appRouter', () => {
    expect(ROUTER_PATHS.filter((p) => !(p in TABLE)), 'procedures without a TABLE entry').toEqual([]);
  });
  it('has no entry for a procedure that no longer exists', () => {
    expect(TABLE_PATHS.filter((p) => !(p in PROCEDURES)), 'TABLE entries without a procedure').toEqual([]);
  });
  it('builds one cell per caller kind: 42 per procedure', () => {
    expect(CELLS).toHaveLength(2 * (1 + SITE_ROLES.length * MEMBERS.length));
    expect(new Set(CELLS.map(label)).size).toBe(CELLS.length);
  });
});

describe('authorization matrix: every procedure × caller × community', () => {
  for (const path of [...new Set([...ROUTER_PATHS, ...TABLE_PATHS])].sort()) {
    it(`${path}`, async () => {
      const e = TABLE[path];
      if (!e) throw new Error(`${path} is in appRouter but has no TABLE entry: add its rule and a valid input`);
      if (!PROCEDURES[path]) throw new Error(`TABLE names ${path}, which appRouter no longer has`);
      const misses: string[] = [];
      for (const c of [...CELLS, STUCK_CELL]) {
        const m = await runCell(path, e, c);
        if (m) misses.push(m);
      }
      expect(misses).toEqual([]);
    }, 30_000);
  }
});

/* ------------------------------------------------------------------------------------------- */
/* Part 1b: files served only over REST: proofs of payment and receipts.                        */
/* ------------------------------------------------------------------------------------------- */

/**
 * GET /api/proofs/:name answers the people the money concerns: the payer, author, contributor or
 * beneficiary (the fixtures' target member, or the treasurer for the payout), the circle's
 * organiser (the community's creator) and the community's finance officers, read from the
 * permission table. Every other signed-in caller is told it does not exist (404), whatever their
 * staff role; the signed-out get 401 and a pending password change 403.
 */
const PROOF_ROUTES: [string, (f: Fx) => string][] = [
  ['a payment’s proof', (f) => f.proofs.paymentProof],
  ['an expense’s receipt', (f) => f.proofs.expenseReceipt],
  ['a circle contribution’s proof', (f) => f.proofs.contributionProof],
  ['a circle payout’s proof', (f) => f.proofs.payoutProof],
];
const readsProofs = (m: Member) => can(COMMUNITY_ROLE_OF[m], 'finances.record') || can(COMMUNITY_ROLE_OF[m], 'finances.approve') || m === 'creator';
function proofOutcome(c: Cell): Outcome {
  if (c.site === 'anonymous') return 401;
  if (c.mustChangePassword) return 403;
  return readsProofs(c.member) ? 'allow' : 404;
}

describe('authorization matrix: GET /api/proofs/:name × caller × community', () => {
  for (const [what, urlOf] of PROOF_ROUTES) {
    it(`${what}: finance officers and the organiser read it; other signed-in callers 404, signed out 401`, async () => {
      const misses: string[] = [];
      for (const c of [...CELLS, STUCK_CELL]) {
        const f = fixture(c);
        const { a } = await openCell(f);
        const want = proofOutcome(c);
        const r = await a.rest('GET', urlOf(f));
        figure.cells += 1;
        const ok = r.status === 200 && r.headers.get('cache-control') === 'private, no-store';
        if (want === 'allow' ? !ok : r.status !== want) misses.push(`${what} | ${label(c)}: expected ${want}, got ${r.status} ${r.headers.get('cache-control')}`);
      }
      expect(misses).toEqual([]);
    });
  }
});

/**
 * Exports that are files only over REST (a binary workbook): the same rule as their CSV procedure,
 * read through the permission table like every procedure above.
 */
const FILE_ROUTES: [string, Entry, (f: Fx) => string][] = [
  ['GET /api/imports/templates/:kind/:language.:format', { rule: 'public' }, () => '/api/imports/templates/ledger/fr.xlsx'],
  ['GET /api/communities/:id/finances/export.xlsx', { rule: 'finances.view', except: ledgerForOfficers }, (f) => `/api/communities/${f.community.id}/finances/export.xlsx`],
  ['GET /api/communities/:id/standing/roll.xlsx', { rule: 'standing.view' }, (f) => `/api/communities/${f.community.id}/standing/roll.xlsx`],
  ['GET /api/welfare/cases/:id/report.xlsx', { rule: 'welfare.view' }, (f) => `/api/welfare/cases/${f.welfare.confirmedCase}/report.xlsx`],
  ['GET /api/welfare/cases/:id/report.pdf', { rule: 'welfare.view' }, (f) => `/api/welfare/cases/${f.welfare.confirmedCase}/report.pdf`],
  // A closed cycle's share-out, as savings.shareOut reads it: every member of the group.
  ...(['csv', 'xlsx', 'pdf'] as const).map((ext): [string, Entry, (f: Fx) => string] => [
    `GET /api/communities/:id/savings/cycles/:cycleId/share-out.${ext}`,
    { rule: 'savings.view', prepare: (app, f) => sharedOut(app, f) },
    (f) => `/api/communities/${f.community.id}/savings/cycles/${f.savings.cycle}/share-out.${ext}?lang=fr`,
  ]),
  // The target's receipt: the group's officers read it; to a plain member it does not exist.
  ['GET /api/communities/:id/savings/entries/:id/receipt.pdf', { rule: 'savings.view', except: (c) => (c.member === 'member' ? 404 : undefined) }, (f) => `/api/communities/${f.community.id}/savings/entries/${f.savings.confirmedEntry}/receipt.pdf`],
  ['GET /api/communities/:id/savings/repayments/:id/receipt.pdf', { rule: 'savings.view', except: (c) => (c.member === 'member' ? 404 : undefined) }, (f) => `/api/communities/${f.community.id}/savings/repayments/${f.savings.repayment}/receipt.pdf`],
  // Shared minutes, as meetings.minutes reads them: every member.
  ['GET /api/meetings/:id/minutes.pdf', { rule: 'meetings.view', prepare: (app, f) => matrixMinutes(app.db, meetingCell(f), 'shared') }, () => `/api/meetings/${MATRIX_MEETING}/minutes.pdf?lang=fr`],
];

describe('authorization matrix: REST-only export files × caller × community', () => {
  for (const [what, entry, urlOf] of FILE_ROUTES) {
    it(what, async () => {
      const misses: string[] = [];
      for (const c of [...CELLS, STUCK_CELL]) {
        const f = fixture(c);
        const { app, a, start } = await openCell(f);
        entry.prepare?.(app, f);
        const want = expected(what, entry, c);
        const { r, wrote } = await judgeWrites(app.db, start, 'rows', () => a.rest('GET', urlOf(f)));
        figure.cells += 1;
        if (wrote) misses.push(`${what} | ${label(c)}: wrote to the database`);
        if (want === 'allow' ? r.status !== 200 : r.status !== want) misses.push(`${what} | ${label(c)}: expected ${want}, got ${r.status}`);
      }
      expect(misses).toEqual([]);
    });
  }
});

/* ------------------------------------------------------------------------------------------- */
/* Part 2: extra fields never take effect.                                                      */
/* ------------------------------------------------------------------------------------------- */

/**
 * For each entry, an allowed caller with as little as possible: unverified where that is enough,
 * the least community role its rule and its exceptions (a circle's own roles) let through.
 */
function extrasCaller(path: string, e: Entry): [SiteRole, Member] {
  const rule = e.rule;
  // The least site role a non-member needs (invitations addressed to one's email need it verified).
  if (rule === 'public' || rule === 'authed') return [SITE_ROLES.find((s) => PRIVACIES.every((privacy) => expected(path, e, { site: s, member: 'non-member', privacy }) === 'allow'))!, 'non-member'];
  if (isStaffCapability(rule)) return [SITE_ROLES.find((s) => staffCan(STAFF_ROLE_OF[s], rule))!, 'non-member'];
  // Unverified where that is enough; a verified user where the procedure needs it (invitation emails).
  for (const site of ['unverified', 'user'] as const) {
    const allowed = (m: Member) => PRIVACIES.every((privacy) => expected(path, e, { site, member: m, privacy }) === 'allow');
    const member = (['member', 'treasurer', 'community admin', 'creator'] as const).find((m) => can(COMMUNITY_ROLE_OF[m], rule) && allowed(m));
    if (member) return [site, member];
  }
  throw new Error(`${path}: no caller is allowed`);
}

const extras = (f: Fx) => ({
  role: 'superadmin',
  authorId: f.other.id,
  communityId: f.elsewhere.id,
  creatorId: f.other.id,
  userId: f.other.id,
  isEmailVerified: true,
  mustChangePassword: false,
  passwordHash: 'x',
  memberCount: 999,
});

/** The fields the operation's own schema accepts: those are not extra there. */
function schemaKeys(path: string): Set<string> {
  const input = OPERATIONS_BY_PATH.get(path)?.input;
  if (!input) return new Set();
  // A schema that transforms what it parsed (a default chosen from other fields) is a pipe: its input side holds the shape.
  let schema = input as { shape?: Record<string, unknown>; in?: unknown };
  while (!schema.shape && schema.in) schema = schema.in as typeof schema;
  const shape = schema.shape;
  if (!shape) throw new Error(`${path}: an input schema without a shape; say which fields it accepts`);
  return new Set(Object.keys(shape));
}

type Rows = Record<string, any>[];
function state(t: TestApp) {
  return {
    users: rows(t.db, 'users'),
    communities: rows(t.db, 'communities'),
    memberships: rows(t.db, 'memberships'),
    joinRequests: rows(t.db, 'join_requests'),
    announcements: rows(t.db, 'announcements'),
    categories: rows(t.db, 'announcement_categories'),
    notifications: rows(t.db, 'notifications'),
    sessions: rows(t.db, 'sessions'),
    circles: rows(t.db, 'circles'),
    circleMembers: rows(t.db, 'circle_members'),
  };
}
const byId = (rs: Rows) => new Map(rs.map((r) => [r.id as string | number, r]));
const pick = (r: Record<string, any> | undefined, keys: string[]) => (r ? Object.fromEntries(keys.map((k) => [k, r[k]])) : undefined);

/** Everything extra fields could have done, checked row by row; returns what went wrong. */
function extraFieldProblems(path: string, f: Fx, before: ReturnType<typeof state>, after: ReturnType<typeof state>): string[] {
  const problems: string[] = [];
  const caller = f.caller!;
  const cid = f.community.id;
  const say = (what: string) => problems.push(`${path}: ${what}`);

  // Users: no role, verification, must-change flag, email or hash changed (the subject is the
  // legitimate object of staff and email-token procedures, and only their role is fixed).
  const usersAfter = byId(after.users);
  for (const u of before.users) {
    const now = usersAfter.get(u.id);
    if (u.id === f.subject.id) {
      if (now && now.role !== u.role) say(`the subject's role became ${now.role}`);
      continue;
    }
    // Deleting one's own account erases one's own row by design (and nobody else's).
    if (u.id === caller.id && path === 'account.delete') continue;
    const keys = ['role', 'is_email_verified', 'must_change_password', 'email'];
    if (!(u.id === caller.id && path === 'auth.changePassword')) keys.push('password_hash');
    if (JSON.stringify(pick(now, keys)) !== JSON.stringify(pick(u, keys))) {
      say(`user ${u.first_name} ${u.last_name}${u.id === caller.id ? ' (the caller)' : ''} changed: ${JSON.stringify(pick(u, keys))} → ${JSON.stringify(pick(now, keys))}`);
    }
  }
  if (JSON.stringify(usersAfter.get(f.other.id)) !== JSON.stringify(before.users.find((u) => u.id === f.other.id))) say('the other user was touched');
  const oldUsers = new Set(before.users.map((u) => u.id));
  for (const u of after.users) {
    if (u.password_hash === 'x') say(`user ${u.email} has passwordHash 'x'`);
    if (oldUsers.has(u.id)) continue;
    const want = path === 'admin.createAdmin' ? { role: 'admin', must_change_password: 0 } : { role: 'user', is_email_verified: 0, must_change_password: 0 };
    if (JSON.stringify(pick(u, Object.keys(want))) !== JSON.stringify(want)) say(`new user ${u.email}: ${JSON.stringify(pick(u, Object.keys(want)))}`);
  }

  // Communities: every count true; nothing outside the caller's community changed.
  const oldCommunities = new Set(before.communities.map((c) => c.id));
  const realCount = (id: number) => after.memberships.filter((m) => m.community_id === id).length;
  for (const c of after.communities) {
    if (c.member_count !== realCount(c.id)) say(`community ${c.id}: member_count ${c.member_count}, ${realCount(c.id)} members`);
    if (!oldCommunities.has(c.id)) {
      if (c.creator_id !== caller.id) say(`the created community's creator is ${c.creator_id}, not the caller`);
      const ms = after.memberships.filter((m) => m.community_id === c.id).map((m) => [m.user_id, m.role]);
      if (JSON.stringify(ms) !== JSON.stringify([[caller.id, 'creator']])) say(`the created community's members: ${JSON.stringify(ms)}`);
    }
  }
  const touchable = (communityId: number) => communityId === cid || !oldCommunities.has(communityId);
  const untouched = (name: string, b: Rows, a: Rows) => {
    const keep = (rs: Rows) => JSON.stringify(rs.filter((r) => !touchable(r.community_id ?? r.id)));
    if (keep(b) !== keep(a)) say(`${name} of another community changed`);
  };
  untouched('communities', before.communities, after.communities);
  untouched('memberships', before.memberships, after.memberships);
  untouched('join requests', before.joinRequests, after.joinRequests);
  untouched('announcements', before.announcements, after.announcements);
  untouched('categories', before.categories, after.categories);
  const mine = (rs: Rows) => JSON.stringify(rs.filter((r) => r.user_id === f.other.id));
  if (mine(before.notifications) !== mine(after.notifications)) say("the other user's notifications changed");
  if (mine(before.sessions) !== mine(after.sessions)) say("the other user's sessions changed");

  // The caller's own community: creator and the caller's role change only by transferOwnership (or leaving).
  const cb = before.communities.find((c) => c.id === cid)!;
  const ca = after.communities.find((c) => c.id === cid);
  if (ca) {
    const creator = path === 'communities.transferOwnership' ? f.target.id : cb.creator_id;
    if (ca.creator_id !== creator) say(`the community's creator became ${ca.creator_id}`);
  }
  const roleIn = (rs: Rows, userId: string) => rs.find((m) => m.community_id === cid && m.user_id === userId)?.role ?? null;
  const mayMoveCaller = ['communities.transferOwnership', 'communities.leave', 'communities.join', 'invitations.accept', 'invitations.acceptById'].includes(path);
  if (!mayMoveCaller && roleIn(before.memberships, caller.id) !== roleIn(after.memberships, caller.id)) {
    say(`the caller's community role became ${roleIn(after.memberships, caller.id)}`);
  }
  const members = (rs: Rows) => new Map(rs.filter((m) => m.community_id === cid).map((m) => [m.user_id as string, m.role as string]));
  const mb = members(before.memberships);
  const ma = members(after.memberships);
  // Only admin.deleteCommunity may remove the community, and its memberships go with it.
  if (!ca && path !== 'admin.deleteCommunity') say('the community was deleted');
  for (const id of ca ? new Set([...mb.keys(), ...ma.keys()]) : []) {
    if (mb.get(id) !== ma.get(id) && ![caller.id, f.target.id, f.requester.id].includes(id)) say(`membership of ${id} changed`);
  }

  // Rows created in the caller's community belong to the caller (requests, announcements) or to it (categories).
  const fresh = (b: Rows, a: Rows) => {
    const old = new Set(b.map((r) => r.id));
    return a.filter((r) => !old.has(r.id));
  };
  for (const r of fresh(before.announcements, after.announcements)) {
    if (r.author_id !== caller.id || r.community_id !== cid) say(`new announcement by ${r.author_id} in ${r.community_id}`);
  }
  const oldAnnouncements = byId(before.announcements);
  for (const r of after.announcements) {
    const was = oldAnnouncements.get(r.id);
    if (was && (was.author_id !== r.author_id || was.community_id !== r.community_id)) say(`announcement ${r.id} moved or changed author`);
  }
  for (const r of fresh(before.categories, after.categories)) if (r.community_id !== cid) say(`new category in ${r.community_id}`);
  const oldCategories = byId(before.categories);
  for (const r of after.categories) if (oldCategories.get(r.id) && oldCategories.get(r.id)!.community_id !== r.community_id) say(`category ${r.id} moved`);
  for (const r of fresh(before.joinRequests, after.joinRequests)) {
    if (r.user_id !== caller.id || r.community_id !== cid) say(`new join request of ${r.user_id} in ${r.community_id}`);
  }

  // Savings circles: another community's circles and their members untouched; a new circle is the
  // caller's, in the caller's community; a new place in a circle is the caller's own.
  untouched('circles', before.circles, after.circles);
  for (const r of fresh(before.circles, after.circles)) {
    if (r.organiser_id !== caller.id || r.community_id !== cid) say(`new circle organised by ${r.organiser_id} in ${r.community_id}`);
  }
  const circleIn = new Map([...before.circles, ...after.circles].map((r) => [r.id as number, r.community_id as number]));
  const outside = (rs: Rows) => JSON.stringify(rs.filter((r) => circleIn.get(r.circle_id) !== cid));
  if (outside(before.circleMembers) !== outside(after.circleMembers)) say("another community's circle members changed");
  for (const r of fresh(before.circleMembers, after.circleMembers)) if (r.user_id !== caller.id) say(`new place in circle ${r.circle_id} for ${r.user_id}`);
  return problems;
}

describe('authorization matrix: extra fields in a mutation never take effect', () => {
  const mutations = TABLE_PATHS.filter((p) => PROCEDURES[p]?._def.type === 'mutation');
  for (const path of mutations) {
    it(`${path} ignores role, authorId, communityId, creatorId, userId, isEmailVerified, mustChangePassword, passwordHash, memberCount`, async () => {
      const e = TABLE[path]!;
      const [site, member] = extrasCaller(path, e);
      const own = schemaKeys(path);
      const problems: string[] = [];
      for (const privacy of PRIVACIES) {
        const c: Cell = { site, member, privacy };
        if (expected(path, e, c) !== 'allow') throw new Error(`${path}: extrasCaller() is not allowed to call it`);
        const f = fixture(c);
        const { app, a } = await openCell(f);
        e.prepare?.(app, f);
        const valid = (e.input?.(f) ?? {}) as Record<string, unknown>;
        const added = Object.fromEntries(Object.entries(extras(f)).filter(([k]) => !own.has(k) && !(k in valid)));
        const before = state(app);
        const r = await a.mutate(path, { ...valid, ...added });
        figure.extraFieldCalls += 1;
        const found = r.status === 200 ? extraFieldProblems(path, f, before, state(app)) : [`${path} (${privacy}): answered ${r.status} ${r.error?.message}`];
        figure.extraFieldViolations += found.length;
        problems.push(...found.map((p) => `${p} [${label(c)}; extra: ${Object.keys(added).join(', ')}]`));
      }
      expect(problems).toEqual([]);
    }, 20_000);
  }
});

/* ------------------------------------------------------------------------------------------- */
/* Part 3: ids of things owned by someone else.                                                 */
/* ------------------------------------------------------------------------------------------- */

describe("authorization matrix: another user's notification or session id", () => {
  const FOREIGN: [string, (f: Fx) => unknown][] = [
    ['notifications.markRead', (f) => ({ id: W.notification.get(f.other.id) })],
    ['notifications.remove', (f) => ({ id: W.notification.get(f.other.id) })],
    ['auth.revokeSession', (f) => ({ id: W.otherSession.get(f.other.id) })],
  ];
  for (const [path, input] of FOREIGN) {
    it(`${path} answers 404 for another user's id, for every signed-in caller, and changes nothing`, async () => {
      const misses: string[] = [];
      for (const c of CELLS.filter((x) => x.site !== 'anonymous' && x.privacy === 'public')) {
        const f = fixture(c);
        const { app, a } = await openCell(f);
        const since = totalChanges(app.db);
        const r = await a.mutate(path, input(f));
        figure.foreignIdCalls += 1;
        if (r.status < 400) figure.foreignIdAllows += 1;
        if (r.status !== 404 || changedSince(app.db, since, W.before)) misses.push(`${path} | ${label(c)}: ${r.status} ${r.error?.message ?? ''}`);
      }
      expect(misses).toEqual([]);
    });
  }
});

/* ------------------------------------------------------------------------------------------- */
/* Part 4: REST and tRPC answer alike.                                                          */
/* ------------------------------------------------------------------------------------------- */

/*
 * Every operation that has a REST route (read from the app: src/server/rest/route.ts records the
 * operation each handler runs), called over REST and over tRPC with this table's input from the
 * same cells, each call on its own copy of the image: the least caller the rule lets through, a
 * visitor, an outsider of a public and of a private community (or a plain user for staff
 * operations), the user who must first change a staff-reset password, and the allowed caller
 * with every field of the input made invalid. The two answers must be the same (status, message,
 * code, field issues, or the data), the same tables must change, and a refusal must be the one
 * the rule says. A new REST route is covered through its TABLE entry without being listed here;
 * one the app's routes cannot name (a dispatching handler) must be placed in DISPATCHED_ROUTES.
 * The domain tests run their flows over one transport each; this is what holds the other to them.
 */

type ParityCase = { name: string; cell: Cell; input: (f: Fx) => unknown; expect?: Outcome };
const REST_ROUTES = restRoutesByOperation(makeTestApp().app);

function parityCases(path: string, e: Entry, route: RestRoute): ParityCase[] {
  const rule = e.rule;
  const [site, member] = extrasCaller(path, e);
  const allowedCell: Cell = { site, member, privacy: 'public' };
  const input = (f: Fx) => e.input?.(f);
  const cases: ParityCase[] = [{ name: `as ${label(allowedCell)}`, cell: allowedCell, input, expect: expected(path, e, allowedCell) }];
  const refused = (cell: Cell) => cases.push({ name: `as ${label(cell)}`, cell, input, expect: expected(path, e, cell) });
  if (rule !== 'public') {
    refused({ site: 'anonymous', member: 'non-member', privacy: 'public' });
    refused(STUCK_CELL);
  }
  if (rule !== 'public' && rule !== 'authed') {
    refused({ site: 'user', member: 'non-member', privacy: 'public' });
    if (!isStaffCapability(rule)) refused({ site: 'user', member: 'non-member', privacy: 'private' });
  }
  // Every field invalid: path parameters a string that names nothing, the rest of a wrong type
  // (over GET a query string carries text only, so text there).
  cases.push({
    name: `as ${label(allowedCell)}, every field invalid`,
    cell: allowedCell,
    input: (f) => {
      const given = e.input?.(f);
      if (!given || typeof given !== 'object') return given;
      const op = opFor(path, route, given);
      const inPath = new Set(Object.values(op.rest.params ?? {}));
      return Object.fromEntries(Object.keys(given).map((k) => [k, inPath.has(k) || route.method === 'GET' ? 'not-valid' : { bad: true }]));
    },
  });
  return cases;
}

async function parityCall(path: string, e: Entry, route: RestRoute, c: ParityCase, transport: 'REST' | 'tRPC', trpcData?: unknown) {
  const f = fixture(c.cell);
  const { app, a } = await openCell(f);
  e.prepare?.(app, f);
  const before = tableHashes(app.db);
  const input = c.input(f);
  const o = transport === 'REST' ? await callRest(a, path, route, input) : await callTrpc(a, path, input);
  return { o, answer: answerOf(o, transport, trpcData), changed: changedTables(before, tableHashes(app.db)) };
}

describe('REST and tRPC: every operation with a REST route answers alike, allowed and refused', () => {
  it('places the REST route of every operation that has one', () => {
    expect(REST_ROUTES.unplaced, 'operations with a REST route the app cannot name: add them to DISPATCHED_ROUTES').toEqual([]);
    expect([...REST_ROUTES.routes.keys()].filter((p) => !(p in TABLE)), 'REST operations without a TABLE entry').toEqual([]);
  });

  for (const [path, routes] of [...REST_ROUTES.routes].sort(([a], [b]) => a.localeCompare(b))) {
    for (const route of routes) {
      it(`REST: ${route.method} ${route.path} = tRPC: ${path}`, async () => {
        const e = TABLE[path]!;
        const misses: string[] = [];
        let succeeded = false;
        for (const c of parityCases(path, e, route)) {
          const trpc = await parityCall(path, e, route, c, 'tRPC');
          const rest = await parityCall(path, e, route, c, 'REST', trpc.o.data);
          figure.parityCalls += 2;
          const say = (what: string) => misses.push(`${c.name}: ${what}`);
          if (JSON.stringify(rest.answer) !== JSON.stringify(trpc.answer)) say(`the answers differ:\n  ${whereTheyDiffer(rest.answer, trpc.answer)}`);
          if (JSON.stringify(rest.changed) !== JSON.stringify(trpc.changed)) say(`REST changed ${rest.changed.join(', ') || 'nothing'}, tRPC ${trpc.changed.join(', ') || 'nothing'}`);
          if (c.expect !== undefined && trpc.answer.status !== (c.expect === 'allow' ? 'ok' : c.expect)) say(`expected ${c.expect}, both answered ${trpc.answer.status}`);
          if (trpc.answer.status === 'ok') figure.paritySuccesses += 1;
          else figure.parityRefusals += 1;
          succeeded ||= trpc.answer.status === 'ok';
        }
        if (!succeeded) parityWithoutSuccess.push(`${route.method} ${route.path}`);
        expect(misses).toEqual([]);
      });
    }
  }
});
