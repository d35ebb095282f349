import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VENDOR_CATALOGUE } from '@kingdom/game';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';

const catalogue = {
  max_quantity: 1000,
  items: VENDOR_CATALOGUE.map((e) => ({
    key: e.key, group: e.group, name: e.name, purpose: e.purpose, pay_token: e.payToken, price: e.price?.toString() ?? null,
    gives_items: e.gives.items, gives_tokens: Object.fromEntries(Object.entries(e.gives.tokens).map(([t, n]) => [t, n.toString()])), purchasable: e.purchasable,
  })),
};

describe('/vendor', () => {
  it('shows visitors the catalogue with prices and a sign-in prompt instead of buy', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: catalogue } });
    renderRoute('/vendor');
    const card = await screen.findByTestId('vendor-item-toolkit_3');
    expect(card.textContent).toContain('2,250 HEXO');
    expect(card.textContent).toContain('Upgrades a gold mine to level 3');
    expect(within(card).queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(screen.getByText('Not connected')).toBeTruthy();
    // EXO packs are paid in ADA with a wallet: nothing to press before signing in
    expect(within(screen.getByTestId('vendor-item-exo_1k')).queryByRole('button')).toBeNull();
  });

  it('buys after a confirmation showing the balance after, with an Idempotency-Key', async () => {
    const log = mockHttp({
      ...signedInRoutes({ 'GET /user/balance/hexo': { body: { balance: '5000000000' } } }),
      'GET /vendor/items': { body: catalogue },
      'POST /vendor/purchase': { body: { purchase_id: 1, item: 'toolkit_2', quantity: 2, token: 'hexo', amount: '2000000000', balance: '3000000000', items: { toolkit_2: 2 }, tokens: {} } },
    });
    renderRoute('/vendor', { signedIn: true });
    const card = await screen.findByTestId('vendor-item-toolkit_2');
    fireEvent.change(within(card).getByRole('spinbutton'), { target: { value: '2' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('vendor-balance-after').textContent).toBe('3,000 HEXO'));
    fireEvent.click(screen.getByTestId('vendor-confirm'));
    await waitFor(() => expect(log.some((r) => r.path === '/vendor/purchase')).toBe(true));
    const req = log.find((r) => r.path === '/vendor/purchase')!;
    expect(req.body).toEqual({ item: 'toolkit_2', quantity: 2 });
    expect(Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/vendor EXO packs (issue 18)', () => {
  it('show their ADA price at the current EXO price before any order', async () => {
    // 0.01873 ADA per EXO → 1,000 EXO cost 18.73 ADA (the server's pack-order rule)
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: catalogue }, 'GET /currencies/prices': { body: { exo: '0.01873', hexo: '0.00042' } } });
    renderRoute('/vendor', { signedIn: true });
    expect((await screen.findByTestId('vendor-pack-price-exo_1k', {}, { timeout: 5000 })).textContent).toBe('≈ 18.73 ADA at the current EXO price');
    expect(screen.getByTestId('vendor-pack-price-exo_250k').textContent).toBe('≈ 4,682.5 ADA at the current EXO price');
  });

  it('tell a Solana session before any order that packs are paid in ADA on Cardano', async () => {
    const log = mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: catalogue } });
    renderRoute('/vendor', { signedIn: true });
    useSession.setState({ walletType: 'solana' });
    expect((await screen.findByTestId('vendor-needs-cardano-exo_1k', {}, { timeout: 5000 })).textContent).toContain('Cardano wallet');
    expect(screen.queryByTestId('vendor-buy-exo_1k')).toBeNull();
    expect(log.some((r) => r.method === 'POST')).toBe(false);
  });
});
