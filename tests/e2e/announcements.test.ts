import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const admin = { email: `admin.${Date.now()}@example.org` };
const member = { email: `member.${Date.now()}@example.org` };
const longText = `Dues for **December** are due on the 15th. ${'Please bring receipts for the hall rental and the food. '.repeat(4)}See https://example.org/dues for details.`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Fixtures go straight into the server's database file (WAL lets both processes use it).
  db = openDatabase(join(server.dir, 'app.db'));
  const creator = await makeUser(db, { firstName: 'Fatou', lastName: 'Diop' });
  const adminUser = await makeUser(db, { firstName: 'Aisha', lastName: 'Bello', email: admin.email });
  const memberUser = await makeUser(db, { firstName: 'Jean-Paul', lastName: 'Mbarga', email: member.email });
  const community = makeCommunity(db, { creator, name: 'Senegalese Women Tontine' });
  communityId = community.id;
  addMember(db, { communityId, user: adminUser, role: 'admin' });
  addMember(db, { communityId, user: memberUser });
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function page(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

describe('Browser: announcements from settings to the members’ dashboard', () => {
  it('an admin creates a category and a pinned announcement, plus an older unpinned one', async () => {
    const p = await page();
    await signInByCookie(p, server, admin.email, `/community/${communityId}/settings?section=categories`);
    await p.getByText('No categories yet.').waitFor();
    await p.getByRole('button', { name: 'New Category' }).click();
    await p.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(p, 'Category name is required.');
    await p.getByLabel('Name').fill('Dues');
    await p.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(p, 'Category created');
    await p.getByTestId('category-card').filter({ hasText: 'Dues' }).waitFor();

    await p.getByRole('link', { name: 'Announcements' }).click();
    await p.getByText('No announcements yet.').waitFor();
    for (const [title, pinned] of [
      ['Hall booked for the gala', false],
      ['December dues', true],
    ] as const) {
      await p.getByRole('button', { name: 'New Announcement' }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Content').fill(pinned ? longText : 'The hall on Bissonnet is ours for the 20th.');
      if (pinned) {
        await dialog.getByLabel('Category').selectOption({ label: 'Dues' });
        await dialog.getByText('Pinned', { exact: true }).click();
      }
      await dialog.getByRole('button', { name: 'Create Announcement' }).click();
      await expectToast(p, 'Announcement created');
      await p.getByTestId('announcement-row').filter({ hasText: title }).waitFor();
    }
    const rows = p.getByTestId('announcement-row');
    expect(await rows.first().innerText()).toContain('December dues');
    expect(await rows.first().innerText()).toContain('Pinned');
  });

  it('a member sees the pinned one first, reads it whole, and has no way to edit', async () => {
    const p = await page();
    await signInByCookie(p, server, member.email, `/community/${communityId}`);
    const items = p.getByTestId('announcement-item');
    await items.first().waitFor();
    const first = await items.first().innerText();
    expect(first).toContain('December dues');
    expect(first).toContain('Posted by Aisha Bello');
    expect(first).toContain('…');
    expect(first).not.toContain('example.org/dues');
    await items.first().getByRole('button', { name: /Read more/ }).click();
    const dialog = p.getByRole('dialog');
    const link = dialog.getByRole('link', { name: 'https://example.org/dues' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await dialog.locator('strong').first().innerText()).toBe('December');
    await p.keyboard.press('Escape');

    expect(await p.getByRole('link', { name: 'New' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Manage Settings' }).count()).toBe(0);
    await p.goto(`${server.url}/community/${communityId}/settings`);
    await expectToast(p, 'Access Denied');
    await p.waitForURL(`${server.url}/community/${communityId}`);
  });
});
