import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { makeCommunity, makeUser } from '../factories';
import { inviteTokenIn } from '../setup/invitations';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Invitations end to end. The leader of a private community invites an address from the Invite
 * dialog; the email's link (read from the server's outbox) takes a new person, on a phone, through
 * sign-up straight into the community: a member, with no join request. The Share button hands the
 * public page to the device's share sheet when there is one, and copies it otherwise.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const leaderEmail = `ngozi.invites.${stamp}@example.org`;
const newcomer = { first: 'Efua', last: 'Mensah', email: `efua.newcomer.${stamp}@example.org`, password: 'Harambee#Newcomer26' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const leader = await makeUser(db, { firstName: 'Ngozi', lastName: 'Okafor', email: leaderEmail });
  communityId = makeCommunity(db, { creator: leader, name: 'Limbe Sisters Abroad', description: 'Mutual support for women from Limbe living abroad.', isPublic: false }).id;
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function newPage(width: number, init?: () => void): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  contexts.push(context);
  if (init) await context.addInitScript(init);
  return { page: await context.newPage(), context };
}

/** axe-core's serious and critical findings on the page (or within one part of it). */
async function audit(page: Page, within?: string): Promise<string[]> {
  await page.waitForTimeout(300);
  return seriousViolations(page, within);
}

/** The invitation link in the newest email to `email` in the server's outbox (waits up to 5 s). */
async function invitationLink(email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(server.outbox).filter((f) => f.endsWith('.eml')).sort().reverse();
    } catch {
      /* not created yet */
    }
    for (const f of files) {
      const raw = readFileSync(join(server.outbox, f), 'utf8');
      const token = raw.includes(`To: ${email}`) ? inviteTokenIn(raw) : null;
      if (token) return `${server.url}/invite/${token}`;
    }
    if (Date.now() > deadline) throw new Error(`no invitation to ${email} in ${server.outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('invitations', () => {
  it('a leader invites an address; the emailed link leads a new person through sign-up into the private community', async () => {
    const { page: leader } = await newPage(1280);
    await signInByCookie(leader, server, leaderEmail, `/community/${communityId}`);
    await leader.getByRole('button', { name: 'Invite' }).click();
    const dialog = leader.getByRole('dialog');
    await dialog.getByLabel('Email addresses').fill(`${newcomer.email}, not-an-address`);
    await dialog.getByLabel('Personal message (optional)').fill('We meet on the first Sunday of each month.');
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await dialog.getByText('1 invitation sent').waitFor();
    await dialog.getByText('1 skipped (invalid or repeated)').waitFor();
    await dialog.getByRole('tab', { name: 'Pending' }).click();
    await dialog.getByText(newcomer.email).waitFor();
    expect(await audit(leader, '[role="dialog"]')).toEqual([]);

    const link = await invitationLink(newcomer.email);
    expect(link).toMatch(new RegExp(`^${server.url}/invite/[a-z2-7]{52}$`));

    // The newcomer, on a phone.
    const { page } = await newPage(375);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Limbe Sisters Abroad' }).waitFor();
    await page.getByText('Ngozi invited you to join').waitFor();
    expect(await audit(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/signup\?invite=/);
    await page.getByText('After signing up you will join Limbe Sisters Abroad.').waitFor();
    // The invited address is filled in.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(newcomer.email);
    await page.getByLabel('First name').fill(newcomer.first);
    await page.getByLabel('Last name').fill(newcomer.last);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByLabel('Confirm password').fill(newcomer.password);
    await page.getByText('I agree to the terms and conditions').click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Sign in to open Limbe Sisters Abroad');
    await page.waitForURL(/\/signin\?redirect=/);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/community/${communityId}`);
    await page.getByRole('heading', { name: 'Limbe Sisters Abroad', level: 1 }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    const sql = db.$client;
    const user = sql.prepare('SELECT id FROM users WHERE email = ?').get(newcomer.email) as { id: string };
    expect(sql.prepare('SELECT role FROM memberships WHERE community_id = ? AND user_id = ?').pluck().get(communityId, user.id)).toBe('member');
    expect(sql.prepare('SELECT count(*) FROM join_requests WHERE user_id = ?').pluck().get(user.id)).toBe(0);
    expect(sql.prepare('SELECT status FROM invitations WHERE email = ?').pluck().get(newcomer.email)).toBe('accepted');
    // The link worked once: opened again, it says so.
    await page.goto(link);
    await page.getByText('This invitation is invalid or has expired').waitFor();
  });

  it('Share: the share sheet where the browser has one, else the public link copied', async () => {
    const publicUrl = `${server.url}/community/${communityId}/details`;
    // A phone browser with a share sheet (captured instead of shown).
    const withSheet = await newPage(375, () => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data) });
    });
    await signInByCookie(withSheet.page, server, leaderEmail, `/community/${communityId}`);
    await withSheet.page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => withSheet.page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
      { title: 'Limbe Sisters Abroad', text: 'Join Limbe Sisters Abroad on Harambee', url: publicUrl },
    ]);

    // On the same phone: an invite link with a limit, then revoked after confirming.
    const phone = withSheet.page;
    await phone.getByRole('button', { name: 'Invite' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'By link' }).click();
    await dialog.getByLabel('Maximum uses').fill('25');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Link created. Share it now, or later from the list below while it lives.').waitFor();
    // WhatsApp opens with the invitation and its address written out.
    expect(await dialog.getByTestId('link-whatsapp').first().getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=.*%2Finvite%2F/);
    expect(await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue()).toMatch(new RegExp(`^${server.url}/invite/[a-z2-7]{52}$`));
    await dialog.getByText('0 of 25 used · 0 joined').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: `${screenshotDir}/invitations-link-375.png` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await phone.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByText('Revoked').waitFor();
    expect(db.$client.prepare('SELECT count(*) FROM invite_links WHERE community_id = ? AND revoked_at IS NOT NULL').pluck().get(communityId)).toBe(1);

    // A desktop browser without one: the link goes to the clipboard.
    const desktop = await newPage(1280, () => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await desktop.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInByCookie(desktop.page, server, leaderEmail, `/community/${communityId}`);
    await desktop.page.getByRole('button', { name: 'Share' }).click();
    await expectToast(desktop.page, 'Link copied');
    expect(await desktop.page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
  });
});
