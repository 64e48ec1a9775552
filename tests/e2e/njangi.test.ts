import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { formatMoney } from '../../src/shared/money';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A savings circle's page end to end. The organiser's circle (monthly, four hands of 25 000 FCFA,
 * random draw) is created through the API; everything after that goes through the circle page:
 * three members ask to join (one reads French, one is on a phone), the organiser approves them,
 * starts the circle (its draw's fingerprint published) and, for round 1, confirms the three
 * contributions declared with a proof photo and records their own in cash, which the community's
 * treasurer (on a phone) confirms: organisers never confirm their own money. Then the round is paid
 * out (by the treasurer when the draw gave it to the organiser), and its beneficiary confirms
 * receipt and downloads the receipt. /njangi lists the circle.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
let circleId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

type Person = { first: string; last: string; email: string; language: 'en' | 'fr'; width: number; page?: Page };
const organiser: Person = { first: 'Ngozi', last: 'Okafor', email: `ngozi.${stamp}@example.org`, language: 'en', width: 1280 };
const members: Person[] = [
  // On a phone: the page must fit 375 px.
  { first: 'Tabe', last: 'Ndip', email: `tabe.${stamp}@example.org`, language: 'en', width: 375 },
  { first: 'Awa', last: 'Diallo', email: `awa.${stamp}@example.org`, language: 'fr', width: 1280 },
  { first: 'Musa', last: 'Bello', email: `musa.${stamp}@example.org`, language: 'en', width: 1280 },
];
const everyone = [organiser, ...members];
// The community's treasurer, in no circle, on a phone: decides on the organiser's own money.
const treasurer: Person = { first: 'Tess', last: 'Mbah', email: `tess.${stamp}@example.org`, language: 'en', width: 375 };
const fullName = (p: Person) => `${p.first} ${p.last}`;
const fr = (p: Person) => p.language === 'fr';
const CIRCLE = 'Bamenda Monthly Njangi';

async function dismissToasts(page: Page) {
  for (const close of await page.getByTestId('toast').getByRole('button').all()) await close.click().catch(() => undefined);
  await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

/** axe-core's serious and critical violations on the page as it stands. */
const audit = (page: Page) => seriousViolations(page);

/** Text with every kind of space made plain, so "25 000 FCFA" matches whichever space Intl put in. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const fcfa = (amount: number, locale: string) => plain(formatMoney(amount, 'XAF', locale));

/** A date `days` from today (UTC), as the circle's start date: in the future wherever the circle meets. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const [creator, ...others] = await Promise.all(everyone.map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email, language: p.language })));
  communityId = makeCommunity(db, { creator: creator!, name: 'Bamenda Cultural Association' }).id;
  for (const u of others) addMember(db, { communityId, user: u });
  const tess = await makeUser(db, { firstName: treasurer.first, lastName: treasurer.last, email: treasurer.email, language: 'en' });
  addMember(db, { communityId, user: tess, role: 'treasurer' });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Signed in, straight on the page the person starts from (`to`): one page load, not the dashboard's and then this one. */
async function signedIn(p: Person, to?: string): Promise<Page> {
  // bypassCSP lets the test inject axe-core (layout.test.ts does the same); the app's policy is tested elsewhere.
  const context = await browser.newContext({ viewport: { width: p.width, height: 900 }, bypassCSP: true, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email, to);
  p.page = page;
  return page;
}

const openCircle = (page: Page) => page.goto(`${server.url}/njangi/${circleId}`);
/** Waits until `locator` matches `n` elements (a page just opened may still be loading its data). */
const expectCount = (locator: Locator, n: number) => expect.poll(() => locator.count(), { timeout: 10_000 }).toBe(n);
const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

describe('Browser: a savings circle', () => {
  it('created by the organiser; three members ask to join from its page; approved, it starts with a published draw fingerprint', async () => {
    const org = await signedIn(organiser);
    const created = await org.request.post(`${server.url}/api/communities/${communityId}/circles`, {
      data: { name: CIRCLE, currency: 'XAF', contribution: 25000, frequency: 'monthly', startDate: inDays(20), timeZone: 'Africa/Douala', hands: 4, payoutMethod: 'random' },
    });
    expect(created.status(), await created.text()).toBe(201);
    circleId = ((await created.json()) as { id: number }).id;

    for (const m of members) {
      const page = await signedIn(m, `/njangi/${circleId}`);
      await page.getByRole('heading', { level: 1, name: CIRCLE }).waitFor();
      const rules = page.getByTestId('circle-rules');
      expect(plain(await rules.innerText())).toContain(fcfa(25000, fr(m) ? 'fr-FR' : 'en-US'));
      await page.getByRole('button', { name: fr(m) ? 'Demander à rejoindre' : 'Ask to join' }).click();
      await expectToast(page, fr(m) ? 'Demande envoyée' : 'Request sent');
      await page.getByTestId('join-status').filter({ hasText: fr(m) ? 'attend l’organisateur' : 'waiting for the organiser' }).waitFor();
      if (m.width === 375) await fitsPhone(page);
    }

    await openCircle(org);
    await org.getByTestId('hands-filled').filter({ hasText: '1 of 4 hands filled' }).waitFor();
    const requests = org.getByTestId('join-request');
    await expectCount(requests, 3);
    // Each applicant's record is there to decide on (no circle yet: all zero).
    expect(plain(await requests.first().innerText())).toMatch(/On time\s*0.*Circles completed\s*0/);
    expect(await audit(org)).toEqual([]);
    for (const m of members) {
      await org.getByRole('button', { name: `Approve the request of ${fullName(m)}` }).click();
      await expectToast(org, `${fullName(m)} joined the circle`);
    }
    await org.getByTestId('hands-filled').filter({ hasText: '4 of 4 hands filled' }).waitFor();

    await org.getByRole('button', { name: 'Start circle' }).click();
    const start = org.getByRole('dialog', { name: 'Start the circle' });
    await start.getByText('The order will be drawn at random').waitFor();
    await start.getByRole('button', { name: 'Start circle' }).click();
    await expectToast(org, 'The circle has started');
    await org.getByTestId('circle-status').filter({ hasText: 'Running' }).waitFor();
    expect(await org.getByTestId('seed-hash').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await expectCount(org.getByTestId('round-row'), 4);
  });

  it('round 1: members declare with a proof photo, the organiser confirms them and records their own in cash', async () => {
    const photo = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#68d391' } }).png().toBuffer();
    for (const [i, m] of members.entries()) {
      const page = m.page!;
      await openCircle(page);
      const round1 = page.locator('[data-testid="my-round"][data-round="1"]');
      await round1.getByRole('button', { name: fr(m) ? /^Payer le tour 1/ : /^Pay round 1/ }).click();
      const declare = page.getByRole('dialog', { name: fr(m) ? 'Déclarer une cotisation' : 'Declare a contribution' });
      await declare.getByLabel(fr(m) ? 'Moyen de paiement' : 'Payment method').selectOption('mobile_money');
      await declare.getByLabel(fr(m) ? 'Référence de la transaction' : 'Transaction reference').fill(`MP2606.${i}.NJ`);
      await declare.getByTestId('contribution-proof-file').setInputFiles({ name: 'momo.png', mimeType: 'image/png', buffer: photo });
      await declare.getByAltText(fr(m) ? 'Aperçu du justificatif' : 'Proof of payment preview').waitFor();
      await declare.getByRole('button', { name: fr(m) ? 'Déclarer la cotisation' : 'Declare contribution' }).click();
      await expectToast(page, fr(m) ? 'Cotisation déclarée' : 'Contribution declared');
      await round1.getByTestId('my-round-state').filter({ hasText: fr(m) ? 'En attente de confirmation' : 'Waiting for confirmation' }).waitFor();
    }

    const org = organiser.page!;
    await openCircle(org);
    const pending = org.getByTestId('pending-contribution');
    await expectCount(pending, 3);
    for (const m of members) {
      const row = pending.filter({ hasText: fullName(m) });
      expect(await row.getByRole('link', { name: `View the proof from ${fullName(m)}` }).getAttribute('href')).toMatch(/^\/api\/proofs\/[a-z0-9]+\.webp$/);
      await row.getByRole('button', { name: `Confirm the contribution of ${fullName(m)} for round 1` }).click();
      await expectToast(org, 'Contribution confirmed');
      await row.waitFor({ state: 'detached' });
    }
    await org.getByText('No contribution is waiting for confirmation.').waitFor();

    // The organiser's own hand (hand 1: they joined first), in cash. The last toast goes first: one
    // toast shows at a time, and the pointer resting on it would hold the next one back.
    await dismissToasts(org);
    await org.getByRole('button', { name: 'Record cash' }).click();
    const cash = org.getByRole('dialog', { name: 'Record a contribution' });
    await cash.getByLabel('Hand').selectOption({ label: `Hand 1 · ${fullName(organiser)}` });
    await cash.getByRole('button', { name: 'Record contribution' }).click();
    await expectToast(org, 'Contribution recorded');
    // Their own cash waits for a finance officer, whom the page names.
    await org.getByTestId('pending-contribution').filter({ hasText: 'Waits for a finance officer' }).waitFor();
    expect(plain(await org.getByTestId('own-money-officers').innerText())).toContain('Tess Mbah');
    await org.locator('[data-testid="round-row"][data-round="1"]').getByTestId('round-progress').filter({ hasText: '3/4 paid' }).waitFor();
    expect(await audit(org)).toEqual([]);

    // The treasurer, on a phone, confirms it from the circle page.
    const tess = await signedIn(treasurer, `/njangi/${circleId}`);
    const waiting = tess.getByTestId('officer-contribution');
    await expectCount(waiting, 1);
    await waiting.getByRole('button', { name: `Confirm the contribution of ${fullName(organiser)} for round 1` }).click();
    await expectToast(tess, 'Contribution confirmed');
    await expectCount(waiting, 0);
    await fitsPhone(tess);
    expect(await audit(tess)).toEqual([]);
    await openCircle(org);
    await org.locator('[data-testid="round-row"][data-round="1"]').getByTestId('round-progress').filter({ hasText: '4/4 paid' }).waitFor();

    // The member sees theirs confirmed, with its receipt.
    const tabe = members[0]!.page!;
    await openCircle(tabe);
    const mine = tabe.locator('[data-testid="my-round"][data-round="1"]');
    await mine.getByTestId('my-round-state').filter({ hasText: 'Confirmed' }).waitFor();
    const receipt = mine.getByRole('link', { name: /^Download receipt No\. \d+ for round 1 \(PDF\)$/ });
    const href = await receipt.getAttribute('href');
    expect(href).toMatch(/^\/api\/circles\/contributions\/\d+\/receipt\.pdf$/);
    const pdf = await tabe.request.get(`${server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  it('the organiser pays round 1 out; its beneficiary confirms receipt and downloads the receipt', async () => {
    const org = organiser.page!;
    const row = org.locator('[data-testid="round-row"][data-round="1"]');
    const beneficiaryName = plain(await row.getByTestId('round-beneficiary').innerText());
    const beneficiary = everyone.find((p) => fullName(p) === beneficiaryName)!;
    expect(beneficiary, beneficiaryName).toBeDefined();

    // The draw decides who receives round 1: a pot for the organiser's own hand is the treasurer's to record.
    const toOrganiser = beneficiary === organiser;
    const recorder = toOrganiser ? treasurer.page! : org;
    if (toOrganiser) {
      await row.getByTestId('payout-by-officer').waitFor();
      await openCircle(recorder);
      await recorder.getByTestId('officer-payout').getByRole('button', { name: 'Record payout for round 1' }).click();
    } else {
      await row.getByRole('button', { name: 'Record payout for round 1' }).click();
    }
    const payout = recorder.getByRole('dialog', { name: 'Record the payout of round 1' });
    await payout.getByText(`The pot goes to ${beneficiaryName}`).waitFor();
    const split = plain(await payout.getByTestId(toOrganiser ? 'payment-split' : 'payout-split').innerText());
    expect(split).toContain(`Collected ${fcfa(100000, 'en-US')}`);
    expect(split).toContain(`Payout ${fcfa(100000, 'en-US')}`);
    await payout.getByLabel('Payment method').selectOption('mobile_money');
    await payout.getByLabel('Transaction reference').fill('PAYOUT.R1');
    await payout.getByRole('button', { name: 'Record payout' }).click();
    await expectToast(recorder, 'Payout recorded');
    // The page keeps what it loaded: the organiser reopens it only when someone else recorded the payout.
    if (toOrganiser) await openCircle(org);
    await org.locator('[data-testid="round-row"][data-round="1"]').getByText('Paid out, awaiting confirmation').waitFor();

    const page = beneficiary.page!;
    await openCircle(page);
    const mine = page.locator('[data-testid="my-payout"][data-round="1"]');
    expect(plain(await mine.innerText())).toContain(fcfa(100000, fr(beneficiary) ? 'fr-FR' : 'en-US'));
    await mine.getByRole('button', { name: fr(beneficiary) ? 'Confirmer la réception' : 'Confirm receipt' }).click();
    await expectToast(page, fr(beneficiary) ? 'Réception confirmée' : 'Receipt confirmed');
    const receipt = mine.getByRole('link', { name: fr(beneficiary) ? /^Télécharger le reçu n°\s\d+ du versement du tour 1/ : /^Download receipt No\. \d+ for the payout of round 1/ });
    const href = await receipt.getAttribute('href');
    expect(href).toMatch(/^\/api\/circles\/payouts\/\d+\/receipt\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await page.request.get(`${server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Everyone sees the round received, as a count and a state, never who paid what.
    const tabe = members[0]!.page!;
    await openCircle(tabe);
    const round1 = tabe.locator('[data-testid="round-row"][data-round="1"]');
    await round1.getByText('Received').waitFor();
    await round1.getByTestId('round-progress').filter({ hasText: '4/4 paid' }).waitFor();
    expect(await tabe.getByTestId('pending-contribution').count()).toBe(0);
    expect(await tabe.getByTestId('join-request').count()).toBe(0);
    await fitsPhone(tabe);
    await tabe.screenshot({ path: `${screenshotDir}/njangi-circle-375.png` });
    expect(await audit(tabe)).toEqual([]);
  });

  it('/njangi lists the circle and leads back to it', async () => {
    const page = members[2]!.page!;
    // By the main menu's rail, as a person moves about the app.
    await page.locator('nav[aria-label="Main"]:not([data-bottom-bar])').getByRole('link', { name: 'Njangi', exact: true }).click();
    await page.waitForURL(`${server.url}/njangi`);
    const card = page.getByTestId('my-circle').filter({ hasText: CIRCLE });
    await card.waitFor();
    await card.getByRole('link', { name: CIRCLE }).click();
    await page.waitForURL(`${server.url}/njangi/${circleId}`);
    await page.getByRole('heading', { level: 1, name: CIRCLE }).waitFor();
  });
});
