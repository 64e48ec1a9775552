import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '../auth/session';
import { isLanguage, languageFromHeader, type Language } from '@shared/i18n/languages';
import { PUBLIC_TEXT_PAGES, type TextPart } from '@shared/i18n/parts';

/*
 * What a page needs beyond the entry, named in its HTML so the browser fetches it at once.
 *
 * index.html preloads only the entry's own chunks (Vite writes those links). Everything else a
 * page needs was found by the client one step at a time: the entry ran, then asked for the
 * language's texts, then for the route's code, then (signed in) for the app's frame. On a slow
 * phone each step is a round trip and a wait for the CPU, in series. The server knows the path,
 * the language (the same choice the client makes: the switcher's cookie, else Accept-Language,
 * which carries the browser's languages) and whether a session cookie came, so it adds
 * <link rel="modulepreload"> for those chunks and the steps overlap. These are hints only: a
 * wrong guess (a stale session cookie, a member whose saved language differs) costs some bytes,
 * never a wrong page.
 *
 * The route's chunk comes from the router plugin's file naming (decision 008): the file
 * src/client/routes/a/$id/index.tsx answers /a/:id; a segment starting with '_' is a layout
 * without a path; a '.' in a file name is a '/'. A page's chunks are its route file's component
 * chunk with its layouts' (the files named by each leading part of its path) and every chunk they
 * import statically, less those index.html already preloads.
 */

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, Chunk>;

const ROUTES = 'src/client/routes/';
const SPLIT = '?tsr-split=component';
const APP_SHELL = 'src/client/components/shell/app-shell.tsx';
/** A language's texts in the browser: the public pages' part, and the app's (src/shared/i18n/parts.ts). */
const TEXTS = (language: Language, part: TextPart) => `src/shared/i18n/${language}/${part}.ts`;
/** Pages with the public frame even for a signed-in visitor (src/client/routes/__root.tsx keeps the same list). */
const PUBLIC_FRAME = new Set(['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/unsubscribe', '/admin/login']);
const SESSION = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=[^;]`);
const LANGUAGE_COOKIE = /(?:^|;\s*)harambee_lang=([a-z]{2})/;
/**
 * The client's first question, who is signed in, exactly as its tRPC batch link asks it
 * (src/client/main.tsx sends it alone, before anything else): with a session cookie the browser
 * fetches it with the page's code instead of after it, and the client's fetch takes that answer.
 */
export const CURRENT_USER = '/trpc/auth.me?batch=1&input=%7B%7D';

/** A tRPC query as the client's batch link asks for it alone: GET /trpc/<name>?batch=1&input={"0":<input>}. */
export const batchedQuery = (name: string, input: unknown) => `/trpc/${name}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

/**
 * The first call of pages whose heading waits on it, as their route loader makes it, alone in its
 * batch (src/client/routes/_signed-in/community/$id/index.tsx asks for the community before
 * anything else): fetched with the page's code instead of after it.
 */
const FIRST_CALLS: { pattern: RegExp; url: (match: RegExpExecArray) => string }[] = [
  { pattern: /^\/community\/(\d{1,15})\/?$/, url: (m) => batchedQuery('communities.byId', { id: Number(m[1]) }) },
];

/** Whether a request carries a session cookie (not whether the session is valid: a hint is enough). */
export const hasSessionCookie = (cookie: string | null | undefined): boolean => !!cookie && SESSION.test(cookie);

/** The language the client will start in: the switcher's cookie, else the browser's languages (src/client/i18n). */
export function pageLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  const chosen = cookie ? LANGUAGE_COOKIE.exec(cookie)?.[1] : undefined;
  return isLanguage(chosen) ? chosen : languageFromHeader(acceptLanguage);
}

type Route = { pattern: RegExp; params: number; statics: number; keys: string[] };

