import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Events end to end. A host schedules a monthly series ("first Saturday") from the community's
 * Events tab; a member answers the whole series from /events, finds it on the dashboard and
 * downloads the .ics (read back with an independent iCalendar parser). Then, on phones (375 px),
 * two members answer an event with one place: one is going, the other waits in line and is let in
 * when the first can no longer come.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

type Person = { first: string; last: string; email: string; width: number };
const host: Person = { first: 'Ngozi', last: 'Okafor', email: `ngozi.ev.${stamp}@example.org`, width: 1280 };
const amara: Person = { first: 'Amara', last: 'Nwosu', email: `amara.ev.${stamp}@example.org`, width: 1280 };
const tabe: Person = { first: 'Tabe', last: 'Ndip', email: `tabe.ev.${stamp}@example.org`, width: 375 };
const musa: Person = { first: 'Musa', last: 'Bello', email: `musa.ev.${stamp}@example.org`, width: 375 };
const SERIES = 'First Saturday meeting';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const [h, ...others] = await Promise.all([host, amara, tabe, musa].map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email })));
  communityId = makeCommunity(db, { creator: h!, name: 'Houston Cameroonian Association' }).id;
  for (const u of others) addMember(db, { communityId, user: u });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function signedIn(p: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: p.width, height: 900 }, acceptDownloads: true, timezoneId: 'America/Chicago', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email);
  return page;
}

const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
const expectCount = (locator: Locator, n: number) => expect.poll(() => locator.count(), { timeout: 10_000 }).toBe(n);

