import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';
import { languageFromHeader } from '../../src/shared/i18n/languages';
import { translate } from '../../src/server/i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** <tag>…</tag> markers used by <Trans> (links, emphasis). */
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

const EN = leaves(en as unknown as Tree);
const FR = leaves(fr as unknown as Tree);

describe('catalogues', () => {
  it('have the same keys in English and French', () => {
    expect([...FR.keys()].filter((k) => !EN.has(k)), 'only in French').toEqual([]);
    expect([...EN.keys()].filter((k) => !FR.has(k)), 'only in English').toEqual([]);
  });

  it('use the same placeholders and tags in both languages', () => {
    const differ = [...EN].filter(([k, text]) => FR.has(k) && (placeholders(text).join() !== placeholders(FR.get(k)!).join() || tags(text).join() !== tags(FR.get(k)!).join()));
    expect(differ.map(([k]) => `${k}: ${EN.get(k)} | ${FR.get(k)}`)).toEqual([]);
  });

  it('have no empty text, and French texts are not left in English', () => {
    expect([...EN].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
    expect([...FR].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
    // The same text in both is fine for names, codes and placeholders-only texts; a sentence is not.
    const untranslated = [...EN].filter(([k, v]) => FR.get(k) === v && /\b(the|and|your|please|with)\b/i.test(v));
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });

  it('never name a <Trans> tag after an HTML void element (its text would be dropped: <link>Sign up</link> rendered an empty link)', () => {
    const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
    expect([...EN, ...FR].filter(([, text]) => tags(text).some((tag) => VOID.has(tag ?? ''))).map(([k]) => k)).toEqual([]);
  });

  it('give every plural both of its forms', () => {
    for (const map of [EN, FR]) {
      for (const k of map.keys()) {
        if (k.endsWith('_one')) expect(map.has(k.replace(/_one$/, '_other')), k).toBe(true);
        if (k.endsWith('_other')) expect(map.has(k.replace(/_other$/, '_one')), k).toBe(true);
      }
    }
  });
});

describe('plurals', () => {
  it('resolve by each language’s rules', () => {
    expect(translate('en', 'common.members', { count: 1 })).toBe('1 Member');
    expect(translate('en', 'common.members', { count: 3 })).toBe('3 Members');
    expect(translate('en', 'common.members', { count: 0 })).toBe('0 Members');
    expect(translate('fr', 'common.members', { count: 1 })).toBe('1 membre');
    expect(translate('fr', 'common.members', { count: 3 })).toBe('3 membres');
    // French counts zero as singular.
    expect(translate('fr', 'common.members', { count: 0 })).toBe('0 membre');
  });

  it('never show a bare key, whatever the count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000_000 }), fc.constantFrom('en' as const, 'fr' as const), (count, language) => {
        const text = translate(language, 'common.members', { count });
        expect(text).toMatch(new RegExp(`^${count} \\p{L}+$`, 'u'));
      }),
    );
  });
});

describe('the language of a request', () => {
  it('is the first language we speak in the Accept-Language header, by quality', () => {
    expect(languageFromHeader('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageFromHeader('en-GB,fr;q=0.5')).toBe('en');
    expect(languageFromHeader('de-DE,fr;q=0.7,en;q=0.3')).toBe('fr');
    expect(languageFromHeader('de,it')).toBe('en');
    expect(languageFromHeader('')).toBe('en');
    expect(languageFromHeader(null)).toBe('en');
    expect(languageFromHeader('en;q=0.2, FR;q=0.9')).toBe('fr');
  });
});
