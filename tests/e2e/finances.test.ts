import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { formatMoney } from '../../src/shared/money';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * The Finances tab end to end, section by section: the creator opens the books in XAF; a member
 * (reading French, on a phone) declares a mobile-money payment with a proof photo from "Pay dues"
 * at the top of the Overview; the treasurer confirms it and the
 * member sees it confirmed with its receipt number. The treasurer submits an expense with a PDF
 * invoice and a photo, corrects its amount while it waits, the creator (another leader) approves
 * and pays it, and it shows in the ledger and the chart's expense bars.
 * The creator then adds a monthly dues plan that the member's confirmed payment covers: the member
 * is paid up (My dues, the Overview, the dashboard) and downloads their receipt as a PDF.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const creator = { email: `fatou.${stamp}@example.org` };
const treasurer = { email: `aisha.${stamp}@example.org` };
const member = { email: `jean-paul.${stamp}@example.org` };

/** axe-core's serious and critical violations on the page as it stands. */
const audit = (page: Page) => seriousViolations(page);

/** Text with every kind of space made plain, so "5 000 FCFA" matches whichever space Intl put in. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const fcfa = (amount: number, locale: string) => plain(formatMoney(amount, 'XAF', locale));
/** An accessible name holding `text` whatever its spaces. */
const named = (text: string) => new RegExp(plain(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const creatorUser = await makeUser(db, { firstName: 'Fatou', lastName: 'Diop', email: creator.email });
  const treasurerUser = await makeUser(db, { firstName: 'Aisha', lastName: 'Bello', email: treasurer.email });
  const memberUser = await makeUser(db, { firstName: 'Jean-Paul', lastName: 'Mbarga', email: member.email, language: 'fr' });
  communityId = makeCommunity(db, { creator: creatorUser, name: 'Douala Mutual Aid' }).id;
  addMember(db, { communityId, user: treasurerUser, role: 'treasurer' });
  addMember(db, { communityId, user: memberUser });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Signed in, straight on the page the person starts from (`to`): one page load, not the dashboard's and then this one. */
async function signedIn(email: string, width = 1280, to = `/community/${communityId}`): Promise<Page> {
  // bypassCSP lets the test inject axe-core (layout.test.ts does the same); the app's policy is tested elsewhere.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, email, to);
  return page;
}

const financesUrl = (section: string) => `/community/${communityId}?tab=finances&section=${section}`;

/** Another section of the books, by the section menu as a person moves (no page load: the app is already there). */
async function goToSection(page: Page, name: string, nav = 'Sections of the books') {
  await page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true }).click();
}

let creatorPage: Page;
let treasurerPage: Page;
let memberPage: Page;

