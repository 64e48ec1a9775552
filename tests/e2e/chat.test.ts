import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Chat end to end, in real time and without reloads. Amara writes in #general while Ngozi is on
 * her dashboard: the rail's chat badge rises, and clears once she reads the channel; Ngozi answers
 * and Amara sees it arrive. Amara then opens a direct message with Ngozi from the member picker and
 * sends a picture, which Ngozi sees in the conversation. Tabe, on a 375 px phone, sees one pane at a
 * time: the list, then the conversation with a back button.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
const contexts: BrowserContext[] = [];
/** Amara's tab from the first test, which writes to the others in the later ones. */
let amaraPage: Page;
let ngoziPage: Page;
const stamp = Date.now();

type Person = { first: string; last: string; email: string; width: number };
const ngozi: Person = {
  first: 'Ngozi',
  last: 'Okafor',
  email: `ngozi.chat.${stamp}@example.org`,
  width: 1280,
};
const amara: Person = {
  first: 'Amara',
  last: 'Nwosu',
  email: `amara.chat.${stamp}@example.org`,
  width: 1280,
};
const tabe: Person = {
  first: 'Tabe',
  last: 'Ndip',
  email: `tabe.chat.${stamp}@example.org`,
  width: 375,
};
const kofi: Person = {
  first: 'Kofi',
  last: 'Boateng',
  email: `kofi.chat.${stamp}@example.org`,
  width: 1280,
};
const esi: Person = {
  first: 'Esi',
  last: 'Asante',
  email: `esi.chat.${stamp}@example.org`,
  width: 1280,
};

let communityId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const users = await Promise.all([ngozi, amara, tabe, kofi, esi].map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email })));
  communityId = makeCommunity(db, {
    creator: users[0]!,
    name: 'Douala Friends Abroad',
  }).id;
  for (const u of users.slice(1)) addMember(db, { communityId, user: u });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** axe-core's serious and critical findings on the page as it is now. */
async function audit(page: Page): Promise<string[]> {
  await page.waitForTimeout(300);
  return seriousViolations(page);
}

async function signedIn(p: Person, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  // bypassCSP lets the test inject axe-core; the app's own pages run under the real policy elsewhere.
  const context = await browser.newContext({
    viewport: { width: p.width, height: 800 },
    bypassCSP: true,
  });
  contexts.push(context);
  await prepare?.(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email);
  return page;
}

const conversation = (page: Page) => page.getByTestId('conversation-view');
const message = (page: Page, text: string) => conversation(page).getByTestId('message').filter({ hasText: text });

async function openGeneral(page: Page) {
  await page.getByTestId('conversation-list').locator('[data-conversation-name="general"]').click();
  await expect.poll(() => conversation(page).getByTestId('conversation-title').textContent()).toBe('#general');
}

async function send(page: Page, text: string) {
  const input = conversation(page).getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}

