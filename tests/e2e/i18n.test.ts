import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';
import { expectToast, launchBrowser, screenshotDir, startServer, type TestServer } from './harness';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}
/** English sentences (two words or more, no placeholder) whose French differs: none may be on a French page. */
const FRENCH = new Map(leaves(fr as unknown as Tree));
const ENGLISH_SENTENCES = leaves(en as unknown as Tree)
  .filter(([key, text]) => /\p{L}+ \p{L}+/u.test(text) && !/[{<]/.test(text) && FRENCH.get(key) !== text)
  .map(([, text]) => text);

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // A visitor whose browser asks for English: French comes only from the switcher.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const email = `amina.${Date.now()}@example.org`;
const password = 'Ubuntu#2026';
const htmlLang = () => page.evaluate(() => document.documentElement.lang);
const mainHeading = () => page.getByRole('heading', { level: 1 }).first().innerText();
/** The logo's name is whole and clear of the switcher; the switcher, theme toggle and `action` link fit in the window. */
async function expectHeaderFits(p: Page, action: string) {
  const header = p.locator('header').first();
  const name = await header.getByText('Harambee', { exact: true }).evaluate((el) => ({ right: el.getBoundingClientRect().right, whole: el.scrollWidth <= el.clientWidth }));
  expect(name.whole).toBe(true);
  const switcher = (await header.getByTestId('language-switcher-box').boundingBox())!;
  expect(name.right).toBeLessThanOrEqual(switcher.x);
  for (const control of [header.getByLabel('Langue', { exact: true }), header.getByTestId('theme-toggle'), header.getByRole('link', { name: action })]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
}
const languageCookie = async () => (await context.cookies(server.url)).find((c) => c.name === 'harambee_lang')?.value;

describe('Browser: the interface in French', () => {
  it('the switcher turns the landing page French, and the choice survives a reload', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('#home').waitFor();
    expect(await htmlLang()).toBe('en');
    expect(await mainHeading()).toBe('Where tradition meets impact');

    await page.getByLabel('Language', { exact: true }).selectOption('fr');
    await expect.poll(htmlLang).toBe('fr');
    await expect.poll(mainHeading).toBe('Là où la tradition rencontre l’impact');
    // The switcher now names itself in French and shows the choice.
    expect(await page.getByLabel('Langue', { exact: true }).inputValue()).toBe('fr');
    expect(await page.getByRole('link', { name: 'Découvrir les communautés' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.title()).toContain('là où la tradition rencontre l’impact');
    expect(await languageCookie()).toBe('fr');

    await page.reload();
    await page.locator('#home').waitFor();
    expect(await htmlLang()).toBe('fr');
    await expect.poll(mainHeading).toBe('Là où la tradition rencontre l’impact');
    await page.screenshot({ path: `${screenshotDir}/landing-fr-1280.png` });
  });

  it('on a phone the French header keeps the name and every control on screen', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto(`${server.url}/signin`);
    await phone.getByRole('heading', { level: 1, name: 'Content de vous revoir' }).waitFor();
    await expectHeaderFits(phone, 'Connexion');
    await phone.screenshot({ path: `${screenshotDir}/signin-fr-375.png` });
    await phone.close();
  });

  it('signs up through the French form and reaches the dashboard in French', async () => {
    await page.getByRole('link', { name: 'Créer la vôtre' }).first().click();
    await page.waitForURL(`${server.url}/signup`);
    await expect.poll(mainHeading).toBe('Créez votre compte');
    // The form's own check speaks French too.
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expectToast(page, 'Veuillez saisir votre prénom');

    await page.getByLabel('Prénom').fill('Amina');
    await page.getByLabel('Nom', { exact: true }).fill('Diallo');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await expect.poll(() => page.getByTestId('password-strength').innerText()).toContain('Très fort');
    await page.getByLabel('Confirmer le mot de passe').fill(password);
    await page.getByText('J’accepte les conditions d’utilisation').click();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // The address comes along to the sign-in form (?email=…).
    await page.waitForURL((url) => url.pathname === '/signin');
    await expectToast(page, 'Consultez votre messagerie');

    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The account was made in French, so signing in keeps French.
    expect(await htmlLang()).toBe('fr');
    expect(await languageCookie()).toBe('fr');
  });

  it('the dashboard shows no English sentence, passes axe-core, and fits 375 and 1280 px in French', async () => {
    // axe-core is injected, so this context lets the test's script past the app's CSP.
    const audited = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', bypassCSP: true });
    const p = await audited.newPage();
    try {
      await p.goto(`${server.url}/signin`);
      await p.getByLabel('Adresse e-mail').fill(email);
      await p.getByLabel('Mot de passe', { exact: true }).fill(password);
      await p.getByRole('button', { name: 'Se connecter' }).click();
      await p.waitForURL(`${server.url}/dashboard`);
      // A fresh load, without the sign-in toast fading over the page while it is checked.
      await p.reload();
      await p.getByRole('heading', { level: 1 }).first().waitFor();
      await p.waitForLoadState('networkidle');
      expect(await p.evaluate(() => document.documentElement.lang)).toBe('fr');
      for (const width of [1280, 375]) {
        await p.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await p.waitForTimeout(300);
        const text = await p.evaluate(() => document.body.innerText);
        expect(ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence)), `English on the French dashboard at ${width} px`).toEqual([]);
        await p.screenshot({ path: `${screenshotDir}/dashboard-fr-${width}.png`, fullPage: width === 375 });
      }
      await p.addScriptTag({ path: AXE });
      const violations = (await p.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run({
          resultTypes: ['violations'],
        });
        return result.violations;
      })) as { id: string; impact: string; nodes: { target: string[] }[] }[];
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await audited.close();
    }
  });

  it('a signed-in member’s choice is saved on the account', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('#home').waitFor();
    const stored = () =>
      page.evaluate(() => fetch('/api/auth/user').then((r) => r.json() as Promise<{ user?: { language?: string }; language?: string }>));
    const language = async () => {
      const body = await stored();
      return body.user?.language ?? body.language;
    };
    expect(await language()).toBe('fr');
    // Signed in, the landing header offers the (longer) dashboard link: it still fits a phone.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto(`${server.url}/`);
    await phone.locator('#home').waitFor();
    await expectHeaderFits(phone, 'Tableau de bord');
    await phone.close();

    await page.getByLabel('Langue', { exact: true }).selectOption('en');
    await expect.poll(mainHeading).toBe('Where tradition meets impact');
    await expect.poll(language).toBe('en');
  });
});
