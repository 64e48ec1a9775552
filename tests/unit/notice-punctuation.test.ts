import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';
import { noticeText } from '../../src/server/i18n';

type Tree = { [key: string]: string | Tree };

/** Every notice of the catalogue (an entry with a title and a message, in any area): the key of each of its texts. */
function noticeTexts(tree: Tree, prefix = ''): string[] {
  const out: string[] = [];
  const isNotice = typeof tree.title === 'string' && Object.keys(tree).some((k) => k === 'message' || k.startsWith('message_'));
  if (isNotice) out.push(`${prefix}title`, `${prefix}message`);
  for (const [k, v] of Object.entries(tree)) if (typeof v === 'object') out.push(...noticeTexts(v, `${prefix}${k}.`));
  return out;
}

const valuesOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))];
/** The raw text of a key (for a plural, its forms joined), to find the values it takes. */
const raw = (tree: Tree, key: string) => {
  const parts = key.split('.');
  const parent = parts.slice(0, -1).reduce<Tree>((node, k) => node[k] as Tree, tree);
  const last = parts.at(-1)!;
  return Object.entries(parent).filter(([k]) => k === last || k.startsWith(`${last}_`)).map(([, v]) => v as string).join(' ');
};

/* People's own text (a poll's title, a reason, a name) often ends its own sentence: the notice must not add a second ending. */
describe('notices: no double punctuation when a person’s text ends the sentence', () => {
  for (const [lang, catalogue] of [['en', en], ['fr', fr]] as const) {
    const keys = noticeTexts(catalogue as unknown as Tree);
    it(`${lang}: finds the notices`, () => expect(keys.length).toBeGreaterThan(150));
    for (const ending of ['?', '!', '.', ' ?']) {
      it(`${lang}: every notice with values ending in “${ending}”`, () => {
        const doubled = keys.flatMap((key) => {
          const params = Object.fromEntries(valuesOf(raw(catalogue as unknown as Tree, key)).map((v) => [v, v === 'count' ? 2 : `Are we meeting${ending}`]));
          const text = noticeText(lang, key, params);
          return /[?!.…]\s?\.(?=\s|$|["”»)])/.test(text) || /\?\s?\?|!\s?!/.test(text) ? [`${key}: ${text}`] : [];
        });
        expect(doubled).toEqual([]);
      });
    }
  }
});
