import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VENDOR_CATALOGUE } from '@kingdom/game';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';
import { changeLanguage } from '../../../i18n/language-switch.ts';

const catalogue = {
  max_quantity: 1000,
  items: VENDOR_CATALOGUE.map((e) => ({
    key: e.key, group: e.group, name: e.name, purpose: e.purpose, pay_token: e.payToken, price: e.price?.toString() ?? null,
    gives_items: e.gives.items, gives_tokens: Object.fromEntries(Object.entries(e.gives.tokens).map(([t, n]) => [t, n.toString()])), purchasable: e.purchasable,
    weekly_limit: e.weeklyLimit, bought_this_week: null as number | null,
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
    screen.getByText('Not connected');
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

describe('/vendor weekly limit shown before buying (issue 39 item 3)', () => {
  const withBought = (n: number) => ({ ...catalogue, items: catalogue.items.map((i) => (i.key === 'permit_3' ? { ...i, weekly_limit: 1, bought_this_week: n } : i)) });

  it('the tier-3 permit bought this week says "next on Monday" and its Buy is disabled', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: withBought(1) } });
    renderRoute('/vendor', { signedIn: true });
    const card = await screen.findByTestId('vendor-item-permit_3');
    expect(within(card).getByTestId('weekly-done-permit_3').textContent).toBe('Bought this week — next on Monday');
    expect((within(card).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('not yet bought this week: no such note, Buy works', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: withBought(0) } });
    renderRoute('/vendor', { signedIn: true });
    const open = await screen.findByTestId('vendor-item-permit_3');
    expect(within(open).queryByTestId('weekly-done-permit_3')).toBeNull();
    expect((within(open).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('in Spanish', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: withBought(1) } });
    renderRoute('/vendor', { signedIn: true });
    await screen.findByTestId('vendor-item-permit_3');
    await changeLanguage('es');
    try {
      await waitFor(() => expect(screen.getByTestId('weekly-done-permit_3').textContent).toBe('Comprado esta semana — el próximo, el lunes'));
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('/vendor EXO packs (docs/product.md §10)', () => {
  it('show their ADA price at the current EXO price before any order', async () => {
    // 0.01873 ADA per EXO → 1,000 EXO cost 18.73 ADA (the server's pack-order rule)
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: catalogue }, 'GET /currencies/prices': { body: { exo: '0.01873', hexo: '0.00042' } } });
    renderRoute('/vendor', { signedIn: true });
    expect((await screen.findByTestId('vendor-pack-price-exo_1k', {}, { timeout: 5000 })).textContent).toBe('≈ 18.73 ADA at the current EXO price');
    expect(screen.getByTestId('vendor-pack-price-exo_250k').textContent).toBe('≈ 4,682.5 ADA at the current EXO price');
  });

  it('a stale EXO price prices no pack: each says so instead (the server refuses them with PRICE_STALE)', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /vendor/items': { body: catalogue }, 'GET /currencies/prices': { body: { exo: '0.01873', hexo: '0.00042', ada_usd: '0.45000', sol_usd: null, stale: { exo: true, hexo: false, ada_usd: false, sol_usd: false } } } });
    renderRoute('/vendor', { signedIn: true });
    expect((await screen.findByTestId('vendor-pack-stale-exo_1k', {}, { timeout: 5000 })).textContent).toMatch(/^The EXO price is out of date/);
    expect(screen.queryByTestId('vendor-pack-price-exo_1k')).toBeNull();
  });

  it('a Solana session buys a pack in SOL: its SOL price first, then an order paid on Solana with its Solana Pay link', async () => {
    const SOL_ORDER = {
      id: 9, source: 'pack', round_id: null, pack: 'exo_1k', exo: '1000000000', pay_chain: 'solana', lovelace: null, lamports: '56190000',
      sale_address: 'SaLe1111111111111111111111111111111111111111', status: 'awaiting_payment', tx_hash: null, confirmations: 0,
      solana_pay: { url: 'solana:SaLe1111111111111111111111111111111111111111?amount=0.05619&reference=Ref1111&label=Kingdom&message=EXO&memo=kingdom-order-9', recipient: 'SaLe1111111111111111111111111111111111111111', amount: '0.05619', lamports: '56190000', reference: 'Ref1111', label: 'Kingdom', message: 'EXO', memo: 'kingdom-order-9' },
      created_at: '2026-11-22T10:00:00Z', expires_at: '2026-11-22T10:30:00Z',
    };
    const log = mockHttp({
      ...signedInRoutes(),
      'GET /vendor/items': { body: catalogue },
      // 1,000 EXO at 0.01873 ADA = 18.73 ADA; × 0.45 USD/ADA ÷ 150 USD/SOL = 0.05619 SOL (the server's rule)
      'GET /currencies/prices': { body: { exo: '0.01873', hexo: '0.00042', ada_usd: '0.45000', sol_usd: '150.00000', stale: { exo: false, hexo: false, ada_usd: false, sol_usd: false } } },
      'GET /chain/info': { body: { network: 'emulator', network_id: 0, confirmations: 15, treasury_address: 'addr_test1t', sale_address: 'addr_test1s', tip: { height: 1, slot: 1 }, explorer_tx_url: null, solana: { cluster: 'devnet', genesis_hash: 'G', rpc_url: '/api/solana/rpc', sale_address: SOL_ORDER.sale_address, explorer_tx_url: null } } },
      'POST /exo/orders': { status: 201, body: { order: SOL_ORDER } },
    });
    renderRoute('/vendor', { signedIn: true });
    useSession.setState({ walletType: 'solana' });
    expect((await screen.findByTestId('vendor-pack-sol-exo_1k', {}, { timeout: 5000 })).textContent).toBe('≈ 0.05619 SOL at the current prices');
    expect(screen.queryByTestId('vendor-needs-cardano-exo_1k')).toBeNull();
    // its card says SOL, not "paid in ADA" above "Pay with SOL" (issue 39 item 7)
    const card = screen.getByTestId('vendor-item-exo_1k');
    expect(card.textContent).toContain('1,000 EXO, paid in SOL on Solana at the current prices');
    expect(card.textContent).not.toMatch(/ADA/);
    fireEvent.click(screen.getByTestId('vendor-buy-exo_1k'));
    expect((await screen.findByTestId('order-sol')).textContent).toBe('0.05619 SOL');
    expect((screen.getByTestId('solana-pay-url') as HTMLInputElement).value).toBe(SOL_ORDER.solana_pay.url);
    // the same link as a QR code (an SVG image)
    expect(screen.getByRole('img', { name: /QR code of the Solana Pay link/ }).getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ pack: 'exo_1k', pay_chain: 'solana' });
  });
});
