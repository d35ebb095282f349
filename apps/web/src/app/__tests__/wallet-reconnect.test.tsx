/**
 * Disconnecting, switching and reconnecting a wallet on both chains (issue 36 items 14–19;
 * docs/product.md §4): the account's last wallet survives a reload, the Wallets panel has connect
 * links, each demo type names its chain, the handle follows the wallet, connecting proves the wallet
 * to the server (`POST /auth/wallet`), a Cardano account switch is noticed (focus, before signing),
 * a Solana wallet without signMessage signs in as hardware, and the demo Solana wallet is registered
 * through Wallet Standard so the session watch follows it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { getWallets } from '@wallet-standard/app';
import type { User } from '@kingdom/api';
import { mockHttp } from '../../test/mock-http.ts';
import { TEST_USER, signedInRoutes } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { memoryStorage } from '../../test/memory-storage.ts';
import { useSession } from '../../session/session-store.ts';
import { connectTypeOf, lastWalletOf } from '../../session/last-wallet.ts';
import * as notify from '../../components/notify.ts';
import { walletType } from '../../features/auth/connect-wallet.ts';
import { createDemoCardanoWallet, demoCardanoAddress, demoSolanaAddress } from '../../wallets/demo/index.ts';
import { DEMO_STORAGE_KEYS } from '../../wallets/demo/storage-keys.ts';
import { detectSolanaWallets, type StdWallet } from '../../wallets/solana/standard.ts';
import { watchCardanoSessionWallet } from '../../wallets/cardano/session-watch.ts';
import { watchSolanaSessionWallet } from '../../wallets/solana/session-watch.ts';
import { resolveSolanaSigner } from '../../wallets/registry.ts';
import { connectSessionWallet } from '../../chain/pay.ts';

const win = window as unknown as { cardano?: Record<string, unknown> };
afterEach(() => {
  delete win.cardano;
});

/** A Wallet Standard wallet that connects and signs transactions but has no solana:signMessage (Ledger-like). */
function ledgerLike(): StdWallet & { version: '1.0.0' } {
  return {
    version: '1.0.0', name: 'Ledger Like', icon: 'data:image/svg+xml;base64,AA==', chains: ['solana:devnet'], accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy'], signTransaction: async () => [] },
    },
  };
}

