import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { domainBaseline } from '../../scripts/durability/domain-writers';
import { DOMAINS } from '../../src/server/domains';
import type { DomainDefinition } from '../../src/server/domains/domain';
import { runDurability } from '../../scripts/durability/run';
import { seedDatabase } from '../../scripts/durability/setup';
import { verifyDatabase } from '../../scripts/durability/verify';
import { emptyLedger, pairKey, type Writer } from '../../scripts/durability/writers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Every kind of write the run makes: each must have been acknowledged at least once, so the
// checks after the kills had something of each table to find.
const WRITES = [
  'POST /api/communities/:n/join',
  'POST /api/communities/:n/announcements',
  'POST /trpc/notifications.markRead',
  'POST /api/auth/update-profile',
  'POST /api/communities',
  'POST /api/communities/:n/finances/payments',
  'POST /api/finances/payments/:n/confirm',
  'POST /trpc/finances.recordPayment',
  'POST /trpc/njangi.recordContribution',
  'POST /api/circles/:n/contributions',
  'POST /api/events/:n/rsvp',
  'POST /api/polls/:n/vote',
  'POST /api/conversations/:n/messages',
  'POST /api/communities/:n/documents',
  'POST /api/welfare/levies/:n/payments',
  'POST /api/savings-meetings/:n/declarations',
  'POST /api/savings-entries/:n/confirm',
  'POST /api/sync',
];

/*
 * Which domains the writers drive, and why the others are left out. A domain added later (the
 * meetings one, say) fails the check below until it gets a writer here or a reason not to: the
 * run is only worth its name if every domain that keeps money or members' words is killed under.
 */
const DRIVEN: Record<string, string[]> = {
  communities: ['POST /api/communities/:n/join', 'POST /api/communities'],
  announcements: ['POST /api/communities/:n/announcements'],
  notifications: ['POST /trpc/notifications.markRead'],
  accounts: ['POST /api/auth/update-profile'],
  finances: ['POST /api/communities/:n/finances/payments', 'POST /api/finances/payments/:n/confirm', 'POST /trpc/finances.recordPayment'],
  njangi: ['POST /trpc/njangi.recordContribution', 'POST /api/circles/:n/contributions'],
  events: ['POST /api/events/:n/rsvp'],
  polls: ['POST /api/polls/:n/vote'],
  chat: ['POST /api/conversations/:n/messages'],
  documents: ['POST /api/communities/:n/documents'],
  welfare: ['POST /api/welfare/levies/:n/payments'],
  savings: ['POST /api/savings-meetings/:n/declarations', 'POST /api/savings-entries/:n/confirm'],
  // Attendance taken offline reaches the server through the sync, as a phone sends it.
  meetings: ['POST /api/sync'],
  sync: ['POST /api/sync'],
};
const NOT_DRIVEN: Record<string, string> = {
  uploads: 'its files are written by the documents writer (the same store, the same rename into place)',
  imports: 'one transaction per imported sheet, through the same services as the njangi and finances writers',
  standing: 'officers’ settings (categories, suspensions): single-row writes of the kind communities makes',
  discussions: 'topics and replies are single-row inserts in one transaction, as announcements and chat are',
  invitations: 'an invitation is one row and a queued mail, as an announcement and its notices are',
  recognitions: 'single-row writes by officers, as announcements are',
  admin: 'staff writes through the same accounts services',
  secondFactor: 'one row per account, written as the profile is',
  site: 'reads only',
  collecting:
    'officers’ single transactions (payment instructions, a statement’s lines in one insert, a line’s decision as one conditional update); ' +
    'a matched or recorded line moves money only through the payments’ own confirming and recording, which the finances writer drives',
};

// Few rounds (a restart costs about two seconds) with long enough write windows for every kind of
// write to land; `npm run durability` runs the long version (many rounds, a report).
const ROUNDS = 3;

