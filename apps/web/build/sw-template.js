/*
 * The Kingdom's service worker (docs/product.md §10, "Installable app"). The build writes it as
 * dist/sw.js (build/service-worker.ts) with this release's VERSION and SHELL; a new release is a new
 * file, so the browser installs the new worker and the page offers "update available — reload"
 * (it waits until the player reloads: SKIP_WAITING).
 *
 * - API answers (`/api/…`) are never intercepted, never cached: they carry balances and money.
 * - Pages: the network first; offline, `/offline.html` ("you are offline", the last balances seen,
 *   marked as not current).
 * - Hashed build assets and icons: from the cache once fetched (they never change).
 * - Push: shows the notification the server sent (title, body, url; `tag` = the inbox notification,
 *   so a resend replaces it); a click opens its page in the app.
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE = `kingdom-${VERSION}`;
const OFFLINE = '/offline.html';
/** The offline page's own files, kept at install: the network first, the cache offline. */
const OFFLINE_FILES = [OFFLINE, '/offline.js', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll([...OFFLINE_FILES, '/icons/icon-192.png', ...SHELL])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('kingdom-') && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/metrics') return;
  if (req.mode === 'navigate') {
    event.respondWith(fetch(req).catch(async () => (await caches.match(OFFLINE)) || Response.error()));
    return;
  }
  if (OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(fetch(req).catch(async () => (await caches.match(req)) || Response.error()));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith((async () => {
      const hit = await caches.match(req);
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok) {
        const copy = res.clone();
        void caches.open(CACHE).then((c) => c.put(req, copy));
      }
      return res;
    })());
  }
});

/** Only the app's own pages open from a notification. */
function safePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/account/inbox';
}

self.addEventListener('push', (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch {
    msg = { title: 'Kingdom', body: event.data ? event.data.text() : '' };
  }
  const title = typeof msg.title === 'string' && msg.title ? msg.title : 'Kingdom';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof msg.body === 'string' ? msg.body : '',
    tag: typeof msg.tag === 'string' ? msg.tag : undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: safePath(msg.url) },
  }));
});

/** Opens `path` in the app: the open window navigates there (then takes the focus), else a new window. */
async function openInApp(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) {
    if (new URL(w.url).origin === self.location.origin && 'navigate' in w) {
      const moved = await w.navigate(target).catch(() => null);
      await (moved || w).focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const work = openInApp(safePath(event.notification.data && event.notification.data.url));
  try {
    event.waitUntil(work);
  } catch {
    // an event the page made (tests): the work runs all the same
  }
});