describe('reconnecting (item 14)', () => {
  it('"Connect a wallet" offers the account\'s last wallet after a reload, and the Wallets panel has connect links per chain', async () => {
    mockHttp(signedInRoutes({ 'GET /wallets': { body: { wallets: [], stake_keys: [] } }, 'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } } }));
    const { user } = renderRoute('/dashboard/overview', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Disconnect wallet' }));
    await screen.findByText('Wallet disconnected');
    // a reload: the page is rendered anew from the stored session
    cleanup();
    renderRoute('/account/settings');
    expect((await screen.findByTestId('connect-wallet-link')).getAttribute('href')).toBe('/connect/eternl');
    expect(lastWalletOf(TEST_USER.user_id)).toEqual({ chain: 'cardano', apiName: 'eternl', hardware: false });
    const panel = await screen.findByTestId('connect-wallets', {}, { timeout: 15_000 });
    within(panel).getByTestId('no-active-wallet');
    expect(within(panel).getByTestId('connect-demo').getAttribute('href')).toBe('/connect/demo');
    expect(within(panel).getByTestId('connect-demo-solana').getAttribute('href')).toBe('/connect/demo-solana');
  });

  it('each demo type names its chain; `demo` is the account\'s chain', () => {
    expect(walletType('demo-solana', true)).toMatchObject({ chain: 'solana', apiName: 'demo' });
    expect(walletType('demo-cardano', true)).toMatchObject({ chain: 'cardano', apiName: 'demo' });
    expect(walletType('demo', true, 'solana')).toMatchObject({ chain: 'solana', apiName: 'demo' });
    expect(walletType('demo', true)).toMatchObject({ chain: 'cardano', apiName: 'demo' });
    expect(walletType('demo-solana', false)).toBeNull();
    expect(connectTypeOf({ chain: 'solana', apiName: 'demo' })).toBe('demo-solana');
    expect(connectTypeOf({ chain: 'cardano', apiName: 'demo' })).toBe('demo');
    expect(connectTypeOf({ chain: 'solana', apiName: 'phantom' })).toBe('phantom');
  });
});

describe('the handle follows the wallet (item 15)', () => {
  it('after a disconnect, a dashboard/user answer does not put the $handle back; a server without an active wallet clears the page\'s', () => {
    useSession.getState().signIn({ token: 't', user: { ...TEST_USER, wallet_handle: 'aldric' }, chain: 'cardano', address: TEST_USER.connect_wallet, walletApiName: 'eternl' });
    expect(useSession.getState().walletHandle).toBe('aldric');
    useSession.getState().disconnectWallet();
    useSession.getState().setUser({ ...TEST_USER, wallet_handle: 'aldric' });
    expect([useSession.getState().walletHandle, useSession.getState().walletAddress]).toEqual(['', '']);
    // connected in the page, but the server holds no active wallet (disconnected elsewhere): the server wins
    useSession.getState().connectWallet({ chain: 'cardano', address: TEST_USER.connect_wallet, walletApiName: 'eternl' });
    useSession.getState().setUser({ ...TEST_USER, connect_wallet: '', wallet_handle: null });
    expect([useSession.getState().walletAddress, useSession.getState().walletApiName, useSession.getState().walletHandle]).toEqual(['', '', '']);
  });
});

describe('connecting proves the wallet to the server (item 16)', () => {
  it('/connect/eternl signs a challenge with the wallet and the session takes the server\'s answer', async () => {
    const storage = memoryStorage();
    win.cardano = { eternl: { ...createDemoCardanoWallet(storage), name: 'Eternl' } };
    const address = demoCardanoAddress(storage);
    const server: User = { ...TEST_USER, connect_wallet: '', wallet_handle: null };
    const log = mockHttp(signedInRoutes({
      'GET /dashboard/user': () => ({ body: { user: server } }),
      'GET /wallets': { body: { wallets: [{ id: 2, chain: 'cardano', address, is_master: true, is_current: false, created_at: '2026-11-01T00:00:00Z', synced_at: null }], stake_keys: [] } },
      'POST /auth/challenge': { body: { message: 'kingdom wants you to sign in\nNonce: 00', nonce: '00', expires_at: '2026-11-22T00:05:00.000Z' } },
      'POST /auth/wallet': () => {
        Object.assign(server, { connect_wallet: address, wallet_handle: 'master' });
        return { body: { user: server } };
      },
    }));
    useSession.getState().signIn({ token: 't', user: server, chain: 'cardano', address: '', walletApiName: '' });
    useSession.getState().disconnectWallet();
    renderRoute('/connect/eternl');
    await screen.findByText('Connected with Eternl', {}, { timeout: 15_000 });
    const proof = log.find((r) => r.method === 'POST' && r.path === '/auth/wallet')!.body as Record<string, string>;
    expect(proof).toMatchObject({ chain: 'cardano', address, message: 'kingdom wants you to sign in\nNonce: 00' });
    expect(proof.signature).toMatch(/^84[0-9a-f]+$/);
    const s = useSession.getState();
    expect([s.walletAddress, s.walletApiName, s.walletType, s.walletHandle]).toEqual([address, 'eternl', 'cardano', 'master']);
  });
});

describe('a Cardano account switch is noticed (item 17)', () => {
  it('on focus: ERROR_WALLET_NOT_MATCH, the wallet disconnected on the server too; before a signature: refused', async () => {
    const errors = vi.spyOn(notify, 'notifyError');
    const storage = memoryStorage();
    const wallet = { ...createDemoCardanoWallet(storage), name: 'Eternl' };
    win.cardano = { eternl: wallet };
    const address = demoCardanoAddress(storage);
    const log = mockHttp(signedInRoutes());
    useSession.getState().signIn({ token: 't', user: { ...TEST_USER, connect_wallet: address }, chain: 'cardano', address, walletApiName: 'eternl' });
    await expect(connectSessionWallet()).resolves.toBeDefined();
    const target = new EventTarget() as unknown as Window;
    const off = watchCardanoSessionWallet(wallet, target);
    target.dispatchEvent(new Event('focus'));
    await new Promise((r) => setTimeout(r, 50));
    expect(useSession.getState().walletAddress).toBe(address); // the same account: nothing
    // the person switches account in the wallet
    storage.setItem(DEMO_STORAGE_KEYS.cardano, 'ab'.repeat(32));
    await expect(connectSessionWallet()).rejects.toMatchObject({ code: 'ERROR_WALLET_NOT_MATCH' });
    expect(errors).toHaveBeenCalledWith('The connected wallet does not match the dapp wallet!');
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/auth/wallet/disconnect')).toBe(true));
    expect(useSession.getState().walletAddress).toBe('');
    // signed in again with the first account, the focus check finds the switch too
    errors.mockClear();
    useSession.getState().connectWallet({ chain: 'cardano', address, walletApiName: 'eternl' });
    target.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(useSession.getState().walletAddress).toBe(''));
    expect(errors).toHaveBeenCalledWith('The connected wallet does not match the dapp wallet!');
    off();
  });
});

describe('Solana hardware sign-in without signMessage (item 18)', () => {
  it('a wallet with signTransaction but no signMessage is Unsupported, and Installed (clickable) with the hardware box ticked', async () => {
    const unregister = getWallets().register(ledgerLike() as never);
    try {
      const plain = detectSolanaWallets(undefined, false).find((o) => o.label === 'Ledger Like');
      const hardware = detectSolanaWallets(undefined, true).find((o) => o.label === 'Ledger Like');
      expect([plain?.readyState, hardware?.readyState]).toEqual(['Unsupported', 'Installed']);
      expect(await resolveSolanaSigner('ledger-like')).toBeUndefined();
      expect(await resolveSolanaSigner('ledger-like', { hardware: true })).toBeDefined();
      mockHttp(signedInRoutes());
      useSession.getState().clear();
      const { user } = renderRoute('/login');
      const solana = await screen.findByRole('region', { name: 'Solana' });
      expect(within(solana).queryByRole('button', { name: /Ledger Like/ })).toBeNull();
      await user.click(screen.getByTestId('hardware-wallet'));
      await within(solana).findByRole('button', { name: /Ledger Like.*Installed/ });
    } finally {
      unregister();
    }
  });
});

describe('the demo Solana wallet is registered through Wallet Standard (item 19)', () => {
  it('registered on first use, left out of the login list, and its account switch ends the session\'s wallet', async () => {
    const errors = vi.spyOn(notify, 'notifyError');
    const log = mockHttp(signedInRoutes());
    const signer = await resolveSolanaSigner('demo');
    expect(getWallets().get().some((w) => w.name === 'Demo wallet')).toBe(true);
    expect(detectSolanaWallets().some((o) => o.label === 'Demo wallet')).toBe(false);
    const address = await signer!.connect();
    expect(address).toBe(demoSolanaAddress());
    useSession.getState().signIn({ token: 't', user: { ...TEST_USER, connect_wallet: address, is_cardano: false }, chain: 'solana', address, walletApiName: 'demo' });
    const off = watchSolanaSessionWallet('demo');
    // another key stored by the wallet (the person switched account, in another tab)
    localStorage.setItem(DEMO_STORAGE_KEYS.solana, 'cd'.repeat(32));
    window.dispatchEvent(new StorageEvent('storage', { key: DEMO_STORAGE_KEYS.solana, newValue: 'cd'.repeat(32) }));
    await waitFor(() => expect(useSession.getState().walletAddress).toBe(''));
    expect(errors).toHaveBeenCalledWith('The connected wallet does not match the dapp wallet!');
    await waitFor(() => expect(log.some((r) => r.method === 'POST' && r.path === '/auth/wallet/disconnect')).toBe(true));
    off();
  });
});
