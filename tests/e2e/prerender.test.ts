import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, registerUser, signInAs, startServer, type TestServer } from './harness';

/*
 * The public pages come pre-rendered (src/server/http/prerendered.ts): readable before any script
 * runs, in the visitor's language, and then the live page takes over in place, without errors,
 * and works. A signed-in member's pages are never the pre-rendered copy.
 */

let server: TestServer;
let browser: Browser;
const member = { firstName: 'Kwame', lastName: 'Asante', email: 'kwame.prerender@example.org', password: 'Harambee#2026' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server, member);
  // Rendering starts once the server listens.
  const deadline = Date.now() + 20_000;
  while (!(await (await fetch(`${server.url}/`)).text()).includes('data-prerendered')) {
    if (Date.now() > deadline) throw new Error('the public pages were not pre-rendered within 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pre-rendered public pages', () => {
  it('without JavaScript the landing page and the sign-in form are there, styled, in French for a French browser', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR', viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const heading = page.locator('h1');
    expect(await heading.textContent()).toContain('Là où la tradition');
    // Styled by the theme, not the browser's defaults: its heading weight (600; a bare h1 is 700)
    // and its font stack rather than the default serif.
    const style = await heading.evaluate((h) => ({ weight: getComputedStyle(h).fontWeight, font: getComputedStyle(h).fontFamily }));
    expect(style.weight).toBe('600');
    expect(style.font).not.toMatch(/^"?Times/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(`${server.url}/signin`);
    expect(await page.locator('h1').textContent()).toBe('Content de vous revoir');
    expect(await page.locator('input[type="email"]').count()).toBe(1);
    await context.close();
  });

  it("the copy paints in the visitor's colour mode before any script file arrives (dark phones see no light flash)", async () => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 375, height: 800 } });
    // The app's scripts never arrive: what shows is the copy with the inline colour-mode script alone.
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => /Content Security Policy|inline script/i.test(m.text()) && refused.push(m.text()));
    // The mode on <html> (its color-scheme darkens the canvas), and how light the heading's text is (0 black, 255 white).
    const look = () =>
      page.evaluate(() => {
        const h1 = document.querySelector('[data-prerendered] h1');
        const [r = 0, g = 0, b = 0] = (h1 ? getComputedStyle(h1).color : '').match(/\d+/g)?.map(Number) ?? [];
        return { mode: document.documentElement.className, scheme: getComputedStyle(document.documentElement).colorScheme, text: Math.round((r + g + b) / 3), copy: !!h1 };
      });
    await page.goto(`${server.url}/signin`);
    const signin = await look();
    expect(signin).toMatchObject({ mode: 'dark', scheme: 'dark', copy: true });
    expect(signin.text).toBeGreaterThan(180);
    // The landing page defaults to light, whatever the system says…
    await page.goto(`${server.url}/`);
    const landing = await look();
    expect(landing).toMatchObject({ mode: 'light', scheme: 'light', copy: true });
    expect(landing.text).toBeLessThan(100);
    // …unless the visitor chose dark.
    await page.evaluate(() => localStorage.setItem('harambee-theme', 'dark'));
    await page.reload();
    const chosen = await look();
    expect(chosen).toMatchObject({ mode: 'dark', scheme: 'dark' });
    expect(chosen.text).toBeGreaterThan(180);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('the live page takes over in place: one heading, no copy left, no console error, and it works', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    // Watches #root from the first byte: once the copy's heading has arrived, the page must never be
    // without one between the copy and the live page. (Before that the parser may still be adding the
    // copy, which arrives in pieces: a partial document is not a blank moment.)
    await page.addInitScript(() => {
      const w = window as unknown as { blankSeen: boolean };
      w.blankSeen = false;
      let headingSeen = false;
      new MutationObserver(() => {
        const heading = document.getElementById('root')?.querySelector('h1');
        if (heading) headingSeen = true;
        else if (headingSeen) w.blankSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const texts: string[] = [];
    page.on('request', (r) => /\/assets\/texts-/.test(r.url()) && texts.push(r.url().replace(/^.*\/assets\/(texts-[a-z]+-[a-z]+)-.*$/, '$1')));
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    // The public pages read the public part of the texts alone (a text of the app's part would say "Missing text" in the console).
    for (const [path, heading] of [['/discover', 'Discover Communities'], ['/signup', 'Create your account']] as const) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).waitFor();
    }
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    expect([...new Set(texts)]).toEqual(['texts-en-public']);
    expect(await page.evaluate(() => (window as unknown as { blankSeen: boolean }).blankSeen)).toBe(false);
    // The phone's menu opens (a client-side control: dead in the copy, live after the takeover).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    // Signing in from the pre-rendered sign-in page reaches the dashboard (the form is filled as
    // soon as it can take input: the copy's fields are inert, so nothing typed is lost).
    await signInAs(page, server, member.email, member.password);
    // Signed in, the app's part follows, before the dashboard shows.
    await page.getByRole('heading', { name: `Welcome, ${member.firstName}!` }).waitFor();
    expect([...new Set(texts)].sort()).toEqual(['texts-en-app', 'texts-en-public']);
    expect(errors).toEqual([]);
    // Signed in, the landing page is the live one, never the copy.
    const html = await (await context.request.get(`${server.url}/`)).text();
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('<div id="root"></div>');
    await context.close();
  });
});
