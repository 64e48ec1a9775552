import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '@shared/i18n/en';
import { withPluralFallbacks } from '@shared/i18n/plurals';
import { DEFAULT_LANGUAGE, isLanguage, languageFromHeader, LOCALES, type Language } from '@shared/i18n/languages';

/*
 * The app's texts come from the catalogues in src/shared/i18n through i18next. Each language's
 * catalogue is its own chunk, loaded only when that language is chosen. The choice: a signed-in
 * member's stored preference, else the cookie the switcher wrote, else the browser's languages.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const LANGUAGE_COOKIE = 'harambee_lang';

const loaders: Record<Language, () => Promise<object>> = {
  en: () => import('@shared/i18n/en').then((m) => withPluralFallbacks(m.en)),
  fr: () => import('@shared/i18n/fr').then((m) => withPluralFallbacks(m.fr)),
};

function cookieLanguage(): Language | null {
  const match = /(?:^|;\s*)harambee_lang=([a-z]{2})/.exec(document.cookie);
  return match && isLanguage(match[1]) ? match[1] : null;
}

/** The language to start in, before anything is known about the visitor but their browser. */
export function initialLanguage(): Language {
  return cookieLanguage() ?? languageFromHeader(navigator.languages?.join(',') || navigator.language) ?? DEFAULT_LANGUAGE;
}

async function ensureLoaded(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', await loaders[language]());
}

/** Loads the starting language and sets i18next up; the app renders after it. */
export async function startI18n(): Promise<void> {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: await loaders[language]() } },
    // Keys contain no namespace; sentences may contain ':' (never split on it).
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

/** The current language (the server's messages follow it through Accept-Language). */
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);
/** The Intl locale of the current language, for the formatting module. */
export const currentLocale = (): string => LOCALES[currentLanguage()];

/** Switches the interface's language and remembers it in a cookie for a year. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export { i18next };
