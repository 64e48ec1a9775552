import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, registerUser, screenshotDir, signInAs, startServer, unusedCode, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
const member = { firstName: 'Adaeze', lastName: 'Nwosu', email: `adaeze.${Date.now()}@example.org`, password: 'Two-Steps#2026' };
let key = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server, member);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function page(width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}
const pageWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

describe('Browser: a member turns on two-step verification', () => {
  it('sets it up from the profile on a phone: QR code, key, first code, recovery codes shown once', async () => {
    const p = await page(375);
    await signInAs(p, server, member.email, member.password);
    await p.goto(`${server.url}/profile`);
    const card = p.getByTestId('second-factor-card');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('button', { name: 'Set up' }).click();
    await card.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    key = ((await p.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await pageWidth(p)).toBeLessThanOrEqual(375);

    await p.getByLabel('Verification code').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('That code is not right').waitFor();
    await p.getByLabel('Verification code').fill(await unusedCode(member.email, key));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const list = p.getByTestId('recovery-codes').getByRole('listitem');
    await list.nth(9).waitFor();
    expect(await list.count()).toBe(10);
    recoveryCodes = (await list.allTextContents()).map((c) => c.trim());
    expect(await pageWidth(p)).toBeLessThanOrEqual(375);
    await p.screenshot({ path: `${screenshotDir}/second-factor-codes-375.png`, fullPage: true });
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText(/On since .*10 recovery codes left\./).waitFor();
    await p.context().close();
  });

  it('signing in then asks for the code; a wrong one is refused, the app’s code lets them in', async () => {
    const p = await page(1280);
    await p.goto(`${server.url}/signin`);
    await p.getByLabel('Email').fill(member.email);
    await p.getByLabel('Password', { exact: true }).fill(member.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    // The password alone is not enough: the second step, with no session yet.
    await p.getByLabel('Verification code').waitFor();
    expect((await p.context().cookies()).some((c) => c.name.endsWith('harambee_session'))).toBe(false);
    await p.getByLabel('Verification code').fill('123456');
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.getByText('That code is not right').waitFor();
    expect(p.url()).toBe(`${server.url}/signin`);
    await p.getByLabel('Verification code').fill(await unusedCode(member.email, key));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(`${server.url}/dashboard`);
    await expectToast(p, 'Welcome');
    await p.context().close();
  });

  it('a recovery code works instead of the app', async () => {
    const p = await page(375);
    await p.goto(`${server.url}/signin`);
    await p.getByLabel('Email').fill(member.email);
    await p.getByLabel('Password', { exact: true }).fill(member.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await p.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(`${server.url}/dashboard`);
    await p.context().close();
    // And the same account through the shared helper, with the app's code.
    const again = await page(1280);
    await signInAs(again, server, member.email, member.password, key);
    await again.context().close();
  });
});
