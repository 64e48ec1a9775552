import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { runDuesJob } from '../../src/server/jobs/dues';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { startSmtp } from '../setup/smtp';

/*
 * Dues: statuses from the member's confirmed dues, the officers' roll, reminders sent once by the
 * scheduler's job (in each member's language), receipts as PDF (downloaded and emailed), the budget
 * against actual, and the dashboard's overview. The test clock stands at 2 March 2026.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

async function world(opts: { smtp?: boolean } = {}) {
  const t = makeTestApp(opts.smtp ? { smtpUrl: smtp.url } : {});
  const creator = await makeUser(t.db, { firstName: 'Ngozi' });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const member = await makeUser(t.db, { firstName: 'Musa', language: 'fr' });
  const other = await makeUser(t.db, { firstName: 'Ada' });
  const community = makeCommunity(t.db, { creator, name: 'Douala Njangi Friends' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  addMember(t.db, { communityId: community.id, user: other });
  const books = seedBooks(t, { community, officer: treasurer, approver: creator, member });
  return { t, creator, treasurer, member, other, community, books };
}

/** What the scheduler hands its jobs: the test's database, clock and (by default) a mailer that drops mail. */
const deps = (t: TestApp) => ({
  db: t.db,
  env: t.env,
  log: createLogger('silent'),
  now: t.clock.now,
  mailer: { send: async () => {} },
  throttle: new LoginThrottle(t.clock.now),
});

describe('tRPC: dues', () => {
  it('a member whose confirmed dues cover every period due so far is paid up; a reversal makes them overdue', async () => {
    const w = await world();
    const m = await as(w.t, w.member);
    const mine = await m.query('finances.myDues', { communityId: w.community.id });
    expect(mine.data).toMatchObject({ currency: 'XAF', status: 'paidUp', owed: 4000, paid: 4000, outstanding: 0 });
    expect(mine.data.obligations.map((o: { periodKey: string; paid: number; status: string }) => [o.periodKey, o.paid, o.status])).toEqual([
      ['2026-01', 2000, 'paid'],
      ['2026-02', 2000, 'paid'],
      ['2026-03', 1000, 'upcoming'],
    ]);
    const tr = await as(w.t, w.treasurer);
    await tr.mutate('finances.reverseEntry', { id: w.books.entry, reason: 'The transfer bounced' });
    const after = await m.query('finances.myDues', { communityId: w.community.id });
    expect(after.data).toMatchObject({ status: 'overdue', outstanding: 4000 });
  });

  it('the roll of every member’s status is for officers; a plain member sees only their own', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const roll = await tr.query('finances.duesRoll', { communityId: w.community.id });
    const byName = Object.fromEntries(roll.data.members.map((r: { name: string; status: string }) => [r.name.split(' ')[0], r.status]));
    expect(byName).toMatchObject({ Musa: 'paidUp', Ada: 'overdue', Tabe: 'overdue' });
    const m = await as(w.t, w.member);
    expect((await m.query('finances.duesRoll', { communityId: w.community.id })).status).toBe(403);
  });
});

