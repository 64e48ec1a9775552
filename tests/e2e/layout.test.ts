import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { FACTORY_PASSWORD } from '../factories';
import { launchBrowser, screenshotDir, signInAs, startServer, type TestServer } from './harness';
import { PUBLIC_ROUTES, seedPages, signedInRoutes, type SeededWorld } from './routes';

/*
 * Every page at a phone's 375 px and a laptop's 1280 px: nothing wider than the screen, no two
 * tabs or buttons of a row drawn over each other, no raw technical strings (account ids, raw
 * user agents) in what people read. A screenshot of each page at each size and theme goes to
 * test-results/screenshots/layout-*.png so a reviewer can page through them. Dark mode changes
 * colours, not sizes, so it is walked at the phone width only.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let world: SeededWorld;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  world = await seedPages(db, `layout.${Date.now()}@example.org`);
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const RAW_USER_AGENT = /Mozilla\/\d|AppleWebKit\/|Gecko\/\d/;

/** What is wrong with the page as drawn: overflow, overlapping tabs or buttons, raw strings. */
async function problems(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
  return page.evaluate(
    ({ uuid, agent }) => {
      const found: string[] = [];
      const width = window.innerWidth;
      if (document.documentElement.scrollWidth > width + 1) found.push(`page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const label = (el: Element) => (el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || el.tagName;
      // Tabs of one list, and the buttons and links of one row (siblings), must not cover each other.
      const groups: Element[][] = [...document.querySelectorAll('[role="tablist"]')].map((list) => [...list.querySelectorAll('[role="tab"]')]);
      const parents = new Set([...document.querySelectorAll('button, a[href]')].map((b) => b.parentElement).filter((p): p is HTMLElement => !!p));
      for (const p of parents) groups.push([...p.children].filter((c) => c.matches('button, a[href]')));
      for (const group of groups) {
        const boxes = group.filter(visible).map((el) => ({ el, r: el.getBoundingClientRect() }));
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!.r;
            const b = boxes[j]!.r;
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 2 && h > 2) found.push(`"${label(boxes[i]!.el)}" overlaps "${label(boxes[j]!.el)}"`);
          }
        }
      }
      const text = document.body.innerText;
      const id = new RegExp(uuid, 'i').exec(text);
      if (id) found.push(`raw id shown: ${id[0]}`);
      const ua = new RegExp(agent).exec(text);
      if (ua) found.push(`raw user agent shown: ${ua[0]}`);
      return found;
    },
    { uuid: UUID.source, agent: RAW_USER_AGENT.source },
  );
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

const RUNS = [
  { width: 375, theme: 'light' },
  { width: 375, theme: 'dark' },
  { width: 1280, theme: 'light' },
] as const;

for (const run of RUNS) {
  describe(`Browser: every page at ${run.width} px (${run.theme})`, () => {
    it('fits the screen, draws no tab or button over another and shows no raw technical strings', async () => {
      const context = await browser.newContext({ viewport: { width: run.width, height: 800 } });
      await context.addInitScript(`localStorage.setItem('harambee-theme', '${run.theme}')`);
      const found: string[] = [];
      try {
        const page = await context.newPage();
        const walk = async (paths: string[]) => {
          for (const path of paths) {
            await page.goto(`${server.url}${path}`);
            for (const p of await problems(page)) found.push(`${path}: ${p}`);
            await page.screenshot({ path: `${screenshotDir}/layout-${run.theme}-${run.width}-${slug(path)}.png` });
          }
        };
        await walk(PUBLIC_ROUTES);
        await signInAs(page, server, world.email, FACTORY_PASSWORD);
        await walk(signedInRoutes(world));
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    });
  });
}
