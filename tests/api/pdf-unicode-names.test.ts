import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { confirmContribution, declareContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { confirmReceipt, recordPayout } from '../../src/server/services/njangi/payouts';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { seedBooks } from '../setup/finances';
import { buildCircle } from '../setup/njangi';
import { pdfFacts } from '../setup/pdf';

/*
 * Names hold any letters: a receipt or a circle report whose names carry Ŋ, ɔ, ɛ, Ɓ, ɗ or an emoji
 * is a real PDF in Noto Sans (never a 500), the letters drawn as themselves and what the font
 * cannot draw replaced, in English and in French.
 */

const MEMBER = { firstName: 'Ŋgɔnɛ', lastName: 'Ɓɛɗa 🌍' };
const COMMUNITY = 'Ɔkwa Ŋkɔŋ Association 🥁';

async function download(t: TestApp, cookie: string | null, path: string, language = 'en') {
  const res = await t.app.request(path, { headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function world(language: 'en' | 'fr') {
  const t = makeTestApp();
  const officer = await makeUser(t.db, { firstName: 'Tabe', lastName: 'Ɛyɔŋ', language });
  const approver = await makeUser(t.db, { firstName: 'Awa', lastName: 'Ndiaye', language });
  const member = await makeUser(t.db, { ...MEMBER, language });
  const community = makeCommunity(t.db, { creator: approver, name: COMMUNITY });
  addMember(t.db, { communityId: community.id, user: officer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  const books = seedBooks(t, { community, officer, approver, member });
  return { t, officer, approver, member, community, books };
}

for (const language of ['en', 'fr'] as const) {
  describe(`PDFs with names in any letters (${language})`, () => {
    it('a community payment’s receipt', async () => {
      const w = await world(language);
      const paymentId = w.t.db.$client.prepare('SELECT payment_id FROM ledger_entries WHERE id = ?').pluck().get(w.books.entry) as number;
      const r = await download(w.t, (await as(w.t, w.member)).cookie, `/api/finances/payments/${paymentId}/receipt.pdf`, language);
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/pdf');
      const pdf = await pdfFacts(r.bytes);
      expect(pdf.fonts.every((f) => f.includes('NotoSans'))).toBe(true);
      expect(pdf.has('ŊgɔnɛƁɗƐyɔŋƆkwa')).toBe(true);
      expect(pdf.has('\uFFFD')).toBe(true);
      expect(r.bytes.length).toBeLessThan(60_000);
    });

    it('a circle contribution’s and payout’s receipts, and the circle report', async () => {
      const w = await world(language);
      w.t.db.update(users).set({ firstName: 'Ɓakary 🙂' }).where(eq(users.id, w.approver.id)).run();
      const circle = buildCircle(w.t, { community: w.community, organiser: w.approver, members: [w.member], order: [w.member.id, w.approver.id], rules: { name: 'Ŋjangi Ɔsɛ 💰' } });
      const now = w.t.clock.now();
      const hand = circle.handRows.find((h) => h.userId === w.member.id)!.id;
      const declared = declareContribution(w.t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: hand, userId: w.member.id, details: { method: 'cash' }, now });
      confirmContribution(w.t.db, { id: declared.id, organiserId: w.approver.id, now });
      const other = circle.handRows.find((h) => h.userId === w.approver.id)!.id;
      recordContribution(w.t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: other, organiserId: w.approver.id, details: { method: 'cash' }, now });
      const payout = recordPayout(w.t.db, { roundId: circle.rounds[0]!, organiserId: w.approver.id, details: { method: 'cash' }, now });
      confirmReceipt(w.t.db, { id: payout.id, userId: w.member.id, now });

      const member = (await as(w.t, w.member)).cookie;
      const organiser = (await as(w.t, w.approver)).cookie;
      for (const [cookie, path] of [
        [member, `/api/circles/contributions/${declared.id}/receipt.pdf`],
        [member, `/api/circles/payouts/${payout.id}/receipt.pdf`],
        [organiser, `/api/circles/${circle.id}/report.pdf`],
      ] as const) {
        const r = await download(w.t, cookie, path, language);
        expect(r.status, path).toBe(200);
        const pdf = await pdfFacts(r.bytes);
        expect(pdf.fonts.every((f) => f.includes('NotoSans')), path).toBe(true);
        expect(pdf.has('ŊgɔnɛƁɗ'), path).toBe(true);
        expect(pdf.has('\uFFFD'), path).toBe(true);
      }
    });
  });
}
