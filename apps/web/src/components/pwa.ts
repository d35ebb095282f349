/**
 * The installable app's glue (docs/product.md §10, "Installable app"): registers the service worker
 * (`/sw.js`, apps/web/public), tells the page when a new release's worker waits (the "update available —
 * reload" prompt), keeps the install offer the browser makes until a sensible moment (after the first
 * claimed quest), and remembers the last balances seen for the offline page.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let installEvent: (Event & { prompt(): Promise<void> }) | null = null;
let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** localStorage key: a quest was claimed on this browser (the install offer may show from then on). */
export const QUEST_CLAIMED_KEY = 'kingdom.questClaimed';
/** localStorage key: the player dismissed the install offer. */
export const INSTALL_DISMISSED_KEY = 'kingdom.installDismissed';
/** localStorage key: the last balances seen (token → base units) and when, for the offline page. */
export const LAST_BALANCES_KEY = 'kingdom.lastBalances';

function emit(): void {
  for (const l of listeners) l();
}

/** Subscribes to changes of {@link pwaState}; returns the unsubscribe. */
export function onPwaChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** What the frame shows: an update waiting, an install offer ready. */
export function pwaState(): { updateWaiting: boolean; canInstall: boolean } {
  let claimed = false;
  let dismissed = false;
  try {
    claimed = localStorage.getItem(QUEST_CLAIMED_KEY) === '1';
    dismissed = localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch { /* storage blocked: no offer */ }
  return { updateWaiting: waiting !== null, canInstall: installEvent !== null && claimed && !dismissed };
}

function watch(reg: ServiceWorkerRegistration): void {
  const consider = (w: ServiceWorker | null) => {
    // a waiting worker while a page is controlled is a new release; the first install is not an update
    if (w && navigator.serviceWorker.controller) {
      waiting = w;
      emit();
    }
  };
  consider(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    w?.addEventListener('statechange', () => { if (w.state === 'installed') consider(w); });
  });
}

/** Registers `/sw.js` once (null where service workers are unavailable, e.g. http outside localhost). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return (registration = Promise.resolve(null));
  registration = navigator.serviceWorker.register('/sw.js', { scope: '/' }).then((reg) => {
    watch(reg);
    // a new release is looked for when the page comes back to the foreground
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') void reg.update().catch(() => undefined); });
    return reg;
  }, () => null);
  return registration;
}

/** Starts the glue: the worker, the install offer's event. Called once by the app's start. */
export function startPwa(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // not on the first visit: the offer waits for the first claimed quest
    installEvent = e as Event & { prompt(): Promise<void> };
    emit();
  });
  window.addEventListener('appinstalled', () => { installEvent = null; emit(); });
  void registerServiceWorker();
}

/** Activates the waiting release and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Shows the browser's install dialog (the offer's button). */
export async function promptInstall(): Promise<void> {
  const e = installEvent;
  installEvent = null;
  emit();
  await e?.prompt();
}

/** The player declined the offer: not asked again on this browser. */
export function dismissInstall(): void {
  try { localStorage.setItem(INSTALL_DISMISSED_KEY, '1'); } catch { /* ignore */ }
  emit();
}

/** A quest was claimed: from now on the install offer may show. */
export function noteQuestClaimed(): void {
  try { localStorage.setItem(QUEST_CLAIMED_KEY, '1'); } catch { /* ignore */ }
  emit();
}

/** Remembers a balance seen (base units) for the offline page, which marks it as not current. */
export function rememberBalance(token: string, balance: string): void {
  try {
    const prev = JSON.parse(localStorage.getItem(LAST_BALANCES_KEY) ?? '{}') as { balances?: Record<string, string> };
    localStorage.setItem(LAST_BALANCES_KEY, JSON.stringify({ balances: { ...prev.balances, [token]: balance }, at: new Date().toISOString() }));
  } catch { /* storage blocked */ }
}
