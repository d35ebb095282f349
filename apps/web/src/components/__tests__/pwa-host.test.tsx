/**
 * The installable app's notices (docs/product.md §10, "Installable app"): the browser's install offer
 * is held back until the first claimed quest and "Not now" is remembered; a new release's waiting
 * worker brings "a new version is available — Reload", which activates it; offline is said.
 * The service worker container is a stand-in (jsdom has none).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PwaHost } from '../pwa-host.tsx';
import { INSTALL_DISMISSED_KEY, QUEST_CLAIMED_KEY, noteQuestClaimed, startPwa } from '../pwa.ts';

type Listener = (e: unknown) => void;
const regListeners: Record<string, Listener> = {};
const waitingWorker = { postMessage: vi.fn(), state: 'installed', addEventListener: (_t: string, l: Listener) => { regListeners.statechange = l; } };
const reg = { waiting: null as unknown, installing: null as unknown, addEventListener: (t: string, l: Listener) => { regListeners[t] = l; }, update: async () => undefined };

beforeEach(() => {
  localStorage.removeItem(QUEST_CLAIMED_KEY);
  localStorage.removeItem(INSTALL_DISMISSED_KEY);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => reg, controller: {}, addEventListener: vi.fn() },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('installable app notices', () => {
  it('holds the install offer until the first claimed quest, remembers "Not now", and offers a waiting release', async () => {
    startPwa();
    render(<PwaHost />);
    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt });
    act(() => { window.dispatchEvent(offer); });
    expect(offer.defaultPrevented).toBe(true); // the browser's own banner is held back
    expect(screen.queryByTestId('install-offer')).toBeNull(); // first visit: no offer
    act(() => noteQuestClaimed());
    const box = await screen.findByTestId('install-offer');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    expect(screen.queryByTestId('install-offer')).toBeNull();
    expect(box.textContent).toContain('Install');

    // a new release: its worker installed and waits while this page is controlled
    await act(async () => {
      await Promise.resolve();
      reg.installing = waitingWorker;
      regListeners.updatefound?.(new Event('updatefound'));
      regListeners.statechange?.(new Event('statechange'));
    });
    await screen.findByTestId('update-notice');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waitingWorker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('says when the browser is offline', async () => {
    render(<PwaHost />);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => { window.dispatchEvent(new Event('offline')); });
    expect((await screen.findByTestId('offline-notice')).textContent).toContain('You are offline');
    online.mockRestore();
  });
});
