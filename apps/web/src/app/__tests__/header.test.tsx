import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../test/mock-http.ts';
import { TEST_NOW, TEST_USER, signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { DEMO_STORAGE_KEYS } from '../../wallets/demo/index.ts';
import { SESSION_STORAGE_KEY, useSession } from '../../session/session-store.ts';

describe('header', () => {
  it('shows the signed-in wallet address, shortened, with the whole address in its title', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/dashboard/overview', { signedIn: true });
    const address = await screen.findByTestId('header-address');
    expect(address.getAttribute('title')).toBe('addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6');
    expect(address.getAttribute('data-address')).toBe('addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6');
    screen.getByRole('button', { name: 'Copy the wallet address' });
  });

  it("shows the wallet's ADA Handle (the spec's wallet handle) in place of the address, and on the account page", async () => {
    mockHttp(signedInRoutes({ 'GET /dashboard/user': { body: { user: { ...TEST_USER, wallet_handle: 'aldric' } } } }));
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    expect((await screen.findByTestId('header-handle')).textContent).toBe('$aldric');
    expect(screen.getByTestId('header-address').getAttribute('title')).toBe('addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6');
    expect(useSession.getState().walletHandle).toBe('aldric');
    await user.click(screen.getByRole('link', { name: /Citizen/ }));
    expect((await screen.findByTestId('wallet-handle')).textContent).toBe('$aldric');
  });

  it('demo mode: the game clock advances one day, toasts the settled day and refreshes balances and notifications', async () => {
    let today = TEST_NOW.slice(0, 10);
    const log = mockHttp(
      signedInRoutes({
        'GET /demo/clock': () => ({ body: { now: `${today}T09:00:00.000Z`, today, last_settled: '2025-03-09' } }),
        'POST /demo/tick': (req) => {
          expect(req.body).toEqual({ days: 1 });
          today = '2025-03-11';
          return { body: { now: '2025-03-11T09:00:00.000Z', today, last_settled: '2025-03-10', settled: ['2025-03-10'] } };
        },
      }),
    );
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('game-day').textContent).toBe('2025-03-10'));
    const before = { balance: log.filter((r) => r.path === '/user/balance/exo').length, count: log.filter((r) => r.path === '/notifications/count').length };
    await user.click(screen.getByRole('button', { name: 'Advance one day' }));
    await screen.findByText('Day 2025-03-10 settled');
    expect(screen.getByTestId('game-day').textContent).toBe('2025-03-11');
    await waitFor(() => expect(log.filter((r) => r.path === '/user/balance/exo').length).toBeGreaterThan(before.balance));
    expect(log.filter((r) => r.path === '/notifications/count').length).toBeGreaterThan(before.count);
    expect(log.find((r) => r.method === 'POST' && r.path === '/demo/tick')!.headers.authorization).toBe('Bearer test-token');
  });

  it('logout clears local storage but keeps the demo wallet keys', async () => {
    localStorage.setItem(DEMO_STORAGE_KEYS.cardano, 'a'.repeat(64));
    localStorage.setItem(DEMO_STORAGE_KEYS.solana, 'b'.repeat(64));
    localStorage.setItem('something-else', 'x');
    mockHttp(signedInRoutes());
    const { user, router } = renderRoute('/dashboard/overview', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(localStorage.getItem(DEMO_STORAGE_KEYS.cardano)).toBe('a'.repeat(64));
    expect(localStorage.getItem(DEMO_STORAGE_KEYS.solana)).toBe('b'.repeat(64));
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{"state":{}}').state.token ?? '').toBe('');
  });
});
