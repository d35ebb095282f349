/**
 * i18next set-up: English (default, the fallback of every text) and Spanish (docs/product.md §10). The
 * frame's English texts are bundled and i18next is initialised synchronously in the saved language;
 * another language's frame texts (es.ts) are loaded apart, so a first page in English (`/login`)
 * does not download them: {@link frameTextsReady} says when the saved language's texts are in, and
 * main.tsx renders after it. The other pages' texts (page-texts.ts) and the error catalogue
 * (errors.ts) are added when first needed, in English and in the current language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { savedLanguage, type Language } from './language.ts';

const lng = savedLanguage();

void i18n.use(initReactI18next).init({
  lng,
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = lng;

let spanishFrame: Promise<void> | undefined;

/**
 * Adds the frame's texts of `lng` to i18next, loading them once (English is bundled: resolves at
 * once). Rejects when their chunk cannot be loaded.
 */
export function loadFrameTexts(lng: Language): Promise<void> {
  if (lng === 'en') return Promise.resolve();
  spanishFrame ??= import('./es.ts').then(({ es }) => void i18n.addResourceBundle('es', 'translation', es, true, false));
  return spanishFrame;
}

/**
 * Resolves when the frame's texts of the saved language are in i18next: at once in English; in
 * another language after its chunk loaded, or failed to (the texts then fall back to English).
 */
export const frameTextsReady: Promise<void> = loadFrameTexts(lng).catch(() => undefined);

export { i18n };
