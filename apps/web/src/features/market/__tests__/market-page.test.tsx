import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEDGER_REASONS, type MarketOrder, type MarketTradeRow } from '@kingdom/api';
import { toBaseUnits } from '@kingdom/game';
import { mockHttp, type MockRoutes } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../../i18n/language-switch.ts';
import { queryClient } from '../../../api/query-client.ts';
import { enPages } from '../../../i18n/en-pages.ts';
import { esPages } from '../../../i18n/es-pages.ts';
import { readCsv } from '../../../../../../packages/api/test/support/read-csv.ts';
import { marketKeys, tradesCsv } from '../api.ts';
import { fillsBetween } from '../fill-watch.ts';
import { parsePrice } from '../market-page.tsx';

const exo = (n: bigint | string) => toBaseUnits(n, 'exo').toString();
const PERMIT_REF = exo(4500n);

const books = {
  fee_bps: 200,
  books: [
    { good: 'land_upgrade01', token: 'exo', best_bid: exo(4000n), best_ask: exo(4600n), last_price: exo(4550n), reference_price: PERMIT_REF },
    { good: 'land_upgrade01', token: 'hexo', best_bid: null, best_ask: null, last_price: null, reference_price: null },
    { good: 'food', token: 'hexo', best_bid: null, best_ask: '950000', last_price: null, reference_price: '900000' },
  ],
};
const depth = {
  good: 'land_upgrade01', token: 'exo', reference_price: PERMIT_REF,
  bids: [{ price: exo(4000n), quantity: 3, orders: 2 }],
  asks: [{ price: exo(4600n), quantity: 1, orders: 1 }],
  candles: [{ day: '2026-11-20', open: exo(4400n), high: exo(4600n), low: exo(4300n), close: exo(4550n), volume: 4 }],
};
const order = (over: Partial<MarketOrder> = {}): MarketOrder => ({
  id: '7', good: 'land_upgrade01', token: 'exo', side: 'sell', quantity: 2, remaining: 2, price: PERMIT_REF, escrow: '0', status: 'open',
  placed_at: '2026-11-20T10:00:00.000Z', expires_at: '2026-11-27T10:00:00.000Z', ...over,
});
const trade: MarketTradeRow = { id: '3', good: 'land_upgrade01', token: 'exo', side: 'buy', quantity: 2, price: PERMIT_REF, fee: exo(180n), at: '2026-11-20T11:00:00.000Z' };

function routes(over: MockRoutes = {}): MockRoutes {
  return {
    ...signedInRoutes(),
    'GET /market/books': { body: books },
    'GET /market/books/land_upgrade01/exo': { body: depth },
    'GET /market/orders': { body: { orders: [] } },
    'GET /market/trades': { body: { trades: [] } },
    ...over,
  };
}

