import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { FACTORY_PASSWORD } from '../factories';
import { launchBrowser, screenshotDir, signInAs, signInByCookie, startServer, type TestServer } from './harness';
import { openedParts, PUBLIC_ROUTES, seedPages, signedInRoutes, type SeededWorld } from './routes';

/*
 * Every page at a phone's 375 px and a laptop's 1280 px: nothing wider than the screen, no two
 * tabs or buttons of a row drawn over each other, no label cut by its button or wrapped in its tab,
 * no tab list scrolling without a fade, no text against a phone screen's side, a bottom bar of even
 * cells marking the current page, no raw technical strings (account ids, raw user agents) in what
 * people read. A screenshot of each page at each size and theme goes to
 * test-results/screenshots/layout-*.png so a reviewer can page through them. At 1280 px, in both
 * themes, axe-core also checks each page (serious and critical violations fail): one walk of the
 * routes serves both checks.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let world: SeededWorld;
let sessions: Record<'en' | 'fr', Cookie[]>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  world = await seedPages(db, `layout.${Date.now()}@example.org`);
  mkdirSync(screenshotDir, { recursive: true });
  // One sign-in per language serves the four walks: side by side, each signing in with the
  // account's second factor would wait for the clock (a code is accepted once).
  const signedIn = async (email: string) => {
    const context = await browser.newContext();
    await signInByCookie(await context.newPage(), server, email);
    const cookies = await context.cookies();
    await context.close();
    return cookies;
  };
  sessions = { en: await signedIn(world.email), fr: await signedIn(world.frenchEmail) };
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const RAW_USER_AGENT = /Mozilla\/\d|AppleWebKit\/|Gecko\/\d/;

/**
 * What is wrong with the page once it has settled. A fixed pause measured pages still moving on a
 * busy machine (a dialog or toast mid-animation, a list drawn before its fonts), so the walk waits
 * for what it can name (the network, the fonts, every finite animation, two frames) and then
 * measures until two measurements in a row agree: a page that is still changing is never judged,
 * and a real fault, which does not go away, is always reported.
 */
async function problems(page: Page): Promise<string[]> {
  let last: string | undefined;
  let found: string[] = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await settled(page);
    found = await measure(page);
    const key = JSON.stringify(found);
    if (key === last) return found;
    last = key;
  }
  return found;
}

/** Waits for the network, the fonts, the finite animations (spinners loop forever and are left) and two frames. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** What is wrong with the page as drawn now: overflow, overlapping or cut controls, text at the screen's edge, raw strings. */
async function measure(page: Page): Promise<string[]> {
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
      // A button, link or tab whose label is wider than its box is cut (or spills over a neighbour).
      for (const el of document.querySelectorAll('button, a[href], [role="tab"]')) {
        if (visible(el) && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') found.push(`"${label(el)}" is cut: its label needs ${el.scrollWidth} px of ${el.clientWidth}`);
      }
      // A tab's label stays on one line (a two-line tab beside one-line ones reads as a fault).
      for (const tab of document.querySelectorAll('[role="tab"]')) {
        if (!visible(tab)) continue;
        // The lines of its visible text: text for screen readers only (a count's "1 item waits for
        // you", in a 1 px box) wraps by design and is not drawn; a badge sits a few pixels off the
        // label's line, a wrapped line a whole line below.
        const tops: number[] = [];
        const texts = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const box = node.parentElement!.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
        }
        tops.sort((a, b) => a - b);
        const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
        if (lines > 1) found.push(`tab "${label(tab)}" wraps onto ${lines} lines`);
      }
      // A row of tabs, links or buttons too wide for the screen scrolls with its hidden side faded, so a cut label reads as "more this way".
      for (const row of document.querySelectorAll('body *')) {
        if (row.scrollWidth <= row.clientWidth + 1 || !['auto', 'scroll'].includes(getComputedStyle(row).overflowX) || !visible(row)) continue;
        const items = [...row.children].filter(visible);
        if (items.length > 1 && items.every((c) => c.matches('button, a[href], [role="tab"]')) && getComputedStyle(row).maskImage === 'none') {
          found.push(`row "${label(row)}" scrolls sideways without an edge fade`);
        }
      }
      // On a phone no text touches the screen's sides (but a sideways-scrolling row's items pass under its edges).
      if (width < 768) {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!node.textContent?.trim() || !parent || !visible(parent) || parent.closest('[aria-hidden="true"]')) continue;
          let clipped = false;
          for (let el: Element | null = parent; el && el !== document.body && !clipped; el = el.parentElement) {
            clipped = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
          }
          if (clipped) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.width > 0 && r.left >= 0 && r.right <= width && (r.left < 4 || r.right > width - 4)) {
              found.push(`text "${node.textContent.trim().slice(0, 30)}" touches the screen's edge`);
              break;
            }
          }
        }
      }
      // The phone's bottom bar: cells of one width, and the page's place in the app marked (admin pages have none).
      const bar = document.querySelector('[data-testid="mobile-bottom-bar"]');
      if (bar && visible(bar)) {
        const cells = [...bar.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
        if (cells.some((c) => Math.abs(c.width - cells[0]!.width) > 1)) found.push(`bottom bar cells are uneven: ${cells.map((c) => Math.round(c.width)).join(', ')} px`);
        if (!location.pathname.startsWith('/admin') && !bar.querySelector('[aria-current], [data-current]')) found.push('bottom bar marks no destination as the current one');
      }
      // Labelled facts (profile, community details, a user in the admin panel): past a phone's width every
      // label starts at one left edge with its value beside it in one column, so the rows do not zigzag.
      if (width >= 480) {
        for (const dl of document.querySelectorAll('[data-testid="definition-list"]')) {
          const terms = [...dl.querySelectorAll('dt')].filter(visible);
          const values = [...dl.querySelectorAll('dd')].filter(visible);
          const lefts = (els: Element[]) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)));
          if (lefts(terms).size > 1 || lefts(values).size > 1) found.push(`labels or values of "${label(dl)}" do not line up`);
          terms.forEach((dt, i) => {
            const dd = values[i];
            if (dd && (Math.abs(dd.getBoundingClientRect().top - dt.getBoundingClientRect().top) > 6 || dd.getBoundingClientRect().left <= dt.getBoundingClientRect().left)) {
              found.push(`"${label(dt)}" is not beside its value`);
            }
          });
        }
      }
      // A community's cover always draws its pattern (under the banner, if any): never a flat block.
      for (const cover of document.querySelectorAll('[data-testid="community-cover"]')) {
        if (visible(cover) && !getComputedStyle(cover).backgroundImage.includes('gradient')) found.push('a community cover without its pattern');
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

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] };

