import { describe, expect, it } from 'vitest';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp } from '../setup/app';
import { as } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { op, TRANSPORTS, type Transport } from '../setup/transport';
import { expectError } from '../setup/errors';
import { SMS_SAMPLES } from '../fixtures/sms-samples';

/*
 * Collecting money the way members pay, over both transports: instructions per account, each
 * member's stable reference, a pasted mobile-money text read into a declaration, and one payment
 * per provider transaction in a community (refused twice, across members, and in a race).
 */

const byCommunity = { params: { id: 'communityId' } };
const C = {
  instructions: op('GET', '/api/communities/:id/payment-instructions', 'collecting.instructions', 'query', byCommunity),
  setInstructions: op('PUT', '/api/communities/:id/payment-instructions/:accountId', 'collecting.setInstructions', 'mutation', { params: { id: 'communityId', accountId: 'accountId' } }),
  references: op('GET', '/api/communities/:id/payment-references', 'collecting.references', 'query', byCommunity),
  readText: op('POST', '/api/communities/:id/payment-texts', 'collecting.readText', 'query', byCommunity),
  declare: op('POST', '/api/communities/:id/finances/payments', 'finances.declarePayment', 'mutation', { ...byCommunity, created: true }),
  reject: op('POST', '/api/finances/payments/:id/reject', 'finances.rejectPayment', 'mutation', { params: { id: 'id' } }),
};

