/** i18next set-up: English, resources bundled, initialised synchronously before the first render. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ERROR_MESSAGES, GENERIC_MESSAGES } from '@kingdom/api';
import { en } from './en.ts';

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en, errors: { ...ERROR_MESSAGES, ...GENERIC_MESSAGES } } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18n };

/**
 * Message of a catalogue code (spec §8) or of `unavailable`/`noData` (generic handling), through
 * i18n so every user-facing text has one source.
 */
export function errorText(code: string, fallback?: string): string {
  return i18n.t(code, { ns: 'errors', defaultValue: fallback ?? i18n.t('UNHANDLED_ERROR', { ns: 'errors' }) });
}
