import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockHttp, type MockRequest } from '../../../test/mock-http.ts';
import { land, signedInRoutes, tool } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('inventory', () => {
  it.each([
    ['/dashboard/inventory/lands', 'No lands found'],
    ['/dashboard/inventory/mtools', 'No tools found'],
    ['/dashboard/inventory/items', 'No items found'],
  ])('%s shows %s when empty', async (path, text) => {
    mockHttp(signedInRoutes());
    renderRoute(path, { signedIn: true });
    await screen.findByText(text);
  });

  it("lists the user's lands and searches them by hex name", async () => {
    const lands = [land(1, 'A1B2'), land(2, 'C3D4', { biome: 'winter', size: 'LARGE', size_label: 'L' })];
    const log = mockHttp(
      signedInRoutes({
        'GET /lands': (req: MockRequest) => {
          const found = lands.filter((l) => !req.params.search || l.hex_name.includes(req.params.search));
          return { body: { lands: found, total: found.length, page: 1, per_page: 12 } };
        },
      }),
    );
    const { user } = renderRoute('/dashboard/inventory/lands', { signedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('land-card')).toHaveLength(2));
    expect(screen.getAllByTestId('land-card')[1]!.textContent).toContain('C3D4');
    expect(log.find((r) => r.path === '/lands')!.params).toMatchObject({ my: 'true', page: '1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by land name' }), 'C3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('land-card')).toHaveLength(1));
    within(screen.getByTestId('land-card')).getByText('C3D4');
    expect(log.at(-1)!.params).toEqual({ my: 'true', page: '1', search: 'C3' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search by land name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by land name' }), 'ZZZ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No lands found');
  });

  it('pages through lands with previous/next', async () => {
    const log = mockHttp(
      signedInRoutes({
        'GET /lands': (req: MockRequest) => {
          const page = Number(req.params.page);
          return { body: { lands: [land(page, `P${page}`)], total: 13, page, per_page: 12 } };
        },
      }),
    );
    const { user } = renderRoute('/dashboard/inventory/lands', { signedIn: true });
    await screen.findByText('P1');
    screen.getByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('P2');
    expect(log.at(-1)!.params.page).toBe('2');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows tools and items', async () => {
    mockHttp(
      signedInRoutes({
        'GET /mining_tool': { body: { mtools: [tool(1)], total: 1, page: 1, per_page: 12 } },
        'GET /inventory/items': { body: { items: [{ key: 'land_upgrade01', name: 'Expansion permit tier 1', amount: 1200, is_craftable: false }] } },
      }),
    );
    const { user } = renderRoute('/dashboard/inventory/mtools', { signedIn: true });
    await screen.findByText('100 HEXO / day');
    await user.click(screen.getByRole('link', { name: 'Items' }));
    const card = await screen.findByTestId('item-card');
    expect(card.textContent).toContain('Expansion permit tier 1');
    expect(card.textContent).toContain('1,200');
  });

  it('re-syncs the wallet and refreshes the lists', async () => {
    let synced = false;
    const log = mockHttp(
      signedInRoutes({
        'POST /wallets/sync': () => {
          synced = true;
          return { body: { lands: 1, mtools: 0, synced_at: '2026-11-22T08:00:00Z' } };
        },
        'GET /lands': () => ({ body: synced ? { lands: [land(9, 'NEW9')], total: 1, page: 1, per_page: 12 } : { lands: [], total: 0, page: 1, per_page: 12 } }),
      }),
    );
    const { user } = renderRoute('/dashboard/inventory/lands', { signedIn: true });
    await screen.findByText('No lands found');
    await user.click(screen.getByRole('button', { name: 'Re-sync wallet' }));
    await screen.findByText('NEW9');
    await screen.findByText('Wallet synced: 1 lands, 0 tools');
    expect(log.some((r) => r.method === 'POST' && r.path === '/wallets/sync')).toBe(true);
  });

  it('shows the whole collection to a visitor at /collectibles', async () => {
    const log = mockHttp(signedInRoutes({ 'GET /lands': { body: { lands: [land(1, 'PUB1')], total: 1, page: 1, per_page: 12 } } }));
    renderRoute('/collectibles/lands');
    await screen.findByText('PUB1');
    expect(log.find((r) => r.path === '/lands')!.params).toEqual({ page: '1' });
  });
});
