import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/shared/features';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';
import { FEATURES as LANDING_CARDS } from '../../src/client/features/landing/content';
import { NAV_ITEMS } from '../../src/client/components/shell/nav-items';

/*
 * What is built and what is not is one list (src/shared/features.ts): the landing page's cards
 * render from it, the navigation marks "soon" from it, and the README's "What works" must say the
 * same, so none of them can drift from the product again.
 */

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const works = readme.slice(readme.indexOf('## What works'), readme.indexOf('\n## ', readme.indexOf('## What works') + 1));
const bullets = [...works.matchAll(/^- \*\*([^*]+?):?\*\*:?/gm)].map((m) => m[1]!.replace(/:$/, ''));
const comingSoon = works.split('\n').find((l) => l.startsWith('- **Coming soon:**')) ?? '';

describe('the features and their state', () => {
  it.each(FEATURES.map((f) => [f.id, f.state, f.readme] as const))('%s (%s) is told the same in the README', (_id, state, labels) => {
    for (const label of labels) {
      if (state === 'available') {
        expect(bullets, `"What works" has a bullet "**${label}:**"`).toContain(label);
        expect(comingSoon).not.toContain(label);
      } else {
        expect(bullets).not.toContain(label);
        expect(comingSoon, `"What works" says ${label} is coming soon`).toContain(label);
      }
    }
  });

  it('the landing page shows each feature once, with its state, in both languages', () => {
    expect(LANDING_CARDS.map((c) => [c.id, c.status])).toEqual(FEATURES.map((f) => [f.id, f.state]));
    for (const f of FEATURES) {
      expect(en.landing.features.items[f.id].title).toBeTruthy();
      expect(fr.landing.features.items[f.id].title).toBeTruthy();
    }
  });

  it('the navigation marks "soon" exactly the destinations whose feature is not built', () => {
    const built = (id: string) => FEATURES.find((f) => f.id === id)?.state === 'available';
    expect(NAV_ITEMS.find((i) => i.to === '/chat')?.soon ?? false).toBe(!built('chat'));
    expect(NAV_ITEMS.find((i) => i.to === '/njangi')?.soon ?? false).toBe(!built('njangi'));
    expect(NAV_ITEMS.filter((i) => i.soon)).toEqual([]);
  });
});
