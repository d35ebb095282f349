import { useSyncExternalStore } from 'react';

/** True while the CSS media query `query` matches (false where `matchMedia` is missing: tests, SSR). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && !!window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** The width below which the header folds its controls into the account menu (app.css `max-width: 860px`). */
export const SMALL_SCREEN = '(max-width: 860px)';
