/**
 * Sign-in with a wallet: challenge → the wallet signs the message → login (DESIGN.md "Sign-in").
 * Real and demo wallets take the same path; only how the wallet is found differs.
 */
import type { Chain, LoginResponse } from '@kingdom/api';
import { postChallenge, postLogin } from './api.ts';
import { connectCardano, signCardanoMessage } from '../../wallets/cardano/cip30.ts';
import { connectSolana, signSolanaMessage } from '../../wallets/solana/sign.ts';
import { resolveCardanoWallet, resolveSolanaSigner } from '../../wallets/registry.ts';
import { WalletError } from '../../wallets/errors.ts';

/** What a successful sign-in returns. */
export interface SignInResult {
  chain: Chain;
  address: string;
  walletName: string;
  login: LoginResponse;
}

/** Signs in with the CIP-30 wallet `apiName` (`eternl`, …, or `demo`). */
export async function signInWithCardano(apiName: string): Promise<SignInResult> {
  const wallet = await resolveCardanoWallet(apiName);
  if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const conn = await connectCardano(wallet);
  const challenge = await postChallenge('cardano', conn.address);
  const { signature, key } = await signCardanoMessage(conn, challenge.message);
  const login = await postLogin({ chain: 'cardano', address: conn.address, message: challenge.message, signature, key, wallet: apiName });
  return { chain: 'cardano', address: conn.address, walletName: wallet.name, login };
}

/** Signs in with the Solana wallet `apiName` (a Wallet Standard wallet, or `demo`). */
export async function signInWithSolana(apiName: string): Promise<SignInResult> {
  const signer = await resolveSolanaSigner(apiName);
  if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const address = await connectSolana(signer);
  const challenge = await postChallenge('solana', address);
  const signature = await signSolanaMessage(signer, challenge.message);
  const login = await postLogin({ chain: 'solana', address, message: challenge.message, signature, wallet: apiName });
  return { chain: 'solana', address, walletName: signer.name, login };
}
