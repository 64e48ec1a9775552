import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { enApp } from '../../src/shared/i18n/en/app';
import { enPublic } from '../../src/shared/i18n/en/public';
import { fr } from '../../src/shared/i18n/fr';
import { frApp } from '../../src/shared/i18n/fr/app';
import { frPublic } from '../../src/shared/i18n/fr/public';
import { PUBLIC_TEXTS, PUBLIC_TEXT_PAGES, SERVER_TEXTS } from '../../src/shared/i18n/parts';
import { PRERENDERED_PATHS } from '../../src/server/http/prerendered';

/*
 * The catalogue reaches the browser in two parts (src/shared/i18n/parts.ts): together with the
 * server's own texts they are the whole catalogue, each area exactly once, in both languages.
 */
describe('the catalogue in parts', () => {
  it('the public, app and server areas cover the catalogue exactly, once each', () => {
    const listed = [...PUBLIC_TEXTS, ...Object.keys(enApp), ...SERVER_TEXTS];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(en).sort());
  });

  it.each([
    ['English', en, enPublic, enApp],
    ['French', fr, frPublic, frApp],
  ] as const)('%s: the public and app parts hold exactly their areas, the very same texts', (_, whole, publicPart, appPart) => {
    expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_TEXTS].sort());
    expect(Object.keys(appPart).sort()).toEqual(Object.keys(enApp).sort());
    const rest = Object.fromEntries(SERVER_TEXTS.map((area) => [area, whole[area]]));
    expect({ ...publicPart, ...appPart, ...rest }).toEqual(whole);
  });

  it('the pages that start with the public part are the pre-rendered ones', () => {
    expect([...PUBLIC_TEXT_PAGES].sort()).toEqual([...PRERENDERED_PATHS].sort());
  });

  it("no browser code reads the server's own texts (its emails)", () => {
    const root = fileURLToPath(new URL('../../src/client', import.meta.url));
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []));
    const readers = files(root).filter((f) => SERVER_TEXTS.some((area) => new RegExp(`['\`]${area}\\.`).test(readFileSync(f, 'utf8'))));
    expect(readers).toEqual([]);
  });
});
