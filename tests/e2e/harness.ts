import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../../scripts/durability/server';
import { linkIn } from '../setup/smtp';
import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { FACTORY_TOTP_KEY } from '../factories';

export type TestServer = { url: string; dir: string; outbox: string; stop(): Promise<void> };

/** The real server (`node --import tsx src/server/index.ts`) on a free port with a temporary database. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const outbox = join(dir, 'outbox');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATABASE_PATH: join(dir, 'app.db'),
      MAIL_OUTBOX_DIR: outbox,
      UPLOADS_DIR: join(dir, 'uploads'),
      LOG_LEVEL: 'error',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  while (!output.includes('is listening')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dir,
    outbox,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The link in the newest .eml in the outbox addressed to `email` (waits up to 5 s). */
export async function mailLink(outbox: string, email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse();
    } catch {
      /* not created yet */
    }
    for (const f of files) {
      const raw = readFileSync(join(outbox, f), 'utf8');
      if (raw.includes(`To: ${email}`)) {
        const link = linkIn(raw);
        if (link) return link;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for a toast showing `text` (the previous toast may still be leaving). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

export const screenshotDir = 'test-results/screenshots';

/** An account made through the REST API (faster than the sign-up form, which account.test.ts covers). */
export async function registerUser(server: TestServer, u: { firstName: string; lastName: string; email: string; password: string }) {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...u, confirmPassword: u.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/**
 * Signs in through the form and waits for the dashboard. An account with a second factor (the
 * factories' staff, or `totpKey`) gets its code typed as its authenticator app would show it.
 */
export async function signInAs(page: Page, server: TestServer, email: string, password: string, totpKey = FACTORY_TOTP_KEY) {
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Verification code');
  await Promise.race([page.waitForURL(`${server.url}/dashboard`), code.waitFor()]);
  if (page.url() !== `${server.url}/dashboard`) {
    await code.fill(await unusedCode(email, totpKey));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  }
}

const lastStep = new Map<string, number>();
/**
 * A code the server has not seen for this account: each is accepted once, so a test signing the
 * same account in twice within 30 seconds takes the next step's code (the server accepts one step
 * ahead), and past that waits for the clock.
 */
export async function unusedCode(account: string, key: string): Promise<string> {
  const step = Math.max(totpStep(Date.now()), (lastStep.get(account) ?? -1) + 1);
  while (step > totpStep(Date.now()) + 1) await new Promise((r) => setTimeout(r, 1000));
  lastStep.set(account, step);
  return totpCode(key, step);
}
