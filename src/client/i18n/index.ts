import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '@shared/i18n/en';
import { withPluralFallbacks } from '@shared/i18n/plurals';
import { DEFAULT_LANGUAGE, isLanguage, languageFromHeader, LOCALES, type Language } from '@shared/i18n/languages';
import { PUBLIC_TEXTS, PUBLIC_TEXT_PAGES, type TextPart } from '@shared/i18n/parts';

/*
 * The app's texts come from the catalogues in src/shared/i18n through i18next. Each language's
 * catalogue comes in two chunks, loaded only when that language is chosen: the public pages'
 * texts, and the app's, which only the other pages (and a signed-in visitor) load
 * (src/shared/i18n/parts.ts). The choice: a signed-in member's stored preference, else the cookie
 * the switcher wrote, else the browser's languages.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const LANGUAGE_COOKIE = 'harambee_lang';

// Each language's texts in two chunks (src/shared/i18n/parts.ts): the public pages' and the app's.
const loaders: Record<TextPart, Record<Language, () => Promise<object>>> = {
  public: {
    en: () => import('@shared/i18n/en/public').then((m) => withPluralFallbacks(m.enPublic)),
    fr: () => import('@shared/i18n/fr/public').then((m) => withPluralFallbacks(m.frPublic)),
  },
  app: {
    en: () => import('@shared/i18n/en/app').then((m) => withPluralFallbacks(m.enApp)),
    fr: () => import('@shared/i18n/fr/app').then((m) => withPluralFallbacks(m.frApp)),
  },
};
/** Whether the app's texts are wanted: from the first page that is not a public one (or a signed-in visitor) on, in every language chosen. */
let appWanted = false;
// Any area that is not the public part's is the app part's (or no area at all).
const PUBLIC_AREAS: ReadonlySet<string> = new Set(PUBLIC_TEXTS);
const loaded = new Map<string, Promise<void>>();

/** Adds a part of a language's texts to i18next (deep-merged into the one namespace), once. */
function loadPart(part: TextPart, language: Language): Promise<void> {
  const key = `${part}:${language}`;
  let done = loaded.get(key);
  if (!done) {
    done = loaders[part][language]().then((texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
    });
    // A failed load (the connection dropped) is tried again by the next call.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** The texts a page needs in `language`: the public part, and the app's once wanted. */
const ensureLoaded = (language: Language) => Promise.all([loadPart('public', language), appWanted ? loadPart('app', language) : undefined]).then(() => undefined);

/** The app's texts, for any page but the public ones (the router's root beforeLoad asks before such a page renders). */
export function ensureAppTexts(): Promise<void> {
  appWanted = true;
  return loadPart('app', currentLanguage());
}

/** Whether `pathname` can render with the public part alone (for a signed-out visitor). */
export const publicTextsSuffice = (pathname: string) => PUBLIC_TEXT_PAGES.includes(pathname);

function cookieLanguage(): Language | null {
  const match = /(?:^|;\s*)harambee_lang=([a-z]{2})/.exec(document.cookie);
  return match && isLanguage(match[1]) ? match[1] : null;
}

/** The language to start in, before anything is known about the visitor but their browser. */
export function initialLanguage(): Language {
  return cookieLanguage() ?? languageFromHeader(navigator.languages?.join(',') || navigator.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Loads the starting language's texts (the public part alone on a public page, else both, in
 * parallel) and sets i18next up; the app renders after it.
 */
export async function startI18n(pathname: string): Promise<void> {
  const language = initialLanguage();
  if (!publicTextsSuffice(pathname)) appWanted = true;
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: {},
    // Keys contain no namespace; sentences may contain ':' (never split on it).
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A text of the app's part asked for before that part is in (a public page reaching into it)
    // shows as its key: say so loudly, where the browser tests look.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      if (!PUBLIC_AREAS.has(key.slice(0, key.indexOf('.'))) && !loaded.has(`app:${currentLanguage()}`)) console.error(`Missing text (the app's part is not loaded): ${key}`);
    },
    // Components re-render when a part arrives (the app's, while a page already shows).
    react: { bindI18nStore: 'added' },
  });
  await ensureLoaded(language);
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
