import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { PUBLIC_TEXT_PAGES } from '@shared/i18n/parts';
import type { Logger } from '../logger';

/*
 * The public pages, pre-rendered. On a slow phone a page's JavaScript (about 200 KB compressed,
 * then parsed and run on a slow CPU) took two to three seconds before the heading showed; the
 * same page as HTML paints after one round trip. The first screen of these pages is the same for
 * every signed-out visitor, so the server renders each once per language, with the instance's own
 * name (APP_NAME), from the app's own components (src/client/prerender/render-public-page.tsx),
 * and serves it in index.html's #root.
 *
 * The client then renders over it rather than hydrating it: a visitor's first render may read
 * what the server did not know (a saved colour mode), and a mismatch would throw the page away
 * anyway. It does so once the router's first load is in (src/client/main.tsx), so the commit
 * that clears the copy brings the whole live page and nothing blanks in between. Until then the
 * copy is `inert`: visible and scrollable, but a tap cannot land on a button that does nothing
 * yet, and screen readers wait for the live page.
 *
 * Only for requests without a session cookie: a signed-in member's landing page has their own
 * header. Rendering starts at the first signed-out request for one of these pages, not when the
 * server starts: loading the client's components (Chakra alone is about 1.2 s of CPU here) and
 * rendering twelve pages cost a server that only members use, or a test's server, more than its
 * whole start otherwise did. Until it is done, and if it fails, index.html goes out as before.
 */

export type PrerenderedPage = { root: string; title: string };
export type SiteFacts = { appName: string; supportEmail: string | null };

/** Paths rendered ahead: those whose first screen depends on nothing but the language (the same pages start with the public part of the texts). */
export const PRERENDERED_PATHS = PUBLIC_TEXT_PAGES;

export class PrerenderedPages {
  private readonly pages = new Map<string, PrerenderedPage>();

  constructor(
    private readonly site: SiteFacts,
    private readonly log: Pick<Logger, 'info' | 'error'>,
  ) {}

  private warming: Promise<void> | null = null;

  /** The page rendered ahead, or null (and the rendering started, the first time a public page is asked for). */
  get(path: string, language: Language): PrerenderedPage | null {
    const page = this.pages.get(`${language}${path}`);
    if (!page && PRERENDERED_PATHS.includes(path)) void this.warm();
    return page ?? null;
  }

  /** Renders every page in every language, once however often it is called; a failure is logged and leaves that page plain. */
  warm(): Promise<void> {
    return (this.warming ??= this.render());
  }

  private async render(): Promise<void> {
    const started = Date.now();
    try {
      // Loaded only here: the client's components stay out of the server's start-up.
      const { renderPublicPage } = await import('../../client/prerender/render-public-page');
      for (const path of PRERENDERED_PATHS) {
        for (const language of LANGUAGES) {
          this.pages.set(`${language}${path}`, await renderPublicPage(path, language, this.site));
          // A page's render holds the event loop (about 0.1 s): requests that came meanwhile are
          // answered before the next one, not after all of them.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      this.log.info('public pages pre-rendered', { pages: this.pages.size, ms: Date.now() - started });
    } catch (error) {
      this.log.error('pre-rendering the public pages failed; they are served without it', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
}
