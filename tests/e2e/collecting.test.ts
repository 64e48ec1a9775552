import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { createAccount, saveFinanceSettings } from '../../src/server/services/finances/books';
import { setInstructions } from '../../src/server/domains/collecting/instructions';
import { addMember, makeCommunity, makeUser } from '../factories';
import { SMS_SAMPLES } from '../fixtures/sms-samples';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Collecting money end to end, one page load each. Jean-Paul, a member reading French on a phone,
 * opens "I paid", sees how to pay with his reference, pastes the MTN MoMo text his phone received
 * and has it read into the declaration (amount, provider, transaction id), declares it, and pasting
 * it again is warned as already declared. Aisha, the treasurer, on a laptop, sees the transaction id
 * in the queue, brings in the MTN account's statement whose line carries that id, sees it proposed
 * for his payment "by transaction ID", and confirms it: the payment is confirmed with a receipt.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const treasurer = { email: `aisha.collect.${stamp}@example.org` };
const member = { email: `jean-paul.collect.${stamp}@example.org` };
const momo = SMS_SAMPLES.find((s) => s.provider === 'mtn_momo' && s.language === 'fr' && s.direction === 'sent')!;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const now = Date.now();
  const creator = await makeUser(db, { firstName: 'Fatou', lastName: 'Diop', email: `fatou.collect.${stamp}@example.org` });
  const aisha = await makeUser(db, { firstName: 'Aisha', lastName: 'Bello', email: treasurer.email });
  const jeanPaul = await makeUser(db, { firstName: 'Jean-Paul', lastName: 'Mbarga', email: member.email, language: 'fr' });
  communityId = makeCommunity(db, { creator, name: 'Douala Mutual Aid' }).id;
  addMember(db, { communityId, user: aisha, role: 'treasurer' });
  addMember(db, { communityId, user: jeanPaul });
  saveFinanceSettings(db, { communityId, actorId: creator.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  const account = createAccount(db, { communityId, actorId: creator.id, name: 'MTN MoMo', kind: 'mobile', holderId: null, now });
  setInstructions(db, { communityId, input: { communityId, accountId: account.id, provider: 'MTN MoMo', number: '677 12 34 56', accountName: 'DOUALA MUTUAL AID', ussd: '*126#' }, actorId: creator.id, now });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Signed in, straight on the books' Payments section. */
async function signedIn(email: string, width: number): Promise<Page> {
  // bypassCSP: the accessibility audit adds axe's script to the page.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, email, `/community/${communityId}?tab=finances&section=payments`);
  return page;
}

describe('Browser: collecting money', () => {
  it('a member pastes an MTN MoMo text on a phone and declares it; the treasurer matches the statement line on a laptop and confirms it', async () => {
    const phone = await signedIn(member.email, 375);
    await phone.getByRole('button', { name: 'J’ai payé' }).click();
    const declare = phone.getByRole('dialog', { name: 'Déclarer un paiement' });
    // How to pay, with his own reference to write in the transfer's note and the USSD code as a link the phone dials.
    const reference = (await declare.getByTestId('my-reference').locator('strong').innerText()).trim();
    expect(reference).toMatch(/^HB-[0-9A-Z]{4}$/);
    expect(await declare.getByRole('link', { name: /Composer le \*126#/ }).getAttribute('href')).toBe('tel:*126%23');

    await declare.getByLabel('Collez le message de confirmation').fill(momo.text);
    await declare.getByRole('button', { name: 'Lire le message' }).click();
    await declare.getByTestId('sms-read').getByText('Transaction 8765432109').waitFor();
    expect(await declare.getByLabel('Montant').inputValue()).toBe('25000');
    expect(await declare.getByLabel('Moyen de paiement').inputValue()).toBe('mobile_money');
    expect(await declare.getByLabel('Opérateur de mobile money').inputValue()).toBe('MTN MoMo');
    expect(await declare.getByLabel('Identifiant de la transaction').inputValue()).toBe('8765432109');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: `${screenshotDir}/collecting-declare-375.png` });
    expect(await seriousViolations(phone, '[role="dialog"]')).toEqual([]);
    await declare.getByRole('button', { name: 'Déclarer le paiement' }).click();
    await expectToast(phone, 'Paiement déclaré');

    // The same text again: the member is told before submitting that this transfer was declared.
    await phone.getByRole('button', { name: 'J’ai payé' }).click();
    const again = phone.getByRole('dialog', { name: 'Déclarer un paiement' });
    await again.getByLabel('Collez le message de confirmation').fill(momo.text);
    await again.getByRole('button', { name: 'Lire le message' }).click();
    expect(await again.getByTestId('sms-used').innerText()).toMatch(/La transaction 8765432109 a déjà été déclarée \(paiement n°\s\d+ du/);
    await again.getByRole('button', { name: 'Annuler' }).click();

    // The treasurer, on a laptop: the queue shows the transaction id, and the pasted text on demand.
    const laptop = await signedIn(treasurer.email, 1280);
    const pending = laptop.getByTestId('pending-payment').filter({ hasText: 'Jean-Paul Mbarga' });
    await pending.getByTestId('payment-transaction').getByText('Transaction 8765432109').waitFor();
    await pending.getByRole('button', { name: 'Show the message Jean-Paul Mbarga pasted' }).click();
    expect(await pending.getByTestId('payment-sms').innerText()).toBe(momo.text);

    // The MTN account's statement: one line coming in, carrying the transfer's id.
    const today = new Date();
    const day = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
    const csv = `Date,Amount,Transaction ID,Name\n${day},25000,8765432109,JEAN PAUL MBARGA\n`;
    const statements = laptop.getByTestId('account-statements');
    await statements.getByRole('button', { name: 'Bring in a statement' }).click();
    await statements.getByTestId('statement-file').setInputFiles({ name: 'mtn-march.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await statements.getByRole('button', { name: 'Read the file' }).click();
    // The columns guessed from the headers, and what the file reads.
    expect(await statements.getByLabel('Transaction ID').inputValue()).toBe('Transaction ID');
    expect(await statements.getByTestId('statement-read').innerText()).toMatch(/1 line read, 1 with money coming in/);
    await statements.getByRole('button', { name: 'Bring in', exact: true }).click();
    await expectToast(laptop, '1 line brought in');

    const proposal = statements.getByTestId('statement-proposal');
    await proposal.filter({ hasText: 'Declared by Jean-Paul Mbarga' }).waitFor();
    expect(await proposal.getByTestId('match-why').innerText()).toBe('Transaction ID');
    await laptop.screenshot({ path: `${screenshotDir}/collecting-statement-1280.png` });
    expect(await seriousViolations(laptop, '[data-testid="account-statements"]')).toEqual([]);
    await statements.getByRole('button', { name: 'Confirm all proposals' }).click();
    await statements.getByTestId('match-result').filter({ hasText: /Line \d+: confirmed, receipt no\. \d+/ }).waitFor();
    await statements.getByTestId('statement-decided').filter({ hasText: 'Matched' }).waitFor();

    // In the books: his payment confirmed, with its receipt number and the transfer's id.
    const row = db.$client.prepare('SELECT status, receipt_no AS receiptNo, transaction_id AS transactionId, sms_text AS smsText FROM payments WHERE community_id = ?').all(communityId) as { status: string; receiptNo: number | null; transactionId: string; smsText: string }[];
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ status: 'confirmed', transactionId: '8765432109', smsText: momo.text });
    expect(row[0]!.receiptNo).toBeGreaterThan(0);
  });
});
