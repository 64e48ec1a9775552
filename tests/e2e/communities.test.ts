import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, registerUser, screenshotDir, signInByCookie, startServer, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const PASSWORD = 'Ubuntu#Together1';
const leader = { firstName: 'Ngozi', lastName: 'Eze', email: `ngozi.${Date.now()}@example.org`, password: PASSWORD };
const member = { firstName: 'Kwame', lastName: 'Mensah', email: `kwame.${Date.now()}@example.org`, password: PASSWORD };
const communityName = `Houston Njangi Circle ${Date.now() % 10000}`;
const privateName = `Douala Elders Council ${Date.now() % 10000}`;

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server, leader);
  await registerUser(server, member);
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

let leaderPage: Page;
let memberPage: Page;

describe('Browser: communities from creation to membership', () => {
  it('a leader creates a community with a banner from a file', async () => {
    leaderPage = await newPage();
    await signInByCookie(leaderPage, server, leader.email);
    await leaderPage.getByRole('button', { name: 'Create Community' }).first().click();
    const dialog = leaderPage.getByRole('dialog');
    const banner = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#d69e2e' } }).jpeg().toBuffer();
    await dialog.getByTestId('banner-file').setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: banner });
    await dialog.getByAltText('Banner preview').waitFor({ state: 'visible' });
    await dialog.getByLabel('Community Name').fill('Ho');
    await dialog.getByLabel('Description').fill('Monthly savings and support for families in Houston.');
    await dialog.getByRole('button', { name: 'Create Community' }).click();
    await expectToast(leaderPage, 'Community name must be at least 3 characters');
    await dialog.getByLabel('Community Name').fill(communityName);
    await dialog.getByLabel('Location (Optional)').fill('Houston, TX');
    await dialog.getByRole('button', { name: 'Create Community' }).click();
    await expectToast(leaderPage, 'Community created successfully!');
    await leaderPage.waitForURL(/\/community\/\d+$/);
    await leaderPage.getByRole('heading', { name: communityName }).waitFor();
    expect(await leaderPage.getByText('1 Member', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('a visitor finds it on /discover while signed out, with its banner', async () => {
    const visitor = await newPage(375);
    await visitor.goto(`${server.url}/discover`);
    await visitor.getByLabel('Search communities by name or description').fill('njangi circle');
    const card = visitor.getByTestId('community-card').filter({ hasText: communityName });
    await card.waitFor();
    const src = await card.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    // The phone takes the 400 px copy of the banner (srcset), not the 1200 px image.
    const img = card.locator('img');
    await img.scrollIntoViewIfNeeded();
    const shown = await img.evaluate(async (el: HTMLImageElement) => {
      if (!el.complete) await new Promise((done) => el.addEventListener('load', done, { once: true }));
      return { current: el.currentSrc, width: el.naturalWidth };
    });
    expect(shown.current).toMatch(/\/uploads\/[a-z0-9]+-400\.webp$/);
    // Drawn (naturalWidth is the copy's width scaled to the slot `sizes` gives, not its pixels).
    expect(shown.width).toBeGreaterThan(0);
    await visitor.screenshot({ path: `${screenshotDir}/discover-375.png`, fullPage: true });
    await card.getByRole('link', { name: 'View Details' }).click();
    await visitor.getByRole('heading', { name: communityName }).waitFor();
    await visitor.getByRole('link', { name: 'Sign In to Join' }).waitFor();
  });

  it('a second user joins; both dashboards show it with 2 members', async () => {
    memberPage = await newPage();
    await signInByCookie(memberPage, server, member.email);
    await memberPage.getByText('No communities yet').waitFor();
    await memberPage.goto(`${server.url}/explore`);
    const card = memberPage.getByTestId('community-card').filter({ hasText: communityName });
    await card.getByRole('button', { name: 'Join' }).click();
    await expectToast(memberPage, 'You have joined the community.');
    await card.getByRole('link', { name: 'View Dashboard' }).waitFor();

    for (const page of [memberPage, leaderPage]) {
      await page.goto(`${server.url}/dashboard`);
      const mine = page.getByTestId('my-communities').getByTestId('community-card').filter({ hasText: communityName });
      await mine.getByText('2 Members').waitFor();
    }
    await leaderPage.screenshot({ path: `${screenshotDir}/dashboard-communities-1280.png`, fullPage: true });

    await memberPage.getByTestId('my-communities').getByRole('link', { name: 'View Dashboard' }).click();
    await memberPage.getByRole('tab', { name: 'members' }).click();
    await memberPage.getByTestId('member-card').filter({ hasText: 'Ngozi Eze' }).getByText('Creator').waitFor();
    expect(await memberPage.getByRole('link', { name: 'Manage Settings' }).count()).toBe(0);
  });

  it('a private community: request, withdrawal and a new request, approval in settings, membership', async () => {
    await leaderPage.goto(`${server.url}/communities/create`);
    await leaderPage.getByLabel('Community Name').fill(privateName);
    await leaderPage.getByLabel('Description').fill('Council of elders: by invitation and approval only.');
    await leaderPage.getByText('Public Community').click();
    await leaderPage.getByRole('button', { name: 'Create Community' }).click();
    await leaderPage.waitForURL(/\/communities\/\d+$/);
    const url = leaderPage.url();
    const id = url.slice(url.lastIndexOf('/') + 1);

    await memberPage.goto(`${server.url}/community/${id}/details`);
    await memberPage.getByRole('button', { name: 'Request to join' }).click();
    await expectToast(memberPage, 'Request sent');
    await memberPage.getByRole('button', { name: 'Request pending' }).waitFor();

    // A request can be taken back (after a confirmation) and made again.
    await memberPage.getByRole('button', { name: 'Withdraw request' }).click();
    const confirm = memberPage.getByRole('alertdialog', { name: 'Withdraw your request?' });
    await confirm.getByRole('button', { name: 'Withdraw request' }).click();
    await expectToast(memberPage, 'Request withdrawn');
    // Asking again at once is refused for a while (a loop would flood the leaders)...
    await memberPage.getByRole('button', { name: 'Request to join' }).click();
    await expectToast(memberPage, 'You asked to join this community a moment ago. You can ask again in 10 minutes.');
    // ...and accepted once ten minutes have passed (the request's time moved back in the server's database).
    const db = new Database(join(server.dir, 'app.db'));
    db.prepare('UPDATE join_requests SET created_at = created_at - 11 * 60000 WHERE community_id = ?').run(Number(id));
    db.close();
    await memberPage.getByRole('button', { name: 'Request to join' }).click();
    await expectToast(memberPage, 'Request sent');
    await memberPage.getByRole('button', { name: 'Request pending' }).waitFor();

    // The member has no way into settings.
    await memberPage.goto(`${server.url}/community/${id}/settings`);
    await expectToast(memberPage, 'Access Denied');

    await leaderPage.goto(`${server.url}/community/${id}/settings?section=requests`);
    await leaderPage.getByRole('heading', { name: `${privateName} Settings` }).waitFor();
    await leaderPage.getByTestId('join-request').filter({ hasText: 'Kwame Mensah' }).getByRole('button', { name: /Approve/ }).click();
    await expectToast(leaderPage, 'Request approved');

    await memberPage.goto(`${server.url}/dashboard`);
    await memberPage.getByTestId('my-communities').getByText(privateName).waitFor();
  });
});
