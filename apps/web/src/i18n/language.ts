/**
 * The player's language (docs/product.md §10): English (default) or Spanish. Until the player chooses,
 * the browser's (`navigator.languages`, first one the app speaks); a choice (the switch in the header
 * before sign-in or in the account settings, language-switch.ts saves it) is kept in local storage
 * under {@link LANGUAGE_STORAGE_KEY}
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

/** Each language's name in itself, for the switches. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The first of the browser's preferred languages (`navigator.languages`, BCP 47 tags such as `es-AR`)
 * whose primary subtag the app speaks; undefined when none is (or there is no browser).
 */
export function browserLanguage(preferred: readonly string[] | undefined = globalThis.navigator?.languages): Language | undefined {
  for (const tag of preferred ?? []) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The chosen (saved) language, else the browser's, else English. */
export function savedLanguage(): Language {
  let v: string | null | undefined;
  try {
    v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    v = undefined;
  }
  return isLanguage(v) ? v : (browserLanguage() ?? 'en');
}
