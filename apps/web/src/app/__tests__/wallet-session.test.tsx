/**
 * The wallet session as the spec says (docs/product.md §2 /connect/:type, §3 has_update and selectedLand, §4
 * wallet disconnect alone, §8 success toasts): disconnect keeps the session, the account menu names
 * the address once, the navigation marks a land update, a finished upgrade is toasted while online,
 * an unknown wallet type answers ERROR_WALLET_SELECT_API, the mines open on the selected land.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@kingdom/api';
import { mockHttp } from '../../test/mock-http.ts';
import { TEST_NOW, TEST_USER, signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { useSession } from '../../session/session-store.ts';
import { succeededUpgrade } from '../signed-in.tsx';
import { openOnSelected } from '../../features/mines/mines-workers-panel.tsx';
import { walletType } from '../../features/auth/connect-wallet.ts';

const note = (id: number, type: Notification['type'], data: Record<string, unknown>): Notification => ({ id, type, data, read: false, created_at: TEST_NOW });

describe('wallet session', () => {
  it('"Disconnect wallet" clears the wallet fields of docs/product.md §4 and keeps the session', async () => {
    const log = mockHttp(signedInRoutes());
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    useSession.setState({ walletHandle: 'aldric', isHD: true });
    await user.click(await screen.findByRole('button', { name: 'Disconnect wallet' }));
    await screen.findByText('Wallet disconnected');
    const s = useSession.getState();
    expect([s.walletAddress, s.walletType, s.walletApiName, s.walletHandle, s.isHD]).toEqual(['', '', '', '', false]);
    expect([s.isAuth, s.token, s.userName]).toEqual([true, 'test-token', 'Aldric']);
    // the server was told: the active wallet is a server fact (issue 36 item 16)
    expect(log.some((r) => r.method === 'POST' && r.path === '/auth/wallet/disconnect')).toBe(true);
    // the menu offers the same wallet again, through /connect/:type
    expect(screen.getByTestId('connect-wallet-link').getAttribute('href')).toBe('/connect/eternl');
    expect(screen.queryByTestId('header-address')).toBeNull();
  });

  it('the account menu shows the address once when the player kept the default name (the shortened address)', async () => {
    // a new account is named after its address, shortened as the server does (8 + 6)
    mockHttp(signedInRoutes({ 'GET /dashboard/user': { body: { user: { ...TEST_USER, user_name: 'addr_tes...xrcya6' } } } }));
    renderRoute('/dashboard/overview', { signedIn: true });
    const panel = await screen.findByTestId('header-address');
    await waitFor(() => expect(useSession.getState().userName).toBe('addr_tes...xrcya6'));
    const menu = panel.closest('#account-panel') as HTMLElement;
    expect(within(menu).getAllByText(/addr_tes/)).toHaveLength(1);
    expect(within(menu).queryByText('addr_tes...xrcya6')).toBeNull();
  });

  it('the navigation marks Lands while any land has an update', async () => {
    mockHttp(signedInRoutes({ 'GET /lands/updates': { body: { any_update: true, lands: ['E03N12'] } } }));
    renderRoute('/dashboard/overview', { signedIn: true });
    const mark = await screen.findByTestId('nav-mark');
    expect(mark.closest('a')!.getAttribute('href')).toBe('/dashboard/inventory/lands');
    expect(mark.textContent).toBe('A land has an update');
  });

  it('no mark without an update', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/dashboard/overview', { signedIn: true });
    await screen.findByTestId('header-address');
    await waitFor(() => expect(screen.queryByTestId('nav-mark')).toBeNull());
  });

  it('an upgrade that finishes while the player is online is toasted once ("upgrade succeeded"); older ones are not', async () => {
    let list: Notification[] = [note(1, 'goldmine_upgrade_success', { hex_name: 'A01B01', level: 2 })];
    let today = TEST_NOW.slice(0, 10);
    mockHttp(signedInRoutes({
      'GET /notifications': () => ({ body: { notifications: list, total: list.length, unread: list.length, page: 1, per_page: 20 } }),
      'GET /demo/clock': () => ({ body: { now: `${today}T09:00:00.000Z`, today, last_settled: '2025-03-09' } }),
      'POST /demo/tick': () => {
        today = '2025-03-11';
        list = [note(3, 'goldmine_upgrade_success', { hex_name: 'E03N12', level: 4, success: true }), note(2, 'frenmine_upgrade', { hex_name: 'E03N12', level: 2, success: false }), ...list];
        return { body: { now: '2025-03-11T09:00:00.000Z', today, last_settled: '2025-03-10', settled: ['2025-03-10'] } };
      },
    }));
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('game-day').textContent).toBe('2025-03-10'));
    await user.click(screen.getByRole('button', { name: 'Advance one day' }));
    await screen.findByText('Upgrade succeeded: The gold mine of E03N12 is now level 4');
    expect(screen.queryByText(/A01B01 is now level 2/)).toBeNull();
    expect(screen.queryByText(/fren mine of E03N12/)).toBeNull();
  });

  it('/connect/nonsense says the wallet type is unknown (not "contact support"); /connect/eternl names Eternl', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/connect/nonsense', { signedIn: true });
    expect((await screen.findAllByText('This game knows no wallet of that name. Choose your wallet on the login page.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connect a wallet');
    expect(screen.getByText('Unknown wallet type: “nonsense”')).toBeTruthy();
    expect(walletType('eternl', false)).toMatchObject({ chain: 'cardano', apiName: 'eternl', label: 'Eternl' });
    expect(walletType('phantom', false)).toMatchObject({ chain: 'solana', apiName: 'phantom' });
    expect(walletType('demo', false)).toBeNull();
    expect(walletType('demo', true)).toMatchObject({ chain: 'cardano', apiName: 'demo' });
    expect(walletType('nonsense', true)).toBeNull();
  });
});

describe('pure parts', () => {
  it('succeededUpgrade: gold success, fren success only with success true', () => {
    expect(succeededUpgrade(note(1, 'goldmine_upgrade_success', { hex_name: 'X', level: 3 }))).toEqual({ mine: 'goldmine', hexName: 'X', level: 3 });
    expect(succeededUpgrade(note(1, 'frenmine_upgrade', { hex_name: 'X', level: 2, success: true }))).toEqual({ mine: 'frenmine', hexName: 'X', level: 2 });
    expect(succeededUpgrade(note(1, 'frenmine_upgrade', { hex_name: 'X', level: 2, success: false }))).toBeNull();
    expect(succeededUpgrade(note(1, 'goldmine_upgrade_failed', { hex_name: 'X', level: 2 }))).toBeNull();
  });

  it('openOnSelected: the selected land first, the rest in order; unknown or empty leaves the order', () => {
    const m = (h: string) => ({ land: { hex_name: h } });
    expect(openOnSelected([m('A'), m('B'), m('C')], 'C').map((x) => x.land.hex_name)).toEqual(['C', 'A', 'B']);
    expect(openOnSelected([m('A'), m('B')], 'Z').map((x) => x.land.hex_name)).toEqual(['A', 'B']);
    expect(openOnSelected([m('A'), m('B')], '').map((x) => x.land.hex_name)).toEqual(['A', 'B']);
  });
});
