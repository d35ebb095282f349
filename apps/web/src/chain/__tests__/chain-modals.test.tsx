import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockHttp, type MockRoutes } from '../../test/mock-http.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';

const TX = 'ab'.repeat(32);
const ADDRESS_HEX = '60' + '11'.repeat(28);
const MASTER = 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6' + 'q'.repeat(40);

/** A CIP-30 wallet at `window.cardano.eternl` (the test session's wallet). */
function installWallet(opts: { network?: number; sign?: (tx: string) => Promise<string> } = {}) {
  const signed: string[] = [];
  (window as unknown as { cardano?: unknown }).cardano = {
    eternl: {
      name: 'Eternl', icon: '', apiVersion: '0.1.0', isEnabled: async () => true,
      enable: async () => ({
        getNetworkId: async () => opts.network ?? 0,
        getUsedAddresses: async () => [ADDRESS_HEX],
        getChangeAddress: async () => ADDRESS_HEX,
        getRewardAddresses: async () => [],
        signData: async () => ({ signature: '', key: '' }),
        signTx: opts.sign ?? (async (tx: string) => (signed.push(tx), 'a10081825820' + '22'.repeat(32) + '5840' + '33'.repeat(64))),
      }),
    },
  };
  return signed;
}

afterEach(() => {
  delete (window as unknown as { cardano?: unknown }).cardano;
});

function chainRoutes(over: MockRoutes = {}): MockRoutes {
  return signedInRoutes({
    'GET /chain/info': { body: { network: 'emulator', network_id: 0, confirmations: 15, treasury_address: 'addr_test1treasury', sale_address: 'addr_test1sale', tip: { height: 10, slot: 100 }, explorer_tx_url: null } },
    'GET /chain/deposits': { body: { confirmations_required: 15, deposits: [], claimable: [] } },
    'GET /chain/withdrawals': { body: { withdrawals: [] } },
    'GET /wallets': { body: { wallets: [{ chain: 'cardano', address: MASTER, is_master: true, is_current: true, created_at: '2026-11-01T00:00:00Z', synced_at: null }] } },
    [`GET /chain/wallet/addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6`]: { body: { lovelace: '25500000', exo: '1000000000', hexo: '500000000' } },
    ...over,
  });
}

