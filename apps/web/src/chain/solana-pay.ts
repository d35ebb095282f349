/**
 * Paying an EXO order in SOL with the session's Solana wallet (docs/product.md §7: "builds, signs and sends
 * blockchain transactions through the connected wallet … sets the fee payer and recent block hash …
 * versioned transactions are used only if the wallet supports them"; docs/game-rules.md §9):
 *
 * 1. the session's wallet (Wallet Standard; the demo wallet too), connected on the click — never
 *    auto-connected — and its account must be the session's address (ERROR_WALLET_NOT_MATCH);
 * 2. the wallet's account must be on the cluster chain info names (`solana:devnet`, …) and the
 *    cluster's RPC must answer its genesis hash (ERROR_WALLET_WRONG_NETWORK);
 * 3. the Solana Pay transfer of the order (wallets/solana/transfer.ts), v0 only when the feature
 *    used lists `0`; over 1232 bytes → ERROR_WALLET_TX_TOO_LARGE;
 * 4. the SOL balance must cover lamports + fee, and the cluster's simulation (signatures not
 *    verified) must pass → ERROR_WALLET_NOT_ENOUGH_BALANCE — all before the wallet is asked;
 * 5. `solana:signAndSendTransaction` when offered, else `solana:signTransaction` and the raw
 *    transaction sent to the cluster by the app.
 *
 * Loaded when a Solana payment starts (a dynamic import of the pay button), never with `/login`.
 *
 * @module
 */
import { createSolanaRpc, getBase58Decoder, type Base64EncodedWireTransaction } from '@solana/kit';
import { base64 } from '@scure/base';
import { LAMPORTS_PER_SIGNATURE } from '@kingdom/game';
import type { ChainInfo, ExoOrder } from './types.ts';
import { WalletError } from '../wallets/errors.ts';
import { solanaWalletCall } from '../wallets/solana/errors.ts';
import { clusterChainId } from '../wallets/solana/standard.ts';
import { SOLANA_TX_SIZE_LIMIT, buildSolanaPayTransfer, versionFor } from '../wallets/solana/transfer.ts';
import type { SolanaSigner } from '../wallets/types.ts';


/** The steps of {@link payOrderWithSolana}, reported as they start. */
export type SolanaPayStep = 'connecting' | 'building' | 'signing' | 'submitting';

/** The cluster calls the payment makes (JSON-RPC; {@link kitRpc} is the real one). */
export interface SolanaRpcLike {
  getGenesisHash(): Promise<string>;
  getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>;
  /** Lamports held by `address` (0 for an account the cluster does not know). */
  getBalance(address: string): Promise<bigint>;
  /** Simulation with `sigVerify: false`: the transaction error (null when it would succeed) and its logs. */
  simulate(txBase64: string): Promise<{ err: unknown; logs: readonly string[] | null }>;
  /** Sends a signed transaction (base64); resolves its signature (base58). */
  send(txBase64: string): Promise<string>;
}

/** What a payment needs from outside (tests hand in their own). */
export interface SolanaPayDeps {
  chainInfo(): Promise<Pick<ChainInfo, 'solana'>>;
  /** The session's wallet (not yet connected). */
  signer(): Promise<SolanaSigner | undefined>;
  /** The session's address the wallet must answer. */
  sessionAddress: string;
  rpc(url: string): SolanaRpcLike;
}

