import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A meeting from the leaders' screens: Ngozi sets the community's fines, calls a meeting from the
 * Meetings tab and writes its agenda; Tabe, the treasurer, marks Musa absent on the meeting's page
 * (his fine shows on the roster); Musa, on his phone and in French, opens his check-in code.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const emails = { ngozi: `ngozi.meet.${stamp}@example.org`, tabe: `tabe.meet.${stamp}@example.org`, musa: `musa.meet.${stamp}@example.org` };
let musaId = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const ngozi = await makeUser(db, { firstName: 'Ngozi', lastName: 'Okafor', email: emails.ngozi });
  const tabe = await makeUser(db, { firstName: 'Tabe', lastName: 'Ndip', email: emails.tabe });
  const musa = await makeUser(db, { firstName: 'Musa', lastName: 'Bello', email: emails.musa, language: 'fr' });
  musaId = musa.id;
  communityId = makeCommunity(db, { creator: ngozi, name: 'Houston Cameroonian Association' }).id;
  addMember(db, { communityId, user: tabe, role: 'treasurer' });
  addMember(db, { communityId, user: musa });
  saveFinanceSettings(db, { communityId, actorId: tabe.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: Date.now() });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function signedIn(email: string, to: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, email, to);
  return page;
}

describe('Browser: a meeting', () => {
  it('a leader calls it and writes its agenda, the treasurer takes attendance, a member shows their code', async () => {
    const leader = await signedIn(emails.ngozi, `/community/${communityId}?tab=meetings`, 1280);
    await leader.getByTestId('meetings').waitFor();
    await leader.getByRole('button', { name: 'Call a meeting' }).click();
    const form = leader.getByTestId('create-meeting-form');
    await form.locator('#title').fill('Monthly meeting');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await form.locator('#date').fill(tomorrow);
    await form.locator('#place').fill('At Ada’s');
    await form.getByRole('button', { name: 'Call the meeting' }).click();
    await expectToast(leader, 'Meeting called: it is in the calendar');
    await leader.waitForURL(/\/meetings\/\d+$/);
    const url = leader.url().replace(server.url, '');
    await leader.getByTestId('meeting-page').waitFor();

    // The rules: an absence fine of 1,000.
    const rules = leader.getByTestId('meeting-rules-form');
    await rules.locator('#absenceFine').fill('1000');
    await rules.getByRole('button', { name: 'Save the rules' }).click();
    await expectToast(leader, 'Rules saved');

    await leader.getByRole('button', { name: 'Edit agenda' }).click();
    const editor = leader.getByTestId('agenda-editor');
    await editor.getByTestId('agenda-add').click();
    await editor.getByTestId('agenda-editor-item').locator('input').first().fill('Treasurer’s report');
    await editor.getByRole('button', { name: 'Save the agenda' }).click();
    await expectToast(leader, 'Agenda saved');
    await leader.getByTestId('meeting-agenda').getByText('1. Treasurer’s report').waitFor();

    const treasurer = await signedIn(emails.tabe, url, 1280);
    await treasurer.getByLabel('Attendance of Musa Bello').selectOption('absent');
    await treasurer.getByTestId('roster-row').filter({ hasText: 'Musa Bello' }).getByText(/Fine/).waitFor();
    const fine = db.$client.prepare('SELECT amount, status FROM meeting_fines WHERE member_id = ?').get(musaId);
    expect(fine).toEqual({ amount: 1000, status: 'owed' });

    const member = await signedIn(emails.musa, `/community/${communityId}?tab=meetings`, 375);
    await member.getByRole('button', { name: 'Mon code de pointage' }).click();
    await member.getByTestId('my-check-in-qr').waitFor();
    const shown = (await member.getByTestId('my-check-in-text').textContent())!.replace(/\s/g, '');
    const roster = await treasurer.evaluate(async (id) => (await fetch(`/api/meetings/${id}/roster`)).json(), Number(url.split('/').pop()));
    expect(roster.find((r: { userId: string }) => r.userId === musaId).code).toBe(shown);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
