import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { LoginThrottle } from '../../src/server/auth/rate-limit';
import { runCirclesJob } from '../../src/server/jobs/circles';
import { createLogger } from '../../src/server/logger';
import { createCircle } from '../../src/server/services/njangi/circles';
import { confirmContribution, declareContribution, officerConfirmContribution, recordContribution } from '../../src/server/services/njangi/contributions';
import { circleDetail } from '../../src/server/services/njangi/detail';
import { decideJoin, joinCircle } from '../../src/server/services/njangi/membership';
import { confirmReceipt, officerRecordPayout } from '../../src/server/services/njangi/payouts';
import { startCircle } from '../../src/server/services/njangi/start';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { startSmtp } from '../setup/smtp';

/*
 * The circle job's reminders, each sent once (due in 3 days, overdue, "your payout is next",
 * "round ready" for the organiser) with late fines after the grace days; and the numbered PDF
 * receipts of contributions and payouts, readable only by their member (or beneficiary) and the
 * organiser.
 */

const deps = (t: TestApp) => ({ db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send: async () => {} }, throttle: new LoginThrottle(t.clock.now) });
const at = (t: TestApp, iso: string) => t.clock.set(Date.parse(iso));
/** A file download as bytes (the test agent reads bodies as text). */
async function download(t: TestApp, who: { cookie: string | null }, path: string, language = 'en') {
  const res = await t.app.request(path, { headers: { 'accept-language': language, ...(who.cookie ? { cookie: who.cookie } : {}) } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function world() {
  const t = makeTestApp(); // the clock starts at 2026-03-02T10:00Z
  const organiser = await makeUser(t.db, { firstName: 'Ngozi' });
  const amara = await makeUser(t.db, { firstName: 'Amara' });
  const bih = await makeUser(t.db, { firstName: 'Bih', language: 'fr' });
  const community = makeCommunity(t.db, { creator: organiser, name: 'Buea Njangi' });
  addMember(t.db, { communityId: community.id, user: amara });
  addMember(t.db, { communityId: community.id, user: bih });
  // The community's treasurer, in no circle: confirms the organiser's own money and records payouts to the organiser.
  const tess = await makeUser(t.db, { firstName: 'Tess' });
  addMember(t.db, { communityId: community.id, user: tess, role: 'treasurer' });
  const now = t.clock.now();
  const circle = createCircle(t.db, {
    communityId: community.id,
    organiserId: organiser.id,
    circle: { name: 'Market women', description: '', currency: 'XAF', contribution: 10000, frequency: 'monthly', startDate: '2026-03-10', timeZone: 'Africa/Douala', hands: 3, maxHandsPerMember: 1, payoutMethod: 'fixed', orderBy: 'organiser', graceDays: 2, fineKind: 'fixed', fineValue: 500, deposit: 0, feeBps: 0 },
    now,
  });
  for (const u of [amara, bih]) {
    joinCircle(t.db, { circleId: circle.id, userId: u.id, hands: 1, now });
    decideJoin(t.db, { circleId: circle.id, organiserId: organiser.id, userId: u.id, approve: true, now });
  }
  startCircle(t.db, { circleId: circle.id, organiserId: organiser.id, now });
  const detail = () => circleDetail(t.db, { circleId: circle.id, viewerId: organiser.id, officer: false, now: t.clock.now() });
  const handOf = (userId: string) => detail().hands.find((h) => h.userId === userId)!.id;
  const notes = (userId: string) => t.db.select().from(notifications).all().filter((n) => n.userId === userId).map((n) => n.title);
  /** Cash for these hands of round 1, recorded by the organiser; the organiser's own confirmed by the treasurer (setup). */
  const cash = (roundId: number, who: { id: string }[], at: number) =>
    who.forEach((u) => {
      const row = recordContribution(t.db, { circleId: circle.id, roundId, handId: handOf(u.id), organiserId: organiser.id, details: { method: 'cash' }, now: at });
      if (row.status === 'pending') officerConfirmContribution(t.db, { id: row.id, officerId: tess.id, now: at });
    });
  return { t, organiser, amara, bih, tess, circle, detail, handOf, notes, cash };
}

describe('savings-circle reminders and fines', () => {
  it('sends each reminder once, posts fines after the grace days for hands with nothing declared', async () => {
    const w = await world();
    const d = deps(w.t);
    // Fixed order = joining order: the organiser receives round 1 and is told now.
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 1 });
    expect(w.notes(w.organiser.id)).toContain('notifications.circlePayoutNext.title');
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 0 });

    // Three days before the due date (the end of 10 March in Douala), every hand is reminded.
    at(w.t, '2026-03-08T10:00:00Z');
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 3 });
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 0 });

    // Amara declares in time; after the due date Bih and the organiser are overdue.
    const round1 = w.detail().rounds[0]!;
    const declared = declareContribution(w.t.db, { circleId: w.circle.id, roundId: round1.id, handId: w.handOf(w.amara.id), userId: w.amara.id, details: { method: 'mobile_money', reference: 'MOMO-1' }, now: w.t.clock.now() });
    at(w.t, '2026-03-11T08:00:00Z');
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 2 });
    expect(w.notes(w.amara.id)).not.toContain('notifications.circleOverdue.title');
    expect(w.notes(w.bih.id)).toContain('notifications.circleOverdue.title');

    // After the two grace days: a fine of 500 for each of the two, once.
    at(w.t, '2026-03-13T08:00:00Z');
    expect(await runCirclesJob(d)).toEqual({ fines: 2, reminders: 0 });
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 0 });
    expect(w.detail().fines.map((f) => [f.userId, f.amount, f.status]).sort()).toEqual([
      [w.bih.id, 500, 'owed'],
      [w.organiser.id, 500, 'owed'],
    ].sort());

    // Once every contribution is confirmed, the organiser hears the round is ready, once; its pot goes
    // to the organiser's own hand, so the treasurer, who records that payout, hears it too.
    confirmContribution(w.t.db, { id: declared.id, organiserId: w.organiser.id, now: w.t.clock.now() });
    w.cash(round1.id, [w.bih, w.organiser], w.t.clock.now());
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 2 });
    expect(w.notes(w.organiser.id)).toContain('notifications.circleRoundReady.title');
    expect(w.notes(w.tess.id)).toEqual(['notifications.circleOfficerContribution.title', 'notifications.circleOfficerPayout.title']);
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 0 });

    // After the payout, round 2's beneficiary (Amara) is told their turn is next.
    officerRecordPayout(w.t.db, { roundId: round1.id, officerId: w.tess.id, details: { method: 'cash' }, now: w.t.clock.now() });
    expect(await runCirclesJob(d)).toEqual({ fines: 0, reminders: 1 });
    expect(w.notes(w.amara.id)).toContain('notifications.circlePayoutNext.title');
  });
});

