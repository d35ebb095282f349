/**
 * The player's language (issue 18): English (default) or Spanish, chosen in the account settings
 * and kept in local storage under {@link LANGUAGE_STORAGE_KEY} (logout keeps it on purpose: it is
 * this browser's setting, not the session's). `<html lang>` follows it.
 */

/** The languages the app speaks; the first is the default and the fallback of every text. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'kingdom.language';

/** True when `v` is a language the app speaks. */
export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** The saved language, else English. */
export function savedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

/** Saves `lng` (a storage failure only means it is not remembered). */
export function saveLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode or storage full: the choice holds until the page is closed
  }
}