/** The URL pattern of a route file ('_signed-in/community/$id/index'), or null for the root. */
export function routePattern(name: string): { pattern: RegExp; params: number; statics: number } | null {
  if (name === '__root') return null;
  const segments = name
    .split(/[/.]/)
    .filter((s) => !s.startsWith('_'))
    .filter((s, i, all) => !(s === 'index' && i === all.length - 1));
  let params = 0;
  const parts = segments.map((s) => {
    if (s.startsWith('$')) {
      params += 1;
      return '[^/]+';
    }
    return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  });
  return { pattern: new RegExp(`^/${parts.join('/')}/?$`), params, statics: segments.length - params };
}

export class PagePreloads {
  private readonly routes: Route[] = [];
  private readonly initial = new Set<string>();
  private readonly memo = new Map<string, string[]>();

  constructor(private readonly manifest: Manifest) {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (entry) this.closure([entry], this.initial);
    const routeFiles = new Map<string, string>();
    for (const key of Object.keys(manifest)) {
      if (!key.startsWith(ROUTES)) continue;
      const name = key.slice(ROUTES.length).replace(SPLIT, '').replace(/\.tsx?$/, '');
      // The component chunk when the plugin split one; the file itself otherwise.
      if (key.endsWith(SPLIT) || !routeFiles.has(name)) routeFiles.set(name, key);
    }
    const names = [...routeFiles.keys()];
    for (const name of names) {
      const shape = routePattern(name);
      // A layout (a file beside a folder of the same name) is never a page itself.
      if (!shape || names.some((other) => other.startsWith(`${name}/`))) continue;
      // Layout files: every leading part of the file's path ('_signed-in', '_signed-in/community', …).
      const parts = name.split('/');
      const keys = parts.map((_, i) => routeFiles.get(parts.slice(0, i + 1).join('/'))).filter((k): k is string => !!k);
      this.routes.push({ ...shape, keys });
    }
    // A static segment wins over a parameter (/communities/create before /communities/$id).
    this.routes.sort((a, b) => b.statics - a.statics || a.params - b.params);
  }

  /** Reads dist/client/.vite/manifest.json; null without one (the dev server, a stand-in build). */
  static fromBuild(clientDir: string): PagePreloads | null {
    const path = join(clientDir, '.vite/manifest.json');
    if (!existsSync(path)) return null;
    try {
      return new PagePreloads(JSON.parse(readFileSync(path, 'utf8')) as Manifest);
    } catch {
      return null;
    }
  }

  private closure(keys: string[], into: Set<string>): Set<string> {
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || into.has(key)) return;
      into.add(key);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return into;
  }

  /** The asset paths to preload for a page, beyond the entry's. */
  files(path: string, language: Language, signedIn: boolean): string[] {
    const frame = signedIn && !PUBLIC_FRAME.has(path);
    // The client loads the app's texts for every page but the public ones, and for a signed-in visitor.
    const appTexts = signedIn || !PUBLIC_TEXT_PAGES.includes(path);
    const route = this.routes.find((r) => r.pattern.test(path));
    const memoKey = `${route?.pattern.source ?? ''}|${language}|${frame}|${appTexts}`;
    const known = this.memo.get(memoKey);
    if (known) return known;
    const keys = [TEXTS(language, 'public'), ...(appTexts ? [TEXTS(language, 'app')] : []), ...(route?.keys ?? []), ...(frame ? [APP_SHELL] : [])];
    const files = [...this.closure(keys, new Set())]
      .filter((k) => !this.initial.has(k))
      .map((k) => `/${this.manifest[k]!.file}`)
      .filter((f) => f.endsWith('.js'));
    // Bounded: one entry per route pattern, language and frame.
    this.memo.set(memoKey, files);
    return files;
  }

  /** The link tags for a request: its path, its language (pageLanguage) and whether it carries a session cookie (hasSessionCookie). */
  tags(path: string, language: Language, signedIn: boolean): string {
    const links = this.files(path, language, signedIn).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`);
    if (signedIn) {
      const fetches = [CURRENT_USER];
      for (const call of FIRST_CALLS) {
        const match = call.pattern.exec(path);
        if (match) fetches.push(call.url(match));
      }
      links.unshift(...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`));
    }
    return links.join('\n    ');
  }
}