describe('/market', () => {
  it('shows visitors every book with best bid, best ask and last price, and a chosen book\'s depth, without an order form', async () => {
    mockHttp(routes());
    renderRoute('/market');
    const row = await screen.findByTestId('market-book-land_upgrade01-exo');
    expect(row.textContent).toContain('Expansion permit tier 1');
    expect(row.textContent).toContain('4,000 EXO');
    expect(row.textContent).toContain('4,600 EXO');
    expect(row.textContent).toContain('4,550 EXO');
    // a closed book (no reference price, no activity) is listed on demand
    expect(screen.queryByTestId('market-book-land_upgrade01-hexo')).toBeNull();
    fireEvent.click(screen.getByTestId('market-show-closed'));
    expect(screen.getByTestId('market-book-land_upgrade01-hexo').textContent).toContain('Closed');
    expect(screen.getByTestId('market-book-food-hexo').textContent).toContain('0.95 HEXO');
    screen.getByText('Not connected');
    fireEvent.click(within(row).getByRole('button', { name: 'Open the Expansion permit tier 1 / EXO book' }));
    const bids = await screen.findByTestId('market-bids');
    expect(bids.textContent).toContain('4,000 EXO');
    expect(screen.getByTestId('market-asks').textContent).toContain('4,600 EXO');
    expect(screen.getByTestId('market-reference').textContent).toBe('Reference price: 4,500 EXO');
    screen.getByTestId('market-chart');
    expect(screen.queryByTestId('market-place')).toBeNull();
    expect(screen.queryByTestId('market-orders')).toBeNull();
  });

  it('shows the limits, then the value, fee and escrow before placing a buy with an Idempotency-Key', async () => {
    const log = mockHttp(routes({
      'GET /market/orders': { body: { orders: [order({ id: '5', side: 'buy', quantity: 3, placed_at: new Date().toISOString() })] } },
      'POST /market/orders': { body: { order: order({ id: '8', side: 'buy', escrow: exo(9180n) }), trades: [] } },
    }));
    renderRoute('/market?good=land_upgrade01&token=exo', { signedIn: true });
    const form = await screen.findByTestId('market-place');
    const limits = within(form).getByTestId('market-limits');
    expect(limits.textContent).toContain('Price band: 2,250 to 6,750 EXO');
    await waitFor(() => expect(limits.textContent).toContain('Daily limit: 20 units of this good a day (placed orders, both sides, cancelled included). Placed today: 3.'));
    expect(limits.textContent).toContain('To sell you need a land and an account at least 7 days old.');
    expect((within(form).getByTestId('market-price') as HTMLInputElement).value).toBe('4500');
    fireEvent.change(within(form).getByTestId('market-quantity'), { target: { value: '2' } });
    fireEvent.click(within(form).getByTestId('market-review'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('market-confirm-value').textContent).toBe('9,000 EXO');
    expect(within(dialog).getByTestId('market-confirm-fee').textContent).toBe('180 EXO');
    expect(within(dialog).getByTestId('market-confirm-escrow').textContent).toBe('9,180 EXO');
    expect(within(dialog).getByText('Fee (2.00%, paid by the buyer, burned)')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('market-confirm-after').textContent).toBe('1,225,387.89 EXO'));
    fireEvent.click(within(dialog).getByTestId('market-confirm'));
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/market/orders')).toBe(true));
    const req = log.find((r) => r.method === 'POST' && r.path === '/market/orders')!;
    expect(req.body).toEqual({ good: 'land_upgrade01', token: 'exo', side: 'buy', quantity: 2, price: PERMIT_REF });
    expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText('Order placed: Buy 2 × Expansion permit tier 1 at 4,500 EXO.');
  });

  it('refuses a price outside the band and over the daily cap before asking the server', async () => {
    const log = mockHttp(routes());
    renderRoute('/market?good=land_upgrade01&token=exo', { signedIn: true });
    const form = await screen.findByTestId('market-place');
    fireEvent.change(within(form).getByTestId('market-price'), { target: { value: '6750.000001' } });
    expect(within(form).getByText('Outside the price band.')).toBeTruthy();
    expect((within(form).getByTestId('market-review') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('market-price'), { target: { value: '6750' } });
    expect((within(form).getByTestId('market-review') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(within(form).getByTestId('market-quantity'), { target: { value: '21' } });
    expect(within(form).getByText('Over today\'s limit.')).toBeTruthy();
    expect((within(form).getByTestId('market-review') as HTMLButtonElement).disabled).toBe(true);
    expect(log.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server\'s refusal with its message (a seller not eligible)', async () => {
    mockHttp(routes({ 'POST /market/orders': { status: 403, body: { error: 'MARKET_SELLER_NOT_ELIGIBLE', message: 'To sell on the market you need a land and an account at least 7 days old.' } } }));
    renderRoute('/market?good=land_upgrade01&token=exo', { signedIn: true });
    const form = await screen.findByTestId('market-place');
    fireEvent.click(within(form).getByTestId('market-side-sell'));
    fireEvent.click(within(form).getByTestId('market-review'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('market-confirm-escrow').textContent).toBe('1 × Expansion permit tier 1');
    fireEvent.click(within(dialog).getByTestId('market-confirm'));
    await screen.findByText('To sell on the market you need a land and an account at least 7 days old.');
  });

  it('lists my orders (cancel an open one) and my trades with the fee and a CSV', async () => {
    const log = mockHttp(routes({
      'GET /market/orders': { body: { orders: [order(), order({ id: '6', status: 'filled', remaining: 0 })] } },
      'GET /market/trades': { body: { trades: [trade] } },
      'POST /market/orders/7/cancel': { body: { order: order({ status: 'cancelled' }) } },
    }));
    renderRoute('/market', { signedIn: true });
    const open = await screen.findByTestId('market-order-7');
    expect(open.textContent).toContain('Open');
    expect(within(screen.getByTestId('market-order-6')).queryByRole('button')).toBeNull();
    const row = await screen.findByTestId('market-trade-3');
    expect(within(row).getByTestId('market-trade-fee').textContent).toBe('180 EXO');
    expect(within(row).getByTestId('market-trade-total').textContent).toBe('−9,180 EXO');
    fireEvent.click(within(open).getByRole('button', { name: 'Cancel order 7' }));
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/market/orders/7/cancel')).toBe(true));
    await screen.findByText('Order cancelled; its escrow returned.');
  });

  it('toasts when one of my resting orders trades', async () => {
    let orders = [order({ remaining: 2 })];
    const log = mockHttp(routes({ 'GET /market/orders': () => ({ body: { orders } }) }));
    renderRoute('/market', { signedIn: true });
    await screen.findByTestId('market-order-7');
    orders = [order({ remaining: 0, status: 'filled' })];
    await queryClient.invalidateQueries({ queryKey: marketKeys.orders });
    await screen.findByText('Your market order traded: Sell 2 × Expansion permit tier 1 at 4,500 EXO.');
    // and what it changed is read again: the trades
    await waitFor(() => expect(log.filter((r) => r.path === '/market/trades').length).toBeGreaterThan(1));
  });

  it('in Spanish', async () => {
    mockHttp(routes({ 'GET /market/orders': { body: { orders: [order()] } } }));
    renderRoute('/market?good=land_upgrade01&token=exo', { signedIn: true });
    await screen.findByTestId('market-place');
    await changeLanguage('es');
    try {
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mercado'));
      expect(screen.getByTestId('market-limits').textContent).toContain('Banda de precio: de 2250 a 6750 EXO');
      expect(screen.getByTestId('market-order-7').textContent).toContain('Abierta');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('market helpers', () => {
  it('fillsBetween: what traded of orders seen before, not new ones', () => {
    const before = [order({ id: '1', remaining: 5 }), order({ id: '2', remaining: 2 })];
    const after = [order({ id: '9', remaining: 1 }), order({ id: '1', remaining: 3 }), order({ id: '2', remaining: 2 })];
    expect(fillsBetween(before, after).map((f) => [f.order.id, f.quantity])).toEqual([['1', 2]]);
  });

  it('tradesCsv: whole tokens with every decimal; a buy pays value + fee, a sell receives the value', () => {
    const csv = readCsv(tradesCsv([trade, { ...trade, id: '4', side: 'sell', price: '4500000001', quantity: 1, fee: '90000000' }]));
    expect(csv).toEqual([
      ['date', 'good', 'token', 'side', 'quantity', 'price', 'value', 'fee', 'total'],
      ['2026-11-20T11:00:00.000Z', 'land_upgrade01', 'exo', 'buy', '2', '4500', '9000', '180', '9180'],
      ['2026-11-20T11:00:00.000Z', 'land_upgrade01', 'exo', 'sell', '1', '4500.000001', '4500.000001', '90', '4500.000001'],
    ]);
  });

  it('parsePrice: positive, at most 6 decimals, a comma as the decimal mark', () => {
    expect(parsePrice('4500', 'exo')).toBe(4_500_000_000n);
    expect(parsePrice('0,5', 'hexo')).toBe(500_000n);
    expect(parsePrice('1.0000001', 'exo')).toBeNull();
    expect(parsePrice('0', 'exo')).toBeNull();
    expect(parsePrice('1,000.5', 'exo')).toBeNull();
  });

  it('the history names every ledger reason, the Market\'s too, in both languages', () => {
    for (const r of LEDGER_REASONS) {
      expect(enPages.account.reasons[r as keyof typeof enPages.account.reasons], r).toBeTruthy();
      expect(esPages.account.reasons[r as keyof typeof esPages.account.reasons], r).toBeTruthy();
    }
    expect(enPages.account.reasons.market_proceeds).toBe('Market sale');
    expect(esPages.account.reasons.market_proceeds).toBe('Venta en el mercado');
  });
});
