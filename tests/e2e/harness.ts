import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { freePort, ROOT, serverArgs } from '../../scripts/durability/server';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { linkIn } from '../setup/smtp';
import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { FACTORY_TOTP_KEY } from '../factories';
import { openDatabase, type DB } from '../../db/database';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { recordLogin } from '../../src/server/services/auth';
import { sessionIdleMs } from '../../src/server/services/settings';
import { findUserByEmail } from '../../src/server/services/users';

/** What the global setup (tests/e2e/global-setup.ts) provides, or undefined outside a browser-test run. */
function provided<K extends 'compiledServer' | 'chromiumEndpoint'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

// The compiled server, for startServer() here and spawnServer() in scripts/durability/server.ts.
const compiledServer = provided('compiledServer');
if (compiledServer) process.env.HARAMBEE_SERVER_ENTRY = compiledServer;

export type TestServer = { url: string; dir: string; outbox: string; stop(): Promise<void> };

/**
 * The real server on a free port with a temporary database: compiled (dist/server/index.js, as
 * `npm start` runs it; the global setup builds it) in a browser-test run, else from the sources through tsx.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'harambee-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const outbox = join(dir, 'outbox');
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
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
  // A minute: a compiled server starts in about a second, but on a machine busy with other work
  // (the suite beside another CPU-heavy process) its first second can take many.
  const deadline = Date.now() + 60_000;
  while (!output.includes('is listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      // Never leave it behind: a server that starts after the deadline would outlive the run.
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const server: TestServer = {
    url,
    dir,
    outbox,
    async stop() {
      databases.get(server)?.$client.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A browser for this file: a connection to the run's one Chromium (the global setup starts it;
 * closing the connection closes this file's contexts and leaves the browser to the others), or
 * outside such a run a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = provided('chromiumEndpoint');
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  // Journeys run as a person who asked their system for less motion (the app then ends transitions
  // at once): nothing waits on a slide or a fade, and the pages draw fewer frames. A test that
  // judges motion itself says reducedMotion: 'no-preference' (the layout walk does).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
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

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/**
 * axe-core's serious and critical violations on the page, as layout.test.ts counts them (the
 * page's context needs `bypassCSP` to take the script), toasts closed first; within one part of
 * the page when `within` names it. axe is added once per document (its half-megabyte script
 * compiled again for every audit was a good part of a journey's auditing).
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  for (const close of await page.getByTestId('toast').getByRole('button').all()) await close.click().catch(() => undefined);
  await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async (part) => {
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(part ? { include: [part] } : document, { resultTypes: ['violations'] })).violations;
  }, within)) as { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`);
}

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

/** Per server: a connection to its database, for signing in by cookie (closed when the server stops). */
const databases = new WeakMap<TestServer, DB>();
function serverDatabase(server: TestServer): DB {
  let db = databases.get(server);
  if (!db) databases.set(server, (db = openDatabase(join(server.dir, 'app.db'), { migrate: false })));
  return db;
}

/**
 * Signs `email` in without the form: a session made in the server's database by the session
 * module (with a sign-in's bookkeeping), its cookie set in the page's context, then the dashboard,
 * where signInAs() ends too, or `to`. No password check and no second step, so no authenticator code
 * and no wait for the clock: for journeys whose subject is not signing in. The sign-in journeys
 * (account, second factor, the staff panel's sign-in) go through the form with signInAs().
 */
export async function signInByCookie(page: Page, server: TestServer, email: string, to = '/dashboard') {
  const db = serverDatabase(server);
  const user = findUserByEmail(db, email.toLowerCase());
  if (!user) throw new Error(`no account for ${email} to sign in`);
  const now = Date.now();
  const { token } = createSession(db, user.id, now, 'browser test', sessionIdleMs(db));
  recordLogin(db, user, now);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  // Straight to the page the journey starts on (each page loaded costs the app's start in the browser).
  await page.goto(`${server.url}${to}`);
  await page.waitForURL(`${server.url}${to}`);
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
