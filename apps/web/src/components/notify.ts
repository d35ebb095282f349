/**
 * Toast helpers. Toasts appear top-right, close after 5000 ms, dark theme (docs/product.md §9); those options
 * live on the one toast container (components/toast-host.tsx). The message doubles as toast id so a
 * burst of failing calls shows one toast, not ten.
 *
 * react-toastify is loaded with the first toast, not with the first page: toasts asked for before
 * its container is mounted wait here until it is (react-toastify's own queue loses them when React's
 * StrictMode mounts the new container twice in development).
 */
type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();
let containerMounted: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});

/** Called by the toast container once it is mounted: the toasts waiting for it are shown. */
export function toastContainerMounted(): void {
  containerMounted();
}

/** Loads react-toastify once and tells the toast host to mount its container. */
function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    listeners.forEach((l) => l());
    toastify.catch(() => {
      // offline or a stale deployment: the next toast tries again
      toastify = undefined;
    });
  }
  return toastify;
}

/** True once a toast has been asked for (the container is then needed). */
export function toastsRequested(): boolean {
  return toastify !== undefined;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of the toasts on screen or waiting for a place (the container shows at most 3). */
const live = new Set<string>();
let watching = false;

/**
 * Shows a toast with react-toastify's `toast` once it is loaded and its container mounted — unless
 * the same message is already on screen or waiting: a message never shows twice at once.
 */
function show(id: string, display: (toast: Toastify['toast']) => void): void {
  if (live.has(id)) return;
  live.add(id);
  loadToastify().then(
    async ({ toast }) => {
      if (!watching) {
        watching = true;
        toast.onChange((item) => {
          if (item.status === 'removed' && typeof item.id === 'string') live.delete(item.id);
        });
      }
      await containerReady;
      display(toast);
    },
    () => live.delete(id),
  );
}

/** Shows an error toast. */
export function notifyError(message: string): void {
  const id = `error:${message}`;
  show(id, (toast) => toast.error(message, { toastId: id }));
}

/** Shows a success toast. */
export function notifySuccess(message: string): void {
  const id = `success:${message}`;
  show(id, (toast) => toast.success(message, { toastId: id }));
}

/** Forgets which toasts are live (tests dismiss every toast between cases). */
export function forgetToasts(): void {
  live.clear();
}
