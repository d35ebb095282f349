/**
 * The installable app and push notifications in headless Chromium (docs/product.md §10, issue 40):
 * the service worker registers and controls the page, the manifest is valid and the page installable
 * (Chromium's own installability check, the one Lighthouse reads), a push delivered to the worker
 * through the DevTools protocol (`ServiceWorker.deliverPushMessage`) shows a notification with its
 * text, and its click opens the notification's page; offline, a reload shows the offline shell with
 * the last balances seen, marked as not current. Then the Settings panel on a phone in Spanish.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, expectPath, launchBrowser, newDemoPlayerIn, withPage } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('installable app and push', () => {
  test('service worker, manifest, a push shown and opened, the offline shell (desktop, en)', async () => {
    await withPage(browser, 'push-desktop', { viewport: { width: 1280, height: 900 } }, async (w) => {
      const { page, context } = w;
      await context.grantPermissions(['notifications'], { origin: baseUrl() });
      await newDemoPlayerIn(w, 'en');
      await page.goto('/account/balances');
      // the balances seen are kept for the offline page
      await expect.poll(() => page.evaluate(() => localStorage.getItem('kingdom.lastBalances')), { timeout: 20_000 }).toContain('"exo"');
      // the worker controls the page
      await new Promise((r) => setTimeout(r, 3000));
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toBe(`${baseUrl()}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest') as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Kingdom', display: 'standalone', start_url: '/dashboard/overview?source=app' });
      // every installability criterion holds but the one the test's browser context sets: a fresh context is incognito
      const installable = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: Array<{ errorId: string }> };
      expect(installable.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

      // a push, as the push service would hand it to the worker (decrypted)
      const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseUrl()}/`)?.registrationId ?? null, { timeout: 10_000 }).not.toBeNull();
      const registrationId = registrations.find((r) => r.scopeURL === `${baseUrl()}/`)!.registrationId;
      const payload = { title: 'Gold mine daily report', body: 'Your report of 2026-11-30 is ready.', url: '/account/balances?token=exo', tag: 'n42' };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: JSON.stringify(payload) });
      const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })));
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: payload.title, body: payload.body, tag: 'n42', url: payload.url }]);
      // the same notification again (a resend): replaced, not doubled
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: JSON.stringify(payload) });
      await new Promise((r) => setTimeout(r, 500));
      expect(await shown()).toHaveLength(1);

      // its click opens its page in the app
      await page.goto('/account/inbox');
      const worker = context.serviceWorkers().find((s) => s.url() === `${baseUrl()}/sw.js`);
      expect(worker).toBeTruthy();
      await worker!.evaluate(async () => {
        const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
        const [n] = await sw.registration.getNotifications({ tag: 'n42' });
        const NE = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
        sw.dispatchEvent(new NE('notificationclick', { notification: n! }));
      });
      await expectPath(page, '/account/balances');
      await w.shot('push-opened');

      // offline: the shell, with the last balances marked as not current; no API answer was cached
      await context.setOffline(true);
      await page.reload().catch(() => undefined);
      const offline = page.getByTestId('offline-page');
      await expect.poll(() => offline.count(), { timeout: 20_000 }).toBe(1);
      const text = await offline.innerText();
      expect(text).toContain('You are offline');
      expect(text).toMatch(/Last balances seen on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC — not current/);
      expect(text).toContain('EXO');
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
      await w.shot('offline');
      await context.setOffline(false);
      expect(w.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR/.test(e))).toEqual([]);
    });
  });

  test('the Settings panel on a phone, in Spanish', async () => {
    await withPage(browser, 'push-phone', { phone: true }, async (w) => {
      const { page } = w;
      await newDemoPlayerIn(w, 'es');
      await page.goto('/account/settings');
      const panel = page.getByTestId('push-panel');
      await expect.poll(() => panel.count(), { timeout: 20_000 }).toBe(1);
      expect(await panel.getByRole('heading').textContent()).toBe('Notificaciones en este dispositivo');
      await expect.poll(() => panel.getByTestId('push-on').isEnabled(), { timeout: 10_000 }).toBe(true);
      const box = await panel.getByTestId('push-on').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      await panel.scrollIntoViewIfNeeded();
      await w.shot('push-settings-es');
    });
  });
});
