import { eq } from 'drizzle-orm';
import { communities } from '../../../db/schema';
import type { AppDeps } from '../context';

/*
 * Open Graph and Twitter card tags for a community's public page (/community/:id/details), put
 * into index.html's <head> by the server: WhatsApp, Facebook and the like read the HTML and never
 * run the client's JavaScript. A public community shows its own name, description and banner; a
 * private one only the site's generic card (its inside stays private); a hidden one, or an
 * unknown id, gets nothing added.
 */

export type OpenGraph = { title: string; description: string; url: string; image: string | null; siteName: string };

const SITE_DESCRIPTION = 'Run your community, association or savings circle together.';
const DESCRIPTION_MAX = 200;

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The community id of a public page's path, or null for any other path. */
export function detailsPageId(path: string): number | null {
  const m = /^\/community\/(\d{1,15})\/details\/?$/.exec(path);
  return m ? Number(m[1]) : null;
}

/** The description cut at a word near the limit, on one line. */
export function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An image address as crawlers need it: absolute, on this site when the stored one is a path. */
export function absoluteUrl(appUrl: string, url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${appUrl}${url}` : null;
}

/** The tags, every value escaped. */
export function openGraphTags(og: OpenGraph): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', og.siteName),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', og.url),
    ...(og.image ? [meta('property', 'og:image', og.image)] : []),
    meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', og.title),
    meta('name', 'twitter:description', og.description),
    ...(og.image ? [meta('name', 'twitter:image', og.image)] : []),
  ].join('\n    ');
}

/** index.html with the tags before </head> (and the page's own title for a community). */
export function injectHead(html: string, tags: string, title?: string): string {
  const titled = title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(title)}</title>`) : html;
  const at = titled.indexOf('</head>');
  return at < 0 ? titled : `${titled.slice(0, at)}    ${tags}\n  ${titled.slice(at)}`;
}

/** What to add to index.html for this path: null when nothing (not a details page, unknown or hidden community). */
export function openGraphFor(deps: Pick<AppDeps, 'db' | 'env'>, path: string): { tags: string; title?: string } | null {
  const id = detailsPageId(path);
  if (id === null) return null;
  const c = deps.db
    .select({ name: communities.name, description: communities.description, imageUrl: communities.imageUrl, isPublic: communities.isPublic, isHidden: communities.isHidden })
    .from(communities)
    .where(eq(communities.id, id))
    .get();
  if (!c || c.isHidden) return null;
  const appUrl = deps.env.APP_URL;
  const siteName = deps.env.APP_NAME;
  const url = `${appUrl}/community/${id}/details`;
  if (!c.isPublic) return { tags: openGraphTags({ title: siteName, description: SITE_DESCRIPTION, url, image: null, siteName }) };
  const title = c.name;
  return { tags: openGraphTags({ title, description: shorten(c.description), url, image: absoluteUrl(appUrl, c.imageUrl), siteName }), title: `${title} · ${siteName}` };
}
