// One-off helper for bench:web investigations: loads a page under the lab profile with the CPU
// profiler on and prints long tasks and self time by script.
import { chromium } from 'playwright-core';
import { FACTORY_PASSWORD } from '../../tests/factories';

const [base, path, email] = process.argv.slice(2) as [string, string, string | undefined];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
if (email) await context.request.post(`${base}/api/auth/login`, { data: { email, password: FACTORY_PASSWORD }, headers: { origin: base } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
await page.addInitScript(() => {
  (window as any).__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => (window as any).__long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
await page.goto(`${base}${path}`, { waitUntil: 'commit' });
await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
const heading = await page.evaluate(() => performance.now());
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { url: string; functionName: string }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
console.log('heading at', Math.round(heading));
console.log('long tasks', JSON.stringify(await page.evaluate(() => (window as any).__long)));
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const fn = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const n = byNode.get(id)!;
  const url = n.callFrame.url.replace(/^.*\//, '') || `(${n.callFrame.functionName || 'program'})`;
  self.set(url, (self.get(url) ?? 0) + profile.timeDeltas[i]! / 1000);
  const f = `${url} ${n.callFrame.functionName}`;
  fn.set(f, (fn.get(f) ?? 0) + profile.timeDeltas[i]! / 1000);
});
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join('\n'));
console.log('--');
console.log([...fn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join('\n'));
await browser.close();