/** axe-core in the page (already settled by problems()); only serious and critical violations fail. */
async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }).axe.run({ resultTypes: ['violations'] });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/**
 * Goes to `path` as a link inside the app does: the router patches `history.pushState` and
 * follows it, so the page is rendered by the running app without loading the document again.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    history.pushState({ __TSR_index: index }, '', to);
  }, path);
  // A signed-out visitor's member page sends them to the sign-in, which names where they were going.
  await page.waitForFunction((to) => location.pathname + location.search === to || new URLSearchParams(location.search).get('redirect') === to, path).catch(async (error: Error) => {
    throw new Error(`${path}: the app stayed at ${await page.evaluate(() => location.pathname + location.search)} (${error.message})`);
  });
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/*
 * Four walks, each width in both languages and both themes: French, whose words run longest, at
 * the phone's width in one theme and the laptop's in the other. A visitor's language is the
 * cookie's; a signed-in member's their account's (the French walk signs in a French-speaking leader).
 */
const RUNS = [
  { width: 375, theme: 'light', language: 'en', axe: false },
  { width: 375, theme: 'dark', language: 'fr', axe: false },
  { width: 1280, theme: 'light', language: 'fr', axe: true },
  { width: 1280, theme: 'dark', language: 'en', axe: true },
] as const;

