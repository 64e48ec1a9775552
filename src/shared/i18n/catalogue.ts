import type { en } from './en';

/*
 * The English catalogue is the source of keys; every other language has exactly its shape
 * (a missing or extra key is a type error), and a unit test checks that the placeholders match.
 * Plural forms follow i18next: `key_one`, `key_other` (French needs no more for our texts), and
 * `t('key', { count })` picks the form by the language's plural rules.
 */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Catalogue = Shape<typeof en>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;

/** Any text's key, e.g. 'communities.members' (plural forms by their base key). */
export type MessageKey = WithoutPlural<Leaves<typeof en>>;
