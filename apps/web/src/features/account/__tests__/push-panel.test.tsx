/**
 * Account → Settings, notifications on this device (docs/product.md §10, "Push notifications"): the
 * browser's permission and push subscription are stand-ins here (jsdom has neither); the calls to the
 * server carry this device's endpoint, keys, topics, quiet hours, time zone and language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const ENDPOINT = 'https://push.example.com/send/abc';
const SERVER_SUB = { endpoint: ENDPOINT, topics: ['day_report', 'upgrade', 'deposit_withdrawal', 'order_paid', 'low_balance', 'market', 'chest', 'quests', 'announcements'], quiet_start: null, quiet_end: null, time_zone: 'UTC', language: 'en', created_at: '2026-12-01T00:00:00.000Z' };

let browserSub: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null;
let permission: NotificationPermission;

beforeEach(() => {
  browserSub = null;
  permission = 'default';
  const pushManager = {
    getSubscription: async () => browserSub,
    subscribe: vi.fn(async () => {
      browserSub = { endpoint: ENDPOINT, toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BPUBLICKEY_0123456789abcdef', auth: 'AUTHSECRET_0123' } }), unsubscribe: async () => { browserSub = null; return true; } };
      return browserSub;
    }),
  };
  const reg = { pushManager, waiting: null, addEventListener: () => undefined, update: async () => undefined };
  vi.stubGlobal('PushManager', class {});
  const N = class {};
  Object.defineProperty(N, 'permission', { get: () => permission });
  Object.defineProperty(N, 'requestPermission', { value: async () => (permission = 'granted') });
  vi.stubGlobal('Notification', N);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => reg, getRegistration: async () => reg, ready: Promise.resolve(reg), controller: null, addEventListener: () => undefined },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device', () => {
  it('turns on (permission, subscribe with the VAPID key, store on the server), saves topics and quiet hours, turns off', async () => {
    let stored: typeof SERVER_SUB | null = null;
    const log = mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /push/key': { body: { public_key: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' } },
      'GET /push/subscriptions/current': () => ({ body: { subscription: stored } }),
      'POST /push/subscriptions': (req) => { stored = { ...SERVER_SUB, ...(req.body as object) } as typeof SERVER_SUB; return { body: { subscription: stored } }; },
      'POST /push/subscriptions/settings': (req) => { stored = { ...stored!, ...(req.body as object) }; return { body: { subscription: stored } }; },
      'POST /push/subscriptions/remove': () => { stored = null; return { body: { removed: true } }; },
    }));
    renderRoute('/account/settings', { signedIn: true });
    const onButton = await screen.findByTestId('push-on');
    await waitFor(() => expect((onButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(onButton);
    await waitFor(() => expect(screen.getByTestId('push-panel').textContent, JSON.stringify(log.map((r) => `${r.method} ${r.path}`))).toContain('Notifications are on for this device.'));
    const sub = log.find((r) => r.method === 'POST' && r.path === '/push/subscriptions')!;
    expect(sub.body).toMatchObject({ endpoint: ENDPOINT, keys: { p256dh: 'BPUBLICKEY_0123456789abcdef', auth: 'AUTHSECRET_0123' }, language: 'en', quiet_start: null });
    // every topic but the daily quests' push
    expect((sub.body as { topics: string[] }).topics).toHaveLength(8);
    expect((sub.body as { topics: string[] }).topics).not.toContain('quests');
    expect(screen.getByTestId('push-panel').textContent).toContain('Weekly chest ready to open');
    expect(screen.getByTestId('push-panel').textContent).toContain('New daily and weekly quests');

    fireEvent.click(screen.getByTestId('push-topic-announcements'));
    fireEvent.click(screen.getByTestId('push-quiet'));
    fireEvent.change(screen.getByTestId('push-quiet-from'), { target: { value: '23:00' } });
    fireEvent.click(screen.getByTestId('push-save'));
    await waitFor(() => expect(log.some((r) => r.path === '/push/subscriptions/settings')).toBe(true));
    const upd = log.find((r) => r.path === '/push/subscriptions/settings')!;
    expect(upd.body).toMatchObject({ endpoint: ENDPOINT, quiet_start: '23:00', quiet_end: '07:00' });
    expect((upd.body as { topics: string[] }).topics).not.toContain('announcements');

    fireEvent.click(await screen.findByTestId('push-off'));
    await screen.findByTestId('push-on');
    expect(log.some((r) => r.path === '/push/subscriptions/remove')).toBe(true);
    expect(browserSub).toBeNull();
  });

  it('says so when the browser blocks notifications, and when it has no push at all', async () => {
    permission = 'denied';
    mockHttp(signedInRoutes({ 'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } } }));
    const view = renderRoute('/account/settings', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('push-panel').textContent).toContain('Notifications are blocked for this site'));
    view.unmount();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderRoute('/account/settings', { signedIn: true });
    await screen.findByText(/This browser cannot receive push notifications/);
  });
});
