import i18next, { type TFunction } from 'i18next';
import { en } from '@shared/i18n/en';
import { fr } from '@shared/i18n/fr';
import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { withPluralFallbacks } from '@shared/i18n/plurals';
import { tidyPunctuation } from '@shared/punctuation';

/*
 * The server's texts (error messages, notices, emails, notifications) in the caller's or the
 * recipient's language, from the same catalogues as the client, through i18next. Messages travel
 * inside the server as catalogue keys and are translated where they leave it.
 */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'en',
  resources: { en: { translation: withPluralFallbacks(en) }, fr: { translation: withPluralFallbacks(fr) } },
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed = Object.fromEntries(LANGUAGES.map((l) => [l, instance.getFixedT(l)])) as Record<Language, TFunction>;

/** The translator for one language. */
export const translator = (language: Language): TFunction => fixed[language];

/**
 * A message in `language`: a catalogue key with its values, or (for texts that are not keys,
 * such as zod's own messages) the text itself.
 */
export function translate(language: Language, message: string, params?: Record<string, unknown>): string {
  return (fixed[language] as (key: string, options?: object) => string)(message, { ...inLanguage(language, params), defaultValue: message });
}

/**
 * A notice's title or message (in the app, its email, the digest): translated, with no double
 * punctuation where a person's text ends the sentence ("Where shall we meet?." reads "…meet?").
 */
export const noticeText = (language: Language, message: string, params?: Record<string, unknown>): string => tidyPunctuation(translate(language, message, params));

/**
 * A message's values, those written per language (an amount, a date, a translated phrase: a
 * function of the language) written in `language`; a refusal thrown once reads right in both.
 */
function inLanguage(language: Language, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params || !Object.values(params).some((v) => typeof v === 'function')) return params;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'function' ? (v as (l: Language) => unknown)(language) : v]));
}
