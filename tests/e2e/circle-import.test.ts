import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { createCircle } from '../../src/server/services/njangi/circles';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A savings circle already running, in one short journey: on a phone, its organiser fills the
 * recruiting circle from the template-filled CSV (the real first due date, the file, the preview
 * with no problem, submit); the community's treasurer confirms it on the circle's page; the
 * circle then shows its paid rounds.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let circleId: number;
const stamp = Date.now();
const email = (name: string) => `${name}.${stamp}@example.org`;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const organiser = await makeUser(db, { firstName: 'Ngozi', lastName: 'Eze', email: email('ngozi') });
  const community = makeCommunity(db, { creator: organiser, name: 'Buea Njangi House' });
  for (const name of ['amara', 'bih', 'musa']) addMember(db, { communityId: community.id, user: await makeUser(db, { firstName: name[0]!.toUpperCase() + name.slice(1), lastName: 'Member', email: email(name) }) });
  addMember(db, { communityId: community.id, user: await makeUser(db, { firstName: 'Tess', lastName: 'Treasurer', email: email('tess') }), role: 'treasurer' });
  circleId = createCircle(db, {
    communityId: community.id,
    organiserId: organiser.id,
    circle: { name: 'Market women', description: '', currency: 'XAF', contribution: 10_000, frequency: 'monthly', startDate: iso(Date.now() + 30 * DAY), timeZone: 'Africa/Douala', hands: 4, maxHandsPerMember: 1, payoutMethod: 'fixed', orderBy: 'organiser', graceDays: 0, fineKind: 'none', fineValue: 0, deposit: 0, feeBps: 0 },
    now: Date.now(),
  }).id;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Browser: a savings circle already running', () => {
  it('the organiser imports it on a phone, the treasurer confirms it, and the circle shows its paid rounds', async () => {
    // Round 1 fell 75 days ago: three monthly rounds are due, two were paid out.
    const sheet = [
      'Position,Member email,Rounds paid,Received',
      `1,${email('ngozi')},3,yes`,
      `2,${email('amara')},3,yes`,
      `3,${email('bih')},2,no`,
      `4,${email('musa')},3,no`,
    ].join('\r\n');
    // bypassCSP lets the test inject axe-core (layout.test.ts does the same).
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
    const page = await phone.newPage();
    await signInByCookie(page, server, email('ngozi'), `/njangi/${circleId}`);
    await page.getByRole('button', { name: 'Import a running circle' }).click();
    await page.getByLabel('The circle’s real first due date').fill(iso(Date.now() - 75 * DAY));
    await page.locator('#circle-import-file').setInputFiles({ name: 'circle.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('No problems found.').waitFor();
    await page.getByText(/4 hands · first due .* · 3 rounds due by today · 2 paid out · 11 contributions/).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'circle-import-phone.png'), fullPage: true });
    // The pointer leaves the button it clicked: a hovered button's colour is not what the page shows.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit 4 hands for confirmation' }).click();
    await expectToast(page, 'Submitted: a finance officer of the community must now confirm it.');
    await page.getByText('You brought this circle in: a finance officer of the community confirms it.').waitFor();
    await phone.close();

    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const officer = await desk.newPage();
    await signInByCookie(officer, server, email('tess'), `/njangi/${circleId}`);
    await officer.getByRole('button', { name: 'Confirm and start the circle' }).click();
    const dialog = officer.getByRole('alertdialog', { name: 'Start this circle from the spreadsheet?' });
    await dialog.getByRole('button', { name: 'Confirm and start the circle' }).click();
    await expectToast(officer, 'Confirmed: the circle is running with its history.');
    // Rounds 1 and 2 paid by every hand and paid out; round 3 paid by three hands of four.
    await expect.poll(async () => (await officer.getByText('4/4 paid').count()) >= 2, { timeout: 10_000 }).toBe(true);
    await officer.getByText('3/4 paid').first().waitFor();
    await officer.screenshot({ path: join(screenshotDir, 'circle-import-confirmed.png'), fullPage: true });
    await desk.close();
  });
});
