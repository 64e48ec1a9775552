import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { createMeeting, updateSettings } from '../../src/server/domains/meetings/meetings';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Meeting day without a network, on the secretary's phone (375 px): Awa opens the meeting day
 * screen, the network goes, she marks three members and records two cash contributions, sees
 * "5 records waiting to send", the network comes back and each record arrives once (read from the
 * database, and still once after a reload). Before that, the phone restarts offline and opens on what it
 * had, the records still waiting. Then a check-in by QR code between two phones: Ada's
 * phone shows her code (the meetings tab's "My check-in code"), and Awa's camera (a canvas stream
 * drawing that very image in place of getUserMedia) checks her in. The people, the books and the meeting are seeded through the services.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
const stamp = Date.now();
const email = (who: string) => `${who}.meetday.${stamp}@example.org`;
const ids: Record<'ngozi' | 'awa' | 'musa' | 'ada' | 'kofi', string> = {} as never;
let communityId: number;
let meetingId: number;

const rows = <T,>(q: string, ...args: unknown[]) => db.$client.prepare(q).all(...args) as T[];
const count = (q: string, ...args: unknown[]) => db.$client.prepare(q).pluck().get(...args) as number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const now = Date.now();
  const names = { ngozi: 'Okafor', awa: 'Diallo', musa: 'Bello', ada: 'Eze', kofi: 'Mensah' } as const;
  for (const who of Object.keys(names) as (keyof typeof names)[]) ids[who] = (await makeUser(db, { firstName: who[0]!.toUpperCase() + who.slice(1), lastName: names[who], email: email(who) })).id;
  const creator = { id: ids.ngozi } as Parameters<typeof makeCommunity>[1]['creator'];
  const community = makeCommunity(db, { creator, name: 'Houston Bamenda Union' });
  communityId = community.id;
  addMember(db, { communityId, user: { id: ids.awa } as typeof creator, role: 'admin' });
  for (const who of ['musa', 'ada', 'kofi'] as const) addMember(db, { communityId, user: { id: ids[who] } as typeof creator });
  saveFinanceSettings(db, { communityId, actorId: ids.ngozi, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  updateSettings(db, { communityId, actorId: ids.ngozi, settings: { quorumKind: 'none', quorumValue: 0, lateFine: 500, absenceFine: 1_000, maxProxies: 1 }, currency: 'XAF', now });
  const startsAt = now + 3_600_000;
  meetingId = createMeeting(db, {
    community,
    actorId: ids.ngozi,
    input: { communityId, title: 'Monthly meeting', startsAt, endsAt: startsAt + 7_200_000, timeZone: 'America/Chicago', place: 'The church basement', scope: 'community', generalAssembly: false, hostId: null },
    now,
  }).id;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

const member = (page: Page, name: string) => page.getByTestId('meeting-day-member').filter({ hasText: name });

describe('meeting day on the secretary’s phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('takes attendance and cash offline, then sends each record once when the network returns', async () => {
    await signInByCookie(page, server, email('awa'), `/meetings/${meetingId}/day`);
    await expect.poll(() => member(page, 'Musa Bello').count()).toBe(1);
    // The cash form reads the books' currency and cash box: loaded before the network goes.
    await page.getByTestId('meeting-day-cash').waitFor();

    // The installable app's worker keeps the shell and meeting day's code: in control before the network goes.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    // …and every piece of code this page loaded is kept by it (a first visit loads before the worker is in control).
    await page.waitForFunction(
      async () => {
        const urls = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/assets/'));
        return (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean);
      },
      undefined,
      { timeout: 20_000, polling: 250 },
    );
    await context.setOffline(true);
    await page.getByTestId('meeting-day-offline').waitFor();
    await member(page, 'Musa Bello').getByRole('button', { name: 'Present' }).click();
    await member(page, 'Kofi Mensah').getByRole('button', { name: 'Late' }).click();
    await member(page, 'Ada Eze').getByRole('button', { name: 'Absent' }).click();
    for (const [who, purpose, amount] of [['Musa Bello', 'dues', '2000'], ['Kofi Mensah', 'donation', '1500']] as const) {
      await page.getByTestId('meeting-day-cash').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Member').selectOption({ label: who });
      await dialog.getByLabel('What for').selectOption(purpose);
      await dialog.getByLabel('Amount').fill(amount);
      await dialog.getByRole('button', { name: 'Record' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(() => page.getByTestId('meeting-day-waiting').textContent()).toContain('5 records waiting to send');
    await expect(member(page, 'Kofi Mensah').getByTestId('meeting-day-status').textContent()).resolves.toContain('waiting to send');
    // The phone restarts, still without a network: the screen opens on what it had, the records still
    // waiting. What the phone has seen is kept (IndexedDB) before it restarts.
    await page.waitForFunction(
      () =>
        new Promise((done) => {
          const open = indexedDB.open('harambee-offline-reads');
          open.onsuccess = () => {
            const get = open.result.transaction('queries').objectStore('queries').get('queries');
            get.onsuccess = () => done(JSON.stringify(get.result ?? '').includes('"auth","me"'));
            get.onerror = () => done(false);
          };
          open.onerror = () => done(false);
        }),
      undefined,
      { timeout: 10_000, polling: 250 },
    );
    await page.reload();
    await expect.poll(() => member(page, 'Musa Bello').count()).toBe(1);
    await expect.poll(() => page.getByTestId('meeting-day-waiting').textContent()).toContain('5 records waiting to send');
    // Nothing reached the server while offline; the phone holds it all (IndexedDB).
    expect(count('SELECT count(*) FROM meeting_attendance WHERE meeting_id = ?', meetingId)).toBe(0);
    expect(count('SELECT count(*) FROM sync_records')).toBe(0);

    await context.setOffline(false);
    await page.getByTestId('meeting-day-waiting').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('meeting-day-outcome').count()).toBe(5);
    expect(await page.locator('[data-testid="meeting-day-outcome"][data-outcome="applied"]').count()).toBe(5);

    const arrived = () => ({
      marks: rows<{ user_id: string; status: string }>('SELECT user_id, status FROM meeting_attendance WHERE meeting_id = ? ORDER BY status', meetingId),
      fines: rows<{ member_id: string; reason: string }>("SELECT member_id, reason FROM meeting_fines WHERE meeting_id = ? AND status = 'owed' ORDER BY reason", meetingId),
      cash: rows<{ member_id: string; amount: number; status: string; recorded_by: string }>('SELECT member_id, amount, status, recorded_by FROM payments WHERE community_id = ? ORDER BY amount', communityId),
      synced: count('SELECT count(*) FROM sync_records WHERE user_id = ?', ids.awa),
    });
    const expected = {
      marks: [
        { user_id: ids.ada, status: 'absent' },
        { user_id: ids.kofi, status: 'late' },
        { user_id: ids.musa, status: 'present' },
      ],
      fines: [
        { member_id: ids.ada, reason: 'absent' },
        { member_id: ids.kofi, reason: 'late' },
      ],
      // Cash recorded by an officer waits for another officer, as online.
      cash: [
        { member_id: ids.kofi, amount: 1500, status: 'pending', recorded_by: ids.awa },
        { member_id: ids.musa, amount: 2000, status: 'pending', recorded_by: ids.awa },
      ],
      synced: 5,
    };
    expect(arrived()).toEqual(expected);
    // A reload (the phone restarting) sends nothing twice.
    await page.reload();
    await expect.poll(() => member(page, 'Kofi Mensah').getByTestId('meeting-day-status').textContent()).toBe('Late');
    expect(arrived()).toEqual(expected);
  });

  it('checks a member in by the QR code her own phone shows, read by the secretary’s camera', async () => {
    const adas = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const adaPage = await adas.newPage();
      await signInByCookie(adaPage, server, email('ada'), `/community/${communityId}?tab=meetings`);
      await adaPage.getByRole('button', { name: 'My check-in code' }).click();
      // The QR image her phone shows is what the secretary's camera will see.
      const qr = (await adaPage.getByTestId('my-check-in-qr').getAttribute('src'))!;
      expect(qr).toMatch(/^data:image\/png;base64,/);

      // The secretary's camera films Ada's screen: a canvas drawing the QR image stands in for it.
      const secretary = await browser.newContext({ viewport: { width: 375, height: 800 } });
      try {
        await secretary.addInitScript((src) => {
          const image = new Image();
          image.src = src;
          const canvas = document.createElement('canvas');
          canvas.width = 480;
          canvas.height = 480;
          const draw = () => {
            const g = canvas.getContext('2d')!;
            g.fillStyle = 'white';
            g.fillRect(0, 0, 480, 480);
            if (image.complete) g.drawImage(image, 80, 80, 320, 320);
          };
          setInterval(draw, 100);
          Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: async () => (draw(), canvas.captureStream(10)) } });
        }, qr);
        const phone = await secretary.newPage();
        await signInByCookie(phone, server, email('awa'), `/meetings/${meetingId}/day`);
        await phone.getByTestId('meeting-day-scan').click();
        await expect.poll(() => phone.getByTestId('meeting-day-checked').textContent(), { timeout: 15_000 }).toContain('Ada Eze');
        // Ada had been marked absent: checked in before the start, she is present and her absence fine is cancelled.
        await expect.poll(() => count('SELECT count(*) FROM meeting_attendance WHERE meeting_id = ? AND user_id = ? AND status = ?', meetingId, ids.ada, 'present')).toBe(1);
        expect(rows("SELECT status FROM meeting_fines WHERE meeting_id = ? AND member_id = ? AND reason = 'absent'", meetingId, ids.ada)).toEqual([{ status: 'cancelled' }]);
      } finally {
        await secretary.close();
      }
    } finally {
      await adas.close();
    }
  });
});

