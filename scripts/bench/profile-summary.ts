// Where a server's CPU time went, from a V8 CPU profile (BENCH_CPU_PROF=<dir> npm run load … writes
// one): self time per function and per package or file, and total (inclusive) time per function,
// as shares of the sampled time. No GUI needed.
//   node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--top N] [--match text]
// --match keeps only the stacks that pass through a function whose name or file contains `text`.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, match: { type: 'string' } } });
const file = positionals[0];
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [--top N] [--match text]');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'npm:').replace(/^.*\/work\/main\//, '');
const label = (f: Frame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
const pkg = (f: Frame) => {
  const u = shortUrl(f.url);
  if (!u) return f.functionName.startsWith('(') ? f.functionName : '(native)';
  if (u.startsWith('npm:')) return u.split('/').slice(0, u.startsWith('npm:@') ? 2 : 1).join('/');
  if (u.startsWith('node:')) return u;
  return u;
};

// Time per sample: V8 records the delta before each sample.
const self = new Map<string, number>();
const selfPkg = new Map<string, number>();
const total = new Map<string, number>();
let sum = 0;
const matchText = values.match?.toLowerCase();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const leaf = byId.get(profile.samples[i]!)!;
  const stack: Frame[] = [];
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!.callFrame);
  if (matchText && !stack.some((f) => label(f).toLowerCase().includes(matchText))) continue;
  sum += dt;
  const leafLabel = label(leaf.callFrame);
  self.set(leafLabel, (self.get(leafLabel) ?? 0) + dt);
  selfPkg.set(pkg(leaf.callFrame), (selfPkg.get(pkg(leaf.callFrame)) ?? 0) + dt);
  for (const l of new Set(stack.map(label))) total.set(l, (total.get(l) ?? 0) + dt);
}

const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * v) / sum).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(`${(sum / 1e6).toFixed(1)} s sampled${matchText ? ` (stacks through "${values.match}")` : ''}`);
show('Self time by package or file', selfPkg);
show('Self time by function', self);
show('Total time by function (the function and what it called)', total);
