import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailLink, screenshotDir, startServer, expectToast, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const email = `kofi.${Date.now()}@example.org`;
const firstPassword = 'Akwaaba#2026';
const newPassword = 'Sankofa!2027x';

async function signIn(password: string) {
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('Browser: a newcomer’s account, end to end', () => {
  it('refuses an incomplete sign-up with the field message', async () => {
    await page.goto(`${server.url}/signup`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Please enter your first name');
    await expect.poll(() => page.getByLabel('First name').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('signs up, shows the strength meter, and lands on /signin', async () => {
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('First name').fill('Kofi');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await expect.poll(() => page.getByTestId('password-strength').getAttribute('data-label')).toBe('very-strong');
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Please agree to terms and conditions');
    await page.getByText('I agree to the terms and conditions').click();
    await page.getByRole('button', { name: 'Create account' }).click();
    // The address comes along to the sign-in form (?email=…).
    await page.waitForURL((url) => url.pathname === '/signin');
    await expectToast(page, 'Check your inbox');
  });

  it('verifies the email with the link from the outbox', async () => {
    const link = await mailLink(server.outbox, email);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Email verified');
    // The link is single-use.
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Verification failed');
  });

  it('shows the wrong-password toast, then signs in', async () => {
    await signIn('not-the-password');
    await expectToast(page, 'Invalid email or password. Please try again.');
    expect(page.url()).toBe(`${server.url}/signin`);
    await signIn(firstPassword);
    await page.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back, Kofi!');
    await page.screenshot({ path: `${screenshotDir}/dashboard-1280.png`, fullPage: true });
  });

  it('edits the profile with a photo', async () => {
    await page.getByTestId('profile-button').first().click();
    await page.getByTestId('profile-panel').getByRole('link', { name: 'Full profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByText('Active', { exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL(`${server.url}/edit-profile`);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2c7a7b' } }).png().toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Profile photo preview').waitFor({ state: 'visible' });
    await page.getByLabel('Location').fill('Houston, USA');
    await page.getByLabel('Username').fill(`kofi_${Date.now() % 100000}`);
    await page.getByLabel('T-shirt size').selectOption('XL');
    await page.getByLabel('Birthday').fill('1990-04-12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByText('Houston, USA').waitFor({ state: 'visible' });
    await page.getByText('April 12, 1990').waitFor({ state: 'visible' });
    const src = await page.locator('img[src^="/uploads/"]').first().getAttribute('src');
    const res = await page.request.get(`${server.url}${src}`);
    expect(res.headers()['content-type']).toBe('image/webp');
  });

  it('changes the password, signs out, and signs in with the new one', async () => {
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL(`${server.url}/change-password`);
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await expectToast(page, 'Password changed');

    // The page's own button and the header's do the same; either will do.
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/signin/);

    await signIn(firstPassword);
    await expectToast(page, 'Invalid email or password');
    await signIn(newPassword);
    await page.waitForURL(`${server.url}/dashboard`);
  });
});
