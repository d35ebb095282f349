/**
 * The installable app's notices (docs/product.md §10, "Installable app"): "update available — reload"
 * when a new release's service worker waits, the install offer (only after the first claimed quest),
 * and "you are offline". Nothing loads until one of them has something to say.
 */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { onPwaChange, pwaState } from './pwa.ts';

const Banner = lazy(() => import('./pwa-banner.tsx'));

function onOnlineChange(l: () => void): () => void {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => { window.removeEventListener('online', l); window.removeEventListener('offline', l); };
}

const snapshot = () => {
  const s = pwaState();
  return `${s.updateWaiting ? 'u' : ''}${s.canInstall ? 'i' : ''}`;
};

/** Mounted once by the app's providers. */
export function PwaHost() {
  const state = useSyncExternalStore(onPwaChange, snapshot, () => '');
  const offline = useSyncExternalStore(onOnlineChange, () => !navigator.onLine, () => false);
  if (!state && !offline) return null;
  return (
    <Suspense fallback={null}>
      <Banner update={state.includes('u')} install={state.includes('i')} offline={offline} />
    </Suspense>
  );
}
