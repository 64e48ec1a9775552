import { describe, expect, it } from 'vitest';
import { PrerenderedPages, PRERENDERED_PATHS } from '../../src/server/http/prerendered';
import { LANGUAGES } from '../../src/shared/i18n/languages';

describe('pre-rendering the public pages', () => {
  it('lets the event loop answer between pages instead of holding it for all of them', async () => {
    const errors: unknown[] = [];
    const pages = new PrerenderedPages({ appName: 'Harambee', supportEmail: null }, { info: () => undefined, error: (...a: unknown[]) => errors.push(a) });
    // A request's turn comes as a macrotask: count those that ran while some pages were done and others not.
    let between = 0;
    let done = false;
    const tick = () => {
      const rendered = PRERENDERED_PATHS.flatMap((p) => LANGUAGES.map((l) => pages.get(p, l))).filter(Boolean).length;
      if (rendered > 0 && rendered < PRERENDERED_PATHS.length * LANGUAGES.length) between += 1;
      if (!done) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    await pages.warm();
    done = true;
    expect(errors).toEqual([]);
    expect(pages.get('/', 'fr')?.root).toContain('<h1');
    // Held for all of them, none would run in between; the exact count depends on the loop's phases.
    expect(between).toBeGreaterThanOrEqual((PRERENDERED_PATHS.length * LANGUAGES.length) / 2);
  }, 60_000);
});
