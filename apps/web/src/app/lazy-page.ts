/**
 * Pages loaded on demand (`React.lazy`), with a count of the page chunks a render is waiting for so
 * the frame can show its progress bar while the next page's code arrives (the router keeps the old
 * page on screen meanwhile: its navigations are transitions). Code fetched ahead of any render (the
 * first page's, app/start.ts) is not counted: the frame shows its own spinner then, and a count that
 * changed in the middle of the frame's first render (a transition, rendered in slices) made React
 * throw that render away and redo it in one long task, since the frame reads the count through
 * `useSyncExternalStore`.
 */
import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { loadPageTexts as loadTexts } from '../i18n/page-texts.ts';

let loading = 0;
const listeners = new Set<() => void>();

function setLoading(delta: number): void {
  loading += delta;
  // React.lazy starts loading during render: tell subscribers after it, not in the middle of it.
  queueMicrotask(() => listeners.forEach((l) => l()));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a render waits for a page chunk. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}

/** A lazily loaded page whose code can also be fetched ahead of its first render. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/**
 * `React.lazy` that does not suspend once its code is here: React reads a lazy component's module
 * through `then`, and a promise calls back only in a later microtask — so even a preloaded page
 * suspended on its first render, showed its fallback, and React then kept that fallback on screen
 * ≥ 300 ms (docs/product.md §10: balances 0.55 s after a warm reload). A loaded module is handed over through
 * a thenable that calls back at once. With `showsProgress`, a render that has to wait for the code
 * counts in {@link usePageLoading} until it is here.
 */
export function lazyLoaded<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: { showsProgress?: boolean } = {}): LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> } {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m;
      return m;
    });
    pending.catch(() => {
      pending = undefined; // a failed load (offline, new deployment) is tried again
    });
    return pending;
  };
  const factory = () => {
    const done = loaded;
    if (done) {
      const thenable = { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(done) };
      return thenable as unknown as Promise<{ default: ComponentType<P> }>;
    }
    const loading = preload();
    if (options.showsProgress) {
      setLoading(1);
      loading.then(
        () => setLoading(-1),
        () => setLoading(-1),
      );
    }
    return loading;
  };
  return Object.assign(lazy(factory), { preload });
}

/** Loads the texts of the pages beyond the frame (i18n/en-pages.ts), requested at once (no waterfall). */
export function loadPageTexts(): Promise<void> {
  return loadTexts();
}

/**
 * A page component loaded on first render (or on {@link LazyPage.preload}) from `load()`'s module
 * export `name`, together with the pages' texts unless `frameTextsOnly` (the page uses only the
 * texts loaded with the app: i18n/en.ts). The module is fetched once.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, options: { frameTextsOnly?: boolean } = {}): LazyPage {
  return lazyLoaded(() => Promise.all([load(), options.frameTextsOnly ? undefined : loadPageTexts()]).then(([m]) => ({ default: m[name] as ComponentType })), { showsProgress: true });
}
