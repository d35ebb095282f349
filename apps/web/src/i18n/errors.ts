/**
 * The error catalogue (docs/product.md §8) as the i18n namespace `errors`, added when this module loads: with
 * the first failed call or a page that explains failures, not with the first page. English from
 * `@kingdom/api`; Spanish from errors-es.ts, loaded with it when Spanish is the language.
 */
import { ERROR_MESSAGES, GENERIC_MESSAGES } from '@kingdom/api';
import { i18n } from './index.ts';

i18n.addResourceBundle('en', 'errors', { ...ERROR_MESSAGES, ...GENERIC_MESSAGES }, true, false);
if (i18n.language === 'es') void import('./errors-es.ts');

/**
 * Message of a catalogue code (docs/product.md §8) or of `unavailable`/`noData` (generic handling), through
 * i18n so every user-facing text has one source.
 */
export function errorText(code: string, fallback?: string): string {
  return i18n.t(code, { ns: 'errors', defaultValue: fallback ?? i18n.t('UNHANDLED_ERROR', { ns: 'errors' }) });
}
