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