/** The form's own alert in `dialog` (toasts, role alert too, render inside an open dialog). */
function fieldAlert(dialog: HTMLElement): HTMLElement {
  const found = within(dialog).getAllByRole('alert').filter((a) => !a.classList.contains('Toastify__toast'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function openModal(kind: 'deposit' | 'withdraw', token: 'hexo' | 'exo') {
  renderRoute('/account/balances', { signedIn: true });
  fireEvent.click(await screen.findByTestId(`${kind}-${token}`));
  return screen.findByRole('dialog');
}

describe('deposit modal', () => {
  it("asks for the amount with docs/product.md §5's text and shows the treasury and what the wallet holds", async () => {
    mockHttp(chainRoutes());
    const dialog = await openModal('deposit', 'hexo');
    expect(within(dialog).getByRole('heading').textContent).toBe('Deposit HEXO');
    await waitFor(() => expect(within(dialog).getByTestId('treasury-address').textContent).toBe('addr_test1treasury'));
    await waitFor(() => expect(within(dialog).getByTestId('wallet-holds').textContent).toBe('Your wallet holds 25.5 ADA, 1,000 EXO and 500 HEXO'));
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    expect(fieldAlert(dialog).textContent).toBe('Enter the HEXO amount you want to deposit');
  });

  it('builds, has the wallet sign, submits and follows the deposit to credited', async () => {
    const signed = installWallet();
    let deposits: unknown[] = [];
    const log = mockHttp(chainRoutes({
      'POST /chain/tx/build': { body: { tx: '84a0a0f5f6', tx_hash: TX, fee: '170000' } },
      'POST /chain/tx/submit': { body: { tx_hash: TX } },
      'GET /chain/deposits': () => ({ body: { confirmations_required: 15, deposits, claimable: [] } }),
    }));
    const dialog = await openModal('deposit', 'exo');
    fireEvent.change(within(dialog).getByTestId('chain-amount'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('deposit-status').textContent).toBe('Submitted, waiting for the next block'));
    // docs/product.md §10: the modal makes the header inert, so the demo "+15 blocks" is in the modal too
    expect(within(dialog).getByTestId('demo-blocks').textContent).toBe('+15 blocks');
    const build = log.find((r) => r.path === '/chain/tx/build')!;
    expect(build.body).toMatchObject({ kind: 'deposit', token: 'exo', amount: '100' });
    expect((build.body as { address: string }).address).toMatch(/^addr_test1/);
    expect(signed).toEqual(['84a0a0f5f6']);
    expect(log.find((r) => r.path === '/chain/tx/submit')!.body).toEqual({ tx: '84a0a0f5f6', witness_set: expect.stringMatching(/^a100/) });
    // the emulator has no explorer: the shortened id
    expect(within(dialog).getByTestId('tx-hash').textContent).toBe('abababab...ababab');
    // docs/product.md §8: the transaction the wallet sent is toasted
    await waitFor(() => screen.getByText('Transaction sent (abababab...ababab)'));
    const d = { tx_hash: TX, output_index: 0, token: 'exo', amount: '100000000', sender: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', seen_at: '2026-11-22T10:00:00Z', credited_at: null };
    deposits = [{ ...d, status: 'pending', confirmations: 3 }];
    await waitFor(() => expect(within(dialog).getByTestId('deposit-status').textContent).toBe('Pending (3 of 15 confirmations)'), { timeout: 5000 });
    deposits = [{ ...d, status: 'credited', confirmations: 15, credited_at: '2026-11-22T10:05:00Z' }];
    await waitFor(() => expect(within(dialog).getByTestId('deposit-status').textContent).toBe('Credited'), { timeout: 5000 });
    await waitFor(() => screen.getByText('100 EXO credited to your balance'));
  }, 20_000);

  it('says USER_WALLET_CANCEL_TRANSACTION when the wallet declines, and refuses the wrong network', async () => {
    installWallet({ sign: async () => Promise.reject({ code: 2, info: 'user declined' }) });
    const log = mockHttp(chainRoutes({ 'POST /chain/tx/build': { body: { tx: '84a0a0f5f6', tx_hash: TX, fee: '170000' } } }));
    const dialog = await openModal('deposit', 'hexo');
    fireEvent.change(within(dialog).getByTestId('chain-amount'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('chain-failure').textContent).toBe('You have canceled the transaction!'));
    expect(log.some((r) => r.path === '/chain/tx/submit')).toBe(false);

    installWallet({ network: 1 });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('chain-failure').textContent).toBe('Wrong blockchain network!'));
    expect(log.filter((r) => r.path === '/chain/tx/build')).toHaveLength(1);
  });
});

describe('recent deposits on /account/balances (docs/product.md §10)', () => {
  it('poll while a deposit is pending, and the balance refreshes the moment it is credited', async () => {
    const d = { tx_hash: TX, output_index: 0, token: 'hexo', amount: '100000000', sender: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', seen_at: '2026-11-22T10:00:00Z', credited_at: null };
    let deposits: unknown[] = [{ ...d, status: 'pending', confirmations: 2 }];
    let hexo = '0';
    const log = mockHttp(chainRoutes({
      'GET /chain/deposits': () => ({ body: { confirmations_required: 15, deposits, claimable: [] } }),
      'GET /user/balance/hexo': () => ({ body: { balance: hexo } }),
    }));
    renderRoute('/account/balances', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('deposit-row-status').textContent).toBe('Pending (2 of 15 confirmations)'));
    expect(screen.getByTestId('account-balance-hexo').textContent).toBe('0');
    // the watcher credits it; nobody reloads the page
    deposits = [{ ...d, status: 'credited', confirmations: 15, credited_at: '2026-11-22T10:05:00Z' }];
    hexo = '100000000';
    await waitFor(() => expect(screen.getByTestId('deposit-row-status').textContent).toBe('Credited'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('account-balance-hexo').textContent).toBe('100'));
    // and then the list stops polling
    const polls = log.filter((r) => r.path === '/chain/deposits').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(log.filter((r) => r.path === '/chain/deposits').length).toBe(polls);
  }, 20_000);
});

describe('withdrawal modal', () => {
  it("validates with docs/product.md §5's texts and shows the Master Wallet it pays", async () => {
    mockHttp(chainRoutes());
    const dialog = await openModal('withdraw', 'hexo');
    expect(within(dialog).getByRole('heading').textContent).toBe('Withdrawal HEXO');
    await waitFor(() => expect(within(dialog).getByTestId('master-address').textContent).toBe(MASTER));
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-balance').textContent).toBe('2.5 HEXO'));
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    expect(fieldAlert(dialog).textContent).toBe('Enter the HEXO amount you want to withdraw');
    fireEvent.change(within(dialog).getByTestId('chain-amount'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    expect(fieldAlert(dialog).textContent).toBe('You do not have such amount on your account balance');
  });

  it("shows the server's refusal in the modal and sends an Idempotency-Key per submit", async () => {
    const log = mockHttp(chainRoutes({
      'POST /chain/withdrawals': { status: 409, body: { error: 'PENDING_TRANSACTION', message: 'Please wait, you have pending transactions!' } },
    }));
    const dialog = await openModal('withdraw', 'exo');
    fireEvent.change(within(dialog).getByTestId('chain-amount'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('chain-failure').textContent).toBe('Please wait, you have pending transactions!'));
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(log.filter((r) => r.path === '/chain/withdrawals' && r.method === 'POST')).toHaveLength(2));
    const [a, b] = log.filter((r) => r.path === '/chain/withdrawals' && r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
    expect(log.find((r) => r.method === 'POST' && r.path === '/chain/withdrawals')!.body).toEqual({ token: 'exo', amount: '10', address: MASTER });
  });

  it('follows a requested payout to confirmed', async () => {
    let status = 'requested';
    const w = () => ({ id: 7, token: 'hexo', amount: '1000000', address: MASTER, status, tx_hash: status === 'requested' ? null : TX, confirmations: status === 'submitted' ? 4 : 15, created_at: '2026-11-22T10:00:00Z', reason: null });
    mockHttp(chainRoutes({
      'POST /chain/withdrawals': () => ({ status: 201, body: { withdrawal: w() } }),
      'GET /chain/withdrawals': () => ({ body: { withdrawals: [w()] } }),
    }));
    const dialog = await openModal('withdraw', 'hexo');
    fireEvent.change(within(dialog).getByTestId('chain-amount'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByTestId('chain-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('withdrawal-status').textContent).toBe('Requested, waiting for the payout'));
    expect(screen.queryByText(/Transaction sent/)).toBeNull();
    status = 'submitted';
    await waitFor(() => expect(within(dialog).getByTestId('withdrawal-status').textContent).toBe('Submitted (4 of 15 confirmations)'), { timeout: 5000 });
    // the payout transaction is on its way: "transaction sent", once
    await waitFor(() => expect(screen.getAllByText('Transaction sent (abababab...ababab)')).toHaveLength(1));
    status = 'confirmed';
    await waitFor(() => expect(within(dialog).getByTestId('withdrawal-status').textContent).toBe('Confirmed'), { timeout: 5000 });
  }, 20_000);
});

describe('/account/balances chain history', () => {
  it('lists deposits to claim with a way to link the sender', async () => {
    const claim = { tx_hash: TX, output_index: 1, token: 'hexo', amount: '7000000', sender: 'addr_test1vzstranger', status: 'claimable', confirmations: 20, seen_at: '2026-11-22T10:00:00Z', credited_at: null };
    mockHttp(chainRoutes({ 'GET /chain/deposits': { body: { confirmations_required: 15, deposits: [], claimable: [claim] } } }));
    renderRoute('/account/balances', { signedIn: true });
    const panel = await screen.findByTestId('claimable');
    await waitFor(() => within(panel).getByText('7 HEXO'));
    expect(within(panel).getByRole('link', { name: 'Link this wallet' }).getAttribute('href')).toBe('/account/settings#linked-wallets-title');
  });
});
