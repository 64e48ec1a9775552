import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { createAnnouncement } from '../../src/server/services/announcements';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, signInByCookie, startServer, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const member = { email: `shell.${Date.now()}@example.org` };
const staff = { email: `staff.${Date.now()}@example.org` };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
  db = openDatabase(join(server.dir, 'app.db'));
  const leader = await makeUser(db, { firstName: 'Yaw', lastName: 'Boateng', role: 'superadmin', email: staff.email });
  const me = await makeUser(db, { firstName: 'Efua', lastName: 'Asante', email: member.email });
  communityId = makeCommunity(db, { creator: leader, name: 'Kumasi Cultural Circle', location: 'Houston, TX' }).id;
  addMember(db, { communityId, user: me });
  // Two announcements: Efua gets two notifications through the real service.
  for (const title of ['Drumming practice moved', 'Dues reminder']) {
    createAnnouncement(db, { communityId, authorId: leader.id, now: Date.now(), input: { title, content: 'Details inside.', isPinned: false, isPublished: true } });
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function page(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}
const scrollTop = (p: Page, id: string) => p.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);

describe('Browser: landing page', () => {
  it('anchor links land 80 px below the top; screenshots at both widths', async () => {
    const p = await page(1280);
    await p.goto(`${server.url}/`);
    await p.locator('#home').waitFor();
    expect(await p.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    for (const id of ['home', 'stats', 'story', 'mission-vision', 'purpose', 'features', 'team']) {
      expect(await p.locator(`#${id}`).count(), id).toBe(1);
    }
    await p.screenshot({ path: `${screenshotDir}/landing-1280.png` });
    await p.getByRole('link', { name: 'Features', exact: true }).first().click();
    await expect.poll(() => scrollTop(p, 'features')).toBe(80);
    expect(await p.getByRole('link', { name: 'TEAM SIGN IN' }).getAttribute('href')).toBe('/admin/login');
    expect(await p.locator('footer').innerText()).toContain(String(new Date().getFullYear()));
  });

  it('on a phone the bottom bar and menu work, and the menu closes at 768 px', async () => {
    const p = await page(375);
    await p.goto(`${server.url}/`);
    await p.locator('#home').waitFor();
    await p.screenshot({ path: `${screenshotDir}/landing-375.png` });
    await p.getByTestId('landing-mobile-bar').waitFor();
    await p.getByTestId('landing-menu-button').click();
    const menu = p.getByTestId('landing-menu');
    await menu.waitFor();
    await p.setViewportSize({ width: 900, height: 900 });
    await menu.waitFor({ state: 'hidden' });
    await p.setViewportSize({ width: 375, height: 900 });
    await p.getByTestId('landing-menu-button').click();
    await menu.getByRole('link', { name: 'Our Story' }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => scrollTop(p, 'story')).toBe(80);
  });

  it('the theme choice survives a reload', async () => {
    const p = await page(1280);
    await p.goto(`${server.url}/signin`);
    const toggle = p.getByTestId('theme-toggle');
    while ((await toggle.getAttribute('data-theme-preference')) !== 'dark') await toggle.click();
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await p.reload();
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await p.evaluate(() => localStorage.getItem('harambee-theme'))).toBe('dark');
  });
});

