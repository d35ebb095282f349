import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { TEST_CONFIG, signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

const PRICE_URL = 'https://prices.example/api/v3/simple/price';

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
    // The price service URL is empty in this config: the ADA price is unknown, not made up.
    expect(screen.getByTestId('price-ada-usd').textContent).toBe('—');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the price service for ADA/USD and shows '—' when it fails, without breaking the page", async () => {
    mockHttp(signedInRoutes({ 'GET /config': { body: { ...TEST_CONFIG, price_service_url: PRICE_URL } } }));
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('price-ada-usd').textContent).toBe('—'));
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe(PRICE_URL);
    expect(url.searchParams.get('ids')).toBe('cardano');
    expect(url.searchParams.get('vs_currencies')).toBe('usd');
    await waitFor(() => expect(screen.getByTestId('balance-exo').textContent).toBe('1,234,567.89'));
  });

  it('shows the ADA price when the service answers', async () => {
    mockHttp(signedInRoutes({ 'GET /config': { body: { ...TEST_CONFIG, price_service_url: PRICE_URL } } }));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ cardano: { usd: 0.4123456 } }), { status: 200 })));
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('price-ada-usd').textContent).toBe('$ 0.41234'));
  });

  it('shows loading skeletons while data comes', async () => {
    mockHttp(signedInRoutes({ 'GET /user/balance/exo': () => new Promise(() => undefined) as never }));
    renderRoute('/dashboard/overview', { signedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
  });
});
