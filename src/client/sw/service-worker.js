/*
 * Harambee's service worker. The build (vite.config.ts, serviceWorker plugin) writes it to
 * dist/client/sw.js with VERSION (a hash of the build) and PRECACHE (the app shell: index.html,
 * the offline page and the scripts and styles the first render needs) filled in.
 *
 * - Pages (navigations) go to the network first, so a member who is online always gets the
 *   current build after a deploy; the copy of index.html kept here is only for when the network
 *   fails (the app's shell opens at once and says it is offline), and offline.html when even that
 *   copy is missing.
 * - Hashed assets (/assets/*) never change: served from the cache, fetched and kept on a miss.
 * - A page hands over the assets it loaded before the worker controlled it (a first visit), so
 *   what the phone has seen opens offline too.
 * - Nothing else is touched: API answers (/api, /trpc), uploads, the WebSocket and every other
 *   request go to the network as if there were no service worker, so no member's data is kept here.
 * A new build installs beside the old one, takes over at once and deletes the old caches.
 */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `harambee-${VERSION}`;
const SHELL = '/index.html';
const OFFLINE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('harambee-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  try {
    const response = await fetch(request);
    // Only the SPA's own page is kept (every client route answers with it), and only a good one.
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html')) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
    }
    return response;
  } catch {
    const cache = await caches.open(CACHE);
    return (await cache.match(SHELL)) ?? (await cache.match(OFFLINE)) ?? Response.error();
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

// A page hands over the hashed assets it loaded before this worker controlled it: kept unless already.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && /^\/assets\/[\w.-]+$/.test(u)).slice(0, 500);
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Downloads and API paths opened as pages stay the network's.
    if (/^\/(?:api|trpc|uploads|ws)(?:\/|$)/.test(url.pathname)) return;
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});