describe('Browser: chat', () => {
  it('two members talk in #general and in a direct message in real time; the unread badge rises and clears; a picture is shown', async () => {
    const a = await signedIn(amara);
    amaraPage = a;
    const n = await signedIn(ngozi);
    ngoziPage = n;

    // Ngozi is on her dashboard: no badge yet.
    await n.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    expect(await n.getByTestId('nav-badge-chat').count()).toBe(0);

    await a.goto(`${server.url}/chat`);
    await openGeneral(a);
    await a.waitForTimeout(300); // the socket of Ngozi's tab is open by now; the catch-up covers it otherwise
    await send(a, 'Hello everyone, the meeting is on Saturday');
    await message(a, 'meeting is on Saturday').waitFor();

    // The badge on Ngozi's rail rises without a reload.
    const badge = n.getByTestId('nav-badge-chat');
    await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe('1');
    await n.getByRole('link', { name: /^Chat, 1 unread message$/ }).click();
    await n.waitForURL(/\/chat$/);
    const general = n.getByTestId('conversation-list').locator('[data-conversation-name="general"]');
    await expect.poll(() => general.getByTestId('conversation-unread').textContent()).toContain('1');
    await openGeneral(n);
    await message(n, 'meeting is on Saturday').waitFor();
    // Reading the channel clears its count and the rail's badge.
    await expect.poll(() => badge.count(), { timeout: 5000 }).toBe(0);
    await expect.poll(() => general.getByTestId('conversation-unread').count()).toBe(0);

    // Ngozi answers (Shift+Enter makes a second line); Amara sees it arrive.
    const input = conversation(n).getByTestId('composer-input');
    await input.fill('Great');
    await input.press('Shift+Enter');
    await input.press('End');
    await input.pressSequentially('I will bring the drinks');
    expect(await input.inputValue()).toBe('Great\nI will bring the drinks');
    await input.press('Enter');
    await message(a, 'I will bring the drinks').waitFor({ timeout: 5000 });
    expect(await message(a, 'I will bring the drinks').locator('br').count()).toBe(1);

    // Amara starts a direct message with Ngozi from the member picker.
    await a.getByTestId('new-message').click();
    const picker = a.getByTestId('new-conversation');
    await picker.getByTestId('picker-search').fill('Ngo');
    await picker.getByTestId('picker-person').filter({ hasText: 'Ngozi Okafor' }).click();
    await a.getByTestId('new-conversation-submit').click();
    await expect.poll(() => conversation(a).getByTestId('conversation-title').textContent()).toBe('Ngozi Okafor');
    expect(a.url()).toMatch(/\/chat\?c=\d+$/);
    await send(a, 'Can you also bring the speakers?');

    // It appears in Ngozi's list with its unread count, in real time.
    const dm = n.getByTestId('conversation-direct').getByTestId('conversation-item').filter({ hasText: 'Amara Nwosu' });
    await expect
      .poll(() => dm.getByTestId('conversation-unread').textContent(), {
        timeout: 5000,
      })
      .toContain('1');
    await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe('1');
    await dm.click();
    await message(n, 'bring the speakers').waitFor();
    await expect.poll(() => badge.count(), { timeout: 5000 }).toBe(0);

    // A picture: uploaded with the composer, shown inline on both sides.
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2c7a7b' },
    })
      .png()
      .toBuffer();
    await conversation(a).getByTestId('composer-file').setInputFiles({
      name: 'speakers.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await conversation(a).getByTestId('composer-attachment').waitFor();
    const sendButton = conversation(a).getByTestId('composer-send');
    await expect.poll(() => sendButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await conversation(a).getByTestId('composer-input').fill('These ones');
    await sendButton.click();
    const image = message(n, 'These ones').getByTestId('message-image');
    await image.waitFor({ timeout: 5000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 5000 }).toBe(64);
    await message(a, 'These ones').getByTestId('message-image').waitFor();
    await n.screenshot({ path: `${screenshotDir}/chat-1280.png` });
    expect(await audit(n)).toEqual([]);
  });

  it('on a 375 px phone shows one pane at a time, with a back button', async () => {
    const t = await signedIn(tabe);
    // Chat is reached from the phone bar (the link keeps its old test id).
    expect(await t.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await t.getByTestId('mobile-chat-link').click();
    await t.waitForURL(`${server.url}/chat`);
    const list = t.getByTestId('chat-list-pane');
    const pane = t.getByTestId('chat-conversation-pane');
    await list.waitFor();
    expect(await pane.isVisible()).toBe(false);

    await openGeneral(t);
    // The call buttons fit in the phone's header beside the conversation's name.
    await conversation(t).getByTestId('call-start-video').waitFor();
    expect(await list.isVisible()).toBe(false);
    await message(t, 'meeting is on Saturday').waitFor();
    await send(t, 'Count me in');
    await message(t, 'Count me in').waitFor();
    expect(await t.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The sign-in toast goes first (its contrast is the toaster's, not this page's).
    await t.getByTestId('toast').waitFor({ state: 'hidden', timeout: 10_000 });
    await t.screenshot({ path: `${screenshotDir}/chat-375.png` });
    expect(await audit(t)).toEqual([]);
    // Escape in the empty composer goes back to the list on a phone.
    await conversation(t).getByTestId('composer-input').press('Escape');
    await list.waitFor();
    await t.goBack();
    await conversation(t).waitFor();

    await t.getByTestId('conversation-back').click();
    await list.waitFor();
    expect(await pane.isVisible()).toBe(false);
    expect(t.url()).toMatch(/\/chat$/);
    // The browser's back button returns to the conversation (the open one is in the address).
    await t.goBack();
    await conversation(t).waitFor();

    // From the member directory, "Message" opens a direct conversation with that member.
    await t.goto(`${server.url}/community/${communityId}?tab=members`);
    await t.getByRole('button', { name: 'Message Kofi Boateng' }).click();
    await t.waitForURL(/\/chat\?c=\d+$/);
    await expect.poll(() => conversation(t).getByTestId('conversation-title').textContent(), { timeout: 10_000 }).toBe('Kofi Boateng');
    // One's own card offers no "Message".
    await t.goBack();
    await t.getByTestId('member-card').first().waitFor();
    expect(await t.getByRole('button', { name: 'Message Tabe Ndip' }).count()).toBe(0);
  });

  it('after a dropped connection catches up on what was missed, once', async () => {
    // Kofi's socket goes through a relay the test can cut; while it is cut, new connections are refused.
    const relays: { close: () => Promise<void> }[] = [];
    let refuse = false;
    const k = await signedIn(kofi, (context) =>
      context.routeWebSocket(/\/ws$/, (ws) => {
        if (refuse) return void ws.close();
        ws.connectToServer();
        relays.push(ws);
      }),
    );
    await k.goto(`${server.url}/chat`);
    await openGeneral(k);
    await openGeneral(amaraPage);
    await send(amaraPage, 'Before the cut');
    await message(k, 'Before the cut').waitFor({ timeout: 5000 });

    refuse = true;
    await Promise.all(relays.map((r) => r.close()));
    await send(amaraPage, 'While you were away');
    await k.waitForTimeout(500);
    refuse = false;
    // The reconnect asks for everything after the last id it had: the missed message shows, once.
    await message(k, 'While you were away').waitFor({ timeout: 10_000 });
    await send(amaraPage, 'And after');
    await message(k, 'And after').waitFor({ timeout: 5000 });
    expect(await message(k, 'While you were away').count()).toBe(1);
    expect(await message(k, 'Before the cut').count()).toBe(1);
  });

  it('when WebSockets are blocked, fetches new messages every few seconds instead', async () => {
    const e = await signedIn(esi, (context) => context.routeWebSocket(/\/ws$/, (ws) => void ws.close()));
    await e.goto(`${server.url}/chat`);
    await openGeneral(e);
    await e.getByTestId('chat-connection').waitFor({ timeout: 15_000 });
    await send(amaraPage, 'Can you hear me through the proxy?');
    await message(e, 'through the proxy').waitFor({ timeout: 10_000 });
    expect(await message(e, 'through the proxy').count()).toBe(1);
  });

  it('a message edited, reacted to and deleted (after confirming) changes for the other member at once', async () => {
    const a = amaraPage;
    const n = ngoziPage;
    await openGeneral(a);
    await openGeneral(n);
    // Typing shows on the other side while it lasts. Typed over more than the 2 s typing throttle:
    // the previous test's message may have sent Amara's last typing frame a moment ago.
    await conversation(a).getByTestId('composer-input').pressSequentially('Meet', { delay: 700 });
    await expect.poll(() => conversation(n).getByTestId('typing-indicator').textContent(), { timeout: 5000 }).toBe('Amara Nwosu is typing…');
    await send(a, 'Meeting at 5 pm');
    const mine = message(a, 'Meeting at 5 pm');
    await message(n, 'Meeting at 5 pm').waitFor({ timeout: 5000 });
    // The screen reader is told politely, and the typing line is gone with the message.
    await expect.poll(() => n.getByTestId('chat-announcer').textContent(), { timeout: 6000 }).toBe('New message from Amara Nwosu: Meeting at 5 pm');
    expect(await conversation(n).getByTestId('typing-indicator').textContent()).toBe('');

    // Edit: the message goes into the composer; Enter saves; both sides show it edited.
    await mine.getByTestId('message-menu').click();
    await a.getByTestId('message-edit').click();
    const input = conversation(a).getByTestId('composer-input');
    await expect.poll(() => input.inputValue()).toBe('Meeting at 5 pm');
    await input.fill('Meeting at 6 pm');
    await input.press('Enter');
    const theirs = message(n, 'Meeting at 6 pm');
    await theirs.getByTestId('message-edited').waitFor({ timeout: 5000 });

    // A reaction from Ngozi shows on Amara's side with its count.
    await theirs.getByTestId('message-react').click();
    await n.getByTestId('reaction-choice').first().click();
    await expect.poll(() => message(a, 'Meeting at 6 pm').getByTestId('reaction').first().textContent(), { timeout: 5000 }).toContain('1');

    // Reply: quoted above the answer.
    await theirs.getByTestId('message-reply').click();
    await send(n, 'Works for me');
    await message(a, 'Works for me').getByTestId('message-quote').filter({ hasText: 'Meeting at 6 pm' }).waitFor({ timeout: 5000 });

    // Delete asks first; cancelling keeps it, confirming removes its text for everyone.
    const edited = message(a, 'Meeting at 6 pm').first();
    await edited.getByTestId('message-menu').click();
    await a.getByTestId('message-delete').click();
    await a.getByTestId('delete-message-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await message(a, 'Meeting at 6 pm').count()).toBeGreaterThan(0);
    await edited.getByTestId('message-menu').click();
    await a.getByTestId('message-delete').click();
    await a.getByTestId('delete-message-confirm').click();
    await expect
      .poll(
        () =>
          conversation(n)
            .getByTestId('message')
            .filter({ hasText: 'Meeting at 6 pm' })
            .filter({ hasNot: n.getByTestId('message-quote') })
            .count(),
        { timeout: 5000 },
      )
      .toBe(0);
    expect(await conversation(n).getByTestId('message-deleted').count()).toBeGreaterThan(0);
  });
});
