import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { agent, makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { financeWorld, FIN } from '../setup/finances';
import { op, TRANSPORTS } from '../setup/transport';
import { verifyAuditChain } from '../../src/server/services/finances/audit';
import { verifyBalances } from '../../src/server/services/finances/ledger';
import { expectError } from '../setup/errors';
import { IT, TRPC } from '../setup/invitations';

/*
 * Bringing an association in from its spreadsheets: members (join at once or invited), and the
 * books' history (opening balances, past payments and expenses) waiting for a second finance
 * officer before it reaches the ledger. Each import is checked row by row first, written whole
 * or not at all, and the same file imported again writes nothing twice.
 */

const byCommunity = { params: { id: 'communityId' } };
const IMP = {
  previewMembers: op('POST', '/api/communities/:id/imports/members/preview', 'imports.previewMembers', 'mutation', byCommunity),
  members: op('POST', '/api/communities/:id/imports/members', 'imports.members', 'mutation', { ...byCommunity, created: true }),
  previewLedger: op('POST', '/api/communities/:id/imports/ledger/preview', 'imports.previewLedger', 'mutation', byCommunity),
  submitLedger: op('POST', '/api/communities/:id/imports/ledger', 'imports.submitLedger', 'mutation', { ...byCommunity, created: true }),
  ledgerImports: op('GET', '/api/communities/:id/imports/ledger', 'imports.ledgerImports', 'query', byCommunity),
  confirmLedger: op('POST', '/api/imports/ledger/:id/confirm', 'imports.confirmLedger', 'mutation', { params: { id: 'id' } }),
  rejectLedger: op('POST', '/api/imports/ledger/:id/reject', 'imports.rejectLedger', 'mutation', { params: { id: 'id' } }),
};

const csv = (rows: string[][], sep = ',', name = 'sheet.csv') => ({ name, encoding: 'text' as const, content: rows.map((r) => r.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n') });
const count = (t: TestApp, table: string, where = '1 = 1', ...args: unknown[]) => t.db.$client.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get(...args) as number;

async function membersWorld() {
  const t = makeTestApp();
  const now = t.clock.now();
  const creator = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Eze' });
  const community = makeCommunity(t.db, { creator, name: 'Lagos Diaspora Leeds', isPublic: false });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const member = await makeUser(t.db, { firstName: 'Musa' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  const hasAccount = await makeUser(t.db, { firstName: 'Kemi', lastName: 'Ade', email: 'kemi.ade@example.org' });
  const outsider = await makeUser(t.db);
  // The membership categories the sheets name (settings › Membership).
  const category = (name: string) => Number(t.db.$client.prepare('INSERT INTO membership_categories (community_id, name, created_at) VALUES (?, ?, ?)').run(community.id, name, now).lastInsertRowid);
  const categories = { founding: category('Founding member'), full: category('Full member'), student: category('Étudiant') };
  return { t, now, creator, community, treasurer, member, hasAccount, outsider, categories };
}

const HEAD = ['Name', 'Email', 'Phone', 'Role', 'Membership category', 'Date joined'];
const goodMembers = (memberEmail: string) =>
  csv([
    HEAD,
    ['Kemi Ade', 'Kemi.Ade@example.org', '', 'Treasurer', 'Founding member', '03/15/2019'],
    ['Bola Oni', 'bola.oni@example.org', '+44 7700 900123', 'Member', 'Full member', '2021-06-01'],
    ['Musa Already', memberEmail, '', '', '', ''],
    ['Tunde Phone', '', '+234 803 000 0000', 'member', 'etudiant', ''],
  ]);

describe('imports.members: addresses left alone', () => {
  it('an address that declined an invitation lately is not emailed, and the summary says so', async () => {
    const w = await membersWorld();
    const other = makeCommunity(w.t.db, { creator: w.creator, name: 'Another Circle' });
    w.t.db.$client
      .prepare("INSERT INTO invitations (community_id, email, token_hash, language, status, responded_at, last_sent_at, expires_at, created_at) VALUES (?, 'bola.oni@example.org', 'h', 'en', 'declined', ?, ?, ?, ?)")
      .run(other.id, w.t.clock.now(), w.t.clock.now(), w.t.clock.now() + 86_400_000, w.t.clock.now());
    const done = await TRPC.call(await as(w.t, w.creator), IMP.members, { communityId: w.community.id, language: 'en', file: goodMembers(w.member.email) });
    expect(done.data).toMatchObject({ joined: 1, invited: 0, notEmailed: 1 });
    expect(count(w.t, 'invitations', 'community_id = ?', w.community.id)).toBe(0);
  });
});

for (const tr of TRANSPORTS) {
  describe(tr.title(IMP.members), () => {
    it('a good file: a preview with what each row will do, then one import (join, invite, already a member, phone only)', async () => {
      const w = await membersWorld();
      const a = await as(w.t, w.creator);
      const file = goodMembers(w.member.email);
      const preview = await tr.call(a, IMP.previewMembers, { communityId: w.community.id, language: 'en', file });
      expect(preview.status).toBe(200);
      expect(preview.data).toMatchObject({ total: 4, withProblems: 0 });
      expect(preview.data.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
        [2, 'join'],
        [3, 'invite'],
        [4, 'alreadyMember'],
        [5, 'noEmail'],
      ]);
      // The preview wrote nothing.
      expect(count(w.t, 'invitations')).toBe(0);

      const done = await tr.call(a, IMP.members, { communityId: w.community.id, language: 'en', file });
      expect(done.status).toBe(tr.okStatus(IMP.members));
      expect(done.data).toMatchObject({ rows: 4, joined: 1, invited: 1, alreadyMembers: 1, alreadyInvited: 0, noEmail: [{ line: 5, name: 'Tunde Phone' }] });
      // The account joins with its role, date and membership category (matched whatever the case and accents).
      const m = w.t.db.$client.prepare('SELECT role, joined_at AS joinedAt, category_id AS categoryId FROM memberships WHERE community_id = ? AND user_id = ?').get(w.community.id, w.hasAccount.id) as { role: string; joinedAt: number; categoryId: number };
      expect(m).toEqual({ role: 'treasurer', joinedAt: Date.parse('2019-03-15T12:00:00Z'), categoryId: w.categories.founding });
      // The invitee's category waits on the invitation, and is theirs when they join.
      expect(w.t.db.$client.prepare("SELECT membership_category_id FROM invitations WHERE email = 'bola.oni@example.org' AND status = 'pending'").pluck().all()).toEqual([w.categories.full]);
      const bola = await makeUser(w.t.db, { firstName: 'Bola', lastName: 'Oni', email: 'bola.oni@example.org' });
      const invitationId = w.t.db.$client.prepare("SELECT id FROM invitations WHERE email = 'bola.oni@example.org'").pluck().get() as number;
      expect((await TRPC.call(await as(w.t, bola), IT.acceptById, { id: invitationId })).status).toBe(200);
      expect(w.t.db.$client.prepare('SELECT category_id FROM memberships WHERE community_id = ? AND user_id = ?').pluck().get(w.community.id, bola.id)).toBe(w.categories.full);
      expect(count(w.t, 'admin_audit', "action = 'imports.members'")).toBe(1);
    });

    it('bad rows: each row’s problems in the preview, and nothing written when importing anyway', async () => {
      const w = await membersWorld();
      const a = await as(w.t, w.creator);
      const file = csv(
        [
          ['Nom', 'E-mail', 'Téléphone', 'Rôle', 'Catégorie de membre', 'Date d’adhésion'],
          ['Awa Bad', 'awa@@example', '', 'Membre', '', ''],
          ['Awa One', 'awa@example.org', '', 'Membre', '', '31/02/2020'],
          ['Awa Two', 'AWA@example.org', '', 'Chef', '', '15/03/2020'],
          ['', '', '', '', '', ''],
          ['Nobody Reachable', '', '', '', '', ''],
          ['Later', 'later@example.org', '', '', '', '01/01/2030'],
          ['Good One', 'good@example.org', '', 'Trésorière', '', '15/03/2020'],
          ['Odd Category', 'odd@example.org', '', 'Membre', 'Bienfaiteur', ''],
        ],
        ';',
      );
      const preview = await tr.call(a, IMP.previewMembers, { communityId: w.community.id, language: 'fr', file });
      expect(preview.status).toBe(200);
      const problems = Object.fromEntries(preview.data.rows.map((r: { line: number; problems: { key: string }[] }) => [r.line, r.problems.map((p) => p.key.replace('imports.problems.', ''))]));
      // The blank line 5 is dropped; lines keep the spreadsheet's numbers.
      expect(problems).toEqual({
        2: ['badEmail'],
        3: ['badDate'],
        4: ['duplicateEmail', 'badRole'],
        6: ['noContact'],
        7: ['futureDate'],
        8: [],
        9: ['unknownCategory'],
      });
      // The unknown category is named with the ones the community has.
      expect(preview.data.rows.find((r: { line: number }) => r.line === 9).problems[0].params).toEqual({ value: 'Bienfaiteur', known: 'Founding member, Full member, Étudiant' });
      expect(preview.data.withProblems).toBe(6);
      const refused = await tr.call(a, IMP.members, { communityId: w.community.id, language: 'fr', file });
      expect(refused.status).toBe(400);
      expectError(refused, 'BAD_REQUEST', 'imports.errors.rowsWithProblems', { count: 6 });
      expect(count(w.t, 'invitations')).toBe(0);
      expect(count(w.t, 'memberships', 'community_id = ?', w.community.id)).toBe(3);
    });

    it('the same file again joins and invites nobody twice', async () => {
      const w = await membersWorld();
      const a = await as(w.t, w.creator);
      const input = { communityId: w.community.id, language: 'en', file: goodMembers(w.member.email) };
      await tr.call(a, IMP.members, input);
      const again = await tr.call(a, IMP.members, input);
      expect(again.status).toBe(tr.okStatus(IMP.members));
      expect(again.data).toMatchObject({ joined: 0, invited: 0, alreadyMembers: 2, alreadyInvited: 1 });
      expect(count(w.t, 'invitations')).toBe(1);
      expect(count(w.t, 'mail_outbox', "template LIKE '%nvitation%'")).toBe(1);
    });

    it('refuses other members, treasurers and outsiders of a private community', async () => {
      const w = await membersWorld();
      const input = { communityId: w.community.id, language: 'en', file: goodMembers(w.member.email) };
      expect((await tr.call(await as(w.t, w.member), IMP.members, input)).status).toBe(403);
      expect((await tr.call(await as(w.t, w.treasurer), IMP.previewMembers, input)).status).toBe(403);
      expect((await tr.call(await as(w.t, w.outsider), IMP.members, input)).status).toBe(404);
      expect((await tr.call(agent(w.t), IMP.members, input)).status).toBe(401);
      expect(count(w.t, 'invitations')).toBe(0);
    });

    it('malformed files: missing columns, a wrong format, too many rows, an unclosed quote', async () => {
      const w = await membersWorld();
      const a = await as(w.t, w.creator);
      const call = (file: { name: string; content: string; encoding: 'text' | 'base64' }) => tr.call(a, IMP.previewMembers, { communityId: w.community.id, language: 'en', file });
      const missing = await call(csv([['Email', 'Phone'], ['a@example.org', '']]));
      expect(missing.status).toBe(400);
      expectError(missing, 'BAD_REQUEST', 'imports.errors.missingColumns', { columns: 'Name', found: 'Email, Phone' });
      expectError(await call({ name: 'members.pdf', content: 'x', encoding: 'text' }), 'BAD_REQUEST', 'imports.errors.format');
      const many = csv([HEAD, ...Array.from({ length: 5001 }, (_, i) => [`P${i}`, `p${i}@e.org`, '', '', '', ''])]);
      expectError(await call(many), 'BAD_REQUEST', 'imports.errors.tooManyRows', { max: 5000 });
      expect((await call({ name: 'm.csv', content: 'Name,Email\n"Ann,a@e.org', encoding: 'text' })).status).toBe(400);
      expectError(await call({ name: 'm.xlsx', content: Buffer.from('not a workbook').toString('base64'), encoding: 'base64' }), 'BAD_REQUEST', 'imports.errors.unreadable');
    });
  });
}

describe('tRPC: imports.previewMembers from an XLSX workbook', () => {
  it('reads French column names, date cells and numbers as written', async () => {
    const w = await membersWorld();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Membres');
    sheet.addRow(['Nom', 'E-mail', 'Téléphone', 'Rôle', 'Catégorie de membre', 'Date d’adhésion']);
    sheet.addRow(['Kemi Ade', 'kemi.ade@example.org', 447700900123, 'Trésorier', 'ÉTUDIANT', new Date(Date.UTC(2019, 2, 15))]);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const [tr] = TRANSPORTS.filter((x) => x.name === 'tRPC');
    const r = await tr!.call(await as(w.t, w.creator), IMP.previewMembers, { communityId: w.community.id, language: 'fr', file: { name: 'membres.xlsx', content, encoding: 'base64' } });
    expect(r.status).toBe(200);
    expect(r.data.rows[0]).toMatchObject({ name: 'Kemi Ade', phone: '447700900123', role: 'treasurer', categoryId: w.categories.student, joined: '2019-03-15', action: 'join', problems: [] });
  });
});

/* ------------------------------------------------------------------------------------------- */

const LEDGER_FR = ['Date', 'E-mail du membre', 'Montant', 'Type', 'Compte', 'Référence', 'Libellé'];
const history = (memberEmail: string) =>
  csv(
    [
      LEDGER_FR,
      ['01/01/2024', '', '150 000', 'Solde initial', 'Cash box', '', ''],
      ['03/02/2024', memberEmail, '5 000', 'Cotisation', 'Cash box', 'R-0042', 'Cotisation de février'],
      ['20/02/2024', '', '12 500', 'Dépense', 'Cash box', '', 'Location de la salle'],
      ['2024-02-21', '', '2 000', 'Don', '', '', ''],
    ],
    ';',
    'historique.csv',
  );

for (const tr of TRANSPORTS) {
  describe(tr.title(IMP.submitLedger), () => {
    it('opening balance, a member’s dues, an expense and a gift: submitted, confirmed by another officer, marked imported', async () => {
      const w = await financeWorld();
      const treasurer = await as(w.t, w.treasurer);
      const before = w.balance();
      const input = { communityId: w.community.id, language: 'fr', file: history(w.member.email) };
      const preview = await tr.call(treasurer, IMP.previewLedger, input);
      expect(preview.status).toBe(200);
      expect(preview.data).toMatchObject({ currency: 'XAF', total: 4, withProblems: 0 });
      expect(preview.data.rows.map((r: { amount: number; kind: string; action: string }) => [r.kind, r.amount, r.action])).toEqual([
        ['opening', 150000, 'add'],
        ['dues', 5000, 'add'],
        ['expense', 12500, 'add'],
        ['donation', 2000, 'add'],
      ]);

      const submitted = await tr.call(treasurer, IMP.submitLedger, input);
      expect(submitted.status).toBe(tr.okStatus(IMP.submitLedger));
      expect(submitted.data).toMatchObject({ status: 'pending', rowCount: 4, totalIn: 157000, totalOut: 12500, skipped: 0 });
      // Nothing in the books until another officer confirms.
      expect(w.balance()).toBe(before);
      expect(count(w.t, 'ledger_entries', 'imported = 1')).toBe(0);
      // The other finance officers are told; the author is not.
      expect(count(w.t, 'notifications', "title = 'notifications.ledgerImport.title' AND user_id = ?", w.admin.id)).toBe(1);
      expect(count(w.t, 'notifications', "title = 'notifications.ledgerImport.title' AND user_id = ?", w.treasurer.id)).toBe(0);
      // …and it waits in the second officer's "Needs you", never the author's.
      const waiting = (u: typeof treasurer) => u.query('needs.list', {}).then((r) => r.data.items.filter((i: { kind: string }) => i.kind === 'ledgerImport'));
      expect(await waiting(await as(w.t, w.admin))).toEqual([
        expect.objectContaining({ key: `ledgerImport:${submitted.data.id}`, who: `${w.treasurer.firstName} ${w.treasurer.lastName}`, subject: input.file.name, details: { rows: 4 }, link: `/community/${w.community.id}/import` }),
      ]);
      expect(await waiting(treasurer)).toEqual([]);

      const own = await tr.call(treasurer, IMP.confirmLedger, { id: submitted.data.id });
      expect(own.status).toBe(403);
      expectError(own, 'FORBIDDEN', 'imports.errors.ownImport');

      const admin = await as(w.t, w.admin);
      const listed = await tr.call(admin, IMP.ledgerImports, { communityId: w.community.id });
      expect(listed.data.imports[0]).toMatchObject({ id: submitted.data.id, status: 'pending', rows: expect.any(Array) });
      expect(listed.data.imports[0].rows).toHaveLength(4);

      const confirmed = await tr.call(admin, IMP.confirmLedger, { id: submitted.data.id });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data).toMatchObject({ status: 'confirmed', written: 4 });
      expect(await waiting(admin)).toEqual([]);
      expect(count(w.t, 'notifications', "title = 'notifications.ledgerImport.title' AND handled_at IS NULL")).toBe(0);
      expect(w.balance()).toBe(before + 150000 + 5000 - 12500 + 2000);
      const entries = w.t.db.$client.prepare("SELECT amount, kind, created_at AS at, member_id AS memberId, imported FROM ledger_entries WHERE imported = 1 ORDER BY created_at").all();
      expect(entries).toEqual([
        { amount: 150000, kind: 'payment', at: Date.parse('2024-01-01T12:00:00Z'), memberId: null, imported: 1 },
        { amount: 5000, kind: 'payment', at: Date.parse('2024-02-03T12:00:00Z'), memberId: w.member.id, imported: 1 },
        { amount: -12500, kind: 'expense', at: Date.parse('2024-02-20T12:00:00Z'), memberId: null, imported: 1 },
        { amount: 2000, kind: 'payment', at: Date.parse('2024-02-21T12:00:00Z'), memberId: null, imported: 1 },
      ]);
      // The member's statement shows the dues they paid in the old spreadsheet, marked imported, with no receipt of ours.
      const statement = await tr.call(await as(w.t, w.member), FIN.statement, { communityId: w.community.id });
      expect(statement.data.payments.items.find((p: { imported: boolean }) => p.imported)).toMatchObject({ amount: 5000, status: 'confirmed', reference: 'R-0042', receiptNo: null, createdAt: '2024-02-03T12:00:00.000Z' });
      // The books still verify, and the audit trail records both steps.
      expect(verifyBalances(w.t.db)).toEqual({ accounts: [], months: [] });
      expect(verifyAuditChain(w.t.db)).toBeNull();
      expect(count(w.t, 'finance_audit', "action IN ('import.submitted', 'import.confirmed')")).toBe(2);
      expect(count(w.t, 'notifications', "title = 'notifications.ledgerImportConfirmed.title' AND user_id = ?", w.treasurer.id)).toBe(1);
    });

    it('the same file again: every row already in the books, nothing new to submit; a second pending copy is refused too', async () => {
      const w = await financeWorld();
      const treasurer = await as(w.t, w.treasurer);
      const input = { communityId: w.community.id, language: 'fr', file: history(w.member.email) };
      const first = await tr.call(treasurer, IMP.submitLedger, input);
      const waiting = await tr.call(treasurer, IMP.previewLedger, input);
      expect(waiting.data.rows.every((r: { action: string }) => r.action === 'pendingImport')).toBe(true);
      expect((await tr.call(treasurer, IMP.submitLedger, input)).status).toBe(409);
      await tr.call(await as(w.t, w.admin), IMP.confirmLedger, { id: first.data.id });
      const again = await tr.call(treasurer, IMP.previewLedger, input);
      expect(again.data.rows.every((r: { action: string }) => r.action === 'alreadyImported')).toBe(true);
      const refused = await tr.call(treasurer, IMP.submitLedger, input);
      expect(refused.status).toBe(409);
      expectError(refused, 'CONFLICT', 'imports.errors.nothingNew');
      expect(count(w.t, 'ledger_entries', 'imported = 1')).toBe(4);
    });

    it('bad rows in either language’s formats: each named, and nothing submitted', async () => {
      const w = await financeWorld();
      const treasurer = await as(w.t, w.treasurer);
      const file = csv([
        ['Date', 'Member email', 'Amount', 'Kind', 'Account', 'Reference', 'Description'],
        ['02/30/2024', '', '1,500', 'Dues', '', '', ''],
        ['15/03/2024', '', '1 500', 'Dues', '', '', ''],
        ['03/15/2024', '', '1,500.50', 'Dues', '', '', ''],
        ['03/15/2024', 'nobody@example.org', '1500', 'Dues', '', '', ''],
        ['03/15/2024', '', '1500', 'Gift', 'Bank', '', ''],
        ['03/15/2024', '', '900000', 'Expense', '', '', 'Too much'],
        ['03/16/2024', '', '1,500', 'Donation', '', '', ''],
        ['03/16/2024', '', '1500', 'Donation', '', '', ''],
      ]);
      const preview = await tr.call(treasurer, IMP.previewLedger, { communityId: w.community.id, language: 'en', file });
      const problems = preview.data.rows.map((r: { line: number; problems: { key: string }[] }) => [r.line, r.problems.map((p) => p.key.replace('imports.problems.', ''))]);
      expect(problems).toEqual([
        [2, ['badDate']],
        [3, ['badDate']],
        [4, ['badAmount']],
        [5, ['unknownMember']],
        [6, ['badKind', 'unknownAccount']],
        [7, ['overdrawn']],
        [8, []],
        [9, ['duplicateRow']],
      ]);
      const refused = await tr.call(treasurer, IMP.submitLedger, { communityId: w.community.id, language: 'en', file });
      expect(refused.status).toBe(400);
      expect(count(w.t, 'ledger_imports')).toBe(0);
    });

    it('refuses plain members and outsiders; the author may withdraw their own import', async () => {
      const w = await financeWorld();
      const input = { communityId: w.community.id, language: 'fr', file: history(w.member.email) };
      expect((await tr.call(await as(w.t, w.member), IMP.previewLedger, input)).status).toBe(403);
      expect((await tr.call(await as(w.t, w.member), IMP.submitLedger, input)).status).toBe(403);
      const outsider = await makeUser(w.t.db);
      expect((await tr.call(await as(w.t, outsider), IMP.submitLedger, input)).status).toBe(403);
      const treasurer = await as(w.t, w.treasurer);
      const submitted = await tr.call(treasurer, IMP.submitLedger, input);
      expect((await tr.call(await as(w.t, w.member), IMP.confirmLedger, { id: submitted.data.id })).status).toBe(403);
      expect((await tr.call(await as(w.t, outsider), IMP.confirmLedger, { id: submitted.data.id })).status).toBe(403);
      const withdrawn = await tr.call(treasurer, IMP.rejectLedger, { id: submitted.data.id, reason: 'Wrong file' });
      expect(withdrawn.data).toMatchObject({ status: 'rejected', reason: 'Wrong file' });
      expect((await tr.call(await as(w.t, w.admin), IMP.confirmLedger, { id: submitted.data.id })).status).toBe(409);
      expect(count(w.t, 'ledger_entries', 'imported = 1')).toBe(0);
    });
  });
}

describe('REST: GET /api/imports/templates/:kind/:language.:format', () => {
  it('serves each template in each language, as CSV and as a workbook the preview reads back', async () => {
    const w = await membersWorld();
    const a = agent(w.t);
    const fr = await a.rest('GET', '/api/imports/templates/members/fr.csv');
    expect(fr.status).toBe(200);
    expect(fr.headers.get('content-type')).toContain('text/csv');
    const xlsx = await w.t.app.request('/api/imports/templates/ledger/en.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('harambee-books-history-en.xlsx');
    expect((await a.rest('GET', '/api/imports/templates/nothing/en.csv')).status).toBe(400);
    const text = await (await w.t.app.request('/api/imports/templates/members/en.csv')).text();
    const [tr] = TRANSPORTS;
    const preview = await tr!.call(await as(w.t, w.creator), IMP.previewMembers, { communityId: w.community.id, language: 'en', file: { name: 't.csv', content: text, encoding: 'text' } });
    expect(preview.data).toMatchObject({ total: 2, withProblems: 0 });
  });
});
