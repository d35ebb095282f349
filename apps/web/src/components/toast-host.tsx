/** Mounts the one toast container once the first toast is asked for (see notify.ts). */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { onToastsRequested, toastsRequested } from './notify.ts';

const Toasts = lazy(() => import('./toast-container.tsx'));

/** The toast container, or nothing while no toast has been asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