// The four walks run side by side, each in its own context: most of a walk is waiting for a page
// to settle, which they can share (this file went from about 180 to 80 s on two cores).
describe('Browser: every page at each width and theme', () => {
  for (const run of RUNS) {
    it.concurrent(`at ${run.width} px (${run.theme}, ${run.language}): fits the screen, draws no tab or button over another and shows no raw technical strings${run.axe ? '; axe-core finds nothing serious' : ''}`, { timeout: 600_000 }, async ({ expect }) => {
      // bypassCSP lets the test inject axe-core; the app's own policy is tested by the other files.
      // With the motion most people see: the walk judges pages once their animations have ended.
      const context = await browser.newContext({ viewport: { width: run.width, height: 800 }, bypassCSP: run.axe, reducedMotion: 'no-preference' });
      await context.addInitScript(`localStorage.setItem('harambee-theme', '${run.theme}')`);
      await context.addCookies([{ name: 'harambee_lang', value: run.language, url: server.url }]);
      const found: string[] = [];
      const violations: string[] = [];
      try {
        const page = await context.newPage();
        // The first page of each part loads whole, as a visitor's first visit does (a public page's
        // pre-rendered copy, then the app); the pages after it are reached as the app's own links
        // reach them, by the router, so the walk does not pay for starting the app (and axe) on each
        // of them. The pre-rendered copies themselves are judged by prerender.test.ts.
        const walk = async (paths: string[], inApp: boolean) => {
          for (const [i, path] of paths.entries()) {
            if (inApp && i > 0) await navigateInApp(page, path);
            else await page.goto(`${server.url}${path}`);
            for (const p of await problems(page)) found.push(`${path}: ${p}`);
            expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(run.theme === 'dark');
            expect(await page.evaluate(() => document.documentElement.lang), path).toBe(run.language);
            await page.screenshot({ path: `${screenshotDir}/layout-${run.language}-${run.theme}-${run.width}-${slug(path)}.png` });
            if (run.axe) for (const v of await audit(page)) violations.push(`${path}: ${v}`);
            const part = openedParts(world, run.language)[path];
            if (part) {
              await page.locator(part).click();
              for (const p of await problems(page)) found.push(`${path} (${part} opened): ${p}`);
              await page.screenshot({ path: `${screenshotDir}/layout-${run.language}-${run.theme}-${run.width}-${slug(path)}-opened.png`, fullPage: true });
              if (run.axe) for (const v of await audit(page)) violations.push(`${path} (${part} opened): ${v}`);
            }
          }
        };
        await walk(PUBLIC_ROUTES, true);
        await context.addCookies(sessions[run.language]);
        await walk(signedInRoutes(world), true);
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
});

describe('Browser: the phone bottom bar', () => {
  it('More opens a sheet with the other destinations; on one of them More is marked, on chat Chat is', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      await signInAs(page, server, world.email, FACTORY_PASSWORD);
      const bar = page.getByTestId('mobile-bottom-bar');
      // The welcome toast sits above the bar, never over its buttons (it once covered More, and a
      // pointer resting on it kept it there).
      const toast = page.getByTestId('toast').first();
      await toast.waitFor();
      await expect.poll(async () => (await toast.boundingBox())!.y + (await toast.boundingBox())!.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
      await bar.getByRole('link', { name: 'Chat' }).click();
      await page.waitForURL(`${server.url}/chat`);
      expect(await bar.getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
      const more = bar.getByRole('button', { name: 'More' });
      await more.click();
      const sheet = page.getByTestId('mobile-more-sheet');
      await sheet.getByRole('link', { name: 'Events' }).waitFor();
      await sheet.getByRole('link', { name: 'Your Profile' }).waitFor();
      await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      await page.screenshot({ path: `${screenshotDir}/layout-more-sheet-375.png` });
      await sheet.getByRole('link', { name: 'Explore' }).click();
      await page.waitForURL(`${server.url}/explore`);
      await sheet.waitFor({ state: 'hidden' });
      expect(await more.getAttribute('data-current')).toBe('');
      expect(await bar.locator('[aria-current]').count()).toBe(0);
      await more.click();
      expect(await sheet.getByRole('link', { name: 'Explore' }).getAttribute('aria-current')).toBe('page');
    } finally {
      await context.close();
    }
  });
});

describe('Browser: a dialog on a phone', () => {
  it('with its validation errors shown, nothing (the bottom bar included) covers its buttons', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    try {
      await context.addCookies(sessions.en);
      const page = await context.newPage();
      await page.goto(`${server.url}/community/${world.communityId}?tab=discussions`);
      await page.getByRole('button', { name: 'New topic' }).click();
      const submit = page.getByTestId('create-topic-submit');
      await submit.click();
      await page.getByText('Give the discussion a title').waitFor();
      await settled(page);
      await page.screenshot({ path: `${screenshotDir}/layout-dialog-errors-375.png` });
      // Each of the dialog's buttons is the thing drawn at its own centre, inside the window.
      const covered = await page.evaluate(() => {
        const dialog = document.querySelector('[role="dialog"]')!;
        return [...dialog.querySelectorAll('button')]
          .filter((b) => b.getBoundingClientRect().width > 0)
          .flatMap((b) => {
            const r = b.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const label = (b.textContent ?? '').trim() || b.getAttribute('aria-label');
            if (r.bottom > window.innerHeight) return [`"${label}" ends below the window`];
            return top && (b === top || b.contains(top)) ? [] : [`"${label}" is covered by ${top?.closest('[data-testid]')?.getAttribute('data-testid') ?? top?.tagName}`];
          });
      });
      expect(covered).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
