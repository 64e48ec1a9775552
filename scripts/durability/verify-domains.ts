// The checks after a restart for the newer domains' writes (domain-writers.ts), on the verifier's
// connection: every acknowledged payment, contribution, message and document is there as it was
// acknowledged, each RSVP and vote holds a value the writer may have left, and the invariants
// that tie rows together still hold:
//   - the books: each balance and monthly total equals its ledger entries and the finance audit
//     chain is unbroken (what `npm run finances:verify` checks); each confirmed payment has exactly
//     one ledger entry and a pending one none;
//   - circles: receipt numbers run 1..last with no gap and no repeat;
//   - chat: each writer's messages are stored in the order it sent them, and each conversation's
//     last message is its newest;
//   - documents: the current version's file is on disk with the bytes that were sent;
//   - votes: a ballot exists exactly when its voter is recorded as having voted;
//   - welfare funds and savings groups: their money is conserved (what `npm run finances:verify`
//     checks), and every acknowledged savings declaration is there, confirmed if that was acknowledged;
//   - meeting day: the attendance sent through the offline sync and its fines (verify-meetings.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../db/schema';
import type { DbLike } from '../../db/database';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { groupChecks, groupProblems } from '../../src/server/domains/savings/conservation';
import { fundChecks, fundProblems } from '../../src/server/domains/welfare/conservation';
import type { DomainLedger } from './domain-writers';
import type { MeetingLedger } from './meeting-writers';
import type { MoneyLedger } from './money-writers';
import type { Home } from './setup';
import { verifyMeetings } from './verify-meetings';
import type { Writer } from './writers';

export type DomainVerification = { lost: string[]; broken: string[] };

