import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { createEvent } from '../../src/server/services/events/events';
import { createPoll } from '../../src/server/services/polls/polls';
import { FACTORY_PASSWORD, makeCommunity, makeUser } from '../factories';
import { launchBrowser, signInAs, startServer, type TestServer } from './harness';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
let eventId: number;
let pollId: number;
const staff = { email: `a11y.${Date.now()}@example.org` };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const boss = await makeUser(db, { firstName: 'Abena', lastName: 'Owusu', email: staff.email, role: 'superadmin' });
  communityId = makeCommunity(db, { creator: boss, name: 'Accra Hometown Union', location: 'Accra' }).id;
  // A weekly meeting with a place and a capacity: the event page, the lists and the month view have something to show.
  const startsAt = Date.now() + 3 * 86_400_000;
  eventId = createEvent(db, {
    community: { id: communityId, name: 'Accra Hometown Union' },
    createdBy: boss.id,
    input: { title: 'Weekly drumming', description: 'Bring **your** drum.', startsAt, endsAt: startsAt + 7_200_000, timeZone: 'Africa/Accra', place: 'Community hall, Accra', capacity: 30, visibility: 'members', repeat: { frequency: 'weekly', count: 4 } },
    now: Date.now(),
  }).id;
  // A ranked-choice poll: the ballot with its ordering buttons, results shown while open.
  pollId = createPoll(db, {
    community: { id: communityId, name: 'Accra Hometown Union' },
    createdBy: boss.id,
    input: { kind: 'ranked', title: 'Where shall we hold the gala?', description: '', options: ['Community hall', 'Hotel ballroom', 'Riverside park'], closesAt: Date.now() + 3 * 86_400_000, anonymous: false, resultsVisibility: 'live', eligibility: 'all' },
    now: Date.now(),
  }).id;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** axe-core in the page; only serious and critical violations fail. */
async function audit(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }).axe.run({
      resultTypes: ['violations'],
    });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

const PUBLIC = ['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/verify-email', '/admin/login', '/discover', '/events', '/chat', '/no-such-page'];
const SIGNED_IN = () => [
  '/dashboard',
  '/profile',
  '/edit-profile',
  '/change-password',
  '/communities',
  '/communities/create',
  `/communities/${communityId}`,
  '/discover-authenticated',
  '/explore',
  '/njangi',
  '/events',
  `/events/${eventId}`,
  `/community/${communityId}`,
  `/community/${communityId}?tab=events`,
  `/community/${communityId}?tab=discussions`,
  `/polls/${pollId}`,
  `/community/${communityId}?tab=savings`,
  `/community/${communityId}/details`,
  `/community/${communityId}/settings`,
  `/community/${communityId}/settings?section=general`,
  `/community/${communityId}/settings?section=members`,
  '/admin/dashboard',
];

for (const theme of ['light', 'dark'] as const) {
  describe(`Browser: axe-core on every page (${theme} theme)`, () => {
    let visitor: BrowserContext;
    let member: BrowserContext;
    beforeAll(async () => {
      // bypassCSP lets the test inject axe-core; the app's own pages run under the real policy elsewhere.
      visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      member = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      for (const c of [visitor, member]) await c.addInitScript(`localStorage.setItem('harambee-theme', '${theme}')`);
      await signInAs(await member.newPage(), server, staff.email, FACTORY_PASSWORD);
    });
    afterAll(async () => {
      await visitor?.close();
      await member?.close();
    });

    it('public pages have no serious or critical violations', async () => {
      const page = await visitor.newPage();
      const found: string[] = [];
      for (const path of PUBLIC) {
        await page.goto(`${server.url}${path}`);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        for (const v of await audit(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });

    it('signed-in pages have no serious or critical violations', async () => {
      const page = await member.newPage();
      const found: string[] = [];
      for (const path of SIGNED_IN()) {
        await page.goto(`${server.url}${path}`);
        for (const v of await audit(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  });
}
