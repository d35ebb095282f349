/**
 * i18next set-up: English (default, the fallback of every text) and Spanish (issue 18), the frame's
 * texts bundled, initialised synchronously before the first render in the saved language. The
 * other pages' texts (page-texts.ts) and the error catalogue (errors.ts) are added when first
 * needed, in English and in the current language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { es } from './es.ts';
import { savedLanguage } from './language.ts';

const lng = savedLanguage();

void i18n.use(initReactI18next).init({
  lng,
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  resources: { en: { translation: en }, es: { translation: es } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = lng;

export { i18n };