export function verifyDomains(sqlite: Database.Database, p: { ledger: DomainLedger; money: MoneyLedger; meetings: MeetingLedger; writers: Writer[]; homes: Home[]; uploadsDir: string }): DomainVerification {
  const { ledger, writers, homes } = p;
  const lost: string[] = [];
  const broken: string[] = [];
  const one = <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).get(...params) as T | undefined;
  const all = <T>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...params) as T[];

  // The books.
  const db = drizzle(sqlite, { schema }) as unknown as DbLike;
  const { accounts, months } = verifyBalances(db);
  for (const a of accounts) broken.push(`account ${a.accountId}: balance ${a.balance}, its entries sum to ${a.entries}`);
  for (const m of months) broken.push(`community ${m.communityId}, ${m.month}, category ${m.categoryId}: monthly totals differ from the entries`);
  const chain = verifyAuditChain(db);
  if (chain) broken.push(`finance audit record ${chain.id} ${chain.problem}`);
  // (The durability writers never reverse an entry, which would add a second one.)
  const unbooked = all<{ id: number; status: string; entries: number }>(
    `SELECT id, status, entries FROM (SELECT p.id, p.status, (SELECT count(*) FROM ledger_entries e WHERE e.payment_id = p.id) AS entries FROM payments p)
     WHERE entries <> CASE WHEN status = 'confirmed' THEN 1 ELSE 0 END`,
  );
  for (const u of unbooked) broken.push(`payment ${u.id} is ${u.status} with ${u.entries} ledger entries`);
  const paymentBy = sqlite.prepare('SELECT id, status FROM payments WHERE reference = ?');
  for (const [reference, states] of ledger.payments) {
    const row = paymentBy.get(reference) as { id: number; status: 'pending' | 'confirmed' } | undefined;
    if (!row) lost.push(`payment "${reference}" acknowledged but missing`);
    else if (!states.has(row.status)) lost.push(`payment "${reference}" is ${row.status}, acknowledged as ${[...states].join(' or ')}`);
  }

  // The welfare funds (levies paid = what the ledger collected) and the savings groups (money in = cash + loans + paid out).
  for (const f of fundChecks(db)) broken.push(...fundProblems(f));
  for (const g of groupChecks(db)) broken.push(...groupProblems(g));
  const sharesBy = sqlite.prepare("SELECT status FROM savings_entries WHERE reference = ? AND kind = 'shares'").pluck();
  for (const [reference, states] of p.money.savings) {
    const status = sharesBy.get(reference) as 'pending' | 'confirmed' | undefined;
    if (!status) lost.push(`savings declaration "${reference}" acknowledged but missing`);
    else if (!states.has(status)) lost.push(`savings declaration "${reference}" is ${status}, acknowledged as ${[...states].join(' or ')}`);
  }

  // Savings circles.
  const contributionAt = sqlite.prepare('SELECT status FROM circle_contributions WHERE circle_id = ? AND round_id = ? AND hand_id = ?').pluck();
  for (const [key, status] of ledger.contributions) {
    const [circle, round, hand] = key.split('|').map(Number);
    const found = contributionAt.get(circle, round, hand) as string | undefined;
    if (found !== status) lost.push(`contribution of hand ${hand} in round ${round} of circle ${circle} acknowledged ${status}, found ${found ?? 'nothing'}`);
  }
  for (const h of homes) {
    const last = one<{ n: number }>('SELECT last_receipt_no AS n FROM circles WHERE id = ?', h.circle)!.n;
    const numbers = all<{ n: number }>(
      `SELECT receipt_no AS n FROM circle_contributions WHERE circle_id = ? AND receipt_no IS NOT NULL
       UNION ALL SELECT receipt_no FROM circle_payouts WHERE circle_id = ? AND receipt_no IS NOT NULL
       UNION ALL SELECT receipt_no FROM circle_top_ups WHERE circle_id = ? AND receipt_no IS NOT NULL ORDER BY 1`,
      h.circle,
      h.circle,
      h.circle,
    ).map((r) => r.n);
    if (numbers.length !== last || numbers.some((n, i) => n !== i + 1)) broken.push(`circle ${h.circle}: receipts ${numbers.length} numbered up to ${numbers.at(-1) ?? 0}, last issued ${last}`);
  }

  // RSVPs and votes: the stored value is one the writer may have left; from here on it is the baseline.
  const noteOf = sqlite.prepare('SELECT note FROM event_rsvps WHERE event_id = ? AND user_id = ?');
  const ballotOf = sqlite.prepare('SELECT choices FROM poll_ballots WHERE poll_id = ? AND voter_key = ?');
  const votedOf = sqlite.prepare('SELECT 1 FROM poll_voters WHERE poll_id = ? AND user_id = ?');
  for (const w of writers) {
    for (const h of homes) {
      const rsvpKey = `${w.userId}|${h.event}`;
      const note = (noteOf.get(h.event, w.userId) as { note: string | null } | undefined)?.note ?? null;
      const notes = ledger.rsvps.get(rsvpKey)!;
      if (!notes.has(note)) lost.push(`writer ${w.index}'s answer to event ${h.event} has the note ${JSON.stringify(note)}, none of ${[...notes].map((n) => JSON.stringify(n)).join(', ')}`);
      ledger.rsvps.set(rsvpKey, new Set([note]));

      const voteKey = `${w.userId}|${h.poll}`;
      const ballot = (ballotOf.get(h.poll, w.userId) as { choices: string } | undefined)?.choices ?? null;
      const ballots = ledger.votes.get(voteKey)!;
      if (!ballots.has(ballot)) lost.push(`writer ${w.index}'s ballot in poll ${h.poll} is ${ballot}, none of ${[...ballots].join(', ')}`);
      if ((ballot !== null) !== (votedOf.get(h.poll, w.userId) !== undefined)) broken.push(`writer ${w.index} in poll ${h.poll}: ballot and voter record disagree`);
      ledger.votes.set(voteKey, new Set([ballot]));
    }
  }

  // Chat.
  const messageIn = sqlite.prepare('SELECT 1 FROM messages WHERE conversation_id = ? AND body = ?');
  for (const [body, conversation] of ledger.messages) {
    if (messageIn.get(conversation, body) === undefined) lost.push(`message "${body}" acknowledged but missing`);
  }
  const sent = all<{ id: number; body: string }>("SELECT id, body FROM messages WHERE body LIKE 'Chat r% w% #%' ORDER BY id");
  const lastSeq = new Map<string, number>();
  for (const m of sent) {
    const [, writer, seq] = /^Chat r\d+ (w\d+) #(\d+)$/.exec(m.body) ?? [];
    if (!writer) continue;
    const before = lastSeq.get(writer) ?? 0;
    if (Number(seq) <= before) broken.push(`message ${m.id} ("${m.body}") is stored after that writer's #${before}: out of order`);
    lastSeq.set(writer, Number(seq));
  }
  const stale = all<{ id: number; last: number | null; newest: number | null }>(
    `SELECT c.id, c.last_message_id AS last, (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id) AS newest
     FROM conversations c WHERE c.last_message_id IS NOT (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id)`,
  );
  for (const s of stale) broken.push(`conversation ${s.id}: last message ${s.last}, newest stored ${s.newest}`);

  // Documents.
  const documentBy = sqlite.prepare(
    `SELECT d.community_id AS communityId, u.name, u.bytes FROM documents d
     LEFT JOIN document_versions v ON v.id = d.current_version_id LEFT JOIN uploads u ON u.name = v.upload_name WHERE d.title = ?`,
  );
  for (const [title, expected] of ledger.documents) {
    const row = documentBy.get(title) as { communityId: number; name: string | null; bytes: number | null } | undefined;
    if (!row || row.communityId !== expected.communityId) {
      lost.push(`document "${title}" acknowledged but missing`);
      continue;
    }
    if (!row.name) {
      lost.push(`document "${title}" has no current file`);
      continue;
    }
    let content: string | null = null;
    try {
      content = readFileSync(join(p.uploadsDir, 'private', row.name), 'utf8');
    } catch {
      /* reported below */
    }
    if (content !== expected.content) lost.push(`document "${title}": its file ${row.name} is ${content === null ? 'missing' : `${content.length} bytes that differ from those sent`}`);
  }

  const meetings = verifyMeetings(sqlite, p.meetings);
  return { lost: [...lost, ...meetings.lost], broken: [...broken, ...meetings.broken] };
}