describe('the dues job', () => {
  it('reminds before the due date and when overdue, once each, in the member’s language', async () => {
    const w = await world({ smtp: true });
    const d = { ...deps(w.t), mailer: createMailer({ smtpUrl: smtp.url, from: 'test@example.org', outboxDir: '/tmp/harambee-test-outbox' }) };
    const first = await runDuesJob(d);
    // Ngozi, Tabe and Ada owe January and February (overdue) and March (due in 3 days); Musa's March is only part paid.
    expect(first.reminders).toBe(3 * 3 + 1);
    expect((await runDuesJob(d)).reminders).toBe(0);
    const m = await as(w.t, w.member);
    const list = await m.rest('GET', `/trpc/notifications.list?input=${encodeURIComponent('{}')}`, undefined, { 'accept-language': 'fr' });
    expect(list.body.result.data.items[0]).toMatchObject({ title: 'Cotisation bientôt due' });
    expect(list.body.result.data.items[0].message).toMatch(/^Monthly dues\u00a0: 1\u202f000\s?FCFA à régler le 5 mars 2026 dans Douala Njangi Friends\.$/);
    const mail = await smtp.lastTo(w.member.email);
    expect(mail.raw).toContain('Douala Njangi Friends');
  });

  it('first tells the officers when a period fell due and no dues payment was entered', async () => {
    const t = makeTestApp();
    const creator = await makeUser(t.db, { firstName: 'Efua' });
    const member = await makeUser(t.db, {});
    const community = makeCommunity(t.db, { creator, name: 'Accra Susu' });
    addMember(t.db, { communityId: community.id, user: member });
    saveFinanceSettings(t.db, { communityId: community.id, actorId: creator.id, changes: { currency: 'GHS' }, cashBoxName: 'Cash box', now: t.clock.now() });
    createDuesPlan(t.db, { communityId: community.id, actorId: creator.id, plan: { name: 'Susu', amount: 5000, period: 'monthly', dueDay: 1, graceDays: 14, startsOn: '2026-03-01' }, now: t.clock.now() });
    const d = deps(t);
    await runDuesJob(d);
    const notes = t.db.$client.prepare('SELECT title FROM notifications WHERE user_id = ? ORDER BY id').pluck().all(creator.id);
    expect(notes).toContain('notifications.duesTreasurer.title');
    await runDuesJob(d);
    expect(t.db.$client.prepare("SELECT count(*) FROM notifications WHERE title = 'notifications.duesTreasurer.title'").pluck().get()).toBe(1);
  });

  it('makes the obligations of a new period when it comes, once', async () => {
    const w = await world();
    w.t.clock.set(Date.parse('2026-04-02T10:00:00Z'));
    const r = await runDuesJob(deps(w.t));
    expect(r.obligations).toBe(4);
    expect((await runDuesJob(deps(w.t))).obligations).toBe(0);
  });
});

describe('REST: receipts', () => {
  it('the member downloads their receipt as a PDF; another member cannot; an officer can; a pending payment has none', async () => {
    const w = await world();
    const paymentId = w.t.db.$client.prepare('SELECT payment_id FROM ledger_entries WHERE id = ?').pluck().get(w.books.entry) as number;
    const m = await as(w.t, w.member);
    const r = await fetchBytes(w.t, m.cookie!, `/api/finances/payments/${paymentId}/receipt.pdf`);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toBe('attachment; filename="receipt-1.pdf"');
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const o = await as(w.t, w.other);
    expect((await fetchBytes(w.t, o.cookie!, `/api/finances/payments/${paymentId}/receipt.pdf`)).status).toBe(403);
    const tr = await as(w.t, w.treasurer);
    expect((await fetchBytes(w.t, tr.cookie!, `/api/finances/payments/${paymentId}/receipt.pdf`)).status).toBe(200);
    expect((await fetchBytes(w.t, m.cookie!, `/api/finances/payments/${w.books.payment}/receipt.pdf`)).status).toBe(404);
  });

  it('confirming a payment emails the member their receipt, attached, in their language', async () => {
    const w = await world({ smtp: true });
    const tr = await as(w.t, w.treasurer);
    const r = await tr.mutate('finances.confirmPayment', { id: w.books.payment, accountId: w.books.account });
    expect(r.data.receiptNo).toBe(2);
    const mail = await smtp.lastTo(w.member.email);
    expect(mail.raw).toMatch(/filename="?receipt-2\.pdf"?/);
    expect(mail.raw).toContain('application/pdf');
    expect(mail.raw).toMatch(/Subject: .*(=\?UTF-8\?|Votre re)/);
  });
});

describe('tRPC: budget and overview', () => {
  it('shows planned against actual per category, and each member their own figures per community', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const set = await tr.mutate('finances.setBudget', { communityId: w.community.id, year: 2026, lines: [{ categoryId: w.books.incomeCategory, planned: 120000 }] });
    expect(set.status).toBe(200);
    const got = await tr.query('finances.budget', { communityId: w.community.id, year: 2026 });
    expect(got.data.lines.find((l: { categoryId: number }) => l.categoryId === w.books.incomeCategory)).toMatchObject({ planned: 120000, actual: 5000, builtIn: 'dues' });
    const m = await as(w.t, w.member);
    const overview = await m.query('finances.overview');
    expect(overview.data).toEqual([
      { communityId: w.community.id, community: 'Douala Njangi Friends', currency: 'XAF', paidThisYear: 5000, pending: 2500, outstanding: 0, status: 'paidUp' },
    ]);
  });
});

async function fetchBytes(t: TestApp, cookie: string, path: string) {
  const res = await t.app.request(path, { headers: { cookie } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
}