describe('Browser: the signed-in frame', () => {
  it('a phone widened to a laptop gets the rail (its code loads then), which reaches every destination', async () => {
    const p = await page(375);
    await signInByCookie(p, server, member.email);
    await p.locator('[data-bottom-bar]').waitFor();
    // A phone neither draws the rail nor loads its code.
    expect(await p.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/rail-/.test(r.name)))).toBe(false);
    await p.setViewportSize({ width: 1280, height: 900 });
    const rail = p.locator('nav[aria-label="Main"]:not([data-bottom-bar])');
    await rail.waitFor();
    await p.locator('[data-bottom-bar]').waitFor({ state: 'detached' });
    for (const [name, path] of [
      ['Communities', '/communities'],
      ['Events', '/events'],
      ['Explore', '/explore'],
      ['Chat', '/chat'],
      ['Njangi', '/njangi'],
      ['Dashboard', '/dashboard'],
    ] as const) {
      await rail.getByRole('link', { name, exact: true }).click();
      await p.waitForURL(`${server.url}${path}`);
      expect(await rail.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    // The rail's buttons name themselves on hover, the profile panel's too (its drawer wraps it), and it still opens.
    await rail.getByRole('link', { name: 'Chat', exact: true }).hover();
    await p.getByRole('tooltip', { name: 'Chat' }).waitFor();
    const profile = rail.getByTestId('profile-button');
    await profile.hover();
    await p.getByRole('tooltip', { name: 'Your Profile' }).waitFor();
    await profile.click();
    await p.getByTestId('profile-panel').waitFor();
    await p.keyboard.press('Escape');
    await p.getByTestId('profile-panel').waitFor({ state: 'hidden' });
    await p.mouse.move(640, 450);
    await p.screenshot({ path: `${screenshotDir}/dashboard-1280.png`, fullPage: true });
    await p.goto(`${server.url}/community/${communityId}`);
    await p.getByRole('heading', { name: 'Kumasi Cultural Circle' }).waitFor();
    await p.screenshot({ path: `${screenshotDir}/community-1280.png`, fullPage: true });
  });

  it('reading a notification lowers the unread badge', async () => {
    const p = await page(1280);
    await signInByCookie(p, server, member.email);
    const badge = p.getByTestId('unread-badge').first();
    await expect.poll(() => badge.innerText()).toBe('2');
    await p.getByTestId('notifications-button').first().click();
    const first = p.getByTestId('notification').filter({ hasText: 'Dues reminder' });
    await first.getByRole('button', { name: /Dues reminder/ }).click();
    await p.waitForURL(`${server.url}/community/${communityId}`);
    await expect.poll(() => badge.innerText()).toBe('1');
  });

  it('the profile panel edits name, bio and photo', async () => {
    const p = await page(375);
    await signInByCookie(p, server, member.email);
    await p.getByTestId('mobile-bottom-bar').waitFor();
    await p.screenshot({ path: `${screenshotDir}/dashboard-375.png`, fullPage: true });
    // On a phone the avatar is the top bar's (the rail's is hidden).
    await p.locator('[data-testid=profile-button]:visible').click();
    const panel = p.getByTestId('profile-panel');
    await panel.getByText('No bio provided yet.').waitFor();
    await expect.poll(() => panel.getByTestId('joined-count').innerText()).toBe('1');
    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    await panel.getByLabel('Bio').fill('Drummer, treasurer-in-training, proud Kumasi native.');
    await panel.getByLabel('Location').fill('Katy, TX');
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c05621' } }).png().toBuffer();
    await panel.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await panel.getByAltText('Profile photo preview').waitFor();
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(p, 'Profile updated');
    await panel.getByText('Drummer, treasurer-in-training, proud Kumasi native.').waitFor();
    await panel.getByText('Katy, TX').waitFor();
    await p.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await p.goto(`${server.url}/community/${communityId}`);
    await p.getByRole('heading', { name: 'Kumasi Cultural Circle' }).waitFor();
    await p.screenshot({ path: `${screenshotDir}/community-375.png`, fullPage: true });
  });

  it('on a phone the community tabs scroll sideways: no label overlaps another, the keyboard reaches the last', async () => {
    const p = await page(375);
    // The creator sees all eleven tabs (Polls, Savings, Savings groups, Meetings, Welfare and Finances included).
    await signInByCookie(p, server, staff.email, `/community/${communityId}`);
    await p.getByRole('heading', { name: 'Kumasi Cultural Circle' }).waitFor();
    const tabs = p.getByRole('tablist').getByRole('tab');
    expect(await tabs.count()).toBe(11);
    // The labels' own boxes (a text range), which spill over a tab too narrow for them.
    const labels = await tabs.evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const tab = el.getBoundingClientRect();
        return { name: el.textContent ?? '', text: { left: text.left, right: text.right, top: text.top, bottom: text.bottom }, tab: { left: tab.left, right: tab.right } };
      }),
    );
    for (const [i, a] of labels.entries()) {
      expect(a.text.left, `${a.name} inside its tab`).toBeGreaterThanOrEqual(a.tab.left - 0.5);
      expect(a.text.right, `${a.name} inside its tab`).toBeLessThanOrEqual(a.tab.right + 0.5);
      for (const b of labels.slice(i + 1)) {
        const apart = a.text.right <= b.text.left || b.text.right <= a.text.left || a.text.bottom <= b.text.top || b.text.bottom <= a.text.top;
        expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
      }
    }
    await p.screenshot({ path: `${screenshotDir}/community-tabs-375.png` });
    // Keyboard: End selects the last tab and scrolls it into view.
    await tabs.first().focus();
    await p.keyboard.press('End');
    const last = tabs.last();
    await expect.poll(() => last.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => last.evaluate((el) => { const r = el.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; }))
      .toBe(true);
    await p.getByRole('heading', { name: 'Open the books' }).waitFor();
  });

  it('the admin dashboard at both widths', async () => {
    // One sign-in (staff type a second factor), the page reloaded at each width.
    const p = await page(1280);
    await signInByCookie(p, server, staff.email);
    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: 900 });
      await p.goto(`${server.url}/admin/dashboard`);
      await p.getByTestId('count-users').waitFor();
      await p.screenshot({ path: `${screenshotDir}/admin-dashboard-${width}.png`, fullPage: true });
    }
  });
});
