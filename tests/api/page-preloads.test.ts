import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_USER, PagePreloads, routePattern, type Manifest } from '../../src/server/http/page-preloads';
import { PrerenderedPages } from '../../src/server/http/prerendered';
import { makeAppWithClient } from '../setup/hardening-client';
import { COLOR_MODE_SCRIPT } from '../../src/shared/color-mode-script';

/*
 * What a page's HTML names for the browser to fetch at once (src/server/http/page-preloads.ts),
 * and the pre-rendered public pages (src/server/http/prerendered.ts), through the real request
 * frame over a stand-in build laid out as `vite build` writes it.
 */
const R = 'src/client/routes/';
const S = '?tsr-split=component';
const manifest: Manifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_framework'] },
  _framework: { file: 'assets/framework-F.js' },
  _common: { file: 'assets/common-C.js', imports: ['_framework'] },
  _forms: { file: 'assets/forms-Z.js', imports: ['_common'] },
  'src/shared/i18n/en/public.ts': { file: 'assets/en-1.js' },
  'src/shared/i18n/fr/public.ts': { file: 'assets/fr-2.js' },
  'src/shared/i18n/en/app.ts': { file: 'assets/en-app-3.js' },
  'src/shared/i18n/fr/app.ts': { file: 'assets/fr-app-4.js' },
  'src/client/components/shell/app-shell.tsx': { file: 'assets/app-shell-S.js', imports: ['_common'] },
  [`${R}index.tsx${S}`]: { file: 'assets/routes-L.js' },
  [`${R}signin.tsx${S}`]: { file: 'assets/signin-I.js', imports: ['_forms'] },
  [`${R}_signed-in.tsx${S}`]: { file: 'assets/_signed-in-G.js' },
  [`${R}_signed-in/dashboard.tsx${S}`]: { file: 'assets/dashboard-D.js', imports: ['_common'] },
  [`${R}_signed-in/community/$id/index.tsx${S}`]: { file: 'assets/_id-P.js', imports: ['_forms'] },
  [`${R}_signed-in/communities/create.tsx${S}`]: { file: 'assets/create-K.js' },
  [`${R}_signed-in/communities/index.tsx${S}`]: { file: 'assets/communities-X.js' },
  [`${R}communities/$id.tsx`]: { file: 'assets/_id-R.js' },
  [`${R}invite.$token.tsx${S}`]: { file: 'assets/invite-T.js' },
  [`${R}__root.tsx`]: { file: 'assets/root-Q.js' },
};

describe('routePattern: the router plugin’s file names as URL patterns', () => {
  it.each([
    ['index', '/', ['/', ''], ['/x']],
    ['_signed-in/dashboard', '/dashboard', ['/dashboard', '/dashboard/'], ['/dashboard/x', '/']],
    ['_signed-in/community/$id/index', '/community/$id', ['/community/12'], ['/community', '/community/1/settings']],
    ['invite.$token', '/invite/$token', ['/invite/abc'], ['/invite']],
    ['communities/create', '/communities/create', ['/communities/create'], ['/communities/created']],
  ])('%s answers %s', (name, _label, yes, no) => {
    const shape = routePattern(name)!;
    for (const path of yes.filter(Boolean)) expect(shape.pattern.test(path), path).toBe(true);
    for (const path of no) expect(shape.pattern.test(path), path).toBe(false);
  });
  it('the root route is no page', () => expect(routePattern('__root')).toBeNull());
});

describe('PagePreloads.files', () => {
  const preloads = new PagePreloads(manifest);
  it('a signed-in page: the language, its layout and route chunks with their imports, the app shell; never the entry’s', () => {
    expect(preloads.files('/dashboard', 'en', true).sort()).toEqual(
      ['/assets/en-1.js', '/assets/en-app-3.js', '/assets/_signed-in-G.js', '/assets/dashboard-D.js', '/assets/common-C.js', '/assets/app-shell-S.js'].sort(),
    );
  });
  it('a route with a parameter, in French; the route’s imports all the way down', () => {
    expect(preloads.files('/community/7', 'fr', true).sort()).toEqual(
      ['/assets/fr-2.js', '/assets/fr-app-4.js', '/assets/_signed-in-G.js', '/assets/_id-P.js', '/assets/forms-Z.js', '/assets/common-C.js', '/assets/app-shell-S.js'].sort(),
    );
  });
  it('a static segment wins over a parameter, and a layout is never the page', () => {
    expect(preloads.files('/communities/create', 'en', false)).toContain('/assets/create-K.js');
    expect(preloads.files('/communities/create', 'en', false)).not.toContain('/assets/_id-R.js');
    expect(preloads.files('/communities/5', 'en', false)).toContain('/assets/_id-R.js');
    expect(preloads.files('/', 'en', false)).toEqual(['/assets/en-1.js', '/assets/routes-L.js']);
  });
  it('public pages and signed-out visitors get no app shell; unknown paths only the language', () => {
    expect(preloads.files('/signin', 'en', true)).not.toContain('/assets/app-shell-S.js');
    expect(preloads.files('/dashboard', 'en', false)).not.toContain('/assets/app-shell-S.js');
    expect(preloads.files('/no/such/page', 'fr', false)).toEqual(['/assets/fr-2.js', '/assets/fr-app-4.js']);
  });
  it("the public pages' texts alone for a signed-out visitor on a public page; the app's too everywhere else, and for a signed-in one", () => {
    expect(preloads.files('/signin', 'en', false)).toEqual(['/assets/en-1.js', '/assets/signin-I.js', '/assets/forms-Z.js', '/assets/common-C.js']);
    expect(preloads.files('/signin', 'en', true)).toContain('/assets/en-app-3.js');
    expect(preloads.files('/', 'fr', true)).toEqual(['/assets/fr-2.js', '/assets/fr-app-4.js', '/assets/routes-L.js']);
    expect(preloads.files('/invite/abc', 'en', false)).toContain('/assets/en-app-3.js');
  });
});

