/** The languages Harambee speaks; English is the default and the REST API's unless asked otherwise. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

/** The locale Intl formats with for each language. */
export const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first supported language of an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8"), by its
 * quality order; English when the header names none we speak.
 */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestQ = -1;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const base = tag!.trim().toLowerCase().split('-')[0];
    if (!isLanguage(base)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = base;
      bestQ = q;
    }
  }
  return best;
}