/** A JSON-RPC endpoint through `@solana/kit`'s `createSolanaRpc` (relative URLs resolve against the page). */
export function kitRpc(url: string): SolanaRpcLike {
  const rpc = createSolanaRpc(typeof location === 'undefined' ? url : new URL(url, location.href).href);
  return {
    getGenesisHash: async () => String(await rpc.getGenesisHash().send()),
    getLatestBlockhash: async () => {
      const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
    },
    getBalance: async (address) => BigInt((await rpc.getBalance(address as Parameters<typeof rpc.getBalance>[0], { commitment: 'confirmed' }).send()).value),
    simulate: async (tx) => {
      const { value } = await rpc
        .simulateTransaction(tx as Base64EncodedWireTransaction, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: false, commitment: 'confirmed' })
        .send();
      return { err: value.err, logs: value.logs };
    },
    send: async (tx) => String(await rpc.sendTransaction(tx as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' }).send()),
  };
}

/** True when a simulation error means the payer cannot cover the transfer or the fee. */
export function isShortOfSol(err: unknown, logs: readonly string[] | null): boolean {
  const text = JSON.stringify(err, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
  if (/InsufficientFundsForFee|InsufficientFundsForRent|AccountNotFound|insufficient/i.test(text)) return true;
  // the System program's transfer: custom error 1 = ResultWithNegativeLamports ("insufficient lamports")
  if (/"InstructionError":\[\d+,\{"Custom":1\}\]/.test(text)) return true;
  return (logs ?? []).some((l) => /insufficient lamports/i.test(l));
}

/**
 * Pays `order` (an order with `pay_chain` solana and its `solana_pay` request) with the session's
 * Solana wallet.
 *
 * @param onStep told when each step starts.
 * @returns the transaction's signature, base58.
 * @throws WalletError SYSTEM_FEATURE_NOT_AVAILABLE (Solana off, or not a SOL order),
 *   ERROR_WALLET_NOT_SELECTED (the session's wallet is not in this browser), ERROR_WALLET_NOT_MATCH,
 *   ERROR_WALLET_WRONG_NETWORK, ERROR_WALLET_TX_TOO_LARGE, ERROR_WALLET_NOT_ENOUGH_BALANCE,
 *   ERROR_WALLET_TX_VERSION_NOT_SUPPORTED, USER_WALLET_CANCEL_CONNECT, USER_WALLET_CANCEL_TRANSACTION,
 *   ERROR_WALLET_API (any other wallet or cluster failure; logged).
 */
export async function payOrderWithSolana(order: Pick<ExoOrder, 'solana_pay'>, onStep: (step: SolanaPayStep) => void, deps: SolanaPayDeps): Promise<string> {
  const request = order.solana_pay;
  if (!request) throw new WalletError('SYSTEM_FEATURE_NOT_AVAILABLE');
  onStep('connecting');
  const info = (await deps.chainInfo()).solana;
  if (!info) throw new WalletError('SYSTEM_FEATURE_NOT_AVAILABLE');
  const signer = await deps.signer();
  if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
  const address = await solanaWalletCall('connect', () => signer.connect());
  if (address !== deps.sessionAddress) throw new WalletError('ERROR_WALLET_NOT_MATCH');
  const chain = clusterChainId(info.cluster);
  if (!signer.chains().includes(chain)) throw new WalletError('ERROR_WALLET_WRONG_NETWORK');
  const feature = signer.signAndSendTransaction ?? signer.signTransaction;
  if (!feature) {
    console.warn('Solana wallet error (transaction): the wallet offers neither solana:signAndSendTransaction nor solana:signTransaction');
    throw new WalletError('ERROR_WALLET_API');
  }
  const version = versionFor(feature.versions);
  if (version === null) throw new WalletError('ERROR_WALLET_TX_VERSION_NOT_SUPPORTED');

  onStep('building');
  const rpc = deps.rpc(info.rpc_url);
  const cluster = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      console.warn(`Solana cluster error: ${e instanceof Error ? e.message : String(e)}`);
      throw new WalletError('ERROR_WALLET_API');
    }
  };
  if ((await cluster(() => rpc.getGenesisHash())) !== info.genesis_hash) throw new WalletError('ERROR_WALLET_WRONG_NETWORK');
  const { blockhash, lastValidBlockHeight } = await cluster(() => rpc.getLatestBlockhash());
  let built;
  try {
    built = buildSolanaPayTransfer(address, request, { recentBlockhash: blockhash, lastValidBlockHeight, version });
  } catch (e) {
    console.warn(`Solana Pay request not payable: ${e instanceof Error ? e.message : String(e)}`);
    throw new WalletError('ERROR_WALLET_API');
  }
  if (built.size > SOLANA_TX_SIZE_LIMIT) throw new WalletError('ERROR_WALLET_TX_TOO_LARGE');
  const balance = await cluster(() => rpc.getBalance(address));
  if (balance < BigInt(request.lamports) + LAMPORTS_PER_SIGNATURE * BigInt(built.signatures)) throw new WalletError('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  const sim = await cluster(() => rpc.simulate(built.base64));
  if (sim.err !== null && sim.err !== undefined) {
    if (isShortOfSol(sim.err, sim.logs)) throw new WalletError('ERROR_WALLET_NOT_ENOUGH_BALANCE');
    console.warn('Solana simulation failed', sim.err, sim.logs);
    throw new WalletError('ERROR_WALLET_API');
  }

  onStep('signing');
  if (signer.signAndSendTransaction) {
    const sendFeature = signer.signAndSendTransaction;
    const signature = await solanaWalletCall('transaction', () => sendFeature.run(built.bytes, chain));
    return getBase58Decoder().decode(signature);
  }
  const signFeature = signer.signTransaction!;
  const signed = await solanaWalletCall('transaction', () => signFeature.run(built.bytes, chain));
  onStep('submitting');
  return cluster(() => rpc.send(base64.encode(signed)));
}
