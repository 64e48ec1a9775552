// The real server (`node --import tsx src/server/index.ts`) as a child process on a database
// the caller chooses, so it can be killed, restarted on the same file, or stopped with SIGTERM.
// Used by scripts/durability.ts and the durability, backup and shutdown tests. With
// HARAMBEE_SERVER_ENTRY set to a compiled server (dist/server/index.js, what `npm start` runs; the
// browser tests set it) that runs instead: it starts in well under a second, tsx in several.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Node's arguments to run the server: the compiled one when HARAMBEE_SERVER_ENTRY names it, else the sources through tsx. */
export function serverArgs(): string[] {
  const compiled = process.env.HARAMBEE_SERVER_ENTRY;
  return compiled ? ['--enable-source-maps', compiled] : ['--import', 'tsx', join(ROOT, 'src/server/index.ts')];
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<Exit>;
  /** Sends `signal` and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
};

/**
 * Starts the server on `dbPath` (uploads and outbox beside it in `dir`), on a fresh free port,
 * and resolves once it prints that it is listening.
 */
export async function spawnServer(p: { dir: string; dbPath: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATABASE_PATH: p.dbPath,
      MAIL_OUTBOX_DIR: join(p.dir, 'outbox'),
      UPLOADS_DIR: join(p.dir, 'uploads'),
      LOG_LEVEL: 'error',
      // The durability and backup checks create communities as their write load, far past one account's daily allowance.
      COMMUNITY_CREATE_DAILY_MAX: '0',
      ...p.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<Exit>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + (p.timeoutMs ?? 30_000);
  while (!output.includes('is listening')) {
    if (done || Date.now() > deadline) {
      if (!done) child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}
