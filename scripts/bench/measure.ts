import autocannon from 'autocannon';
import { build } from 'esbuild';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

export type Server = { name: string; url: string; child: ChildProcess; cpu(): Promise<number>; stop(): void };

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));

/**
 * The servers run as `npm start` runs the app: compiled JavaScript (scripts/build-server.mjs's
 * settings), not through tsx. Built once per run, inside the project (data/bench/) so that its
 * imports find node_modules.
 */
export async function compileServe(): Promise<string> {
  const outfile = fileURLToPath(new URL('../../data/bench/serve.js', import.meta.url));
  await build({ entryPoints: [SERVE], outfile, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return outfile;
}

/**
 * Where the servers and the load generator run. With `taskset` and two or more cores, every
 * server is pinned to the last core and this process (autocannon) to the others: only one
 * server is loaded at a time, and none of them shares its core with the load generator or is
 * moved between cores mid-round, which otherwise shows as noise in the per-round ratios.
 */
export type Pinning = { serverCpu: number; loadCpus: string } | null;

export function pinProcesses(wanted: boolean): Pinning {
  const cores = cpus().length;
  if (!wanted || cores < 2) return null;
  const loadCpus = cores === 2 ? '0' : `0-${cores - 2}`;
  // -a: every thread of this process (libuv's and V8's are already running), not only the main one.
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', loadCpus, String(process.pid)], { stdio: 'ignore' });
  return pinned.status === 0 ? { serverCpu: cores - 1, loadCpus } : null;
}

/** Starts the compiled scripts/bench/serve.ts in its own process, so the server and autocannon each get a core. */
export function startServer(name: string, kind: 'app' | 'baseline', serve: string, dbPath: string, scratch: string, pinning: Pinning = null): Promise<Server> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it is stopped (read it with
  // scripts/bench/profile-summary.ts), to see where a request's time goes under the real load.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const node = [process.execPath, ...profile, serve, kind, dbPath, scratch];
  const argv = pinning ? ['taskset', '-c', String(pinning.serverCpu), ...node] : node;
  const child = spawn(argv[0]!, argv.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening`)));
    child.once('message', (m: { port: number }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        name,
        url: `http://127.0.0.1:${m.port}`,
        child,
        cpu: () =>
          new Promise<number>((done) => {
            child.once('message', (reply: { cpu: number }) => done(reply.cpu));
            child.send('cpu');
          }),
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
        },
      });
    });
  });
}

/** req/s, latency in ms, and the server's CPU time per request in µs. */
export type Sample = { rps: number; p50: number; p99: number; mean: number; cpu: number; requests: number; failures: number };
export type LoadOptions = { connections: number; duration: number; warmup: number };

function run(url: string, headers: Record<string, string>, connections: number, duration: number) {
  return autocannon({ url, headers, connections, duration });
}

/** One measurement: a warm-up run (discarded), then the measured run. */
export async function measure(server: Server, path: string, headers: Record<string, string>, o: LoadOptions): Promise<Sample> {
  const url = server.url + path;
  if (o.warmup > 0) await run(url, headers, o.connections, o.warmup);
  const cpuBefore = await server.cpu();
  const r = await run(url, headers, o.connections, o.duration);
  const cpu = (await server.cpu()) - cpuBefore;
  return {
    cpu: cpu / Math.max(1, r.requests.total),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

/** The median of each field over repeated samples (rounds > 1). */
export function median(samples: Sample[]): Sample {
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const i = Math.floor(s.length / 2);
    return s.length % 2 ? s[i]! : (s[i - 1]! + s[i]!) / 2;
  };
  const pick = (k: keyof Sample) => mid(samples.map((s) => s[k]));
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    mean: pick('mean'),
    cpu: pick('cpu'),
    requests: samples.reduce((n, s) => n + s.requests, 0),
    failures: samples.reduce((n, s) => n + s.failures, 0),
  };
}
