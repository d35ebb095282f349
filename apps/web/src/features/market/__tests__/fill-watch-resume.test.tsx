import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { toBaseUnits } from '@kingdom/game';
import type { MarketOrder } from '@kingdom/api';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes, TEST_USER } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { queryClient } from '../../../api/query-client.ts';
import { marketKeys } from '../api.ts';
import { OPEN_ORDERS_STORAGE_KEY } from '../fill-watch.ts';

const order = (over: Partial<MarketOrder> = {}): MarketOrder => ({
  id: '7', good: 'land_upgrade01', token: 'exo', side: 'sell', quantity: 2, remaining: 2, price: toBaseUnits(4500n, 'exo').toString(),
  escrow: '0', status: 'open', placed_at: '2026-11-20T10:00:00.000Z', expires_at: '2026-11-27T10:00:00.000Z', ...over,
});

// One file, in this order: the watcher starts once per query client, for the whole file.
describe('the Market fill toast after a reload (features/market/fill-watch.ts)', () => {
  it('does not poll the orders of a player who had no open order', async () => {
    const log = mockHttp({ ...signedInRoutes(), 'GET /market/orders': { body: { orders: [] } } });
    renderRoute('/dashboard/overview', { signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(log.some((r) => r.path === '/market/orders')).toBe(false);
  });

  it('resumes on any page for a player whose last read had an open order, and toasts a fill', async () => {
    localStorage.setItem(OPEN_ORDERS_STORAGE_KEY, String(TEST_USER.user_id));
    let orders = [order()];
    const log = mockHttp({ ...signedInRoutes(), 'GET /market/orders': () => ({ body: { orders } }), 'GET /market/trades': { body: { trades: [] } } });
    renderRoute('/dashboard/overview', { signedIn: true });
    await waitFor(() => expect(log.some((r) => r.path === '/market/orders')).toBe(true));
    orders = [order({ remaining: 0, status: 'filled' })];
    await queryClient.invalidateQueries({ queryKey: marketKeys.orders });
    await screen.findByText('Your market order traded: Sell 2 × Expansion permit tier 1 at 4,500 EXO.');
    // nothing open any more: the next load does not resume
    await waitFor(() => expect(localStorage.getItem(OPEN_ORDERS_STORAGE_KEY)).toBeNull());
  });
});
