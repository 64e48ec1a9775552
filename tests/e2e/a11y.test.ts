import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { FACTORY_PASSWORD } from '../factories';
import { launchBrowser, signInAs, startServer, type TestServer } from './harness';
import { PUBLIC_ROUTES, seedPages, signedInRoutes, type SeededWorld } from './routes';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: TestServer;
let browser: Browser;
let db: DB;
let world: SeededWorld;
const staff = { email: `a11y.${Date.now()}@example.org` };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  world = await seedPages(db, staff.email);
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
      for (const path of PUBLIC_ROUTES) {
        await page.goto(`${server.url}${path}`);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        for (const v of await audit(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });

    it('signed-in pages have no serious or critical violations', async () => {
      const page = await member.newPage();
      const found: string[] = [];
      for (const path of signedInRoutes(world)) {
        await page.goto(`${server.url}${path}`);
        for (const v of await audit(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  });
}
