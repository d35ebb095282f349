/**
 * Sign-in with a wallet: challenge → the wallet signs the message → login (docs/game-rules.md §10.1).
 * Real and demo wallets take the same path; only how the wallet is found differs. A hardware wallet
 * (Ledger / Trezor through a CIP-30 wallet: the spec's HD flag) cannot sign data: it signs the
 * server's never-submittable transaction carrying the challenge instead (`signTx`), which the app
 * completes with the witness set and sends as `tx`. A Solana hardware wallet (Ledger) signs a
 * never-sent memo transaction the app builds (wallets/solana/sign-in-tx.ts), sent as `tx` too.
 * Connecting a wallet to a signed-in session (`POST /auth/wallet`) gives the same proof
 * ({@link cardanoProver}, {@link solanaProver}).
 */
import type { Chain, LoginResponse, WalletConnectRequest } from '@kingdom/api';
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

/** A proof of control of a wallet's address: the sign-in proof (docs/game-rules.md §10.1). */
export type WalletProofBody = WalletConnectRequest;

/** A connected wallet, ready to prove control of its address (a fresh challenge, signed). */
export interface WalletProver {
  chain: Chain;
  address: string;
  walletName: string;
  /** Asks the server for a challenge for the address and has the wallet sign it (message, or transaction with `hardware`). */
  prove(): Promise<WalletProofBody>;
}

/**
 * Connects the CIP-30 wallet `apiName` (`eternl`, …, or `demo`); its proof signs with `signData`,
 * or with `hardware` a transaction (the demo wallet then acts as a hardware wallet: it refuses
 * `signData`).
 * @throws WalletError ERROR_WALLET_NOT_SELECTED (not in this browser), or the wallet's refusal
 */
export async function cardanoProver(apiName: string, hardware = false): Promise<WalletProver> {
  const wallet = hardware && apiName === DEMO_WALLET_API_NAME
    ? (await import('../../wallets/demo/index.ts')).createDemoCardanoWallet(undefined, { refuseSignData: true })
    : await resolveCardanoWallet(apiName);
  if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const conn = await connectCardano(wallet);
  return {
    chain: 'cardano', address: conn.address, walletName: wallet.name,
    async prove() {
      const challenge = await postChallenge('cardano', conn.address);
      const base = { chain: 'cardano' as const, address: conn.address, message: challenge.message };
      if (hardware) {
        const { tx } = await postChallengeTx(conn.address, challenge.message);
        const witnessSet = await signCardanoTx(conn, tx);
        return { ...base, tx: withWitnessSet(tx, witnessSet) };
      }
      const { signature, key } = await signCardanoMessage(conn, challenge.message);
      return { ...base, signature, key };
    },
  };
}

/**
 * Connects the Solana wallet `apiName` (a Wallet Standard wallet, or `demo`); its proof signs the
 * message, or with `hardware` (Ledger) a never-sent memo transaction (the demo wallet then acts as a
 * hardware wallet: it refuses `signMessage`).
 * @throws WalletError ERROR_WALLET_NOT_SELECTED (not in this browser), or the wallet's refusal
 */
export async function solanaProver(apiName: string, hardware = false): Promise<WalletProver> {
  const signer = await resolveSolanaSigner(apiName, { hardware });
  if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const address = await connectSolana(signer);
  return {
    chain: 'solana', address, walletName: signer.name,
    async prove() {
      const challenge = await postChallenge('solana', address);
      const base = { chain: 'solana' as const, address, message: challenge.message };
      if (hardware) {
        const [{ signSolanaSignInTx }, info] = await Promise.all([import('../../wallets/solana/sign-in-tx.ts'), getChainInfo().catch(() => null)]);
        const solana = info?.solana ?? null;
        const tx = await signSolanaSignInTx(signer, address, challenge.message, { cluster: solana?.cluster ?? 'devnet', rpcUrl: solana?.rpc_url ?? null });
        return { ...base, tx };
      }
      return { ...base, signature: await signSolanaMessage(signer, challenge.message) };
    },
  };
}

/** The prover of wallet `apiName` on `chain`. */
export function walletProver(chain: Chain, apiName: string, hardware = false): Promise<WalletProver> {
  return chain === 'cardano' ? cardanoProver(apiName, hardware) : solanaProver(apiName, hardware);
}

/** Signs in with the CIP-30 wallet `apiName` ({@link cardanoProver}). */
export async function signInWithCardano(apiName: string, hardware = false): Promise<SignInResult> {
  const prover = await cardanoProver(apiName, hardware);
  const login = await postLogin({ ...(await prover.prove()), wallet: apiName });
  return { chain: 'cardano', address: prover.address, walletName: prover.walletName, login, hardware };
}

/** Signs in with the Solana wallet `apiName` ({@link solanaProver}). */
export async function signInWithSolana(apiName: string, hardware = false): Promise<SignInResult> {
  const prover = await solanaProver(apiName, hardware);
  const login = await postLogin({ ...(await prover.prove()), wallet: apiName });
  return { chain: 'solana', address: prover.address, walletName: prover.walletName, login, hardware };
}
