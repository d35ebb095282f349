/** Loads the texts of the pages beyond the frame into i18next: English once, and each other language when it is used. */
import { i18n } from './index.ts';
import { isLanguage, saveLanguage, type Language } from './language.ts';

const loaded = new Map<Language, Promise<void>>();

/** The pages' texts of `lng` (English always, as the fallback). */
function loadBundle(lng: Language): Promise<void> {
  let p = loaded.get(lng);
  if (!p) {
    p = lng === 'es'
      ? import('./es-pages.ts').then(({ esPages }) => void i18n.addResourceBundle('es', 'translation', esPages, true, false))
      : import('./en-pages.ts').then(({ enPages }) => void i18n.addResourceBundle('en', 'translation', enPages, true, false));
    loaded.set(lng, p);
  }
  return p;
}

/** Adds the pages' texts (English and the current language) to the default namespace; resolves when they can be used. */
export function loadPageTexts(): Promise<void> {
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  return Promise.all([loadBundle('en'), lng === 'en' ? undefined : loadBundle(lng)]).then(() => undefined);
}

/**
 * Switches the app to `lng` (the language switch in the settings): loads its texts, changes
 * i18next's language (every `useTranslation` re-renders), saves the choice, sets `<html lang>`.
 */
export async function changeLanguage(lng: Language): Promise<void> {
  await Promise.all([loadBundle('en'), lng === 'en' ? undefined : loadBundle(lng)]);
  if (lng === 'es') await import('./errors-es.ts');
  await i18n.changeLanguage(lng);
  saveLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
