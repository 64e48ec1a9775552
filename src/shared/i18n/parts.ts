/*
 * The catalogue reaches the browser in two parts, so that the public pages do not carry the whole
 * app's texts (about 40 KB compressed in all): the public part (what the pre-rendered public pages
 * and the sign-in read) and the app part (every other screen's). A visitor on one of the public
 * pages, signed out, loads only the first; the router loads the second before any other page
 * (src/client/routes/__root.tsx) and the server preloads it for them (src/server/http/page-preloads.ts).
 * The server's own texts (its emails) never go to the browser. src/shared/i18n/<lang>/public.ts
 * and app.ts gather the areas (app.ts is the list a new domain's texts join); tests/unit/i18n-parts.test.ts
 * checks that the public areas, the app parts and the server's areas cover the catalogue exactly, once each.
 */

/** The areas the public pages read: their own, the frame's, forms' and errors' texts. */
export const PUBLIC_TEXTS = ['common', 'validation', 'errors', 'notices', 'landing', 'auth', 'terms', 'shell', 'secondFactor', 'communities'] as const;
/* Every other screen's areas are the app part: each language's app.ts lists them, one line per domain's area. */
/** Read by the server alone (emails in the member's language). */
export const SERVER_TEXTS = ['mail'] as const;
/** The pages that start with the public part alone (for a signed-out visitor): the pre-rendered ones. */
export const PUBLIC_TEXT_PAGES: readonly string[] = ['/', '/signin', '/signup', '/discover'];

export type TextPart = 'public' | 'app';