async function world() {
  const t = makeTestApp();
  const creator = await makeUser(t.db, { firstName: 'Ngozi' });
  const treasurer = await makeUser(t.db, { firstName: 'Tabe' });
  const member = await makeUser(t.db, { firstName: 'Musa' });
  const other = await makeUser(t.db, { firstName: 'Awa' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  addMember(t.db, { communityId: community.id, user: other });
  const books = seedBooks(t, { community, officer: treasurer, approver: creator, member });
  return { t, creator, treasurer, member, other, community, books };
}

const momo = SMS_SAMPLES.find((s) => s.provider === 'mtn_momo' && s.language === 'fr' && s.direction === 'sent')!;

// Both transports always (not only in the deep run): the refusal of a used transaction id is the issue's own ask.
for (const T of TRANSPORTS) {
  const call = (tr: Transport, who: Awaited<ReturnType<typeof as>>, o: (typeof C)[keyof typeof C], input: unknown) => tr.call(who, o, input);

  describe(`${T.name}: collecting money`, () => {
    it('a treasurer sets how to pay into an account; members read it with their own stable reference; only officers list everyone’s', async () => {
      const w = await world();
      const [tr, m, o] = [await as(w.t, w.treasurer), await as(w.t, w.member), await as(w.t, w.other)];
      const input = { communityId: w.community.id, accountId: w.books.account, provider: 'MTN MoMo', number: '677 00 00 00', accountName: 'BCA Treasury', ussd: '*126*1*1#', appLink: 'https://momo.mtn.cm/pay' };
      // A plain member cannot set them; a USSD string that is not one, or a script link, is refused with its field.
      expect((await call(T, m, C.setInstructions, input)).status).toBe(403);
      expect((await call(T, tr, C.setInstructions, { ...input, ussd: '126' })).status).toBe(400);
      expect((await call(T, tr, C.setInstructions, { ...input, appLink: 'javascript://%0Aalert(1)' })).status).toBe(400);
      expect((await call(T, tr, C.setInstructions, input)).status).toBe(200);

      const mine = await call(T, m, C.instructions, { communityId: w.community.id });
      expect(mine.data.accounts).toEqual([expect.objectContaining({ accountId: w.books.account, provider: 'MTN MoMo', number: '677 00 00 00', holderName: 'BCA Treasury', ussd: '*126*1*1#' })]);
      expect(mine.data.reference).toMatch(/^HB-[2-9A-HJKMNP-TV-Z]{4}$/);
      // Stable: asked again, the same; another member has their own.
      expect((await call(T, m, C.instructions, { communityId: w.community.id })).data.reference).toBe(mine.data.reference);
      const theirs = (await call(T, o, C.instructions, { communityId: w.community.id })).data.reference;
      expect(theirs).not.toBe(mine.data.reference);

      expect((await call(T, m, C.references, { communityId: w.community.id })).status).toBe(403);
      const all = await call(T, tr, C.references, { communityId: w.community.id });
      expect(all.data).toHaveLength(4);
      expect(all.data).toEqual(expect.arrayContaining([expect.objectContaining({ userId: w.member.id, reference: mine.data.reference }), expect.objectContaining({ userId: w.other.id, reference: theirs })]));

      // Emptied, the account's instructions go: members are no longer offered it.
      await call(T, tr, C.setInstructions, { communityId: w.community.id, accountId: w.books.account, provider: '', number: '', accountName: '', ussd: '', appLink: '' });
      expect((await call(T, m, C.instructions, { communityId: w.community.id })).data.accounts).toEqual([]);
    });

    it('a pasted MoMo text is read into the declaration, kept with it, and the same transfer cannot be declared twice, by anyone', async () => {
      const w = await world();
      const [m, o, tr] = [await as(w.t, w.member), await as(w.t, w.other), await as(w.t, w.treasurer)];
      const read = await call(T, m, C.readText, { communityId: w.community.id, text: momo.text });
      expect(read.status).toBe(200);
      // The books are in XAF and the text in FCFA: the amount fits.
      expect(read.data).toMatchObject({ known: true, provider: 'mtn_momo', transactionId: momo.transactionId, amount: 25000, currencyFits: true, date: '2024-03-12', usedBy: null });
      expect((await call(T, m, C.readText, { communityId: w.community.id, text: 'I paid Tabe in cash' })).data).toEqual({ known: false });

      const declaration = { communityId: w.community.id, amount: 25000, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', transactionId: momo.transactionId.toLowerCase(), smsText: momo.text };
      const first = await call(T, m, C.declare, declaration);
      expect(first.status).toBe(T.okStatus(C.declare));
      expect(first.data).toMatchObject({ status: 'pending', transactionId: momo.transactionId, smsText: momo.text });

      // The same member again, and another member with the same id: 409 naming the earlier payment.
      for (const who of [m, o]) {
        const again = await call(T, who, C.declare, { ...declaration, transactionId: momo.transactionId });
        expect(again.status).toBe(409);
        expectError(again, 'CONFLICT', 'errors.finances.transactionUsed', { transactionId: momo.transactionId, payment: first.data.id, date: new Date(w.t.clock.now()).toISOString().slice(0, 10) });
      }
      expect((await call(T, o, C.readText, { communityId: w.community.id, text: momo.text })).data.usedBy).toEqual({ payment: first.data.id, date: new Date(w.t.clock.now()).toISOString().slice(0, 10) });

      // Rejected, the transfer may be declared again (corrected).
      expect((await call(T, tr, C.reject, { id: first.data.id, reason: 'Wrong amount' })).status).toBe(200);
      expect((await call(T, m, C.declare, declaration)).status).toBe(T.okStatus(C.declare));
      const n = w.t.db.$client.prepare("SELECT COUNT(*) FROM payments WHERE transaction_id = ?").pluck().get(momo.transactionId);
      expect(n).toBe(2);
    });

    it('two members declaring the same transfer at once: one is taken, the other refused, never both', async () => {
      const w = await world();
      const [m, o] = [await as(w.t, w.member), await as(w.t, w.other)];
      const declaration = { communityId: w.community.id, amount: 25000, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', transactionId: momo.transactionId };
      const results = await Promise.all([call(T, m, C.declare, declaration), call(T, o, C.declare, declaration), call(T, m, C.declare, declaration)]);
      expect(results.map((r) => r.status).sort()).toEqual([T.okStatus(C.declare), 409, 409].sort());
      expect(w.t.db.$client.prepare('SELECT COUNT(*) FROM payments WHERE transaction_id = ?').pluck().get(momo.transactionId)).toBe(1);
    });
  });
}

describe('collecting money: references', () => {
  it('every member has one from the day they join; one missing (a clash in the migration’s draw) is given by the daily job', async () => {
    const w = await world();
    const { assignMissingReferences } = await import('../../src/server/domains/collecting/references');
    const refs = () => w.t.db.$client.prepare('SELECT user_id, reference FROM payment_references WHERE community_id = ? ORDER BY user_id').all(w.community.id) as { user_id: string; reference: string }[];
    const before = refs();
    expect(before).toHaveLength(4);
    expect(new Set(before.map((r) => r.reference)).size).toBe(4);
    w.t.db.$client.prepare('DELETE FROM payment_references WHERE user_id = ?').run(w.other.id);
    expect(assignMissingReferences(w.t.db, w.t.clock.now())).toBe(1);
    expect(assignMissingReferences(w.t.db, w.t.clock.now())).toBe(0);
    const after = refs();
    // The others keep theirs.
    expect(after.filter((r) => r.user_id !== w.other.id)).toEqual(before.filter((r) => r.user_id !== w.other.id));
    expect(after.find((r) => r.user_id === w.other.id)?.reference).toMatch(/^HB-[2-9A-HJKMNP-TV-Z]{4}$/);
  });
});

describe('collecting money: the race on the index itself', () => {
  it('an insert that loses to the unique index is answered 409, not 500', async () => {
    const w = await world();
    const { declarePayment } = await import('../../src/server/services/finances/payments');
    const now = w.t.clock.now();
    declarePayment(w.t.db, { communityId: w.community.id, memberId: w.member.id, details: { amount: 100, purpose: 'dues', method: 'mobile_money', provider: 'Wave', transactionId: 'T_RACE1' }, now });
    // Another payment gets the id behind the service's back (as a concurrent writer would between the read and the insert).
    const sneak = () => declarePayment(w.t.db, { communityId: w.community.id, memberId: w.other.id, details: { amount: 100, purpose: 'dues', method: 'mobile_money', provider: 'Wave', transactionId: 'T_RACE1' }, now });
    expect(sneak).toThrow(expect.objectContaining({ kind: 'conflict', message: 'errors.finances.transactionUsed' }));
  });
});

const S = {
  preview: op('POST', '/api/communities/:id/statements/preview', 'collecting.previewStatement', 'query', byCommunity),
  import: op('POST', '/api/communities/:id/statements', 'collecting.importStatement', 'mutation', { ...byCommunity, created: true }),
  list: op('GET', '/api/communities/:id/statements', 'collecting.statements', 'query', byCommunity),
  view: op('GET', '/api/statements/:id', 'collecting.statement', 'query', { params: { id: 'id' } }),
  confirm: op('POST', '/api/statements/:id/confirm', 'collecting.confirmMatches', 'mutation', { params: { id: 'id' } }),
  record: op('POST', '/api/statement-lines/:id/record', 'collecting.recordLine', 'mutation', { params: { id: 'id' }, created: true }),
  ignore: op('POST', '/api/statement-lines/:id/ignore', 'collecting.ignoreLine', 'mutation', { params: { id: 'id' } }),
};

const csv = (rows: string[][]) => ({ name: 'statement.csv', encoding: 'text', content: rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(';')).join('\n') });
const MAPPING = { date: 'Date', amount: 'Montant', reference: 'Libellé', counterparty: 'Tiers', transactionId: 'Transaction', dateOrder: 'dmy' };

for (const T of TRANSPORTS) {
  const call = (tr: Transport, who: Awaited<ReturnType<typeof as>>, o: (typeof S)[keyof typeof S] | (typeof C)[keyof typeof C], input: unknown) => tr.call(who, o, input);

  describe(`${T.name}: statements`, () => {
    it('a statement is previewed, brought in, matched by reference, transaction id, then amount, date and name; confirmed all at once; uploaded again it changes nothing', async () => {
      const w = await world();
      const [tr, m, o, cr] = [await as(w.t, w.treasurer), await as(w.t, w.member), await as(w.t, w.other), await as(w.t, w.creator)];
      const ref = (await call(T, m, C.instructions, { communityId: w.community.id })).data.reference as string;
      const declare = async (who: typeof m, amount: number, extra: object = {}) => (await call(T, who, C.declare, { communityId: w.community.id, amount, purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', ...extra })).data.id as number;
      const byRef = await declare(m, 3000);
      const byTx = await declare(o, 4000, { transactionId: 'MP240312.1405.A1' });
      const byName = await declare(o, 7000);
      const today = new Date(w.t.clock.now()).toISOString().slice(0, 10).split('-').reverse().join('/');
      const file = csv([
        ['Date', 'Montant', 'Libellé', 'Tiers', 'Transaction'],
        [today, '3 000', `Cotisation ${ref.toLowerCase()}`, 'MUSA', 'A1'],
        [today, '4000', 'transfert', '677000000', 'mp240312.1405.a1'],
        [`${today} 14:05`, '7 000', 'dues', 'AWA TESTER', 'A3'],
        [today, '-2 500', 'Frais', 'MTN', 'A4'],
        [today, '9 999', 'inconnu', 'SOMEONE', 'A5'],
      ]);
      // A plain member cannot bring statements in.
      expect((await call(T, m, S.preview, { communityId: w.community.id, accountId: w.books.account, file })).status).toBe(403);
      const preview = await call(T, tr, S.preview, { communityId: w.community.id, accountId: w.books.account, file });
      expect(preview.data).toMatchObject({ headers: ['Date', 'Montant', 'Libellé', 'Tiers', 'Transaction'], rows: 5, remembered: false, read: null });
      // The headers are guessed in French as in English.
      expect(preview.data.mapping).toMatchObject({ date: 'Date', amount: 'Montant', reference: 'Libellé', counterparty: 'Tiers', transactionId: 'Transaction' });
      const imported = await call(T, tr, S.import, { communityId: w.community.id, accountId: w.books.account, file, mapping: MAPPING });
      expect(imported.status).toBe(T.okStatus(S.import));
      expect(imported.data).toMatchObject({ lines: 5, added: 5, skipped: 0 });

      const view = await call(T, tr, S.view, { id: imported.data.id });
      const lines = view.data.lines as { id: number; amount: number; proposal: { paymentId: number; why: string } | null }[];
      expect(lines.map((l) => [l.amount, l.proposal?.paymentId ?? null, l.proposal?.why ?? null])).toEqual([
        [3000, byRef, 'reference'],
        [4000, byTx, 'transactionId'],
        [7000, byName, 'amountDateName'],
        [-2500, null, null],
        [9999, null, null],
      ]);
      // The community's creator declared nothing: the proposals the treasurer sees are the same for them; a member sees none of it.
      expect((await call(T, m, S.view, { id: imported.data.id })).status).toBe(403);

      const items = lines.filter((l) => l.proposal).map((l) => ({ lineId: l.id, paymentId: l.proposal!.paymentId }));
      const confirmed = await call(T, cr, S.confirm, { id: imported.data.id, items });
      expect(confirmed.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['confirmed', 'confirmed', 'confirmed']);
      const status = (id: number) => w.t.db.$client.prepare('SELECT status FROM payments WHERE id = ?').pluck().get(id);
      expect([status(byRef), status(byTx), status(byName)]).toEqual(['confirmed', 'confirmed', 'confirmed']);
      // Again: each line is already decided, nothing moves twice.
      const again = await call(T, tr, S.confirm, { id: imported.data.id, items });
      expect(again.data.results.map((r: { outcome: string; code: string }) => [r.outcome, r.code])).toEqual(Array(3).fill(['refused', 'errors.collecting.lineDecided']));

      // The same file again: every line recognised, nothing added; the mapping is remembered.
      const preview2 = await call(T, tr, S.preview, { communityId: w.community.id, accountId: w.books.account, file });
      expect(preview2.data).toMatchObject({ remembered: true, read: { lines: 5, known: 5, problemCount: 0 } });
      const twice = await call(T, tr, S.import, { communityId: w.community.id, accountId: w.books.account, file, mapping: MAPPING });
      expect(twice.data).toMatchObject({ lines: 5, added: 0, skipped: 5 });
      expect(w.t.db.$client.prepare('SELECT COUNT(*) FROM statement_lines').pluck().get()).toBe(5);

      // The unmatched line: recorded for a member (waiting for another officer), the outgoing one ignored with a reason.
      const unknown = lines[4]!;
      const recorded = await call(T, tr, S.record, { id: unknown.id, memberId: w.member.id, purpose: 'donation' });
      expect(recorded.status).toBe(T.okStatus(S.record));
      // The seeded account is the cash box: the payment says so.
      expect(recorded.data).toMatchObject({ status: 'pending', amount: 9999, recordedBy: w.treasurer.id, method: 'cash' });
      expect((await call(T, tr, S.ignore, { id: lines[3]!.id, reason: 'Bank fees' })).data).toMatchObject({ status: 'ignored', reason: 'Bank fees' });
      expect((await call(T, tr, S.ignore, { id: lines[3]!.id, reason: 'Twice' })).status).toBe(409);
      expect((await call(T, tr, S.list, { communityId: w.community.id })).data[0]).toMatchObject({ id: twice.data.id, open: 0 });
    });

    it('a malformed file is refused naming the line and the problem, and brings nothing in', async () => {
      const w = await world();
      const tr = await as(w.t, w.treasurer);
      const file = csv([['Date', 'Montant', 'Libellé', 'Tiers', 'Transaction'], ['12/03/2026', '1 500', 'a', 'b', 'c'], ['31/02/2026', '2000', 'a', 'b', 'd'], ['12/03/2026', 'deux mille', 'a', 'b', 'e']]);
      const refused = await call(T, tr, S.import, { communityId: w.community.id, accountId: w.books.account, file, mapping: MAPPING });
      expect(refused.status).toBe(400);
      expectError(refused, 'BAD_REQUEST', 'errors.collecting.lineProblems', { count: 2, line: 3, column: 'Date', value: '31/02/2026' });
      expect(w.t.db.$client.prepare('SELECT COUNT(*) FROM statement_lines').pluck().get()).toBe(0);
      const missing = await call(T, tr, S.import, { communityId: w.community.id, accountId: w.books.account, file, mapping: { ...MAPPING, amount: 'Amount' } });
      expectError(missing, 'BAD_REQUEST', 'errors.collecting.columnMissing', { column: 'Amount' });
    });
  });
}

describe('statements: amounts as banks write them, and the size limit', () => {
  it('reads "1 500,50", "1,500.50", "1500.5", "(1,500.50)" and credit/debit columns in a USD community', async () => {
    const { statementAmount, readStatement } = await import('../../src/server/domains/collecting/statement-read');
    expect(['1 500,50', '1,500.50', '1500.5', '1 500,50 USD', '+1,500.50'].map((s) => statementAmount(s, 'USD'))).toEqual([150050, 150050, 150050, 150050, 150050]);
    expect(['-1 500,50', '(1,500.50)', '1.500,50-'].map((s) => statementAmount(s, 'USD'))).toEqual([-150050, -150050, -150050]);
    expect(['1500.5', 'abc', ''].map((s) => statementAmount(s, 'XAF'))).toEqual([null, null, null]);
    const sheet = { headers: ['When', 'In', 'Out'], rows: [{ line: 2, cells: ['2026-03-12', '1,500.50', ''] }, { line: 3, cells: ['03/13/2026', '', '20.00'] }] };
    const read = readStatement(sheet, { date: 'When', credit: 'In', debit: 'Out', dateOrder: 'mdy' }, 'USD');
    expect(read.problems).toEqual([]);
    expect(read.lines.map((l) => [l.bookedOn, l.amount])).toEqual([['2026-03-12', 150050], ['2026-03-13', -2000]]);
  });

  it('two identical lines are two lines; the same two again are recognised', async () => {
    const { readStatement } = await import('../../src/server/domains/collecting/statement-read');
    const sheet = { headers: ['Date', 'Amount'], rows: [2, 3].map((line) => ({ line, cells: ['2026-03-12', '5000'] })) };
    const a = readStatement(sheet, { date: 'Date', amount: 'Amount', dateOrder: 'dmy' }, 'XAF').lines.map((l) => l.fingerprint);
    const b = readStatement(sheet, { date: 'Date', amount: 'Amount', dateOrder: 'dmy' }, 'XAF').lines.map((l) => l.fingerprint);
    expect(new Set(a).size).toBe(2);
    expect(b).toEqual(a);
  });

  it('refuses a file of more than 10,000 lines before reading it', async () => {
    const w = await world();
    const tr = await as(w.t, w.treasurer);
    const rows = [['Date', 'Montant'], ...Array.from({ length: 10_001 }, (_, i) => ['12/03/2026', String(i + 1)])];
    const r = await TRANSPORTS[0].call(tr, S.preview, { communityId: w.community.id, accountId: w.books.account, file: { name: 's.csv', encoding: 'text', content: rows.map((x) => x.join(';')).join('\n') } });
    expectError(r, 'BAD_REQUEST', 'imports.errors.tooManyRows', { max: 10_000 });
  });
});
