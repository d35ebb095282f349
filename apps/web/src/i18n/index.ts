/**
 * i18next set-up: English, the frame's texts bundled, initialised synchronously before the first
 * render. The other pages' texts (page-texts.ts) and the error catalogue (errors.ts) are added when
 * first needed.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18n };
