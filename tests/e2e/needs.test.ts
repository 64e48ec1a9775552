import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { FACTORY_PASSWORD, addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInAs, startServer, type TestServer } from './harness';

/*
 * "Needs you" end to end, on two browsers: a member (reading French, on a phone) declares a dues
 * payment; the treasurer (on a phone too) finds it at the top of the dashboard and on the bell,
 * in words ("Jean-Paul Mbarga declared $25.00 of dues"), confirms it from the bell in one tap, is
 * then all caught up, and the member sees the payment confirmed.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const treasurer = { email: `tabe.${stamp}@example.org` };
const member = { email: `jean-paul.${stamp}@example.org` };

/** axe-core's serious and critical violations on the page as it stands. */
const audit = (page: Page) => seriousViolations(page);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const creator = await makeUser(db, { firstName: 'Ngozi', lastName: 'Eze' });
  const treasurerUser = await makeUser(db, { firstName: 'Tabe', lastName: 'Nkongho', email: treasurer.email });
  const memberUser = await makeUser(db, { firstName: 'Jean-Paul', lastName: 'Mbarga', email: member.email, language: 'fr' });
  communityId = makeCommunity(db, { creator, name: 'Houston Bamenda Union' }).id;
  addMember(db, { communityId, user: treasurerUser, role: 'treasurer' });
  addMember(db, { communityId, user: memberUser });
  saveFinanceSettings(db, { communityId, actorId: creator.id, changes: { currency: 'USD' }, cashBoxName: 'Cash box', now: Date.now() });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function onPhone(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, server, email, FACTORY_PASSWORD);
  return page;
}

describe('Browser: Needs you', () => {
  it('a declared payment reaches the treasurer’s dashboard and bell, is confirmed from the bell in one tap, and the member sees it confirmed', async () => {
    const treasurerPage = await onPhone(treasurer.email);
    // Nothing waits yet.
    await treasurerPage.getByTestId('needs-card').getByText('You’re all caught up').waitFor();

    const memberPage = await onPhone(member.email);
    await memberPage.goto(`${server.url}/community/${communityId}?tab=finances`);
    // The member's own status opens the finances, with "Pay dues" at its top.
    await memberPage.getByRole('button', { name: 'Payer ma cotisation' }).click();
    const declare = memberPage.getByRole('dialog', { name: 'Déclarer un paiement' });
    await declare.getByLabel('Montant').fill('25');
    await declare.getByLabel('Objet du paiement').selectOption('dues');
    await declare.getByLabel('Moyen de paiement').selectOption('cash');
    await declare.getByRole('button', { name: 'Déclarer le paiement' }).click();
    await expectToast(memberPage, 'Paiement déclaré');
    // Their payments and receipts are one tap away, in the Payments section.
    await memberPage.getByRole('link', { name: 'Mes paiements et reçus' }).click();
    await memberPage.getByTestId('statement-payment').filter({ hasText: 'En attente' }).waitFor();

    // On the treasurer's dashboard, at the top, in words, and counted on the bell (it follows the server once a minute and on focus).
    await treasurerPage.reload();
    const card = treasurerPage.getByTestId('needs-card');
    const item = card.getByTestId('need').filter({ hasText: 'Jean-Paul Mbarga declared $25.00 of dues' });
    await item.waitFor();
    expect(await item.innerText()).toContain('Houston Bamenda Union');
    expect(await card.getByTestId('needs-count').innerText()).toBe('1 waiting');
    await expect.poll(() => treasurerPage.getByTestId('unread-badge').innerText()).toBe('1');
    // The bell's name starts with the number its badge shows.
    expect(await treasurerPage.getByTestId('notifications-button').getAttribute('aria-label')).toBe('Notifications: 1 (1 unread, 1 waiting on you)');
    // Nothing runs off a 375 px screen; the card is readable by assistive technology.
    expect(await treasurerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await treasurerPage.screenshot({ path: `${screenshotDir}/needs-375.png` });
    expect(await audit(treasurerPage)).toEqual([]);

    // From the bell: one tap confirms it into the cash box.
    await treasurerPage.getByTestId('notifications-button').click();
    const bell = treasurerPage.getByTestId('bell-needs');
    await bell.getByText('Needs you (1)').waitFor();
    await bell.getByRole('button', { name: 'Confirm: Jean-Paul Mbarga declared $25.00 of dues' }).click();
    await expectToast(treasurerPage, 'Done: Jean-Paul Mbarga declared $25.00 of dues');
    await treasurerPage.keyboard.press('Escape');
    await card.getByText('You’re all caught up').waitFor();
    await treasurerPage.getByTestId('unread-badge').waitFor({ state: 'detached' });

    // The member's payment is confirmed, with its receipt number.
    await memberPage.reload();
    await memberPage.getByTestId('statement-payment').filter({ hasText: 'Confirmé' }).waitFor();
  });
});
