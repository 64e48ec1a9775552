import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * The chat's leader tools, through their dialogs. Ngozi (the creator) makes a private channel for
 * Kofi and herself: Kofi sees it arrive, Esi never does. Esi posts in #general; Kofi reports it
 * and Ngozi is told, opens the reported messages from the notice and deletes it; she mutes Esi there, and Esi's next message is refused with the reason
 * while she can still read, and her composer says until when.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const people = {
  ngozi: { firstName: 'Ngozi', lastName: 'Eze', email: `ngozi.mod.${stamp}@example.org` },
  kofi: { firstName: 'Kofi', lastName: 'Mensah', email: `kofi.mod.${stamp}@example.org` },
  esi: { firstName: 'Esi', lastName: 'Owusu', email: `esi.mod.${stamp}@example.org` },
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const [ngozi, kofi, esi] = await Promise.all([people.ngozi, people.kofi, people.esi].map((p) => makeUser(db, p)));
  const communityId = makeCommunity(db, { creator: ngozi!, name: 'Accra Circle Montreal' }).id;
  addMember(db, { communityId, user: kofi! });
  addMember(db, { communityId, user: esi! });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function chatAs(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, email, '/chat');
  await page.getByTestId('conversation-list').waitFor();
  return page;
}

const conversation = (page: Page) => page.getByTestId('conversation-view');
const message = (page: Page, text: string) => conversation(page).getByTestId('message').filter({ hasText: text });
const channel = (page: Page, name: string) => page.getByTestId('conversation-list').locator(`[data-conversation-name="${name}"]`);

async function open(page: Page, name: string) {
  await channel(page, name).click();
  await expect.poll(() => conversation(page).getByTestId('conversation-title').textContent()).toBe(`#${name}`);
}

async function send(page: Page, text: string) {
  const input = conversation(page).getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

describe('Browser: chat moderation', () => {
  it('a leader makes a private channel, deletes a reported message from the reports list and mutes a member, each through its dialog', async () => {
    const ngozi = await chatAs(people.ngozi.email);
    const kofi = await chatAs(people.kofi.email);
    const esi = await chatAs(people.esi.email);
    // Only leaders are offered a new channel.
    expect(await kofi.getByTestId('new-channel').count()).toBe(0);

    // A private channel with Kofi, chosen in the member picker.
    await ngozi.getByTestId('new-channel').click();
    const form = ngozi.getByTestId('new-channel-form');
    await form.getByTestId('channel-name').fill('Treasurers');
    await form.getByTestId('channel-private').check();
    await form.getByTestId('picker-search').fill('Kof');
    await form.getByTestId('picker-person').filter({ hasText: 'Kofi Mensah' }).click();
    await ngozi.getByTestId('new-channel-form-submit').click();
    await expect.poll(() => conversation(ngozi).getByTestId('conversation-title').textContent()).toBe('#treasurers');
    await send(ngozi, 'The bank statement is in');

    // Kofi hears of it without a reload; Esi does not see it even after one.
    await channel(kofi, 'treasurers').waitFor({ timeout: 5000 });
    await open(kofi, 'treasurers');
    await message(kofi, 'bank statement').waitFor({ timeout: 5000 });
    await esi.reload();
    await channel(esi, 'general').waitFor();
    expect(await channel(esi, 'treasurers').count()).toBe(0);

    // Esi writes in #general; Kofi reports it with a reason.
    await open(esi, 'general');
    await send(esi, 'Cheap phones for sale, DM me');
    await send(esi, 'Phones still available');
    await open(kofi, 'general');
    const offending = message(kofi, 'Cheap phones');
    await offending.waitFor({ timeout: 5000 });
    await offending.getByTestId('message-menu').click();
    await kofi.getByTestId('message-report').click();
    const report = kofi.getByTestId('report-dialog');
    // A report needs its reason: the dialog says so and stays open.
    await kofi.getByTestId('report-confirm').click();
    await expect.poll(() => report.isVisible()).toBe(true);
    await report.locator('textarea').fill('Selling in the community channel');
    await kofi.getByTestId('report-confirm').click();
    await report.waitFor({ state: 'hidden' });

    // Ngozi is notified; the notice opens the list of reported messages, with the reporter's reason.
    await ngozi.locator('[data-testid=notifications-button]:visible').click();
    await ngozi.getByTestId('notification').filter({ hasText: 'A chat message was reported' }).getByRole('button', { name: /^A chat message was reported/ }).click();
    const reports = ngozi.getByTestId('chat-reports-dialog');
    const item = reports.getByTestId('chat-report').filter({ hasText: 'Cheap phones for sale' });
    await item.filter({ hasText: 'Reason: Selling in the community channel' }).waitFor({ timeout: 5000 });
    expect(await item.textContent()).toContain('Reported by Kofi Mensah');
    // Deleting it closes the report, and the message goes for everyone.
    await item.getByTestId('chat-report-delete').click();
    await reports.getByTestId('chat-reports-empty').waitFor({ timeout: 5000 });
    await ngozi.keyboard.press('Escape');
    await reports.waitFor({ state: 'hidden' });
    await expect.poll(() => message(esi, 'Cheap phones').count(), { timeout: 5000 }).toBe(0);
    expect(new URL(ngozi.url()).searchParams.get('reports')).toBeNull();

    // Ngozi mutes Esi in #general for the default hour from her other message's menu.
    await expect.poll(() => conversation(ngozi).getByTestId('conversation-title').textContent()).toBe('#general');
    const seen = message(ngozi, 'Phones still available');
    await seen.getByTestId('message-menu').click();
    await ngozi.getByTestId('message-mute-member').click();
    await ngozi.getByTestId('mute-member-confirm').click();
    await ngozi.getByTestId('mute-member-dialog').waitFor({ state: 'hidden' });

    // Esi's next message is refused with the reason and her text is kept; her composer then says until when.
    await send(esi, 'Last chance for the phones');
    await esi.getByText(/A leader has muted you in this channel until/).first().waitFor({ timeout: 5000 });
    await esi.reload();
    await open(esi, 'general');
    await expect.poll(() => conversation(esi).getByTestId('composer-muted').textContent()).toMatch(/A leader muted you in this channel until/);
    await message(esi, 'Phones still available').waitFor();
    expect(await message(ngozi, 'Last chance').count()).toBe(0);
  });
});
