// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { WalletError } from '../errors.ts';
import { SOLANA_WALLET_ERROR_KINDS, solanaWalletErrorCode, toSolanaWalletError } from './errors.ts';

/**
 * A wallet's rejection as @solana/wallet-adapter-base 0.9 makes it: an Error whose `name` is its
 * class's name (the app depends on no adapter package; the names are the adapter's, listed below).
 */
function kind(name: string) {
  return class extends Error {
    /** The wallet's own error the adapter wraps, when there is one. */
    readonly error: unknown;
    constructor(message?: string, error?: unknown) {
      super(message);
      this.name = name;
      this.error = error;
    }
  };
}
const adapter = {
  WalletNotReadyError: kind('WalletNotReadyError'),
  WalletLoadError: kind('WalletLoadError'),
  WalletConfigError: kind('WalletConfigError'),
  WalletConnectionError: kind('WalletConnectionError'),
  WalletDisconnectedError: kind('WalletDisconnectedError'),
  WalletDisconnectionError: kind('WalletDisconnectionError'),
  WalletAccountError: kind('WalletAccountError'),
  WalletPublicKeyError: kind('WalletPublicKeyError'),
  WalletNotConnectedError: kind('WalletNotConnectedError'),
  WalletSendTransactionError: kind('WalletSendTransactionError'),
  WalletSignTransactionError: kind('WalletSignTransactionError'),
  WalletSignMessageError: kind('WalletSignMessageError'),
  WalletSignInError: kind('WalletSignInError'),
};

/** Every error kind the spec names (§8), as @solana/wallet-adapter-base names them. */
const KINDS = Object.values(adapter);

describe('Solana wallet error kinds → spec codes', () => {
  it('knows every kind of @solana/wallet-adapter-base by the name its class sets (0.9: 13 kinds)', () => {
    expect(Object.keys(SOLANA_WALLET_ERROR_KINDS).sort()).toEqual(KINDS.map((K) => new K().name).sort());
  });

  it('maps each kind that is not a refusal to its code', () => {
    expect(solanaWalletErrorCode(new adapter.WalletNotReadyError(), 'connect')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletLoadError('boom'), 'connect')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletConfigError('bad config'), 'connect')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletConnectionError('no link'), 'connect')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletDisconnectedError(), 'transaction')).toBe('NOT_SET_ACTIVE_ADDRESS');
    expect(solanaWalletErrorCode(new adapter.WalletNotConnectedError(), 'transaction')).toBe('NOT_SET_ACTIVE_ADDRESS');
    expect(solanaWalletErrorCode(new adapter.WalletDisconnectionError(), 'connect')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletAccountError(), 'connect')).toBe('NOT_VALID_REQUEST_ADDRESS');
    expect(solanaWalletErrorCode(new adapter.WalletPublicKeyError(), 'connect')).toBe('NOT_VALID_REQUEST_ADDRESS');
    expect(solanaWalletErrorCode(new adapter.WalletSendTransactionError('RPC 503'), 'transaction')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletSignTransactionError('hardware locked'), 'transaction')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletSignMessageError('nope'), 'message')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new adapter.WalletSignInError('x'), 'message')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(new Error('socket hang up'), 'transaction')).toBe('ERROR_WALLET_API');
    expect(solanaWalletErrorCode(undefined, 'transaction')).toBe('ERROR_WALLET_API');
  });

  it("the user's refusal: cancel connect at connect, cancel transaction when signing", () => {
    const phantom = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    expect(solanaWalletErrorCode(phantom, 'connect')).toBe('USER_WALLET_CANCEL_CONNECT');
    expect(solanaWalletErrorCode(phantom, 'transaction')).toBe('USER_WALLET_CANCEL_TRANSACTION');
    // a wallet-adapter kind wrapping the refusal
    expect(solanaWalletErrorCode(new adapter.WalletSignTransactionError('failed', phantom), 'transaction')).toBe('USER_WALLET_CANCEL_TRANSACTION');
    expect(solanaWalletErrorCode(new adapter.WalletSendTransactionError('Transaction cancelled'), 'transaction')).toBe('USER_WALLET_CANCEL_TRANSACTION');
    expect(solanaWalletErrorCode(new adapter.WalletConnectionError('User rejected the request.'), 'connect')).toBe('USER_WALLET_CANCEL_CONNECT');
    expect(solanaWalletErrorCode(Object.assign(new Error('x'), { name: 'WalletUserRejectedError' }), 'message')).toBe('USER_WALLET_CANCEL_TRANSACTION');
  });

  it('a transaction version the wallet does not support', () => {
    expect(solanaWalletErrorCode(new adapter.WalletSendTransactionError('Sending versioned transactions isn\'t supported by this wallet'), 'transaction')).toBe('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');
    expect(solanaWalletErrorCode(new adapter.WalletSignTransactionError('Transaction version 0 is not supported'), 'transaction')).toBe('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');
    expect(solanaWalletErrorCode(new Error('Unsupported transaction version: 0'), 'transaction')).toBe('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');
    expect(solanaWalletErrorCode(new Error('Versioned transactions are not supported'), 'transaction')).toBe('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');
  });

  it('logs the kind of a failure that is not a refusal; keeps a WalletError', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const e = toSolanaWalletError(new adapter.WalletLoadError('script blocked'), 'connect');
    expect(e).toBeInstanceOf(WalletError);
    expect(e.code).toBe('ERROR_WALLET_API');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('WalletLoadError'));
    warn.mockClear();
    expect(toSolanaWalletError({ code: 4001, message: 'User rejected' }, 'transaction').code).toBe('USER_WALLET_CANCEL_TRANSACTION');
    expect(warn).not.toHaveBeenCalled();
    const own = new WalletError('ERROR_WALLET_WRONG_NETWORK');
    expect(toSolanaWalletError(own, 'transaction')).toBe(own);
  });
});
