import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { formatMoney } from '../../src/shared/money';
import { makeCommunity, makeUser } from '../factories';
import { launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * The savings circles' lists in one journey: a community's creator starts a circle from the
 * dashboard's "Start a savings circle"; it is on /njangi (its terms, the organiser's one hand), on the
 * community's Savings tab (1 of 4 hands, "Member"), and the dashboard counts it. On a phone no page
 * scrolls sideways, and /njangi has no serious accessibility violation.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const leader = { email: `ngozi.${Date.now()}@example.org` };


/** axe-core's serious and critical violations on the page, toasts closed first. */
const audit = (page: Page) => seriousViolations(page);

/** Text with every kind of space made plain, so "FCFA 25,000" matches whichever space Intl put in. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** How far the page is wider than its viewport (0: nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const user = await makeUser(db, { firstName: 'Ngozi', lastName: 'Eze', email: leader.email });
  communityId = makeCommunity(db, { creator: user, name: 'Bamenda Njangi House' }).id;
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

describe('Browser: savings circles lists', () => {
  it('a leader starts a circle from the dashboard; /njangi, the Savings tab and the counter show it; phones do not scroll sideways', async () => {
    // bypassCSP lets the test inject axe-core (layout.test.ts does the same).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInByCookie(page, server, leader.email);
    const counter = page.getByTestId('njangi-counter');
    await expect.poll(() => counter.innerText()).toContain('0');

    await page.getByRole('button', { name: 'Start a savings circle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a savings circle' });
    await expect.poll(() => dialog.getByLabel('Community').inputValue()).toBe(String(communityId));
    await dialog.getByLabel('Name').fill('Monthly 25k');
    await dialog.getByLabel('Contribution per hand').fill('25000');
    await dialog.getByLabel('Number of hands').fill('4');
    await dialog.getByText('Fixed order', { exact: true }).click();
    // A fee above 5% is refused on the field, before anything is sent.
    await dialog.getByLabel(/Organiser’s fee/).fill('6');
    await dialog.getByRole('button', { name: 'Start circle' }).click();
    await dialog.getByText('Enter a percentage from 0 to 5').waitFor();
    // The error toast sits over the dialog's buttons (and clicking it would close the dialog): Enter submits from the field.
    await dialog.getByLabel(/Organiser’s fee/).fill('2.5');
    await dialog.getByLabel(/Organiser’s fee/).press('Enter');
    // The circle's own page opens (the success toast waits behind the error one: one toast at a time).
    await page.waitForURL(/\/njangi\/\d+$/);
    const circleId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.goto(`${server.url}/njangi`);
    const card = page.getByTestId('my-circle').filter({ hasText: 'Monthly 25k' });
    await card.waitFor();
    const text = plain(await card.innerText());
    expect(text).toContain(`Bamenda Njangi House · ${plain(formatMoney(25000, 'XAF', 'en-US'))} monthly`);
    expect(text).toContain('You hold 1 hand');
    expect(text).toContain('Recruiting');
    expect(await card.getByRole('link', { name: 'Monthly 25k' }).getAttribute('href')).toBe(`/njangi/${circleId}`);
    await page.getByTestId('my-record').getByText('Circles completed').waitFor();
    expect(await audit(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/njangi-1280.png`, fullPage: true });

    await page.goto(`${server.url}/community/${communityId}?tab=savings`);
    const row = page.getByTestId('community-circle').filter({ hasText: 'Monthly 25k' });
    await row.waitFor();
    expect(plain(await row.innerText())).toMatch(/1 of 4 hands[\s\S]*Organised by Ngozi Eze/);
    await row.getByText('Member', { exact: true }).waitFor();
    await page.screenshot({ path: `${screenshotDir}/community-savings-1280.png`, fullPage: true });
    // Filtered to completed circles, it is not there.
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByText('No circle with this status.').waitFor();

    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('njangi-counter').innerText()).toContain('1');
    await page.getByTestId('dashboard-circle').filter({ hasText: 'Monthly 25k' }).waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/dashboard', '/njangi', `/community/${communityId}?tab=savings`]) {
      await page.goto(`${server.url}${path}`);
      await page.getByText('Monthly 25k').first().waitFor();
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
      if (path === '/njangi') await page.screenshot({ path: `${screenshotDir}/njangi-375.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Start a savings circle' }).click();
    await page.getByRole('dialog', { name: 'Start a savings circle' }).getByLabel('Name').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${screenshotDir}/njangi-create-375.png` });
    await context.close();
  });
});