/*
 * A meeting from the leaders' screens, on the same server: Ngozi sets the community's fines, calls
 * a meeting from the Meetings tab and writes its agenda; Tabe, the treasurer, marks Musa absent on
 * the meeting's page (his fine shows on the roster). (A member's own code is shown above.)
 */
describe('a meeting from the leaders’ screens', () => {
  const stampLeaders = `${stamp}.leaders`;
  const emails = { ngozi: `ngozi.meet.${stampLeaders}@example.org`, tabe: `tabe.meet.${stampLeaders}@example.org`, musa: `musa.meet.${stampLeaders}@example.org` };
  const contexts: BrowserContext[] = [];
  let community = 0;
  let musaId = '';
  beforeAll(async () => {
    const ngozi = await makeUser(db, { firstName: 'Ngozi', lastName: 'Okafor', email: emails.ngozi });
    const tabe = await makeUser(db, { firstName: 'Tabe', lastName: 'Ndip', email: emails.tabe });
    const musa = await makeUser(db, { firstName: 'Musa', lastName: 'Bello', email: emails.musa, language: 'fr' });
    musaId = musa.id;
    community = makeCommunity(db, { creator: ngozi, name: 'Houston Cameroonian Association' }).id;
    addMember(db, { communityId: community, user: tabe, role: 'treasurer' });
    addMember(db, { communityId: community, user: musa });
    saveFinanceSettings(db, { communityId: community, actorId: tabe.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now: Date.now() });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  async function signedIn(who: string, to: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const p = await context.newPage();
    await signInByCookie(p, server, who, to);
    return p;
  }

  it('a leader calls it and writes its agenda, the treasurer takes attendance on its page', async () => {
    const leader = await signedIn(emails.ngozi, `/community/${community}?tab=meetings`, 1280);
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
  });
});
