import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { SESSION_STORAGE_KEY, useSession } from '../../../session/session-store.ts';

describe('session', () => {
  it("a 401 from dashboard/user shows one toast, 'Your session has expired!', and goes straight to the landing page", async () => {
    const log = mockHttp(signedInRoutes({ 'GET /dashboard/user': { status: 401, body: { error: 'USER_NOT_AUTH', message: 'Your session has expired!' } } }));
    localStorage.setItem('something-else', 'x');
    const { router } = renderRoute('/dashboard/overview', { signedIn: true });
    // the first test also waits for the test runner to transform the lazily loaded modules
    await screen.findByText('Your session has expired!', undefined, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    // the server already refused the token: no logout call, and no 'Wallet disconnected' over the expiry
    expect(log.some((r) => r.path === '/auth/logout')).toBe(false);
    const s = useSession.getState();
    expect(s).toMatchObject({ isAuth: false, token: '', walletAddress: '', walletType: '', walletApiName: '', userName: '', userId: null });
    expect(localStorage.getItem('something-else')).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Wallet disconnected')).toBeNull();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  it('with a stale token, /login waits for the server instead of bouncing to the dashboard, then lands on the landing page', async () => {
    mockHttp(signedInRoutes({ 'GET /dashboard/user': { status: 401, body: { error: 'USER_NOT_AUTH', message: 'Your session has expired!' } } }));
    const seen: string[] = [];
    const { router } = renderRoute('/login', { signedIn: true });
    const probe = setInterval(() => seen.push(router.state.location.pathname), 5);
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    clearInterval(probe);
    expect(seen).not.toContain('/dashboard/overview');
    await screen.findByText('Your session has expired!');
  });

  it('Logout asks the server, clears the session and local storage (but the demo wallet keys), and goes to the landing page', async () => {
    const log = mockHttp(signedInRoutes());
    const { user, router } = renderRoute('/dashboard/overview', { signedIn: true });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('test-token');
    localStorage.setItem('kingdom.demo.cardano.sk', 'secret');
    localStorage.setItem('another.key', 'value');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    const logout = log.find((r) => r.path === '/auth/logout')!;
    expect(logout.headers.authorization).toBe('Bearer test-token');
    expect(useSession.getState().isAuth).toBe(false);
    // The demo wallet's key IS the demo player's wallet: it survives, everything else goes.
    expect(localStorage.getItem('kingdom.demo.cardano.sk')).toBe('secret');
    expect(localStorage.getItem('another.key')).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').not.toContain('test-token');
    // logout has its own words, not those of "Disconnect wallet" (issue 39 item 7)
    await screen.findByText('Logged out: see you soon');
    expect(screen.queryByText('Wallet disconnected')).toBeNull();
    await screen.findByRole('link', { name: 'Login' });
  });

  it('loads nothing of the user for a visitor', async () => {
    const log = mockHttp(signedInRoutes());
    renderRoute('/collectibles/lands');
    await screen.findByRole('heading', { name: 'Collectibles' });
    await screen.findByText('No lands found');
    expect(log.filter((r) => r.path.startsWith('/user') || r.path === '/dashboard/user' || r.params.my === 'true')).toEqual([]);
  });
});
