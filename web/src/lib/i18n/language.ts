/**
 * The languages the app speaks (docs/product.md, Languages) and which one applies: once signed
 * in, the user's own (the account's `language`, kept on the server); before, the one last chosen
 * on this device, else the browser's (navigator.languages: the first English or Spanish entry;
 * English when there is none). No i18next here: the sign-in page, which starts before the app,
 * uses this module alone.
 */
export type Language = 'en' | 'es';

export const LANGUAGES: readonly Language[] = ['en', 'es'];

/** The i18next code of each language: its folder under src/locales. */
export const TEXTS_CODE: Record<Language, string> = { en: 'en-US', es: 'es' };

/** The locale dates and numbers are formatted in: US Spanish keeps US numbers and money ($1,234.50). */
export const FORMAT_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

const STORAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

/** The browser's language among the app's: the first English or Spanish entry of its list, else English. */
export function browserLanguage(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language chosen on this device (account page or the last signed-in user's), if any. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
}

/** The language a page opens in: the one stored on this device, else the browser's. */
export const startLanguage = (): Language => storedLanguage() ?? browserLanguage();

/** localStorage.clear() for sign-in and sign-out that keeps this device's language. */
export function clearStorageKeepingLanguage() {
  const language = storedLanguage();
  localStorage.clear();
  if (language) storeLanguage(language);
}