describe('Durability: kill -9 during concurrent writes loses nothing acknowledged', () => {
  it('drives every domain of the server, or says why not', () => {
    const names = DOMAINS.map((d: DomainDefinition) => d.name);
    expect(names.filter((n) => !(n in DRIVEN) && !(n in NOT_DRIVEN)), 'domains with neither a writer nor a reason').toEqual([]);
    expect(Object.keys({ ...DRIVEN, ...NOT_DRIVEN }).filter((n) => !names.includes(n)), 'listed domains that no longer exist').toEqual([]);
    // One write may drive two domains (the sync carries meetings' records): each kind is listed once.
    expect([...new Set(Object.values(DRIVEN).flat())].sort()).toEqual([...WRITES].sort());
  });

  it(`${ROUNDS} rounds of SIGKILL and restart with writers on every domain: integrity ok, books balance, chat in order, 0 acknowledged writes lost`, { timeout: 120_000 }, async () => {
    const rounds: string[] = [];
    const s = await runDurability({
      rounds: ROUNDS,
      writers: 8,
      killAfterMs: [1000, 2500],
      // What the checks below count on, whatever the machine's speed: a busy one acknowledges
      // fewer writes in a window, so the kill waits for 25 in each round and, in the last, for
      // every kind of write to have landed once (the kinds are drawn at random, some rarely).
      killWhen: ({ round, acknowledged, acks }) => acknowledged >= 25 && (round < ROUNDS || WRITES.every((w) => acks.get(w))),
      onRound: (r) => rounds.push(`round ${r.round}: killed at ${r.killedAtMs} ms, ${r.acknowledged} acknowledged, ${r.ok ? 'ok' : r.problems.join(' | ')}`),
    });
    const report = [...rounds, ...s.problems.slice(0, 20)].join('\n');
    expect(s.rounds, report).toBe(ROUNDS);
    expect(s.problems, report).toEqual([]);
    expect(s.lost).toBe(0);
    expect(s.integrityFailures).toBe(0);
    expect(s.foreignKeyFailures).toBe(0);
    expect(s.countMismatches).toBe(0);
    expect(s.invariantFailures).toBe(0);
    expect(s.serverErrors).toBe(0);
    // The run did real work: hundreds of acknowledged writes on every table, and kills that caught
    // writes in flight. Nothing refused but by a rate limit (chat's 20 messages in 10 s per member
    // on a fast machine): any other refusal would mean a writer checks nothing.
    expect(s.acknowledged).toBeGreaterThan(ROUNDS * 20);
    expect(WRITES.filter((w) => !s.acks.get(w)), JSON.stringify([...s.acks])).toEqual([]);
    expect([...s.refusals].filter(([key]) => !key.endsWith(' 429'))).toEqual([]);
    expect(s.inFlightCommitted + s.inFlightAbsent).toBeGreaterThan(0);
    console.log(
      `durability: ${s.rounds} rounds, ${s.acknowledged} acknowledged writes, ${s.lost} lost, ` +
        `${s.inFlightCommitted}/${s.inFlightAbsent} in-flight committed/not, ${(s.durationMs / 1000).toFixed(1)} s`,
    );
  });

  it('the checker is not vacuous: missing acknowledged writes, a wrong count and broken invariants are reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-durability-check-'));
    dirs.push(dir);
    const dbPath = join(dir, 'app.db');
    const seed = await seedDatabase(dbPath, { writers: 2, pool: 2 });
    const writers: Writer[] = seed.writers.map((w, i) => ({ ...w, index: i + 1, member: new Map(), unread: [], inFlight: null, seq: 0, circle: { recorded: 0, declared: new Map() }, savingsDeclared: new Map() }));
    const ledger = emptyLedger();
    domainBaseline(ledger.domains, writers, seed.homes);
    expect(verifyDatabase(dbPath, ledger, writers, seed.pool, seed.homes)).toMatchObject({ integrityOk: true, lost: [], broken: [], countMismatches: [] });

    const [home, other] = seed.homes;
    ledger.communities.set('Acknowledged but never stored', writers[0]!.userId);
    ledger.membership.set(pairKey(writers[1]!.userId, seed.pool[0]!), new Set([true])); // acknowledged join, no row
    ledger.location.set(writers[0]!.userId, new Set(['Nairobi'])); // acknowledged profile change, not stored
    ledger.domains.payments.set('Pay r1 w1 #1', new Set(['confirmed']));
    ledger.domains.contributions.set(`${home!.circle}|${home!.rounds[0]}|${home!.organiserHands[0]}`, 'confirmed');
    ledger.domains.rsvps.set(`${writers[0]!.userId}|${home!.event}`, new Set(['Note r1 w1 #2'])); // an answer acknowledged, none stored
    ledger.domains.votes.set(`${writers[1]!.userId}|${other!.poll}`, new Set([JSON.stringify([other!.pollOptions[0]])]));
    ledger.domains.messages.set('Chat r1 w1 #3', home!.general);
    ledger.domains.documents.set('Minutes r1 w1 #4', { communityId: home!.communityId, content: 'x' });
    ledger.money.savings.set('Shares r1 w1 #5', new Set(['pending']));
    // A synced mark acknowledged but neither remembered nor stored.
    const record = { key: 'att-r1-w1-6', op: 'meetings.markAttendance' as const, input: { meetingId: home!.meeting, userId: writers[1]!.userId, status: 'late' as const } };
    ledger.meetings.synced.set(record.key, { userId: writers[0]!.userId, record, result: 'null' });
    ledger.meetings.attendance.set(`${home!.meeting}|${writers[1]!.userId}`, new Set(['late']));
    const db = new Database(dbPath);
    db.prepare('UPDATE communities SET member_count = member_count + 1 WHERE id = ?').run(seed.pool[1]);
    // Broken invariants: a balance off its entries, a receipt number issued without a receipt,
    // a writer's messages stored out of order (and the conversation's last message stale).
    db.prepare('UPDATE finance_accounts SET balance = balance + 1 WHERE id = ?').run(home!.account);
    db.prepare('UPDATE circles SET last_receipt_no = last_receipt_no + 1 WHERE id = ?').run(other!.circle);
    // A savings group's cash off its entries, a levy marked paid with nothing collected.
    db.prepare('UPDATE savings_groups SET loan_fund_cash = loan_fund_cash + 1 WHERE id = ?').run(home!.savingsGroup);
    db.prepare('UPDATE welfare_levies SET paid = paid + 1 WHERE id = (SELECT min(id) FROM welfare_levies)').run();
    // A member marked present at a meeting who still owes a fine for it.
    db.prepare("INSERT INTO meeting_attendance (meeting_id, user_id, status, marked_at) VALUES (?, ?, 'present', 0)").run(other!.meeting, writers[0]!.userId);
    db.prepare("INSERT INTO meeting_fines (meeting_id, community_id, member_id, reason, amount, created_at) VALUES (?, ?, ?, 'absent', 500, 0)").run(other!.meeting, other!.communityId, writers[0]!.userId);
    const post = db.prepare("INSERT INTO messages (conversation_id, author_id, body, created_at) VALUES (?, ?, ?, 0)");
    post.run(other!.general, writers[1]!.userId, 'Chat r1 w2 #9');
    post.run(other!.general, writers[1]!.userId, 'Chat r1 w2 #8');
    db.close();

    const v = verifyDatabase(dbPath, ledger, writers, seed.pool, seed.homes);
    expect(v.integrityOk).toBe(true);
    expect(v.lost).toHaveLength(12);
    expect(v.countMismatches).toHaveLength(1);
    expect(v.broken.join('\n')).toMatch(/account .* balance/);
    expect(v.broken.join('\n')).toMatch(/receipts 0 numbered up to 0, last issued 1/);
    expect(v.broken.join('\n')).toMatch(/out of order/);
    expect(v.broken.join('\n')).toMatch(/last message null/);
    expect(v.broken.join('\n')).toMatch(/Savings group .* loan fund/);
    expect(v.broken.join('\n')).toMatch(/Welfare fund /);
    expect(v.broken.join('\n')).toMatch(/marked present: owes a fine/);
    expect(v.broken).toHaveLength(7);
  });
});