describe('Browser: community finances', () => {
  it('books opened in XAF; a mobile-money payment declared with a proof photo, confirmed by the treasurer, seen with its receipt', async () => {
    creatorPage = await signedIn(creator.email);
    await creatorPage.getByRole('button', { name: /Dues status.*Books not opened/ }).waitFor();
    await creatorPage.getByRole('tab', { name: 'Finances' }).click();
    await creatorPage.getByLabel('Currency').selectOption('XAF');
    // Showing members each other's payments is a choice said in full before it is made.
    await creatorPage.getByLabel('What members see').selectOption('named_ledger');
    expect(await creatorPage.getByTestId('transparency-description').innerText()).toBe(
      'Members will see each other’s payments: who paid how much and when. Choose this only if your members agreed to it.',
    );
    await creatorPage.getByLabel('What members see').selectOption('summary');
    expect(await audit(creatorPage)).toEqual([]);
    await creatorPage.getByRole('button', { name: 'Open the books' }).click();
    await expectToast(creatorPage, 'The books are open');
    await creatorPage.getByTestId('account-card').filter({ hasText: 'Cash box' }).waitFor();

    // The member reads French, on a phone.
    memberPage = await signedIn(member.email, 375);
    await memberPage.getByRole('tab', { name: 'Finances' }).click();
    // The member's own status and "Pay dues" come first on the Overview.
    await memberPage.getByTestId('my-status').getByRole('button', { name: 'Payer ma cotisation' }).click();
    const declare = memberPage.getByRole('dialog', { name: 'Déclarer un paiement' });
    await declare.getByLabel('Montant').fill('5 000');
    await declare.getByLabel('Objet du paiement').selectOption('dues');
    await declare.getByLabel('Moyen de paiement').selectOption('mobile_money');
    await declare.getByLabel('Opérateur de mobile money').fill('MTN MoMo');
    await declare.getByLabel('Référence de la transaction').fill('MP240615.1432.C77');
    const photo = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#f6e05e' } }).jpeg().toBuffer();
    await declare.getByTestId('proof-file').setInputFiles({ name: 'sms.jpg', mimeType: 'image/jpeg', buffer: photo });
    await declare.getByAltText('Aperçu du justificatif').waitFor();
    await declare.getByRole('button', { name: 'Déclarer le paiement' }).click();
    await expectToast(memberPage, 'Paiement déclaré');
    await expect.poll(async () => plain(await memberPage.getByTestId('my-pending').innerText())).toContain(fcfa(5000, 'fr-FR'));
    // Their payments are one section away, by the section menu (a link: its own address).
    await memberPage.getByRole('navigation', { name: 'Rubriques des comptes' }).getByRole('link', { name: 'Paiements' }).click();
    await memberPage.waitForURL(/section=payments/);
    await memberPage.getByTestId('statement-payment').filter({ hasText: 'En attente' }).waitFor();
    // Cards stack and nothing runs off a 375 px screen.
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await memberPage.screenshot({ path: `${screenshotDir}/finances-member-375.png` });
    expect(await audit(memberPage)).toEqual([]);

    treasurerPage = await signedIn(treasurer.email);
    await treasurerPage.getByRole('tab', { name: 'Finances' }).click();
    // "Payments to confirm 1" takes the treasurer to the queue.
    await treasurerPage.getByRole('link', { name: 'Payments to confirm: 1. Open the list' }).click();
    await treasurerPage.waitForURL(/section=payments/);
    const pending = treasurerPage.getByTestId('pending-payment').filter({ hasText: 'Jean-Paul Mbarga' });
    await pending.getByText('MTN MoMo', { exact: false }).waitFor();
    // The proof is a private file: its link is the authorised route, which the treasurer's session opens.
    const proofHref = await pending.getByRole('link', { name: 'View the proof from Jean-Paul Mbarga' }).getAttribute('href');
    expect(proofHref).toMatch(/^\/api\/proofs\/[a-z0-9]+\.webp$/);
    const proof = await treasurerPage.request.get(`${server.url}${proofHref}`);
    expect([proof.status(), proof.headers()['cache-control'], proof.headers()['content-type']]).toEqual([200, 'private, no-store', 'image/webp']);
    await pending.getByRole('button', { name: /^Confirm the payment of/ }).click();
    const confirm = treasurerPage.getByRole('dialog', { name: 'Confirm a payment' });
    expect(await confirm.getByLabel('Account').inputValue()).not.toBe('');
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expectToast(treasurerPage, 'Receipt number 1');
    await treasurerPage.getByText('No payment is waiting.').waitFor();
    // Cash handed over at a meeting: recorded, it is shown at once, waiting for another officer
    // (whoever records money never confirms it), with where its receipt will be.
    await treasurerPage.getByRole('button', { name: 'Record cash' }).click();
    const cash = treasurerPage.getByRole('dialog', { name: 'Record a cash payment' });
    await cash.getByLabel('Member').selectOption({ label: 'Fatou Diop' });
    await cash.getByLabel('Amount').fill('2000');
    await cash.getByLabel('Paid for').selectOption('donation');
    await cash.getByRole('button', { name: 'Record payment' }).click();
    const recorded = cash.getByTestId('cash-recorded');
    await recorded.getByText('Recorded: waiting for another officer').waitFor();
    expect(plain(await recorded.getByTestId('recorded-payment').innerText())).toContain(fcfa(2000, 'en-US'));
    await recorded.getByText(/its receipt \(PDF\) is numbered, emailed to Fatou Diop/).waitFor();
    await cash.getByRole('button', { name: 'Done' }).click();
    await treasurerPage.getByTestId('pending-payment').filter({ hasText: 'Fatou Diop' }).waitFor();

    // The member sees it confirmed: the Overview's dues status, then the statement with its receipt.
    // (A reload would keep the Finances tab, which is in the URL: the community's page opens on the Overview.)
    await memberPage.goto(`${server.url}/community/${communityId}`);
    const dues = memberPage.getByRole('button', { name: /État des cotisations/ });
    await expect.poll(async () => plain(await dues.innerText())).toContain(`${fcfa(5000, 'fr-FR')} payés cette année`);
    // Then to the payments, by the Finances tab and its section menu.
    await memberPage.getByRole('tab', { name: 'Finances' }).click();
    await goToSection(memberPage, 'Paiements', 'Rubriques des comptes');
    const confirmed = memberPage.getByTestId('statement-payment').filter({ hasText: 'Confirmé' });
    await expect.poll(async () => plain(await confirmed.innerText())).toContain('Reçu n° 1');
    expect(plain(await memberPage.getByTestId('own-paid').innerText())).toContain(fcfa(5000, 'fr-FR'));
  });

  it('an expense submitted by the treasurer with a PDF invoice and a photo, corrected while pending, approved and paid by another leader, shows in the ledger and the chart; too little money is warned of', async () => {
    await goToSection(treasurerPage, 'Expenses');
    await treasurerPage.getByRole('button', { name: 'Submit expense' }).click();
    const submit = treasurerPage.getByRole('dialog', { name: 'Submit an expense' });
    await submit.getByLabel('Amount').fill('1500');
    await submit.getByLabel('Category').selectOption({ label: 'Venue' });
    await submit.getByLabel('What is it for?').fill('Hall rental for the general assembly');
    // The hall's invoice as a PDF and a photo of the deposit slip, chosen together; then one photo too many, removed.
    const invoice = await PDFDocument.create();
    invoice.addPage([420, 595]).drawText('Invoice 0042 - Salle des fêtes - 2 000 FCFA', { x: 30, y: 540, size: 12, font: await invoice.embedFont(StandardFonts.Helvetica) });
    const slip = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#e2e8f0' } }).jpeg().toBuffer();
    await submit.getByTestId('receipt-file').setInputFiles([
      { name: 'invoice-0042.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await invoice.save()) },
      { name: 'slip.jpg', mimeType: 'image/jpeg', buffer: slip },
    ]);
    await submit.getByRole('link', { name: 'Receipt 1 (PDF)' }).waitFor();
    await submit.getByAltText('Receipt 2').waitFor();
    await submit.getByTestId('receipt-file').setInputFiles({ name: 'again.jpg', mimeType: 'image/jpeg', buffer: slip });
    await submit.getByAltText('Receipt 3').waitFor();
    await submit.getByText('3 files added (at most 5)', { exact: false }).waitFor();
    expect(await audit(treasurerPage)).toEqual([]);
    await submit.getByRole('button', { name: 'Remove receipt 3' }).click();
    await submit.getByText('2 files added (at most 5)', { exact: false }).waitFor();
    expect(await submit.getByTestId('receipt-item').count()).toBe(2);
    await submit.getByRole('button', { name: 'Submit expense' }).click();
    await expectToast(treasurerPage, 'Expense submitted');
    const mine = treasurerPage.getByTestId('expense-row').filter({ hasText: 'Hall rental' });
    await mine.getByText('Your expense: another leader approves and pays it.').waitFor();
    expect(await mine.getByRole('button', { name: /Approve/ }).count()).toBe(0);
    // The PDF is a download (never shown inside the app); the photo opens.
    const pdfLink = mine.getByRole('link', { name: 'View receipt 1 (PDF)' });
    const pdfHref = await pdfLink.getAttribute('href');
    expect(pdfHref).toMatch(/^\/api\/proofs\/[a-z0-9]+\.pdf$/);
    expect(await pdfLink.getAttribute('download')).not.toBeNull();
    expect(await mine.getByRole('link', { name: 'View receipt 2', exact: true }).getAttribute('href')).toMatch(/^\/api\/proofs\/[a-z0-9]+\.webp$/);
    const served = await treasurerPage.request.get(`${server.url}${pdfHref}`);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    expect((await PDFDocument.load(await served.body())).getPageCount()).toBe(1);

    // The invoice says 2 000: the treasurer corrects the amount while it waits for approval.
    await mine.getByRole('button', { name: /^Edit “Hall rental/ }).click();
    const edit = treasurerPage.getByRole('dialog', { name: 'Change an expense' });
    expect(await edit.getByLabel('Amount').inputValue()).toBe('1500');
    await edit.getByLabel('Amount').fill('2000');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(treasurerPage, 'Expense changed');
    await expect.poll(async () => plain(await mine.innerText())).toContain(fcfa(2000, 'en-US'));

    await goToSection(creatorPage, 'Expenses');
    const row = creatorPage.getByTestId('expense-row').filter({ hasText: 'Hall rental' });
    await row.getByRole('button', { name: /^Approve “Hall rental/ }).click();
    await expectToast(creatorPage, 'Expense approved');
    await row.getByRole('button', { name: /^Pay “Hall rental/ }).click();
    const pay = creatorPage.getByRole('dialog', { name: 'Pay an expense' });
    await pay.getByRole('button', { name: 'Pay expense' }).click();
    await expectToast(creatorPage, 'Expense paid');
    await row.getByText('Paid', { exact: true }).waitFor();

    await goToSection(creatorPage, 'Ledger');
    const entry = creatorPage.getByTestId('ledger-entry').filter({ hasText: 'Hall rental for the general assembly' });
    await expect.poll(async () => plain(await entry.innerText())).toContain(fcfa(-2000, 'en-US'));
    await creatorPage.getByTestId('ledger-entry').filter({ hasText: 'Dues · MP240615.1432.C77' }).waitFor();
    await goToSection(creatorPage, 'Overview');
    await creatorPage.getByTestId('chart-out').getByRole('img', { name: named(`Venue: ${fcfa(2000, 'en-US')}`) }).waitFor();
    // This month in the month-by-month figures: 5 000 in, 2 000 out, 3 000 left.
    await expect.poll(async () => plain(await creatorPage.getByTestId('cash-flow-summary').innerText())).toBe(`Over the last 12 months: ${fcfa(5000, 'en-US')} in, ${fcfa(2000, 'en-US')} out. Balance now ${fcfa(3000, 'en-US')}.`);
    await creatorPage.getByTestId('chart-in').getByRole('img', { name: named(`Dues: ${fcfa(5000, 'en-US')}`) }).waitFor();
    await expect.poll(async () => plain(await creatorPage.getByTestId('account-card').filter({ hasText: 'Cash box' }).innerText())).toContain(fcfa(3000, 'en-US'));

    // More than the cash box holds: approved, then warned of in the pay dialog (the server's refusal
    // to pay it, errors.finances.insufficient, is asserted in tests/api/finances.test.ts).
    await goToSection(creatorPage, 'Expenses');
    await creatorPage.getByRole('button', { name: 'Submit expense' }).click();
    const big = creatorPage.getByRole('dialog', { name: 'Submit an expense' });
    await big.getByLabel('Amount').fill('9000');
    await big.getByLabel('Category').selectOption({ label: 'Events' });
    await big.getByLabel('What is it for?').fill('Sound system');
    await big.getByRole('button', { name: 'Submit expense' }).click();
    await expectToast(creatorPage, 'Expense submitted');
    // Another's expense: the treasurer's page keeps what it loaded, so it is opened afresh.
    await treasurerPage.reload();
    await treasurerPage.getByRole('button', { name: /^Approve “Sound system/ }).click();
    await expectToast(treasurerPage, 'Expense approved');
    await treasurerPage.getByRole('button', { name: /^Pay “Sound system/ }).click();
    const payBig = treasurerPage.getByRole('dialog', { name: 'Pay an expense' });
    await payBig.getByTestId('account-shortfall').waitFor();
    await treasurerPage.keyboard.press('Escape');
    await treasurerPage.getByRole('dialog').waitFor({ state: 'hidden' });
    await treasurerPage.screenshot({ path: `${screenshotDir}/finances-treasurer-1280.png` });
    expect(await audit(treasurerPage)).toEqual([]);

    // On a phone: the expense form with a PDF and a photo attached fits the screen.
    const phone = await signedIn(treasurer.email, 375, financesUrl('expenses'));
    await phone.getByRole('button', { name: 'Submit expense' }).click();
    const small = phone.getByRole('dialog', { name: 'Submit an expense' });
    await small.getByTestId('receipt-file').setInputFiles([
      { name: 'a-long-invoice-name-from-the-hall-0042.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await invoice.save()) },
      { name: 'slip.jpg', mimeType: 'image/jpeg', buffer: slip },
    ]);
    await small.getByAltText('Receipt 2').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: `${screenshotDir}/finances-expense-receipts-375.png` });
    expect(await audit(phone)).toEqual([]);
  });

  it('a monthly dues plan: the member, paid up, downloads their receipt; the roll and the dashboard say so', async () => {
    // Due on the 1st of this (UTC) month, so it has fallen due whatever today is; Jean-Paul's confirmed 5 000 covers it.
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    await goToSection(creatorPage, 'Dues');
    await creatorPage.getByRole('button', { name: 'New dues plan' }).click();
    const plan = creatorPage.getByRole('dialog', { name: 'New dues plan' });
    await plan.getByLabel('Name').fill('Monthly dues');
    await plan.getByLabel('Amount per period').fill('5000');
    await plan.getByLabel('How often').selectOption('monthly');
    // Back-dated three months, the plan says before it is made that every past period is owed at
    // once, and counts who would be overdue: everyone (Jean-Paul's 5 000 covers one period of them).
    const now = new Date();
    const threeMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    await plan.getByLabel('Starts on').fill(threeMonthsAgo);
    await plan.getByLabel('Due day').fill('1');
    const warning = plan.getByTestId('backdated-plan');
    await warning.getByText('This plan starts in the past: every period since then is owed at once.').waitFor();
    await warning.getByText(/\d periods are already past their grace days\./).waitFor();
    const counted = /(\d+) members of (\d+) will be overdue at once/.exec(await warning.innerText());
    expect(counted?.[1]).toBe(counted?.[2]);
    await plan.getByLabel('Starts on').fill(thisMonth);
    await plan.getByLabel('Due day').fill('1');
    await plan.getByRole('button', { name: 'Create plan' }).click();
    await expectToast(creatorPage, 'Dues plan created');
    await creatorPage.getByTestId('dues-plan').filter({ hasText: 'Monthly dues' }).getByText(named(`${fcfa(5000, 'en-US')} every month, due on day 1`)).waitFor();
    // The roll, for officers: who is paid up and who is not.
    await creatorPage.getByTestId('dues-roll-row').filter({ hasText: 'Jean-Paul Mbarga' }).getByText('Paid up to date').waitFor();
    await creatorPage.getByTestId('dues-roll-row').filter({ hasText: 'Fatou Diop' }).getByText(/Payment due|Overdue/).waitFor();
    await creatorPage.screenshot({ path: `${screenshotDir}/finances-dues-creator-1280.png` });
    expect(await audit(creatorPage)).toEqual([]);
    // On a phone each member of the roll is a small card with every figure named; nothing runs off the screen.
    await creatorPage.setViewportSize({ width: 375, height: 800 });
    const fatouCard = creatorPage.getByTestId('dues-roll-row').filter({ hasText: 'Fatou Diop' });
    await fatouCard.getByText('Outstanding', { exact: true }).waitFor();
    expect(await creatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await creatorPage.screenshot({ path: `${screenshotDir}/finances-dues-creator-375.png`, fullPage: true });
    await creatorPage.setViewportSize({ width: 1280, height: 900 });

    // The member (French, on a phone), in the Dues section.
    // The plan is another's doing: the member's page, which keeps what it loaded, is opened afresh.
    await memberPage.goto(`${server.url}${financesUrl('dues')}`);
    const dues = memberPage.getByTestId('my-dues');
    await dues.getByTestId('dues-status').filter({ hasText: 'À jour' }).waitFor();
    expect(plain(await dues.getByTestId('dues-outstanding').innerText())).toContain(fcfa(0, 'fr-FR'));
    await dues.getByTestId('dues-obligation').filter({ hasText: 'Monthly dues' }).getByText('Payée').waitFor();
    // Plans read-only, no roll: nobody's arrears are shown to other members.
    await memberPage.getByTestId('dues-plan').filter({ hasText: 'Monthly dues' }).waitFor();
    expect(await memberPage.getByRole('button', { name: /Arrêter/ }).count()).toBe(0);
    expect(await memberPage.getByTestId('dues-roll').count()).toBe(0);
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await memberPage.screenshot({ path: `${screenshotDir}/finances-dues-member-375.png` });

    // The receipt of the confirmed payment: a PDF download, in the payments.
    await goToSection(memberPage, 'Paiements', 'Rubriques des comptes');
    const receipt = memberPage.getByTestId('statement-payment').filter({ hasText: 'Confirmé' }).getByRole('link', { name: named('Télécharger le reçu n° 1 (PDF)') });
    const href = await receipt.getAttribute('href');
    expect(href).toMatch(/^\/api\/finances\/payments\/\d+\/receipt\.pdf$/);
    const [download] = await Promise.all([memberPage.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toBe('receipt-1.pdf');
    const pdf = await memberPage.request.get(`${server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The Overview's dues status, then the dashboard's Financial Overview, which links back to the tab.
    await memberPage.getByRole('tab', { name: 'Vue d’ensemble' }).click();
    await memberPage.getByRole('button', { name: /État des cotisations.*À jour/ }).waitFor();
    await memberPage.locator('[data-bottom-bar]').getByRole('link', { name: 'Accueil', exact: true }).click();
    const overview = memberPage.getByTestId('finance-overview-row').filter({ hasText: 'Douala Mutual Aid' });
    await overview.getByTestId('dues-status').filter({ hasText: 'À jour' }).waitFor();
    expect(plain(await overview.innerText())).toContain(fcfa(5000, 'fr-FR'));
    await overview.getByRole('link', { name: 'Douala Mutual Aid' }).click();
    await memberPage.waitForURL(`${server.url}/community/${communityId}?tab=finances`);
    await memberPage.getByTestId('my-status').getByTestId('dues-status').filter({ hasText: 'À jour' }).waitFor();
  });
});
