import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communities, users } from '../../db/schema';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { confirmPayment, declarePayment } from '../../src/server/services/finances/payments';
import { confirmContribution, declareContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { confirmReceipt, recordPayout } from '../../src/server/services/njangi/payouts';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { buildCircle } from '../setup/njangi';
import { pdfText } from '../setup/pdf';

/*
 * A receipt is its member's paper: written in the language of their profile (not the language of
 * the browser that downloads it, an officer's included), dated in the community's (or circle's)
 * own time zone, and naming what was paid for: "Dues, November 2026".
 */

const at = (iso: string) => Date.parse(iso);

async function download(t: TestApp, cookie: string | null, path: string, language = 'en') {
  const res = await t.app.request(path, { headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, text: res.status === 200 ? await pdfText(bytes) : '' };
}

/** Monthly dues of 10,000 XAF from October 2026 in a Douala community; the member reads French. */
async function books(t: TestApp) {
  const treasurer = await makeUser(t.db, { firstName: 'Tabe', lastName: 'Eyong' });
  const creator = await makeUser(t.db, { firstName: 'Awa', lastName: 'Ndiaye' });
  const member = await makeUser(t.db, { firstName: 'Musa', lastName: 'Fon', language: 'fr' });
  const community = makeCommunity(t.db, { creator, name: 'Association de Bonabéri' });
  t.db.update(communities).set({ timeZone: 'Africa/Douala' }).where(eq(communities.id, community.id)).run();
  addMember(t.db, { communityId: community.id, user: treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: member });
  t.clock.set(at('2026-11-20T22:30:00Z'));
  const now = t.clock.now();
  saveFinanceSettings(t.db, { communityId: community.id, actorId: creator.id, changes: { currency: 'XAF' }, cashBoxName: 'Caisse', now });
  createDuesPlan(t.db, { communityId: community.id, actorId: creator.id, plan: { name: 'Cotisation mensuelle', amount: 10_000, period: 'monthly', dueDay: 5, graceDays: 10, startsOn: '2026-10-01' }, now });
  const account = listAccounts(t.db, community.id)[0]!.id;
  const pay = (amount: number, purpose: 'dues' | 'donation' = 'dues') => {
    const p = declarePayment(t.db, { communityId: community.id, memberId: member.id, details: { amount, purpose, method: 'cash' }, now });
    confirmPayment(t.db, { communityId: community.id, paymentId: p.id, accountId: account, actorId: treasurer.id, now });
    return p.id;
  };
  return { community, treasurer, member, pay };
}

describe('REST: a community payment’s receipt', () => {
  it('in the member’s language whoever downloads it, at the community’s local time, naming the dues periods paid', async () => {
    const t = makeTestApp();
    const w = await books(t);
    const october = w.pay(10_000);
    const novemberAndMore = w.pay(15_000);
    const gift = w.pay(2_000, 'donation');

    const member = (await as(t, w.member)).cookie;
    const first = await download(t, member, `/api/finances/payments/${october}/receipt.pdf`, 'en');
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/Reçu n°\s1\n/);
    expect(first.text).toContain('Cotisations, octobre 2026');
    // 22:30 UTC is 23:30 in Douala.
    expect(first.text).toMatch(/20 novembre 2026( à)? 23:30 \(heure de Africa\/Douala\)/);
    expect(first.text).not.toContain('UTC');

    // The officer reads English, the receipt stays the member's, in French.
    const officer = (await as(t, w.treasurer)).cookie;
    const second = await download(t, officer, `/api/finances/payments/${novemberAndMore}/receipt.pdf`, 'en');
    expect(second.text).toMatch(/Reçu n°\s2\n/);
    // 15,000 pays November; the 5,000 beyond it waits for a period that has no obligation yet.
    expect(second.text).toContain('Cotisations, novembre 2026');
    expect((await download(t, officer, `/api/finances/payments/${gift}/receipt.pdf`)).text).toMatch(/Objet\nDons\n/);
  });

  it('an English-speaking member’s receipt is in English, even from a French browser', async () => {
    const t = makeTestApp();
    const w = await books(t);
    t.db.update(users).set({ language: 'en' }).where(eq(users.id, w.member.id)).run();
    const both = w.pay(20_000);
    const r = await download(t, (await as(t, w.member)).cookie, `/api/finances/payments/${both}/receipt.pdf`, 'fr');
    expect(r.text).toContain('Receipt No. 1');
    expect(r.text).toContain('Dues, October 2026, November 2026');
    expect(r.text).toMatch(/November 20, 2026( at)? 11:30\s?PM \(Africa\/Douala time\)/);
  });
});

describe('REST: savings-circle receipts', () => {
  it('in the contributor’s and the beneficiary’s language, with the due date in words and the time in the circle’s zone', async () => {
    const t = makeTestApp();
    const organiser = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Organiser' });
    const bih = await makeUser(t.db, { firstName: 'Bih', lastName: 'Member', language: 'fr' });
    const community = makeCommunity(t.db, { creator: organiser, name: 'Buea Njangi' });
    addMember(t.db, { communityId: community.id, user: bih });
    const circle = buildCircle(t, { community, organiser, members: [bih], order: [bih.id, organiser.id], rules: { timeZone: 'America/Chicago', startDate: '2026-03-31' } });
    const now = t.clock.now(); // 10:00 UTC on 2 March: 04:00 in Chicago
    const mine = circle.handRows.find((h) => h.userId === bih.id)!.id;
    const declared = declareContribution(t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: mine, userId: bih.id, details: { method: 'cash' }, now });
    confirmContribution(t.db, { id: declared.id, organiserId: organiser.id, now });
    recordContribution(t.db, { circleId: circle.id, roundId: circle.rounds[0]!, handId: circle.handRows.find((h) => h.userId === organiser.id)!.id, organiserId: organiser.id, details: { method: 'cash' }, now });
    const payout = recordPayout(t.db, { roundId: circle.rounds[0]!, organiserId: organiser.id, details: { method: 'cash' }, now });
    confirmReceipt(t.db, { id: payout.id, userId: bih.id, now });

    const byOrganiser = (await as(t, organiser)).cookie;
    const contribution = await download(t, byOrganiser, `/api/circles/contributions/${declared.id}/receipt.pdf`, 'en');
    expect(contribution.text).toMatch(/Reçu de cotisation n°\s1\n/);
    expect(contribution.text).toContain('Tour 1 (échéance du 31 mars 2026), main');
    expect(contribution.text).toMatch(/2 mars 2026( à)? 04:00 \(heure de America\/Chicago\)/);
    const paid = await download(t, byOrganiser, `/api/circles/payouts/${payout.id}/receipt.pdf`, 'en');
    // The organiser's own cash waits for a finance officer (four eyes): no receipt yet, so the payout's is no. 2.
    expect(paid.text).toMatch(/Reçu de versement n°\s2\n/);
    expect(paid.text).toMatch(/2 mars 2026( à)? 04:00 \(heure de America\/Chicago\)/);
  });
});
