/**
 * Solana sign-in for hardware wallets (Ledger through a Wallet Standard wallet: the spec's HD
 * flag): Ledger's Solana app does not sign arbitrary messages, so the wallet signs — and the app
 * never sends — a legacy transaction whose only instruction is a Memo carrying the challenge, fee
 * payer = the address, with a recent blockhash. The server checks the fee payer, the memo's text
 * and the payer's signature over the message (`POST /api/auth/login` with `tx`).
 *
 * Loaded on the click of a hardware sign-in only (it brings `@solana/kit`).
 *
 * @module
 */
import { createSolanaRpc } from '@solana/kit';
import { base64 } from '@scure/base';
import type { SolanaSigner } from '../types.ts';
import { WalletError } from '../errors.ts';
import { solanaWalletCall } from './errors.ts';
import { buildSignInMemoTransaction } from './transfer.ts';
import { clusterChainId } from './standard.ts';

/** A well-formed blockhash (32 zero bytes) for when no cluster answers: the transaction is never sent. */
export const OFFLINE_BLOCKHASH = '11111111111111111111111111111111';

/** The cluster the sign-in transaction is for (chain info's `solana.cluster`) and where to read a recent blockhash (null: none). */
export interface SignInCluster {
  cluster: 'devnet' | 'testnet' | 'mainnet-beta';
  rpcUrl: string | null;
}

/**
 * Has the (connected) wallet sign the challenge's memo transaction.
 *
 * @param address the connected account (fee payer), base58.
 * @param challenge the challenge text from `POST /auth/challenge`.
 * @returns the signed transaction, wire format as base64 (the login's `tx`).
 * @throws WalletError ERROR_WALLET_API (the wallet cannot sign transactions, or failed),
 *   USER_WALLET_CANCEL_TRANSACTION (declined), ERROR_WALLET_TX_VERSION_NOT_SUPPORTED.
 */
export async function signSolanaSignInTx(signer: SolanaSigner, address: string, challenge: string, cluster: SignInCluster): Promise<string> {
  const feature = signer.signTransaction;
  if (!feature) {
    console.warn('Solana wallet error (message): the wallet cannot sign transactions (solana:signTransaction)');
    throw new WalletError('ERROR_WALLET_API');
  }
  if (!feature.versions.includes('legacy')) throw new WalletError('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');
  let recentBlockhash = OFFLINE_BLOCKHASH;
  let lastValidBlockHeight = 0n;
  if (cluster.rpcUrl) {
    try {
      const url = typeof location === 'undefined' ? cluster.rpcUrl : new URL(cluster.rpcUrl, location.href).href;
      const { value } = await createSolanaRpc(url).getLatestBlockhash().send();
      recentBlockhash = value.blockhash;
      lastValidBlockHeight = BigInt(value.lastValidBlockHeight);
    } catch {
      // the transaction is never sent: any well-formed blockhash will do
    }
  }
  const built = buildSignInMemoTransaction(address, challenge, { recentBlockhash, lastValidBlockHeight });
  const signed = await solanaWalletCall('transaction', () => feature.run(built.bytes, clusterChainId(cluster.cluster)));
  return base64.encode(signed);
}
