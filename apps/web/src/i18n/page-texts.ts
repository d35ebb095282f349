/** Loads the texts of the pages beyond the frame into i18next: English once, and each other language when it is used. */
import { i18n, loadFrameTexts } from './index.ts';
import { isLanguage, type Language } from './language.ts';

const loaded = new Map<Language, Promise<void>>();

/** The pages' texts of `lng` (English always, as the fallback), with its frame's texts. */
function loadBundle(lng: Language): Promise<void> {
  let p = loaded.get(lng);
  if (!p) {
    p = lng === 'es'
      ? Promise.all([loadFrameTexts('es'), import('./es-pages.ts')]).then(([, { esPages }]) => void i18n.addResourceBundle('es', 'translation', esPages, true, false))
      : import('./en-pages.ts').then(({ enPages }) => void i18n.addResourceBundle('en', 'translation', enPages, true, false));
    loaded.set(lng, p);
  }
  return p;
}

/** Adds the pages' texts of `lng` and of English (its fallback) to the default namespace; resolves when they can be used. */
export function loadLanguageTexts(lng: Language): Promise<void> {
  return Promise.all([loadBundle('en'), lng === 'en' ? undefined : loadBundle(lng)]).then(() => undefined);
}

/** Adds the pages' texts (English and the current language) to the default namespace; resolves when they can be used. */
export function loadPageTexts(): Promise<void> {
  return loadLanguageTexts(isLanguage(i18n.language) ? i18n.language : 'en');
}
