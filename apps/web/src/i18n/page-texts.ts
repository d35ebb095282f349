/** Loads the texts of the pages beyond the frame (en-pages.ts) into i18next, once. */
import { i18n } from './index.ts';

let loaded: Promise<void> | undefined;

/** Adds the pages' texts to the default namespace; resolves when they can be used. */
export function loadPageTexts(): Promise<void> {
  loaded ??= import('./en-pages.ts').then(({ enPages }) => {
    i18n.addResourceBundle('en', 'translation', enPages, true, false);
  });
  return loaded;
}
