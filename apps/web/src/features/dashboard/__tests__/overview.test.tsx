import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { changeLanguage } from '../../../i18n/language-switch.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('/dashboard/overview', () => {
  it('shows the four balances with thousands separators, prices with 5 decimals and the counts', async () => {
    mockHttp(signedInRoutes({ 'GET /user/total_lands': { body: { total_lands: 2 } }, 'GET /mining_tool': { body: { mtools: [], total: 5, page: 1, per_page: 12 } } }));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ cardano: { usd: 0.4123456 } }), { status: 200 })));
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('balance-exo').textContent).toBe('1,234,567.89'));
    expect(screen.getByTestId('balance-hexo').textContent).toBe('2.5');
    expect(screen.getByTestId('balance-food').textContent).toBe('0');
    expect(screen.getByTestId('balance-rune').textContent).toBe('1,000,000,000');
    await waitFor(() => expect(screen.getByTestId('price-exo').textContent).toBe('₳ 0.12345'));
    expect(screen.getByTestId('price-hexo').textContent).toBe('₳ 0.00042');
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('3'));
    expect(screen.getByTestId('overview-notifications').textContent).toBe('3');
    await waitFor(() => expect(screen.getByTestId('total-lands').textContent).toBe('2'));
    expect(screen.getByTestId('total-tools').textContent).toBe('5');
    // The server knows no ADA price (this answer has none): unknown, not made up, and no third party asked.
    expect(screen.getByTestId('price-ada-usd').textContent).toBe('—');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the ADA price from this server, asks no third party, and marks stale prices (both languages)', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    mockHttp(signedInRoutes({
      'GET /currencies/prices': { body: {
        exo: '0.01873', hexo: '0.00412', ada_usd: '0.4123456', sol_usd: '150.12345',
        stale: { exo: true, hexo: false, ada_usd: false, sol_usd: false },
        seen_at: { exo: '2026-01-01T00:00:00.000Z', hexo: null, ada_usd: '2026-01-02T00:00:00.000Z', sol_usd: null },
      } },
    }));
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('price-ada-usd').textContent).toBe('$ 0.41234'));
    expect(screen.getByTestId('price-exo').textContent).toBe('₳ 0.01873out of date');
    expect(screen.getByTestId('price-stale-exo').getAttribute('title')).toMatch(/^Last seen /);
    expect(screen.queryByTestId('price-stale-hexo')).toBeNull();
    expect(screen.queryByTestId('price-stale-ada')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await changeLanguage('es');
    try {
      await waitFor(() => expect(screen.getByTestId('price-stale-exo').textContent).toBe('desactualizado'));
    } finally {
      await changeLanguage('en');
    }
  });

  it('keeps the land-owner badge as wide whatever the flag says (no layout shift when the user answers)', async () => {
    mockHttp(signedInRoutes({}));
    const { useSession } = await import('../../../session/session-store.ts');
    renderRoute('/dashboard/overview', { signedIn: true });
    const badge = await screen.findByTestId('land-owner-badge');
    const widthOf = (owner: boolean) => {
      useSession.setState({ landOwner: owner });
      return screen.getByTestId('land-owner-badge').style.minWidth;
    };
    const notOwner = await waitFor(() => {
      const w = widthOf(false);
      expect(screen.getByTestId('land-owner-badge').textContent).toBe('Not a land owner');
      return w;
    });
    const owner = await waitFor(() => {
      const w = widthOf(true);
      expect(screen.getByTestId('land-owner-badge').textContent).toBe('Land owner');
      return w;
    });
    expect(notOwner).toBe('18ch');
    expect(owner).toBe(notOwner);
    expect(badge).toBeTruthy();
  });

  it('shows loading skeletons while data comes', async () => {
    mockHttp(signedInRoutes({ 'GET /user/balance/exo': () => new Promise(() => undefined) as never }));
    renderRoute('/dashboard/overview', { signedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
  });
});
