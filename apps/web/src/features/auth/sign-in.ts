/**
 * Sign-in with a wallet: challenge → the wallet signs the message → login (docs/game-rules.md §10.1).
 * Real and demo wallets take the same path; only how the wallet is found differs. A hardware wallet
 * (Ledger / Trezor through a CIP-30 wallet: the spec's HD flag) cannot sign data: it signs the
 * server's never-submittable transaction carrying the challenge instead (`signTx`), which the app
 * completes with the witness set and sends as `tx`. A Solana hardware wallet (Ledger) signs a
 * never-sent memo transaction the app builds (wallets/solana/sign-in-tx.ts), sent as `tx` too.
 */
import type { Chain, LoginResponse } from '@kingdom/api';
import { getChainInfo, postChallenge, postChallengeTx, postLogin } from './api.ts';
import { connectCardano, signCardanoMessage, signCardanoTx } from '../../wallets/cardano/cip30.ts';
import { withWitnessSet } from '../../wallets/cardano/assemble.ts';
import { DEMO_WALLET_API_NAME } from '../../wallets/types.ts';
import { connectSolana, signSolanaMessage } from '../../wallets/solana/sign.ts';
import { resolveCardanoWallet, resolveSolanaSigner } from '../../wallets/registry.ts';
import { WalletError } from '../../wallets/errors.ts';

/** What a successful sign-in returns. */
export interface SignInResult {
  chain: Chain;
  address: string;
  walletName: string;
  login: LoginResponse;
  /** Signed in with a hardware wallet (by transaction). */
  hardware: boolean;
}

/**
 * Signs in with the CIP-30 wallet `apiName` (`eternl`, …, or `demo`); with `hardware`, by a signed
 * transaction instead of `signData` (the demo wallet then acts as a hardware wallet: it refuses
 * `signData`).
 */
export async function signInWithCardano(apiName: string, hardware = false): Promise<SignInResult> {
  const wallet = hardware && apiName === DEMO_WALLET_API_NAME
    ? (await import('../../wallets/demo/index.ts')).createDemoCardanoWallet(undefined, { refuseSignData: true })
    : await resolveCardanoWallet(apiName);
  if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const conn = await connectCardano(wallet);
  const challenge = await postChallenge('cardano', conn.address);
  const base = { chain: 'cardano' as const, address: conn.address, message: challenge.message, wallet: apiName };
  let login: LoginResponse;
  if (hardware) {
    const { tx } = await postChallengeTx(conn.address, challenge.message);
    const witnessSet = await signCardanoTx(conn, tx);
    login = await postLogin({ ...base, tx: withWitnessSet(tx, witnessSet) });
  } else {
    const { signature, key } = await signCardanoMessage(conn, challenge.message);
    login = await postLogin({ ...base, signature, key });
  }
  return { chain: 'cardano', address: conn.address, walletName: wallet.name, login, hardware };
}

/**
 * Signs in with the Solana wallet `apiName` (a Wallet Standard wallet, or `demo`); with `hardware`
 * (Ledger), by a signed, never-sent memo transaction instead of `signMessage` (the demo wallet then
 * acts as a hardware wallet: it refuses `signMessage`).
 */
export async function signInWithSolana(apiName: string, hardware = false): Promise<SignInResult> {
  const signer = await resolveSolanaSigner(apiName, { hardware });
  if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const address = await connectSolana(signer);
  const challenge = await postChallenge('solana', address);
  const base = { chain: 'solana' as const, address, message: challenge.message, wallet: apiName };
  let login: LoginResponse;
  if (hardware) {
    const [{ signSolanaSignInTx }, info] = await Promise.all([import('../../wallets/solana/sign-in-tx.ts'), getChainInfo().catch(() => null)]);
    const solana = info?.solana ?? null;
    const tx = await signSolanaSignInTx(signer, address, challenge.message, { cluster: solana?.cluster ?? 'devnet', rpcUrl: solana?.rpc_url ?? null });
    login = await postLogin({ ...base, tx });
  } else {
    const signature = await signSolanaMessage(signer, challenge.message);
    login = await postLogin({ ...base, signature });
  }
  return { chain: 'solana', address, walletName: signer.name, login, hardware };
}
