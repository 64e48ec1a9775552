import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { launchBrowser, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A discussion end to end. Amara starts a topic from the community's Discussions tab and mentions
 * Tabe through the @ autocomplete; Tabe, on a phone, is told, follows the notice to the topic and
 * replies; Amara sees the reply. The leader then locks the topic, and the members' composer is
 * disabled with the reason shown.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

type Person = { first: string; last: string; email: string; width: number };
const leader: Person = { first: 'Ngozi', last: 'Okafor', email: `ngozi.talk.${stamp}@example.org`, width: 1280 };
const amara: Person = { first: 'Amara', last: 'Nwosu', email: `amara.talk.${stamp}@example.org`, width: 1280 };
const tabe: Person = { first: 'Tabe', last: 'Ndip', email: `tabe.talk.${stamp}@example.org`, width: 375 };
const ids: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const users = await Promise.all([leader, amara, tabe].map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email })));
  for (const [i, p] of [leader, amara, tabe].entries()) ids[p.first] = users[i]!.id;
  communityId = makeCommunity(db, { creator: users[0]!, name: 'Bamenda Friends Abroad' }).id;
  for (const u of users.slice(1)) addMember(db, { communityId, user: u });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function signedIn(p: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: p.width, height: 900 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email);
  return page;
}
/** axe-core's serious and critical findings on the page (or within one part of it) as it is now. */
async function audit(page: Page, within?: string): Promise<string[]> {
  await page.waitForTimeout(300);
  return seriousViolations(page, within);
}
const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

describe('Browser: discussions', () => {
  it('a member starts a topic mentioning another, who is told on a phone and replies; a leader locks it and the composer closes', async () => {
    // Amara starts a topic from the Discussions tab, mentioning Tabe through the autocomplete.
    const a = await signedIn(amara);
    await a.goto(`${server.url}/community/${communityId}?tab=discussions`);
    const section = a.getByTestId('topics-section');
    await section.getByTestId('topics-empty').waitFor();
    await section.getByTestId('new-topic').click();
    const form = a.getByTestId('new-topic-form');
    await form.getByTestId('topic-title-input').fill('Summer picnic');
    const body = form.getByTestId('topic-body-input');
    await body.click();
    await body.pressSequentially('Who can help with the food? @Ta');
    const option = form.getByTestId('mention-option').filter({ hasText: 'Tabe Ndip' });
    await option.waitFor();
    // Escape closes the list, not the dialog; typing again reopens it.
    await body.press('Escape');
    await expect.poll(() => option.count()).toBe(0);
    await body.press('Backspace');
    await body.pressSequentially('a');
    await option.waitFor();
    expect(await body.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await option.getAttribute('aria-selected')).toBe('true');
    // (The dialog alone: axe reads the page behind the backdrop as low contrast.)
    expect(await audit(a, '[role=dialog]')).toEqual([]);
    await body.press('Enter');
    await body.pressSequentially('maybe you?');
    // The person reads the name; the token underneath reaches the server.
    expect(await body.inputValue()).toBe('Who can help with the food? @Tabe Ndip maybe you?');
    await form.getByTestId('create-topic-submit').click();
    await a.waitForURL(/\/topics\/\d+$/);
    const topicId = Number(new URL(a.url()).pathname.split('/').pop());
    expect(db.$client.prepare('SELECT body FROM topics WHERE id = ?').pluck().get(topicId)).toBe(`Who can help with the food? @[Tabe Ndip](${ids.Tabe}) maybe you?`);
    const shown = a.getByTestId('topic-body');
    await shown.getByText('@Tabe Ndip').waitFor();
    expect(await shown.innerText()).not.toContain('@[');

    // Tabe, on a phone, follows the notice to the topic and replies.
    const tb = await signedIn(tabe);
    await tb.locator('[data-testid=notifications-button]:visible').click();
    await tb.getByTestId('notification').filter({ hasText: 'You were mentioned' }).getByRole('button', { name: /^You were mentioned/ }).click();
    await tb.waitForURL(`${server.url}/topics/${topicId}`);
    await tb.getByTestId('topic-page').getByRole('heading', { level: 1, name: 'Summer picnic' }).waitFor();
    await tb.getByTestId('reply-input').fill('Count me in: I will bring the ndolé.');
    await tb.getByTestId('reply-submit').click();
    await tb.getByTestId('reply-row').filter({ hasText: 'I will bring the ndolé' }).waitFor();
    await fitsPhone(tb);

    // Amara sees the reply.
    await a.reload();
    await a.getByTestId('reply-row').filter({ hasText: 'I will bring the ndolé' }).filter({ hasText: 'Tabe Ndip' }).waitFor();
    expect(await audit(a)).toEqual([]);
    await a.goto(`${server.url}/community/${communityId}?tab=discussions`);
    await a.getByTestId('topic-row').filter({ hasText: 'Summer picnic' }).filter({ hasText: '1 reply' }).waitFor();
    expect(await audit(a)).toEqual([]);

    // The leader locks the topic; the members can no longer reply.
    const l = await signedIn(leader);
    await l.goto(`${server.url}/topics/${topicId}`);
    await l.getByTestId('topic-lock').click();
    const dialog = l.getByRole('alertdialog');
    await dialog.getByTestId('moderation-reason').fill('The picnic is organised, thank you all.');
    await dialog.getByTestId('moderation-confirm').click();
    await l.getByTestId('topic-locked').waitFor();
    expect(await audit(l)).toEqual([]);

    await tb.reload();
    await tb.getByTestId('topic-locked').waitFor();
    expect(await tb.getByTestId('reply-input').isDisabled()).toBe(true);
    expect(await tb.getByTestId('reply-submit').isDisabled()).toBe(true);
    expect(await tb.getByTestId('topic-lock').count()).toBe(0);
    await fitsPhone(tb);
  });
});
