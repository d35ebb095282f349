/**
 * The player's language (docs/product.md §10): English (default) or Spanish, chosen in the account settings
 * (language-switch.ts, which saves it) and kept in local storage under {@link LANGUAGE_STORAGE_KEY}
 * (logout keeps it on purpose: it is this browser's setting, not the session's). `<html lang>`
 * follows it. What the first page needs to start in it; the switch's parts load with the settings.
 */

/** The languages the app speaks; the first is the default and the fallback of every text. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

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
