import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, registerUser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * The installable app: the manifest is linked, signed-in pages register the service worker, a
 * returning member whose connection fails still gets the app's shell (with an offline notice)
 * instead of the browser's error page, and after a deploy an online member gets the new build
 * at once (pages go to the network first; only hashed assets are served from the cache). A dialog
 * whose code cannot arrive says so instead of breaking the page.
 */

let server: TestServer;
let browser: Browser;
const member = { firstName: 'Efua', lastName: 'Mensah', email: 'efua.offline@example.org', password: 'Harambee#2026' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server, member);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker claims open pages when it activates; a reload is controlled in any case.
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

describe('service worker and offline shell', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('serves an installable manifest and registers the worker on signed-in pages', async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Harambee', display: 'standalone', start_url: '/dashboard' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await signInByCookie(page, server, member.email);
    await controlled(page);
    const caches = await page.evaluate(async () => (await window.caches.keys()).filter((k) => k.startsWith('harambee-')));
    expect(caches).toHaveLength(1);
  });

  it('shows the app shell with an offline notice when the connection fails, never the browser error page', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      // The kept shell opens; the signed-in check waits for the connection and says why.
      await page.getByTestId('offline-pending').waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.getByRole('status').first().innerText()).toContain('You are offline');
    } finally {
      await context.setOffline(false);
    }
    // Back online, the waiting page loads by itself.
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('gives an online member the new build after a deploy (no stale shell)', async () => {
    const fresh = (await (await fetch(`${server.url}/dashboard`)).text()).replace('<title>Harambee</title>', '<title>Harambee</title><meta name="build" content="after-deploy" />');
    // The next build's index.html, as the server would answer it after a deploy.
    await context.route(`${server.url}/dashboard`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fresh }));
    await page.goto(`${server.url}/dashboard`);
    expect(await page.locator('meta[name="build"]').getAttribute('content')).toBe('after-deploy');
    await context.unroute(`${server.url}/dashboard`);
    // The shell kept for bad connections is the new one too.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => page.locator('meta[name="build"]').getAttribute('content')).toBe('after-deploy');
    } finally {
      await context.setOffline(false);
    }
  });

  it('opens the offline page, not an error, for a first visit to a page it never cached while offline', async () => {
    const other = await browser.newContext();
    const p = await other.newPage();
    try {
      await signInByCookie(p, server, member.email);
      await controlled(p);
      // Drop the kept shell: only the precached offline page remains for navigations.
      await p.evaluate(async () => {
        for (const key of await caches.keys()) await (await caches.open(key)).delete('/index.html');
      });
      await other.setOffline(true);
      await p.goto(`${server.url}/events`).catch(() => undefined);
      await expect.poll(() => p.getByRole('heading', { name: 'You are offline' }).isVisible()).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("says so when a dialog's code cannot arrive, keeps the page, and opens it on the next try", async () => {
    // Dialogs load with their first opening (components/lazy-dialog.tsx). Without the worker, so
    // that the browser's own requests are the ones refused.
    const other = await browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'block' });
    const p = await other.newPage();
    try {
      await signInByCookie(p, server, member.email);
      const refused = /\/assets\/create-community-[^/]*\.js$/;
      await other.route(refused, (route) => route.abort('internetdisconnected'));
      await p.goto(`${server.url}/communities`);
      const create = p.getByRole('button', { name: 'Create community' });
      // Before its code is in, the trigger says what the loaded one says while closed.
      expect([await create.getAttribute('aria-haspopup'), await create.getAttribute('aria-expanded')]).toEqual(['dialog', 'false']);
      await create.click();
      await expect.poll(() => p.getByTestId('toast').first().innerText()).toContain('Cannot reach the server');
      expect(await p.getByRole('dialog').count()).toBe(0);
      expect(await p.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await other.unroute(refused);
      await create.click();
      await p.getByRole('dialog', { name: 'Create a community' }).waitFor();
      // (The dialog's own submit button has the trigger's name now; the trigger is the one that opened it.)
      expect(await p.locator('button[aria-haspopup=dialog][aria-expanded=true]').innerText()).toBe('Create community');
    } finally {
      await other.close();
    }
  });
});
