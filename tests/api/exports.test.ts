import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communities, users } from '../../db/schema';
import { builtInCategoryId, listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { approveExpense, payExpense, submitExpense } from '../../src/server/services/finances/expenses';
import { reverseEntry } from '../../src/server/services/finances/ledger';
import { confirmPayment, declarePayment } from '../../src/server/services/finances/payments';
import { officerConfirmContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { recordPayout } from '../../src/server/services/njangi/payouts';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { buildCircle } from '../setup/njangi';
import { TRANSPORTS, op } from '../setup/transport';
import { expectError } from '../setup/errors';

/*
 * The ledger's and the circle report's exports. CSV: text cells that look like formulas are
 * defused, numbers (a negative amount too) stay numbers; dates and times in the community's zone;
 * words (kinds, categories, descriptions) in the requester's own language, never internal keys;
 * account and category names; a running balance. XLSX: the same rows as a workbook, read back with
 * exceljs: numbers in the currency's format, dates as dates, a frozen header, a totals row.
 */

const EXPORT = op('GET', '/api/communities/:id/finances/export.csv', 'finances.exportCsv', 'query', { params: { id: 'communityId' } });
const at = (iso: string) => Date.parse(iso);

/** Books in USD in Houston's zone: a dues payment at 21:30 on 1 March local (03:30 UTC on the 2nd), a donation, an expense, a reversal. */
async function books(t: TestApp) {
  const treasurer = await makeUser(t.db, { firstName: 'Tabe', lastName: 'Eyong' });
  const approver = await makeUser(t.db, { firstName: 'Awa', lastName: 'Ndiaye' });
  const member = await makeUser(t.db, { firstName: '=cmd|', lastName: 'Musa' });
  const community = makeCommunity(t.db, { creator: approver, name: 'Houston Bamenda Association' });
  t.db.update(communities).set({ timeZone: 'America/Chicago' }).where(eq(communities.id, community.id)).run();
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  const id = community.id;
  saveFinanceSettings(t.db, { communityId: id, actorId: approver.id, changes: { currency: 'USD', transparency: 'summary' }, cashBoxName: 'Cash box', now: at('2026-02-01T12:00:00Z') });
  const account = listAccounts(t.db, id)[0]!.id;
  const pay = (amount: number, purpose: 'dues' | 'donation', reference: string | null, when: string) => {
    const p = declarePayment(t.db, { communityId: id, memberId: member.id, details: { amount, purpose, method: 'mobile_money', provider: 'MTN MoMo', reference }, now: at(when) });
    confirmPayment(t.db, { communityId: id, paymentId: p.id, accountId: account, actorId: treasurer.id, now: at(when) });
  };
  pay(18_000, 'dues', 'MP240615', '2026-03-02T03:30:00Z');
  pay(5_000, 'donation', null, '2026-03-03T15:00:00Z');
  const expense = submitExpense(t.db, { communityId: id, authorId: treasurer.id, amount: 4_500, categoryId: builtInCategoryId(t.db, id, 'venue'), description: '-Chairs, "folding"', receipts: [], now: at('2026-03-04T16:00:00Z') });
  approveExpense(t.db, { communityId: id, expenseId: expense.id, actorId: approver.id, now: at('2026-03-04T16:30:00Z') });
  // Paid by someone who is not one of its authors (four eyes).
  payExpense(t.db, { communityId: id, expenseId: expense.id, accountId: account, actorId: approver.id, now: at('2026-03-04T17:00:00Z') });
  const donation = t.db.$client.prepare("SELECT e.id FROM ledger_entries e JOIN payments p ON p.id = e.payment_id WHERE p.purpose = 'donation'").pluck().get() as number;
  t.db.transaction((tx) => reverseEntry(tx, { communityId: id, entryId: donation, reason: 'Entered twice', actorId: treasurer.id, now: at('2026-03-05T09:00:00Z') }));
  t.clock.set(at('2026-03-06T12:00:00Z'));
  return { community, treasurer, approver, member, donation };
}

const parseCsv = (text: string) => text.trimEnd().split('\r\n');

for (const T of TRANSPORTS) {
  describe(`${T.name}: the ledger as CSV`, () => {
    it('local dates and times, words not keys, account and category names, negative amounts as numbers, a running balance', async () => {
      const t = makeTestApp();
      const w = await books(t);
      const r = await T.call(await as(t, w.treasurer), EXPORT, { communityId: w.community.id });
      expect(r.status).toBe(200);
      const csv = T.name === 'REST' ? String(r.raw) : r.data.csv;
      const entry = (n: number) => t.db.$client.prepare('SELECT id FROM ledger_entries ORDER BY id LIMIT 1 OFFSET ?').pluck().get(n - 1);
      expect(parseCsv(csv)).toEqual([
        'Entry no.,Date,Time,Account,Category,Kind,Member,Description,Amount (USD),Balance (USD),Reverses entry no.,Reversed by entry no.',
        // 03:30 UTC on 2 March is 21:30 on 1 March in Houston.
        `${entry(1)},2026-03-01,21:30,Cash box,Dues,Payment,'=cmd| Musa,Dues · reference MP240615,180.00,180.00,,`,
        `${entry(2)},2026-03-03,09:00,Cash box,Donations,Payment,'=cmd| Musa,Donations,50.00,230.00,,${entry(4)}`,
        `${entry(3)},2026-03-04,11:00,Cash box,Venue,Expense,Tabe Eyong,"'-Chairs, ""folding""",-45.00,185.00,,`,
        `${entry(4)},2026-03-05,03:00,Cash box,Donations,Reversal,'=cmd| Musa,Reversal of entry no. ${w.donation}: Entered twice,-50.00,135.00,${w.donation},`,
      ]);
    });

    it('in the requester’s own language (their profile), whatever the browser asks; the days are the community’s', async () => {
      const t = makeTestApp();
      const w = await books(t);
      t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.treasurer.id)).run();
      const tr = await as(t, w.treasurer);
      const r = await T.call(tr, EXPORT, { communityId: w.community.id, from: '2026-03-02', to: '2026-03-05' }, { 'accept-language': 'en' });
      const lines = parseCsv(T.name === 'REST' ? String(r.raw) : r.data.csv);
      expect(lines[0]).toBe('N° d’écriture,Date,Heure,Compte,Catégorie,Nature,Membre,Libellé,Montant (USD),Solde (USD),Contre-passe l’écriture n°,Contre-passée par l’écriture n°');
      // The payment of 1 March (local) is before the range: the balance carries it in.
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/,2026-03-03,09:00,Cash box,Dons,Paiement,'=cmd\| Musa,Dons,50.00,230.00,,\d+$/);
      expect(lines[3]).toMatch(/,Dons,Contre-passation,'=cmd\| Musa,Contre-passation de l’écriture n°\u00a0\d+\u00a0: Entered twice,-50.00,135.00,\d+,$/);
      expect(lines.join('\n')).not.toMatch(/,dues|,donation|,payment|,expense|,reversal/);
    });

    it('a member is refused where the community shows totals only', async () => {
      const t = makeTestApp();
      const w = await books(t);
      const r = await T.call(await as(t, w.member), EXPORT, { communityId: w.community.id });
      expect(r.status).toBe(403);
      expectError(r, 'FORBIDDEN', 'errors.finances.ledgerHidden');
    });
  });
}

async function workbook(t: TestApp, cookie: string | null, path: string) {
  const res = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const book = new ExcelJS.Workbook();
  if (res.status === 200) await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return { status: res.status, headers: res.headers, book, body: res.status === 200 ? '' : Buffer.from(bytes).toString('utf8') };
}

describe('REST: GET /api/communities/:id/finances/export.xlsx', () => {
  it('the same rows as the CSV: amounts as numbers in the currency’s format, dates as dates, text as text, a frozen header and a totals row', async () => {
    const t = makeTestApp();
    const w = await books(t);
    const tr = await as(t, w.treasurer);
    const x = await workbook(t, tr.cookie, `/api/communities/${w.community.id}/finances/export.xlsx`);
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(x.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-\d+-start-\d{4}-\d\d-\d\d\.xlsx"$/);
    const sheet = x.book.getWorksheet('Ledger')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Entry no.', 'Date', 'Time', 'Account', 'Category', 'Kind', 'Member', 'Description', 'Amount (USD)', 'Balance (USD)', 'Reverses entry no.', 'Reversed by entry no.']);

    const csv = parseCsv(String((await tr.rest('GET', `/api/communities/${w.community.id}/finances/export.csv`)).body)).slice(1);
    expect(sheet.rowCount).toBe(1 + csv.length + 1);
    const expense = sheet.getRow(4);
    expect(expense.getCell(2).value).toEqual(new Date('2026-03-04T00:00:00Z'));
    expect(expense.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(expense.getCell(3).value).toBe('11:00');
    // Text stays text, even where it looks like a formula or a negative number.
    expect(expense.getCell(8).value).toBe('-Chairs, "folding"');
    expect(sheet.getRow(2).getCell(7).value).toBe('=cmd| Musa');
    expect(sheet.getRow(2).getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(expense.getCell(9).value).toBe(-45);
    expect(expense.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(expense.getCell(9).numFmt).toBe('#,##0.00 "USD";-#,##0.00 "USD"');
    expect(expense.getCell(10).value).toBe(185);
    // Every amount and balance equals the CSV's, cell for cell.
    csv.forEach((line, i) => {
      const row = sheet.getRow(i + 2);
      const amounts = line.match(/(-?\d+\.\d\d),(-?\d+\.\d\d),\d*,\d*$/)!;
      expect([row.getCell(9).value, row.getCell(10).value]).toEqual([Number(amounts[1]), Number(amounts[2])]);
    });
    const totals = sheet.getRow(sheet.rowCount);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.font?.bold).toBe(true);
    expect(totals.getCell(9).value).toEqual({ formula: `SUM(I2:I${sheet.rowCount - 1})`, result: 135 });
    expect(totals.getCell(9).numFmt).toBe('#,##0.00 "USD";-#,##0.00 "USD"');
  });

  it('same guards as the CSV: a member 403 where only totals are shown, an outsider of a private community 404, signed out 401', async () => {
    const t = makeTestApp();
    const w = await books(t);
    t.db.update(communities).set({ isPublic: false }).where(eq(communities.id, w.community.id)).run();
    const path = `/api/communities/${w.community.id}/finances/export.xlsx`;
    expect((await workbook(t, (await as(t, w.member)).cookie, path)).status).toBe(403);
    const outsider = await makeUser(t.db, { firstName: 'Otto' });
    expect((await workbook(t, (await as(t, outsider)).cookie, path)).status).toBe(404);
    expect((await workbook(t, null, path)).status).toBe(401);
  });
});

describe('REST: GET /api/circles/:id/report.xlsx', () => {
  it('the rounds and the members’ lines as sheets, XAF amounts without decimals, totals, frozen headers; the same lines the viewer may see', async () => {
    const t = makeTestApp();
    const organiser = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Organiser' });
    const [a, b] = [await makeUser(t.db, { firstName: 'Awa', lastName: 'Member' }), await makeUser(t.db, { firstName: 'Bih', lastName: 'Member', language: 'fr' })];
    const community = makeCommunity(t.db, { creator: organiser, name: 'Buea Njangi' });
    // Awa is the community's treasurer: the organiser's own cash waits for her (four eyes).
    addMember(t.db, { communityId: community.id, user: a, role: 'treasurer' });
    addMember(t.db, { communityId: community.id, user: b });
    const circle = buildCircle(t, { community, organiser, members: [a, b], order: [a.id, b.id, organiser.id], rules: { currency: 'XAF', contribution: 10_000 } });
    for (const h of circle.handRows) {
      const c = recordContribution(t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: h.id, organiserId: organiser.id, details: { method: 'cash' }, now: t.clock.now() });
      if (h.userId === organiser.id) officerConfirmContribution(t.db, { id: c.id, officerId: a.id, now: t.clock.now() });
    }
    recordPayout(t.db, { roundId: circle.rounds[0]!, organiserId: organiser.id, details: { method: 'cash' }, now: t.clock.now() });

    const x = await workbook(t, (await as(t, organiser)).cookie, `/api/circles/${circle.id}/report.xlsx`);
    expect(x.status).toBe(200);
    expect(x.book.worksheets.map((s) => s.name)).toEqual(['Rounds', 'Members']);
    const rounds = x.book.getWorksheet('Rounds')!;
    expect(rounds.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rounds.getRow(2).getCell(3).value).toBe('Paid out');
    expect(rounds.getRow(2).getCell(4).value).toBe(30_000);
    expect(rounds.getRow(2).getCell(4).numFmt).toBe('#,##0 "XAF";-#,##0 "XAF"');
    // After the payout, the top-ups column (11), its receipt state (12), then when it was paid out.
    expect(rounds.getRow(2).getCell(11).value).toBe(0);
    expect(rounds.getRow(2).getCell(13).value).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(rounds.getRow(2).getCell(14).value).toBe('11:00');
    const members = x.book.getWorksheet('Members')!;
    expect(members.rowCount).toBe(1 + 3 + 1);
    const totals = members.getRow(5);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(3).value).toEqual({ formula: 'SUM(C2:C4)', result: 30_000 });
    // The nets balance out (a result of 0 is not written by exceljs: Excel computes it on opening).
    expect(totals.getCell(8).value).toMatchObject({ formula: 'SUM(H2:H4)' });

    // A member's workbook has their own line only, in their own language.
    const mine = await workbook(t, (await as(t, b)).cookie, `/api/circles/${circle.id}/report.xlsx`);
    expect(mine.book.worksheets.map((s) => s.name)).toEqual(['Tours', 'Votre ligne']);
    const line = mine.book.getWorksheet('Votre ligne')!;
    expect(line.rowCount).toBe(1 + 1 + 1);
    expect(line.getRow(2).getCell(1).value).toBe('Bih Member');
    expect(line.getRow(2).getCell(8).value).toBe(-10_000);
  });
});
