import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { withCookie } from '../setup/transport';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { csvAmountTotal } from '../setup/finances';
import { appFromImage, takeImage } from '../setup/hardening-authz';
import { depth } from '../setup/depth';

/*
 * Random sequences of what people do with the books, through the real operations (tRPC and the
 * REST export, guards and all) over a real database: members and officers declare payments,
 * officers record cash (for others and themselves), confirm, reject and reverse, submit, change,
 * approve, reject and pay expenses, set dues plans and budgets, and now and then send an amount
 * in another currency. After every step the ledger, the summary, the sum of everyone's
 * statements and the CSV export agree; balances equal their entries and are never negative; a
 * refused action writes nothing and nothing answers 500. After each sequence the dues, the
 * budget's actuals and the dashboard agree with the ledger too, four eyes held on every
 * movement, entries were never changed in place and the audit chain is whole.
 *
 * Runs: PROPERTY_RUNS (12 in `npm test`, a few seconds; 1,000 under `npm run test:property` and
 * `npm run test:deep`). PROPERTY_SEED replays a failing run.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? depth(12, 1000));
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);
const PEOPLE = ['creator', 'treasurer', 'admin', 'member', 'other'] as const;
const OFFICERS = 3; // the first three of PEOPLE hold finances.record
const DAY = 86_400_000;

const person = fc.nat({ max: PEOPLE.length - 1 });
const officer = fc.nat({ max: OFFICERS - 1 });
/**
 * Who decides: mostly an officer the four-eyes rule lets act (so approvals and payments out do
 * happen), sometimes whoever was drawn, an author included (a 403 then).
 */
