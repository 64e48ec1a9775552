import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, registerUser, screenshotDir, signInAs, signInByCookie, startServer, unusedCode, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
const boss = { email: `boss.${Date.now()}@example.org`, password: 'Harambee!Boss2026' };
const user = { firstName: 'Chidi', lastName: 'Okonkwo', email: `chidi.${Date.now()}@example.org`, password: 'Original#Pass1' };
let tempPassword = '';
let bossKey = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server, user);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function page(width = 1280): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

describe('Browser: staff reset a member’s password', () => {
  it('admin:create makes the first superadmin (and refuses a weak password)', () => {
    const env = { ...process.env, DATABASE_PATH: join(server.dir, 'app.db') };
    const run = (password: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', boss.email, '--password', password, '--first-name', 'Ada'], {
        env,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(() => run('weak')).toThrow(/Password must be at least 8 characters long/);
    expect(run(boss.password)).toContain('Created superadmin');
  });

  it('a plain user cannot use the admin sign-in', async () => {
    const p = await page();
    await p.goto(`${server.url}/admin/login`);
    await p.getByLabel('Email').fill(user.email);
    await p.getByLabel('Password', { exact: true }).fill(user.password);
    await p.getByRole('button', { name: 'Sign in to Admin Panel' }).click();
    await expectToast(p, 'Invalid admin credentials');
    await p.context().close();
  });

  it('the superadmin signs in, finds the user and resets the password', async () => {
    const p = await page();
    await p.goto(`${server.url}/admin/login`);
    await p.getByLabel('Email').fill(boss.email);
    await p.getByLabel('Password', { exact: true }).fill(boss.password);
    await p.getByRole('button', { name: 'Sign in to Admin Panel' }).click();
    await p.waitForURL(`${server.url}/admin/dashboard`);
    // Staff work only with a second factor: the panel first asks the new superadmin to set one up,
    // and its welcome waits until that is done.
    await p.getByTestId('staff-second-factor').waitFor();
    await p.getByRole('button', { name: 'Set up' }).click();
    const key = ((await p.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
    bossKey = key;
    await p.getByLabel('Verification code').fill(await unusedCode(boss.email, key));
    await p.getByRole('button', { name: 'Turn on' }).click();
    await p.getByTestId('recovery-codes').getByRole('listitem').nth(9).waitFor();
    expect(await p.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await p.getByRole('button', { name: 'I have saved them' }).click();
    await expectToast(p, "You've been signed in to the admin dashboard.");
    await p.getByTestId('count-users').waitFor();
    expect(await p.getByTestId('count-users').innerText()).toBe('2');
    // No events yet on this fresh installation: the real count, not a placeholder.
    expect(await p.getByTestId('count-events').innerText()).toBe('0');
    await p.screenshot({ path: `${screenshotDir}/admin-dashboard-1280.png`, fullPage: true });

    await p.getByRole('tab', { name: 'Users' }).click();
    await p.getByLabel('Search users by name, email or role').fill('okonkwo');
    const row = p.getByTestId('user-row').filter({ hasText: user.email });
    await row.waitFor();
    await expect.poll(() => p.getByTestId('user-row').count()).toBe(1);
    await row.getByRole('button', { name: 'Reset Password' }).click();
    await p.getByRole('alertdialog').getByRole('button', { name: 'Reset password' }).click();
    const code = p.getByTestId('temp-password');
    await expect.poll(async () => (await code.textContent())?.trim().length ?? 0).toBeGreaterThanOrEqual(16);
    tempPassword = (await code.textContent())!.trim();
    await p.getByRole('button', { name: 'Done' }).click();
    // The pager says "Showing 1–1 of 1 user" as every staff table does; View profile has its own cell, not Reset Password's.
    await expect.poll(() => p.getByText('Showing 1–1 of 1 user', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell').filter({ hasText: 'View profile' }).getByRole('button').count()).toBe(1);

    // A new admin is added in a dialog, so the table stays where it is.
    await p.getByLabel('Search users by name, email or role').fill('');
    await p.getByRole('button', { name: 'Add admin' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add an admin' });
    await dialog.getByLabel('Full name').fill('Grace Mensah');
    await dialog.getByLabel('Email').fill(`grace.${Date.now()}@example.org`);
    await dialog.getByLabel('Password', { exact: true }).fill('Strong#Admin42');
    await dialog.getByRole('button', { name: 'Create admin' }).click();
    // (The reset's toast may still hold the toaster's place: the new row is the proof.)
    await dialog.waitFor({ state: 'hidden' });
    await p.getByRole('row').filter({ hasText: 'Grace Mensah' }).filter({ hasText: 'Admin' }).waitFor();
    await expect.poll(() => p.getByText('Showing 1–3 of 3 users', { exact: true }).count()).toBe(1);

    await p.getByRole('tab', { name: 'Overview' }).click();
    await p.getByTestId('audit-log').getByText('user.password_reset').waitFor();
    await p.context().close();
  });

  it('the user signs in with the temporary password and must choose a new one', async () => {
    const p = await page(375);
    await p.goto(`${server.url}/signin`);
    await p.getByLabel('Email').fill(user.email);
    await p.getByLabel('Password', { exact: true }).fill(user.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(p, 'Invalid email or password');

    await p.getByLabel('Password', { exact: true }).fill(tempPassword);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(`${server.url}/change-password`);
    // Anywhere else sends them back.
    await p.goto(`${server.url}/dashboard`);
    await p.waitForURL(`${server.url}/change-password`);

    const fresh = 'Brand-New#Pass9';
    await p.getByLabel('Current password').fill(tempPassword);
    await p.getByLabel('New password', { exact: true }).fill(fresh);
    await p.getByLabel('Confirm new password').fill(fresh);
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.waitForURL(`${server.url}/profile`);
    await p.goto(`${server.url}/dashboard`);
    // Their first visit since the account was made: 'Welcome', not 'Welcome back'.
    await p.getByRole('heading', { name: 'Welcome, Chidi!' }).waitFor();
    await p.context().close();

    const again = await page();
    await signInAs(again, server, user.email, fresh);
    await again.context().close();
  });

  it('a signed-in member who opens /admin/dashboard is told Access Denied and sent to /dashboard', async () => {
    const p = await page();
    await signInByCookie(p, server, user.email);
    await p.goto(`${server.url}/admin/dashboard`);
    await expectToast(p, 'Access Denied');
    await p.waitForURL(`${server.url}/dashboard`);
    await p.context().close();
  });

  it('the superadmin turns off the second factor of a member who lost their phone; the member signs in with the password alone', async () => {
    // The member had turned two-step verification on (its own browser test walks that), then lost the phone and the codes.
    const db = new Database(join(server.dir, 'app.db'));
    try {
      const id = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(user.email);
      db.prepare('INSERT INTO second_factors (user_id, key, enabled_at, created_at) VALUES (?, ?, ?, ?)').run(id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Date.now(), Date.now());
    } finally {
      db.close();
    }
    const p = await page();
    await p.goto(`${server.url}/admin/login`);
    await p.getByLabel('Email').fill(boss.email);
    await p.getByLabel('Password', { exact: true }).fill(boss.password);
    await p.getByRole('button', { name: 'Sign in to Admin Panel' }).click();
    await p.getByLabel('Verification code').fill(await unusedCode(boss.email, bossKey));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(`${server.url}/admin/dashboard`);
    await p.getByRole('tab', { name: 'Users' }).click();
    await p.getByLabel('Search users by name, email or role').fill('okonkwo');
    await p.getByTestId('user-row').filter({ hasText: user.email }).getByRole('button', { name: 'View profile' }).click();
    const details = p.getByTestId('user-details');
    await expect.poll(() => details.getByTestId('user-second-factor').innerText()).toBe('On');
    await details.getByTestId('reset-second-factor').click();
    await p.getByRole('alertdialog').getByRole('button', { name: 'Turn it off' }).click();
    await expectToast(p, 'Two-step verification turned off');
    await expect.poll(() => details.getByTestId('user-second-factor').innerText()).toBe('Off');
    expect(await details.getByTestId('reset-second-factor').count()).toBe(0);
    await p.context().close();

    // No code asked any more (signInAs would type one if the form asked for it: it must not).
    const member = await page();
    await member.goto(`${server.url}/signin`);
    await member.getByLabel('Email').fill(user.email);
    await member.getByLabel('Password', { exact: true }).fill('Brand-New#Pass9');
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.waitForURL(`${server.url}/dashboard`);
    await member.context().close();
  });
});
