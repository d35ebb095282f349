/**
 * The language switches (the header's before sign-in, the account settings'; docs/product.md §10): the languages' names, saving the choice,
 * and switching the running app. Apart from language.ts so that the first page (`/login`) does not
 * download them.
 */
import { i18n } from './index.ts';
import { LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, type Language } from './language.ts';
import { loadLanguageTexts } from './page-texts.ts';

export { LANGUAGE_NAMES };

/** Saves `lng` (a storage failure only means it is not remembered). */
export function saveLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode or storage full: the choice holds until the page is closed
  }
}

/**
 * Switches the app to `lng` (the language switch in the settings): loads its texts, changes
 * i18next's language (every `useTranslation` re-renders), saves the choice, sets `<html lang>`.
 */
export async function changeLanguage(lng: Language): Promise<void> {
  await loadLanguageTexts(lng);
  if (lng === 'es') await import('./errors-es.ts');
  await i18n.changeLanguage(lng);
  saveLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