const decider = fc.record({ n: fc.nat({ max: OFFICERS - 1 }), fair: fc.boolean().map((b) => b || Math.random() < 0.6) });
const amount = fc.integer({ min: 1, max: 60_000 });
/** Which row an action addresses: mostly one in the state the action expects, sometimes any (a 409 then). */
const pick = fc.record({ n: fc.nat({ max: 40 }), any: fc.boolean().map((b) => b && Math.random() < 0.2) });
const purpose = fc.constantFrom('dues' as const, 'donation' as const);
/** Now and then an amount says another currency: it must be refused and change nothing. */
const foreign = fc.boolean().map((b) => b && Math.random() < 0.3);
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('declare' as const), who: person, amount, purpose, foreign }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('record' as const), by: officer, who: person, amount, purpose, account: fc.nat({ max: 1 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('confirm' as const), by: decider, pick, account: fc.nat({ max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), by: officer, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), by: officer, pick }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('submit' as const), by: officer, amount: fc.integer({ min: 1, max: 10_000 }), category: fc.nat({ max: 9 }), foreign }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('change' as const), by: officer, pick, amount }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('approve' as const), by: decider, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject-expense' as const), by: officer, pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pay' as const), by: decider, pick, account: fc.nat({ max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('plan' as const), amount, period: fc.constantFrom('monthly' as const, 'quarterly' as const, 'once' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('budget' as const), category: fc.nat({ max: 9 }), amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('later' as const), days: fc.integer({ min: 1, max: 9 }) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** A community with open books (a cash box and a mobile-money account), its five people signed in: built once, copied per run. */
async function baseImage() {
  const t = makeTestApp();
  const users = {} as Record<(typeof PEOPLE)[number], UserRow>;
  for (const name of PEOPLE) users[name] = await makeUser(t.db, { firstName: name[0]!.toUpperCase() + name.slice(1) });
  const community = makeCommunity(t.db, { creator: users.creator });
  addMember(t.db, { communityId: community.id, user: users.treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: users.admin, role: 'admin' });
  addMember(t.db, { communityId: community.id, user: users.member });
  addMember(t.db, { communityId: community.id, user: users.other });
  const agents = await Promise.all(PEOPLE.map((name) => as(t, users[name])));
  await agents[0]!.mutate('finances.updateSettings', { communityId: community.id, currency: 'XAF', transparency: 'summary', secondApprovalAbove: 6_000 });
  await agents[0]!.mutate('finances.createAccount', { communityId: community.id, name: 'MTN MoMo', kind: 'mobile' });
  return { t, image: takeImage(t), cookies: agents.map((a) => a.cookie), ids: PEOPLE.map((name) => users[name].id), communityId: community.id };
}

/** One run's world: a private copy of the base database and its people's agents. */
function world(base: Awaited<ReturnType<typeof baseImage>>) {
  const t = appFromImage(base.image, base.t, base.t.clock.now());
  const agents = base.cookies.map((cookie) => withCookie(t, cookie));
  const sql = t.db.$client;
  const c = base.communityId;
  const ids = (query: string) => sql.prepare(query).pluck().all(c) as number[];
  const nth = (list: number[], i: number) => (list.length ? list[i % list.length] : undefined);
  const accounts = ids('SELECT id FROM finance_accounts WHERE community_id = ? ORDER BY id');
  const expenseCategories = ids("SELECT id FROM finance_categories WHERE community_id = ? AND kind = 'expense' ORDER BY id");
  const allCategories = ids('SELECT id FROM finance_categories WHERE community_id = ? ORDER BY id');
  return { t, agents, sql, c, ids, nth, accounts, expenseCategories, allCategories, userIds: base.ids };
}
type World = ReturnType<typeof world>;

/** Runs one step through the operations; the answer (status) or nothing when it had nothing to act on. */
async function act(w: World, s: Step): Promise<{ status: number; error?: { message: string } } | undefined> {
  const { agents, c } = w;
  const currency = 'foreign' in s && s.foreign ? 'EUR' : 'XAF';
  const row = (table: 'payments' | 'expenses', states: string) =>
    'pick' in s ? w.nth(w.ids(`SELECT id FROM ${table} WHERE community_id = ? ${s.pick.any ? '' : `AND status IN (${states})`} ORDER BY id`), s.pick.n) : undefined;
  const payment = row('payments', "'pending'");
  const expense = row('expenses', s.kind === 'pay' ? "'approved'" : s.kind === 'approve' ? "'pending'" : "'pending', 'approved'");
  const account = 'account' in s ? w.accounts[s.account]! : w.accounts[0]!;
  switch (s.kind) {
    case 'declare':
      return agents[s.who]!.mutate('finances.declarePayment', { communityId: c, amount: s.amount, currency, purpose: s.purpose, method: 'cash' });
    case 'record':
      return agents[s.by]!.mutate('finances.recordPayment', { communityId: c, memberId: w.userIds[s.who], accountId: account, amount: s.amount, purpose: s.purpose, method: 'cash' });
    case 'confirm': {
      if (payment === undefined) return undefined;
      const authors = w.sql.prepare('SELECT member_id, recorded_by FROM payments WHERE id = ?').raw().get(payment) as string[];
      return agents[decide(w, s.by, authors)]!.mutate('finances.confirmPayment', { id: payment, accountId: account });
    }
    case 'reject':
      return payment === undefined ? undefined : agents[s.by]!.mutate('finances.rejectPayment', { id: payment, reason: 'Not on the statement' });
    case 'reverse': {
      const open = "AND kind <> 'reversal' AND id NOT IN (SELECT reverses_id FROM ledger_entries WHERE reverses_id IS NOT NULL)";
      const entry = w.nth(w.ids(`SELECT id FROM ledger_entries WHERE community_id = ? ${s.pick.any ? '' : open} ORDER BY id`), s.pick.n);
      return entry === undefined ? undefined : agents[s.by]!.mutate('finances.reverseEntry', { id: entry, reason: 'Entered by mistake' });
    }
    case 'submit':
      return agents[s.by]!.mutate('finances.submitExpense', { communityId: c, amount: s.amount, currency, categoryId: w.nth(w.expenseCategories, s.category), description: 'Hall and chairs' });
    case 'change':
      return expense === undefined ? undefined : agents[s.by]!.mutate('finances.changeExpense', { id: expense, amount: s.amount });
    case 'approve': {
      if (expense === undefined) return undefined;
      const busy = w.sql.prepare('SELECT user_id FROM expense_authors WHERE expense_id = ? UNION SELECT approver_id FROM expense_approvals WHERE expense_id = ?').pluck().all(expense, expense) as string[];
      return agents[decide(w, s.by, busy)]!.mutate('finances.approveExpense', { id: expense });
    }
    case 'reject-expense':
      return expense === undefined ? undefined : agents[s.by]!.mutate('finances.rejectExpense', { id: expense, reason: 'Over budget' });
    case 'pay': {
      if (expense === undefined) return undefined;
      const authors = w.sql.prepare('SELECT user_id FROM expense_authors WHERE expense_id = ?').pluck().all(expense) as string[];
      // A fair payer also takes the account holding the most.
      const from = s.by.fair ? (w.sql.prepare('SELECT id FROM finance_accounts WHERE community_id = ? ORDER BY balance DESC, id LIMIT 1').pluck().get(c) as number) : account;
      return agents[decide(w, s.by, authors)]!.mutate('finances.payExpense', { id: expense, accountId: from });
    }
    case 'plan':
      return agents[0]!.mutate('finances.createDuesPlan', { communityId: c, name: `Dues ${s.period}`, amount: s.amount, period: s.period, dueDay: 5, startsOn: '2026-01-01' });
    case 'budget':
      return agents[0]!.mutate('finances.setBudget', { communityId: c, year: 2026, lines: [{ categoryId: w.nth(w.allCategories, s.category), planned: s.amount }] });
    case 'later':
      w.t.clock.advance(s.days * DAY);
      return undefined;
  }
}

/** The officer who acts: the drawn one, or for a fair draw the next officer who is not among `excluded` (when there is one). */
function decide(w: World, by: { n: number; fair: boolean }, excluded: (string | null)[]): number {
  if (!by.fair) return by.n;
  for (let k = 0; k < OFFICERS; k++) if (!excluded.includes(w.userIds[(by.n + k) % OFFICERS]!)) return (by.n + k) % OFFICERS;
  return by.n;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The four figures that must agree after every step, and the balances' own checks. */
async function agree(w: World, label: string) {
  const { sql, c, agents } = w;
  const ledger = sql.prepare('SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE community_id = ?').pluck().get(c) as number;
  const ledgerPayments = sql.prepare('SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE community_id = ? AND payment_id IS NOT NULL').pluck().get(c) as number;

  const summary = (await agents[0]!.query('finances.summary', { communityId: c })).data;
  const incomes = new Set(summary.categories.filter((k: { kind: string }) => k.kind === 'income').map((k: { id: number }) => k.id));
  const net = (rows: { categoryId: number; moneyIn: number; moneyOut: number }[]) => sum(rows.map((r) => r.moneyIn - r.moneyOut));
  expect(sum(summary.accounts.map((a: { balance: number }) => a.balance)), `${label}: accounts = ledger`).toBe(ledger);
  expect(net(summary.byCategory), `${label}: summary by category = ledger`).toBe(ledger);
  expect(net(summary.byCategory.filter((r: { categoryId: number }) => incomes.has(r.categoryId))), `${label}: summary income = payments in the ledger`).toBe(ledgerPayments);

  const statements = await Promise.all(agents.map((a) => a.query('finances.statement', { communityId: c, limit: 100 })));
  for (const [i, s] of statements.entries()) {
    const own = sql.prepare('SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE community_id = ? AND member_id = ? AND payment_id IS NOT NULL').pluck().get(c, w.userIds[i]) as number;
    expect(s.data.paidThisYear, `${label}: ${PEOPLE[i]}'s statement = their entries`).toBe(own);
    // What the statement lists adds up to what it says: a reversed payment counts nowhere.
    const confirmed = s.data.payments.items.filter((p: { status: string }) => p.status === 'confirmed');
    expect(sum(confirmed.map((p: { amount: number }) => p.amount)), `${label}: ${PEOPLE[i]}'s confirmed payments = their paid`).toBe(s.data.paidThisYear);
  }
  expect(sum(statements.map((s) => s.data.paidThisYear)), `${label}: sum of statements = payments in the ledger`).toBe(ledgerPayments);

  const csv = await agents[0]!.rest('GET', `/api/communities/${c}/finances/export.csv?from=2000-01-01&to=2100-12-31`);
  expect(csvAmountTotal(String(csv.body)), `${label}: CSV = ledger`).toBe(ledger);

  expect(verifyBalances(w.t.db), `${label}: balances and months = their entries`).toEqual({ accounts: [], months: [] });
  for (const a of summary.accounts) expect(a.balance, `${label}: account ${a.id} never below zero`).toBeGreaterThanOrEqual(0);
}

/** What only needs checking at the end of a sequence: dues, budget, dashboard, four eyes, the trail. */
async function atTheEnd(w: World, entriesSeen: Map<number, unknown>) {
  const { sql, c, agents } = w;
  for (const [i, a] of agents.entries()) {
    const userId = w.userIds[i]!;
    const credit = sql
      .prepare("SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN finance_categories k ON k.id = e.category_id WHERE e.community_id = ? AND e.member_id = ? AND k.built_in = 'dues'")
      .pluck()
      .get(c, userId) as number;
    const owed = sql.prepare('SELECT coalesce(sum(amount), 0) AS amount, coalesce(sum(paid), 0) AS paid FROM dues_obligations WHERE community_id = ? AND member_id = ?').get(c, userId) as { amount: number; paid: number };
    expect(owed.paid, `${PEOPLE[i]}'s dues paid = their dues in the ledger`).toBe(Math.min(Math.max(0, credit), owed.amount));
    const statement = (await a.query('finances.statement', { communityId: c })).data;
    const overview = (await a.query('finances.overview')).data.find((r: { communityId: number }) => r.communityId === c);
    expect(overview.paidThisYear, `${PEOPLE[i]}'s dashboard = their statement`).toBe(statement.paidThisYear);
  }
  const budget = (await agents[0]!.query('finances.budget', { communityId: c, year: 2026 })).data.lines as { categoryId: number; kind: string; actual: number }[];
  const byCategory = sql.prepare('SELECT category_id AS id, sum(amount) AS net FROM ledger_entries WHERE community_id = ? GROUP BY category_id').all(c) as { id: number; net: number }[];
  for (const line of budget) {
    const net = byCategory.find((r) => r.id === line.categoryId)?.net ?? 0;
    expect(line.actual, `budget actual of category ${line.categoryId}`).toBe(line.kind === 'income' ? net : 0 - net);
  }

  // Four eyes: nobody confirmed a payment they are or recorded, nobody approved or paid an expense they wrote.
  expect(sql.prepare("SELECT id FROM payments WHERE status IN ('confirmed', 'reversed') AND (decided_by = member_id OR decided_by = recorded_by)").all(), 'payments confirmed by an author').toEqual([]);
  expect(sql.prepare('SELECT a.expense_id FROM expense_approvals a JOIN expense_authors x ON x.expense_id = a.expense_id AND x.user_id = a.approver_id').all(), 'expenses approved by an author').toEqual([]);
  expect(sql.prepare("SELECT e.expense_id FROM ledger_entries e JOIN expense_authors x ON x.expense_id = e.expense_id AND x.user_id = e.created_by WHERE e.kind = 'expense'").all(), 'expenses paid by an author').toEqual([]);
  // A payment reads reversed exactly when its entry was reversed.
  expect(
    sql.prepare("SELECT p.id FROM payments p WHERE (p.status = 'reversed') <> EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_entries r ON r.reverses_id = e.id WHERE e.payment_id = p.id AND e.kind = 'payment')").all(),
    'payments whose status disagrees with their reversal',
  ).toEqual([]);

  // Entries never change once written; amounts are whole non-zero numbers of minor units.
  for (const row of sql.prepare('SELECT * FROM ledger_entries').all() as { id: number; amount: number }[]) {
    if (entriesSeen.has(row.id)) expect(row).toEqual(entriesSeen.get(row.id));
    expect(Number.isInteger(row.amount) && row.amount !== 0).toBe(true);
  }
  expect(verifyAuditChain(w.t.db)).toBeNull();
}

describe('the books under any sequence of actions, through the operations', () => {
  it(
    'keep ledger = summary = sum of statements = CSV after every step, balances = their entries and never negative',
    async () => {
      const base = await baseImage();
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40, size: 'max' }), async (steps) => {
          const w = world(base);
          const entriesSeen = new Map<number, unknown>();
          for (const [n, s] of steps.entries()) {
            const count = () => w.sql.prepare('SELECT (SELECT count(*) FROM ledger_entries), (SELECT count(*) FROM finance_audit)').raw().get();
            const before = count();
            const r = await act(w, s);
            const label = `step ${n + 1} (${s.kind})`;
            expect(r?.status ?? 200, `${label}: ${r?.error?.message}`).toBeLessThan(500);
            // A refusal (403 four eyes, 409 state or balance, 400 currency…) writes nothing.
            if (r && r.status >= 400) expect(count(), `${label} refused with ${r.status} wrote something`).toEqual(before);
            if ('foreign' in s && s.foreign) expect(r?.status, `${label} in EUR`).toBe(400);
            await agree(w, label);
            for (const row of w.sql.prepare('SELECT * FROM ledger_entries').all() as { id: number }[]) if (!entriesSeen.has(row.id)) entriesSeen.set(row.id, row);
          }
          await atTheEnd(w, entriesSeen);
          w.t.db.$client.close();
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    Math.max(60_000, RUNS * 4_000),
  );
});