/** The first Saturday of the month after next, as the date field takes it (always ahead). */
function firstSaturdayAhead(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 2);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('Browser: events', () => {
  it('a host schedules a monthly series from the Events tab; a member answers the whole series from /events, sees it on the dashboard and downloads the .ics', async () => {
    const hostPage = await signedIn(host);
    await hostPage.goto(`${server.url}/community/${communityId}?tab=events`);
    await hostPage.getByTestId('community-create-event').click();
    const form = hostPage.getByTestId('create-event-form');
    await form.getByLabel('Title').fill(SERIES);
    const date = firstSaturdayAhead();
    await form.getByTestId('event-date-input').fill(date);
    await form.getByTestId('event-start-input').fill('18:00');
    await form.getByTestId('event-end-input').fill('20:00');
    await form.getByLabel('Place').fill('1200 Main St, Houston');
    await form.getByLabel('Repeat').selectOption({ label: 'Monthly on the first Saturday' });
    await form.getByText('After a number of dates').click();
    await form.getByTestId('event-count-input').fill('6');
    await hostPage.getByTestId('create-event-submit').click();
    await expectToast(hostPage, '6 dates scheduled');
    // The dialog opens the first date's page.
    await hostPage.waitForURL(/\/events\/\d+$/);
    await hostPage.getByRole('heading', { level: 1, name: SERIES }).waitFor();
    await hostPage.getByTestId('event-series').filter({ hasText: 'first Saturday' }).waitFor();
    const firstId = Number(new URL(hostPage.url()).pathname.split('/').pop());

    const page = await signedIn(amara);
    await page.goto(`${server.url}/events`);
    const rows = page.getByTestId('events-list').getByTestId('event-row').filter({ hasText: SERIES });
    await expectCount(rows, 6);
    const first = rows.first();
    await first.getByTestId('rsvp-series').click();
    await first.getByTestId('rsvp-going').click();
    await expectToast(page, 'Your answer is saved for 6 dates');
    await expect.poll(() => rows.nth(5).getByTestId('rsvp-going').getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // On a phone the series is one row, at its next date, saying how many more dates follow.
    const phone = await signedIn(tabe);
    await phone.goto(`${server.url}/events`);
    const phoneRows = phone.getByTestId('events-list').getByTestId('event-row').filter({ hasText: SERIES });
    await phoneRows.getByTestId('series-more-dates').filter({ hasText: 'and 5 more dates' }).waitFor();
    await expectCount(phoneRows, 1);
    expect(Number(await phoneRows.getAttribute('data-event-id'))).toBe(firstId);

    // The dashboard's Upcoming Events card lists the next dates.
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('upcoming-event').filter({ hasText: SERIES }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The event's own page: going, named among those going, and "Add to calendar": Google and
    // Outlook filled in, the private feed offered, and the series' .ics read back by an independent parser.
    await page.goto(`${server.url}/events/${firstId}`);
    await page.getByTestId('rsvp-status').filter({ hasText: 'You’re going.' }).waitFor();
    await page.getByTestId('event-going-person').filter({ hasText: 'Amara Nwosu' }).waitFor();
    await page.getByTestId('add-to-calendar').click();
    const google = new URL((await page.getByTestId('calendar-google').getAttribute('href'))!);
    expect([google.hostname, google.searchParams.get('text')]).toEqual(['calendar.google.com', SERIES]);
    expect(await page.getByTestId('calendar-outlook').getAttribute('href')).toMatch(/^https:\/\/outlook\.live\.com\//);
    await page.getByTestId('calendar-all').getByRole('button', { name: 'Create my calendar address' }).click();
    expect(await page.getByTestId('calendar-feed-webcal').getAttribute('href')).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-ics').click()]);
    // Read as a stream: the browser may be a shared one this process is connected to, whose files are not ours to open.
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8');
    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    // The whole series, one VEVENT per date.
    expect(vevents).toHaveLength(6);
    const ev = new ICAL.Event(vevents[0]!);
    expect(ev.summary).toBe(SERIES);
    expect(ev.location).toBe('1200 Main St, Houston');
    // 18:00 in Chicago on the chosen Saturday.
    expect(ev.startDate.toJSDate().toLocaleString('en-US', { timeZone: 'America/Chicago', weekday: 'long', hour: 'numeric', minute: '2-digit' })).toBe('Saturday 6:00 PM');
  });

  it('the capacity and the waiting list on a phone: one place, two members; the second is let in when the first leaves', async () => {
    const hostPage = await signedIn(host);
    const startsAt = Date.now() + 5 * 86_400_000;
    const created = await hostPage.request.post(`${server.url}/api/communities/${communityId}/events`, {
      data: { title: 'Dinner at the chief’s', startsAt, endsAt: startsAt + 3 * 3_600_000, timeZone: 'America/Chicago', place: '4400 Bellaire Blvd, Houston', capacity: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;

    const tabePage = await signedIn(tabe);
    await tabePage.goto(`${server.url}/events/${id}`);
    await tabePage.getByRole('heading', { level: 1, name: 'Dinner at the chief’s' }).waitFor();
    await tabePage.getByTestId('event-capacity').filter({ hasText: '1' }).waitFor();
    // One tap sends the answer.
    await tabePage.getByTestId('rsvp-answers').getByRole('button', { name: 'Going' }).click();
    await tabePage.getByTestId('rsvp-status').filter({ hasText: 'You’re going.' }).waitFor();
    await fitsPhone(tabePage);

    const musaPage = await signedIn(musa);
    await musaPage.goto(`${server.url}/events/${id}`);
    await musaPage.getByTestId('event-capacity').filter({ hasText: 'Full' }).waitFor();
    // Musa sees who is going.
    await musaPage.getByTestId('event-going-person').filter({ hasText: 'Tabe Ndip' }).waitFor();
    await musaPage.getByTestId('rsvp-answers').getByRole('button', { name: 'Going' }).click();
    await expectToast(musaPage, 'You’re on the waitlist');
    await musaPage.getByTestId('rsvp-status').filter({ hasText: 'number 1 in line' }).waitFor();
    await fitsPhone(musaPage);

    // The host sees both, in order: Tabe going, Musa first in line.
    await hostPage.goto(`${server.url}/events/${id}`);
    const rows = hostPage.getByTestId('attendees').getByTestId('attendee-row');
    await expectCount(rows, 2);
    expect(await rows.nth(0).getAttribute('data-status')).toBe('going');
    expect(await rows.nth(1).getAttribute('data-status')).toBe('waitlisted');

    // Tabe can no longer come: Musa is let in, and told.
    await tabePage.getByTestId('rsvp-answers').getByRole('button', { name: 'Can’t go' }).click();
    await tabePage.getByTestId('rsvp-status').filter({ hasText: 'You’re not going.' }).waitFor();
    await musaPage.reload();
    await musaPage.getByTestId('rsvp-status').filter({ hasText: 'You’re going.' }).waitFor();
    await fitsPhone(musaPage);
  });
});
