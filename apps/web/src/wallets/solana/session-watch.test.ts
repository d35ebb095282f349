import { describe, expect, it, vi } from 'vitest';
import * as notify from '../../components/notify.ts';
import { useSession } from '../../session/session-store.ts';
import { createDemoSolanaStandardWallet } from '../demo/solana-standard.ts';
import { standardSigner } from './standard-signer.ts';
import type { StdAccount, StdWallet } from './standard.ts';
import { accountChangeVerdict, watchSolanaSessionWallet } from './session-watch.ts';

const USER = { user_name: 'p', user_id: 1, user_avatar: null, type: 'citizen', land_owner: false, is_cardano: false, connect_wallet: 'A', wallet_handle: null };

/** A Wallet Standard wallet whose `change` events the test fires. */
function eventfulWallet() {
  const listeners = new Set<(p: { accounts?: readonly StdAccount[] }) => void>();
  const wallet: StdWallet = {
    name: 'Testwallet', icon: 'data:,', chains: ['solana:devnet'], accounts: [],
    features: {
      'standard:connect': { connect: async () => ({ accounts: [] }) },
      'solana:signMessage': { signMessage: async () => [] },
      'standard:events': { on: (_e: string, l: (p: { accounts?: readonly StdAccount[] }) => void) => (listeners.add(l), () => void listeners.delete(l)) },
    },
  };
  const emit = (...addresses: string[]) => listeners.forEach((l) => l({ accounts: addresses.map((address) => ({ address, chains: ['solana:devnet'], features: [] })) }));
  return { wallet, emit, listeners };
}

function signInSolana(address: string) {
  useSession.getState().signIn({ token: 't', user: USER, chain: 'solana', address, walletApiName: 'testwallet' });
}

describe('Solana session wallet: standard:events account changes', () => {
  it('another account → ERROR_WALLET_NOT_MATCH toast and the wallet part of the session cleared; the same account → nothing', () => {
    const errors = vi.spyOn(notify, 'notifyError');
    const { wallet, emit, listeners } = eventfulWallet();
    signInSolana('AddrA');
    const off = watchSolanaSessionWallet('testwallet', () => standardSigner(wallet));
    emit('AddrA');
    expect(useSession.getState().walletAddress).toBe('AddrA');
    expect(errors).not.toHaveBeenCalled();
    emit('AddrB');
    expect(errors).toHaveBeenCalledWith('The connected wallet does not match the dapp wallet!');
    const s = useSession.getState();
    expect([s.walletAddress, s.walletType, s.walletApiName]).toEqual(['', '', '']);
    expect(s.isAuth).toBe(true); // still signed in
    off();
    expect(listeners.size).toBe(0);
  });

  it('the wallet disconnects (no account) → the wallet part cleared, no toast', async () => {
    const errors = vi.spyOn(notify, 'notifyError');
    const demo = createDemoSolanaStandardWallet({ storage: window.localStorage });
    const signer = standardSigner(demo as unknown as StdWallet);
    const address = await signer.connect();
    signInSolana(address);
    const off = watchSolanaSessionWallet('testwallet', () => signer);
    await signer.connect(); // the same account again: nothing changes
    expect(useSession.getState().walletAddress).toBe(address);
    await signer.disconnect();
    expect(useSession.getState().walletAddress).toBe('');
    expect(errors).not.toHaveBeenCalled();
    off();
  });

  it('verdicts', () => {
    expect(accountChangeVerdict('A', ['A', 'B'])).toBe('same');
    expect(accountChangeVerdict('A', ['B'])).toBe('mismatch');
    expect(accountChangeVerdict('A', [])).toBe('disconnected');
  });
});