describe('savings-circle receipts', () => {
  it('numbers receipts per circle and lets only the member, the beneficiary and the organiser download them', async () => {
    const w = await world();
    const now = w.t.clock.now();
    const round1 = w.detail().rounds[0]!;
    const c1 = declareContribution(w.t.db, { circleId: w.circle.id, roundId: round1.id, handId: w.handOf(w.bih.id), userId: w.bih.id, details: { method: 'cash' }, now });
    // Not confirmed yet: no receipt.
    const bih = await as(w.t, w.bih);
    expect((await download(w.t, bih, `/api/circles/contributions/${c1.id}/receipt.pdf`)).status).toBe(404);
    confirmContribution(w.t.db, { id: c1.id, organiserId: w.organiser.id, now });
    w.cash(round1.id, [w.amara, w.organiser], now);

    // In the language the member reads the site in.
    const mine = await download(w.t, bih, `/api/circles/contributions/${c1.id}/receipt.pdf`, 'fr');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toContain(`circle-${w.circle.id}-receipt-1.pdf`);
    const doc = await PDFDocument.load(mine.bytes);
    expect(doc.getTitle()).toBe('Reçu de cotisation n°\u00a01');
    // Another member of the circle may not read Bih's receipt; the organiser may.
    const amara = await as(w.t, w.amara);
    expect((await download(w.t, amara, `/api/circles/contributions/${c1.id}/receipt.pdf`)).status).toBe(403);
    expect((await download(w.t, await as(w.t, w.organiser), `/api/circles/contributions/${c1.id}/receipt.pdf`)).status).toBe(200);

    const payout = officerRecordPayout(w.t.db, { roundId: round1.id, officerId: w.tess.id, details: { method: 'cash' }, now });
    const organiser = await as(w.t, w.organiser);
    // The payout's receipt exists once its beneficiary (the organiser, round 1) confirms receipt: number 4.
    expect((await download(w.t, organiser, `/api/circles/payouts/${payout.id}/receipt.pdf`)).status).toBe(404);
    expect(confirmReceipt(w.t.db, { id: payout.id, userId: w.organiser.id, now }).receiptNo).toBe(4);
    const paid = await download(w.t, organiser, `/api/circles/payouts/${payout.id}/receipt.pdf`);
    expect(paid.status).toBe(200);
    expect((await PDFDocument.load(paid.bytes)).getTitle()).toBe('Payout receipt No. 4');
    expect((await download(w.t, amara, `/api/circles/payouts/${payout.id}/receipt.pdf`)).status).toBe(403);

    // The report as PDF: the organiser's lists every member; a member's only their own line.
    const report = await download(w.t, organiser, `/api/circles/${w.circle.id}/report.pdf`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    const reportDoc = await PDFDocument.load(report.bytes);
    expect(reportDoc.getTitle()).toBe('Report of Market women');
    const french = await download(w.t, bih, `/api/circles/${w.circle.id}/report.pdf`, 'fr');
    expect((await PDFDocument.load(french.bytes)).getTitle()).toBe('Bilan de Market women');
  });
});

describe('a contribution waiting for confirmation', () => {
  it('tells the organiser by email, in their language, besides the in-app notice', async () => {
    const smtp = await startSmtp();
    try {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const organiser = await makeUser(t.db, { firstName: 'Ngozi', language: 'fr' });
      const amara = await makeUser(t.db, { firstName: 'Amara' });
      const community = makeCommunity(t.db, { creator: organiser, name: 'Yaoundé Tontine' });
      addMember(t.db, { communityId: community.id, user: amara });
      const now = t.clock.now();
      const circle = createCircle(t.db, {
        communityId: community.id,
        organiserId: organiser.id,
        circle: { name: 'Tontine du marché', description: '', currency: 'XAF', contribution: 10000, frequency: 'monthly', startDate: '2026-03-10', timeZone: 'Africa/Douala', hands: 2, maxHandsPerMember: 1, payoutMethod: 'fixed', orderBy: 'organiser', graceDays: 0, fineKind: 'none', fineValue: 0, deposit: 0, feeBps: 0 },
        now,
      });
      joinCircle(t.db, { circleId: circle.id, userId: amara.id, hands: 1, now });
      decideJoin(t.db, { circleId: circle.id, organiserId: organiser.id, userId: amara.id, approve: true, now });
      startCircle(t.db, { circleId: circle.id, organiserId: organiser.id, now });
      const detail = circleDetail(t.db, { circleId: circle.id, viewerId: amara.id, officer: false, now });
      const a = await as(t, amara);
      const declared = await a.rest('POST', `/api/circles/${circle.id}/contributions`, { roundId: detail.rounds[0]!.id, handId: detail.viewer.handIds[0]!, method: 'cash' });
      expect(declared.status).toBe(201);
      const mail = await smtp.lastTo(organiser.email);
      expect(mail.subject).toBe('=?UTF-8?Q?Cotisation_=C3=A0_confirmer?=');
      expect(mail.raw).toContain(`/njangi/${circle.id}`);
    } finally {
      await smtp.close();
    }
  });
});
