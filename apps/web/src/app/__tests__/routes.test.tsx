import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../test/mock-http.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';

async function landsOn(path: string, expected: string, signedIn = false) {
  mockHttp(signedInRoutes());
  const { router } = renderRoute(path, { signedIn });
  // the first test also waits for the test runner to transform the pages' modules
  await waitFor(() => expect(router.state.location.pathname).toBe(expected), { timeout: 5000 });
  return router;
}

describe('redirects of docs/product.md §2', () => {
  it.each([
    ['/', '/login'],
    ['/collectibles', '/collectibles/lands'],
    ['/lands', '/collectibles/lands'],
    ['/goldmine', '/goldmine/workers'],
    ['/frenmine', '/frenmine/workers'],
    ['/staking-hub', '/staking-hub/activity'],
    ['/land/ab12/gold_mine', '/goldmine/workers'],
    ['/land/gold_mine', '/goldmine/workers'],
    ['/account', '/welcome'],
    ['/account/settings', '/welcome'],
    ['/dashboard', '/login'],
  ])('a visitor opening %s lands on %s', async (from, to) => {
    await landsOn(from, to);
  });

  it.each([
    ['/dashboard', '/dashboard/overview'],
    ['/dashboard/goldmine', '/goldmine/performance'],
    ['/dashboard/inventory', '/dashboard/inventory/items'],
    ['/inventory', '/dashboard/inventory/lands'],
    ['/account', '/account/inbox'],
    ['/login', '/dashboard/overview'],
    ['/login?next=%2Fvendor', '/vendor'],
    ['/login?next=https%3A%2F%2Fevil.example', '/dashboard/overview'],
  ])('a signed-in user opening %s lands on %s', async (from, to) => {
    await landsOn(from, to, true);
  });

  it('shows the public pages to a visitor', async () => {
    await landsOn('/vendor', '/vendor');
    await screen.findByRole('heading', { name: 'Vendor' });
  });

  it('shows honest empty states for areas not built yet', async () => {
    await landsOn('/staking-hub/votes', '/staking-hub/votes', true);
    await screen.findByText('No votes');
  });

  it('renders the landing page with its two actions', async () => {
    await landsOn('/welcome', '/welcome');
    expect(await screen.findByRole('link', { name: 'Enter Now' })).toHaveProperty('pathname', '/login');
    const mint = await screen.findByRole('link', { name: 'Mint Your Land' });
    expect(mint.getAttribute('href')).toBe('https://mint.example/lands');
  });

  it('has the navigation labels and a footer with the community links', async () => {
    await landsOn('/dashboard/overview', '/dashboard/overview', true);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of ['Dashboard', 'Kingdom', 'Lands', 'Collectibles', 'Inventory', 'Valley Map', 'Gold Mines', 'Staking-Hub', 'Vendor', 'Market', 'Rewards', 'Quests', 'Account', 'Inbox', 'Profile', 'Wallet']) {
      expect(nav.textContent).toContain(label);
    }
    await screen.findByRole('link', { name: 'Help' });
    screen.getByRole('button', { name: 'Logout' });
    const footer = await screen.findByRole('navigation', { name: 'Community links' });
    expect(footer.querySelector('a[href="https://docs.example/whitepaper"]')?.textContent).toBe('Whitepaper');
    expect(footer.textContent).toContain('Social network');
    expect(footer.textContent).toContain('Chat community');
    expect(footer.textContent).toContain('Guidebook');
    screen.getByText(/© 2022-2025/);
  });

  it('shows the maintenance page when /config says so', async () => {
    mockHttp(signedInRoutes({ 'GET /config': { body: { ...(await import('../../test/fixtures.ts')).TEST_CONFIG, maintenance: true } } }));
    renderRoute('/login');
    await screen.findByRole('heading', { name: "We'll be back soon" });
  });

  it("the maintenance page tells the operator's message and announced end (UTC)", async () => {
    const { TEST_CONFIG } = await import('../../test/fixtures.ts');
    mockHttp(signedInRoutes({ 'GET /config': { body: { ...TEST_CONFIG, maintenance: true, maintenance_message: 'Upgrading the Valley.', maintenance_ends_at: '2026-12-02T03:30:00.000Z' } } }));
    renderRoute('/login');
    await screen.findByText('Upgrading the Valley.');
    screen.getByText('Expected back by 2 Dec 2026, 03:30 UTC.');
  });
});