describe('pages served with their preloads, and pre-rendered public pages', () => {
  let dir: string;
  let prerendered: PrerenderedPages;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'harambee-preloads-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Harambee</title>\n    <script type="module" crossorigin src="/assets/index-E.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n');
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) writeFileSync(join(dir, chunk.file), 'export {};');
    // The real render of the app's public pages (the client's components, in Node).
    const errors: string[] = [];
    prerendered = new PrerenderedPages({ appName: "Njangi Houston $& $'", supportEmail: null }, { info: () => {}, error: (m) => errors.push(m) });
    await prerendered.warm();
    expect(errors).toEqual([]);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (app: { request: (p: string, i?: RequestInit) => Response | Promise<Response> }, path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

  it('a request with a session cookie names its chunks, the app shell and the current-user call; the language follows the cookie, else Accept-Language', async () => {
    const { withClient } = makeAppWithClient(dir, {}, { prerendered });
    const html = await (await get(withClient, '/dashboard', { cookie: 'harambee_session=abc', 'accept-language': 'fr-CA,fr;q=0.9' })).text();
    for (const f of ['/assets/fr-2.js', '/assets/fr-app-4.js', '/assets/dashboard-D.js', '/assets/app-shell-S.js']) expect(html).toContain(`<link rel="modulepreload" crossorigin href="${f}">`);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${CURRENT_USER}">`);
    // The current-user call ahead of the entry's script, the chunks after it: the browser starts
    // requests in document order, six at a time, and the entry runs while the rest arrives.
    expect(html.indexOf(CURRENT_USER)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf('<script type="module"')).toBeLessThan(html.indexOf('/assets/fr-2.js'));
    expect(html).not.toContain('/assets/en-1.js');
    const chosen = await (await get(withClient, '/dashboard', { cookie: 'harambee_lang=en; harambee_session=abc', 'accept-language': 'fr' })).text();
    expect(chosen).toContain('/assets/en-1.js');
    expect(chosen).not.toContain('/assets/fr-2.js');
    // A community's page also asks for the community at once, as its loader first does.
    const community = await (await get(withClient, '/community/42', { cookie: 'harambee_session=abc' })).text();
    expect(community).toContain('<link rel="preload" as="fetch" crossorigin href="/trpc/communities.byId?batch=1&input=%7B%220%22%3A%7B%22id%22%3A42%7D%7D">');
    expect(html).not.toContain('communities.byId');
    const signedOut = await (await get(withClient, '/dashboard')).text();
    expect(signedOut).not.toContain('app-shell');
    expect(signedOut).not.toContain(CURRENT_USER);
  });

  it('a signed-out visitor gets the landing page rendered, in their language, inert until the client takes over, with its title', async () => {
    const { withClient } = makeAppWithClient(dir, {}, { prerendered });
    const en = await get(withClient, '/');
    expect(en.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<div id="root"><div inert data-prerendered>.*<h1[^>]*>Where tradition/s);
    // The instance's own name (APP_NAME), in the page and its title.
    const title = prerendered.get('/', 'en')!.title;
    expect(title).toContain("Njangi Houston $& $'");
    // The name is text, never a replacement pattern: "$&" and "$'" come through as they are.
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    const fr = await (await get(withClient, '/', { 'accept-language': 'fr-FR' })).text();
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toMatch(/<h1[^>]*>Là où la tradition/);
    for (const path of ['/signin', '/signup', '/discover']) {
      expect(await (await get(withClient, path)).text(), path).toMatch(/data-prerendered>.*<h1/s);
    }
  });

  it("a pre-rendered page sets the visitor's colour mode before it paints, with the one inline script the policy allows by its hash", async () => {
    const { withClient } = makeAppWithClient(dir, {}, { prerendered });
    for (const path of ['/', '/signin']) {
      const res = await get(withClient, path);
      const html = await res.text();
      const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
      expect(inline, path).toEqual([COLOR_MODE_SCRIPT]);
      // In the head, so it runs before the copy in the body is parsed.
      expect(html.indexOf(COLOR_MODE_SCRIPT)).toBeLessThan(html.indexOf('</head>'));
      const allowed = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
      expect(allowed).toEqual(["'self'", `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`]);
    }
    // The plain page has no inline script.
    expect(await (await get(withClient, '/dashboard')).text()).not.toMatch(/<script>/);
  });

  it('a request with a session cookie, or for any other page, gets the plain page', async () => {
    const { withClient } = makeAppWithClient(dir, {}, { prerendered });
    expect(await (await get(withClient, '/', { cookie: 'harambee_session=abc' })).text()).toContain('<div id="root"></div>');
    expect(await (await get(withClient, '/dashboard')).text()).toContain('<div id="root"></div>');
    expect(await (await get(withClient, '/', { cookie: '__Host-harambee_session=abc' })).text()).toContain('<div id="root"></div>');
  });

  it('compressed copies decode to the same page; an ETag per page and language, answered 304', async () => {
    const { withClient } = makeAppWithClient(dir, {}, { prerendered });
    const plain = await (await get(withClient, '/')).text();
    const br = await get(withClient, '/', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const etag = br.headers.get('etag')!;
    const frTag = (await get(withClient, '/', { 'accept-encoding': 'br', 'accept-language': 'fr' })).headers.get('etag');
    expect(frTag).not.toBe(etag);
    const again = await get(withClient, '/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});
