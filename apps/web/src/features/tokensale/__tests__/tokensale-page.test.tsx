import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useSession } from '../../../session/session-store.ts';
import { perMilleText, soldPerMille } from '../round-math.ts';

const round = (id: number, over: Record<string, unknown>) => ({
  id, name: `Round ${id}`, price_lovelace: '250000', price_lamports: null, cap: '1000000000000', sold: '0',
  starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-01T00:00:00Z', status: 'open', ...over,
});
const ROUNDS = {
  sale_address: 'addr_test1sale',
  rounds: [
    round(1, { status: 'sold_out', sold: '1000000000000', price_lovelace: '100000' }),
    round(2, { sold: '125000000000', price_lovelace: '1234567' }),
    round(3, { status: 'upcoming', starts_at: '2026-12-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }),
  ],
};
const ORDER = { id: 42, source: 'round', round_id: 2, pack: null, exo: '10000000', lovelace: '12345670', sale_address: 'addr_test1sale', status: 'awaiting_payment', tx_hash: null, created_at: '2026-11-22T10:00:00Z', expires_at: '2026-11-22T10:30:00Z' };

afterEach(() => {
  delete (window as unknown as { cardano?: unknown }).cardano;
});

describe('/tokensale', () => {
  it('shows visitors the rounds: ADA price per EXO, cap, sold, window, status and an accessible progress bar', async () => {
    mockHttp({ ...signedInRoutes(), 'GET /tokensale/rounds': { body: ROUNDS } });
    renderRoute('/tokensale');
    const r2 = await screen.findByTestId('round-2');
    expect(r2.textContent).toContain('1.234567 ADA per EXO');
    expect(r2.textContent).toContain('1,000,000 EXO'); // cap
    expect(r2.textContent).toContain('125,000 EXO'); // sold
    expect(r2.textContent).toContain('2026-11-01 – 2026-12-01');
    const bar = within(r2).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuetext')).toBe('12.5%');
    expect(within(screen.getByTestId('round-1')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('round-status-1').textContent).toBe('Sold out');
    expect(screen.getByRole('link', { name: 'Sign in to buy EXO.' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('round-buy-2')).toBeNull();
  });

  it('lets a player buy from an open round only, with the ADA cost, an Idempotency-Key and the pay flow', async () => {
    const log = mockHttp({
      ...signedInRoutes(),
      'GET /tokensale/rounds': { body: ROUNDS },
      'GET /exo/orders': { body: { orders: [] } },
      'POST /exo/orders': { status: 201, body: { order: ORDER } },
    });
    renderRoute('/tokensale', { signedIn: true });
    fireEvent.click(await screen.findByTestId('round-buy-2'));
    // docs/product.md §10: a sold-out or upcoming round offers no "EXO to buy" at all
    for (const id of [1, 3]) {
      expect(screen.queryByTestId(`round-amount-${id}`)).toBeNull();
      expect(within(screen.getByTestId(`round-${id}`)).queryByText('EXO to buy')).toBeNull();
    }
    expect(within(screen.getByTestId('round-2')).getByRole('alert').textContent).toBe('Enter the EXO amount you want to buy');
    fireEvent.change(screen.getByTestId('round-amount-2'), { target: { value: '10' } });
    expect(screen.getByTestId('round-cost-2').textContent).toBe('Cost: 12.34567 ADA');
    fireEvent.click(screen.getByTestId('round-buy-2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('order-ada').textContent).toBe('12.34567 ADA');
    expect(within(dialog).getByTestId('order-exo').textContent).toBe('10 EXO');
    const req = log.find((r) => r.method === 'POST' && r.path === '/exo/orders')!;
    expect(req.body).toEqual({ round_id: 2, amount: '10' });
    expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // the session's wallet (eternl) is not installed in this browser: the pay flow says so
    fireEvent.click(within(dialog).getByTestId('order-pay'));
    await waitFor(() => expect(within(dialog).getByTestId('chain-failure').textContent).toBe('No active wallet was found. Check dapp settings'));
  });

  it("shows the server's SALE_SOLD_OUT refusal on the card", async () => {
    mockHttp({
      ...signedInRoutes(),
      'GET /tokensale/rounds': { body: ROUNDS },
      'GET /exo/orders': { body: { orders: [] } },
      'POST /exo/orders': { status: 409, body: { error: 'SALE_SOLD_OUT', message: 'This sale round is sold out.' } },
    });
    renderRoute('/tokensale', { signedIn: true });
    fireEvent.change(await screen.findByTestId('round-amount-2'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('round-buy-2'));
    await waitFor(() => expect(within(screen.getByTestId('round-2')).getByRole('alert').textContent).toBe('This sale round is sold out.'));
  });
});

describe('/tokensale for a player (docs/product.md §10)', () => {
  it('names what each order bought, never its internal key', async () => {
    mockHttp({
      ...signedInRoutes(),
      'GET /tokensale/rounds': { body: ROUNDS },
      'GET /exo/orders': { body: { orders: [{ ...ORDER, id: 7, source: 'pack', round_id: null, pack: 'exo_1k', status: 'paid' }, { ...ORDER, status: 'paid' }] } },
    });
    renderRoute('/tokensale', { signedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('order-label').map((c) => c.textContent)).toEqual(['#7 · EXO pack 1k', '#42 · Round 2']));
    expect(screen.getByTestId('orders-table').textContent).not.toContain('exo_1k');
  });

  it('lets a Solana session buy in SOL: the round’s SOL price, an order paid on Solana, its Solana Pay link', async () => {
    const rounds = { ...ROUNDS, solana_sale_address: 'SaLe1111111111111111111111111111111111111111', rounds: ROUNDS.rounds.map((r) => (r.id === 2 ? { ...r, price_lamports: '2500000' } : r)) };
    const SOL_ORDER = { ...ORDER, pay_chain: 'solana', lovelace: null, lamports: '25000000', confirmations: 0, sale_address: rounds.solana_sale_address,
      solana_pay: { url: 'solana:SaLe1111111111111111111111111111111111111111?amount=0.025&reference=Ref1&label=Kingdom', recipient: rounds.solana_sale_address, amount: '0.025', lamports: '25000000', reference: 'Ref1', label: 'Kingdom', message: 'EXO', memo: 'm' } };
    const log = mockHttp({
      ...signedInRoutes(), 'GET /tokensale/rounds': { body: rounds }, 'GET /exo/orders': { body: { orders: [] } },
      'GET /chain/info': { body: { network: 'emulator', network_id: 0, confirmations: 15, treasury_address: 'addr_test1t', sale_address: 'addr_test1s', tip: { height: 1, slot: 1 }, explorer_tx_url: null, solana: { cluster: 'devnet', genesis_hash: 'G', rpc_url: '/api/solana/rpc', sale_address: rounds.solana_sale_address, explorer_tx_url: null } } },
      'POST /exo/orders': { status: 201, body: { order: SOL_ORDER } },
    });
    renderRoute('/tokensale', { signedIn: true });
    useSession.setState({ walletType: 'solana' });
    expect((await screen.findByTestId('round-2')).textContent).toContain('0.0025 SOL per EXO');
    fireEvent.change(await screen.findByTestId('round-amount-2'), { target: { value: '10' } });
    expect(screen.getByTestId('round-cost-2').textContent).toBe('Cost: 0.025 SOL');
    expect(screen.queryByTestId('round-needs-cardano-2')).toBeNull();
    fireEvent.click(screen.getByTestId('round-buy-2'));
    expect((await screen.findByTestId('order-sol')).textContent).toBe('0.025 SOL');
    expect((screen.getByTestId('solana-pay-url') as HTMLInputElement).value).toBe(SOL_ORDER.solana_pay.url);
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ round_id: 2, amount: '10', pay_chain: 'solana' });
  });
});

describe('round math', () => {
  it('is exact per mille, capped at 100%', () => {
    expect(soldPerMille('125000000000', '1000000000000')).toBe(125);
    expect(soldPerMille('1', '3')).toBe(333);
    expect(soldPerMille('5', '0')).toBe(0);
    expect(soldPerMille('2000', '1000')).toBe(1000);
    expect(perMilleText(125)).toBe('12.5');
    expect(perMilleText(1000)).toBe('100');
    expect(perMilleText(7)).toBe('0.7');
  });
});
