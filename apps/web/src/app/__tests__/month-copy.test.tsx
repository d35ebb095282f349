/**
 * Phone and copy (issue 39 item 7): plurals through the i18n plural rules in both languages, the
 * Valley's lead says "tap" on a touch screen and a land chosen on the map brings its panel into
 * view, /connect's titles, a wallet that is not installed, "You can do better".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VALLEY_PATHS } from '@kingdom/api';
import { encodeValleyMap, type ValleyMapLand } from '@kingdom/game';
import { mockHttp } from '../../test/mock-http.ts';
import { TEST_NOW, land, mine, signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/language-switch.ts';
import { i18n } from '../../i18n/index.ts';
import { useSession } from '../../session/session-store.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('plurals (issue 39 item 7)', () => {
  it('one item, one land, one message: singular words, in English and Spanish', async () => {
    mockHttp(signedInRoutes({ 'GET /inventory/count': { body: { count: 1 } }, 'GET /user/total_lands': { body: { total_lands: 1 } } }));
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('total-items-caption').textContent).toBe('item in inventory'));
    expect(screen.getByTestId('total-items').textContent).toBe('1');
    expect(screen.getByTestId('total-lands-caption').textContent).toBe('owned land');
    await changeLanguage('es');
    await waitFor(() => expect(screen.getByTestId('total-items-caption').textContent).toBe('objeto en el inventario'));
    expect(screen.getByTestId('total-lands-caption').textContent).toBe('tierra propia');
  });

  it('the inbox counts "1 message"', async () => {
    mockHttp(signedInRoutes({ 'GET /notifications': { body: { notifications: [], total: 1, unread: 1, page: 1, per_page: 20 } } }));
    renderRoute('/account/inbox', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('inbox-unread').textContent).toBe('1 message · 1 unread'));
    await changeLanguage('es');
    await waitFor(() => expect(screen.getByTestId('inbox-unread').textContent).toBe('1 mensaje · 1 sin leer'));
  });

  it('a mine with one worker: "1 ocupado" in Spanish', async () => {
    const a = land(1, 'AA01', { goldmine_level: 3 });
    mockHttp(signedInRoutes({ 'GET /goldmine/mines': { body: { mines: [mine('goldmine', a, 3, { workers: { 1: { name: 'Gnome #1', rarity: 'epic', works_from: '2025-03-09' } } })], now: TEST_NOW } } }));
    renderRoute('/goldmine/workers', { signedIn: true });
    const card = (await screen.findAllByTestId('mine-card'))[0]!;
    within(card).getByText('3 open slots · 1 staffed');
    await changeLanguage('es');
    await waitFor(() => within(card).getByText('3 puestos abiertos · 1 ocupado'));
  });

  it('the effectivity words read "You can do better"', () => {
    expect(i18n.t('effectivity.2')).toBe('You can do better');
  });
});

describe('the Valley on a phone (issue 39 item 7)', () => {
  const lands: ValleyMapLand[] = [{ id: 1, q: 0, r: 0, size: 'SMALL', biome: 'forest', goldmineLevel: 1, workers: 0, owner: null, minted: false }];

  it('says "tap" on a touch screen, and a land chosen on the map scrolls its panel into view', async () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q === '(pointer: coarse)', media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrolled });
    // the panel below the fold of a 390×844 phone, as walked (its top at y≈826)
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.className === 'valley__panel-box' ? { top: 826, bottom: 1126, left: 0, right: 390, width: 390, height: 300, x: 0, y: 826 } : { top: 0, bottom: 100, left: 0, right: 390, width: 390, height: 100, x: 0, y: 0 }) as DOMRect;
    });
    mockHttp(signedInRoutes({ [`GET ${VALLEY_PATHS.map}`]: { body: encodeValleyMap(lands) }, [`GET ${VALLEY_PATHS.mine}`]: { body: { ids: [] } } }));
    renderRoute('/valley');
    await screen.findByText(/Drag to pan, pinch to zoom, tap a land\./);
    expect(screen.queryByText(/click a land/)).toBeNull();
    const map = await screen.findByRole('application');
    fireEvent.keyDown(map, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('valley-panel-name').textContent).toBe('E00S00'));
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    await changeLanguage('es');
    await screen.findByText(/toca una tierra/);
    delete (window as { matchMedia?: unknown }).matchMedia;
  });
});

describe('/connect (issue 39 item 7)', () => {
  it('names the wallet once in its title and says a wallet that is not installed is not installed, with the install link', async () => {
    mockHttp(signedInRoutes());
    useSessionWithoutWallet();
    renderRoute('/connect/eternl', { signedIn: true });
    useSession.setState({ walletAddress: '', walletType: '', walletApiName: '' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connect your wallet: Eternl'));
    await waitFor(() => expect(screen.getAllByText('Eternl is not installed in this browser. Install it, then come back to this page.').length).toBeGreaterThan(0));
    expect(screen.queryByText('Wallet is not selected!')).toBeNull();
    expect(screen.getByRole('link', { name: /Eternl/ }).getAttribute('href')).toMatch(/^https:/);
    await changeLanguage('es');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Conecta tu billetera: Eternl'));
  });
});

/** The session signed in but its wallet disconnected (so /connect tries to connect it); no window.cardano. */
function useSessionWithoutWallet(): void {
  delete (window as { cardano?: unknown }).cardano;
}
