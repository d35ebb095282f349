/**
 * Paying on Cardano with the session's wallet (docs/game-rules.md §8; docs/product.md §7 "transactions built, signed and
 * sent through the wallet"): the server builds the unsigned transaction (Lucid Evolution), the
 * CIP-30 wallet signs it, the server submits it. Shared by the deposit modals, the token sale and
 * the vendor's EXO packs; loaded with those pages, never with `/login`.
 *
 * @module
 */
import type { ChainToken } from '@kingdom/api';
import type { ChainInfo } from './types.ts';
import { call } from '../api/call.ts';
import { ApiError } from '../api/client.ts';
import { useSession } from '../session/session-store.ts';
import { WalletError, isUserRejection } from '../wallets/errors.ts';
import type { Cip30Api } from '../wallets/types.ts';

/** What to pay: a deposit of whole tokens to the treasury, or an EXO order's ADA to the sale address. */
export type PayRequest = { kind: 'deposit'; token: ChainToken; amount: string } | { kind: 'order'; order_id: number };

/** Code of the failure "this session signed in with a Solana wallet": paying needs a Cardano one. */
export const NEEDS_CARDANO = 'NEEDS_CARDANO_WALLET';

/** The steps of {@link payWithSessionWallet}, reported as they start (for the modal's status line). */
export type PayStep = 'connecting' | 'building' | 'signing' | 'submitting';

/** What a payment needs from outside (tests hand in their own). */
export interface PayDeps {
  /** The connected CIP-30 API of the session's wallet. */
  connect(): Promise<Cip30Api>;
  chainInfo(): Promise<Pick<ChainInfo, 'network_id'>>;
}

/**
 * Enables the session's Cardano wallet (its active wallet, demo wallet included) and checks, before
 * anything is signed, that the wallet is still on the session's account (docs/product.md §8
 * ERROR_WALLET_NOT_MATCH: a switch is handled as the wallet watch does, wallets/cardano/session-watch.ts).
 * @throws WalletError NEEDS_CARDANO_WALLET (Solana session), NOT_SET_ACTIVE_ADDRESS (wallet not in
 *   this browser), USER_WALLET_CANCEL_CONNECT / ERROR_WALLET_API (enable refused or failed),
 *   ERROR_WALLET_NOT_MATCH (the wallet switched account)
 */
export async function connectSessionWallet(): Promise<Cip30Api> {
  const { walletType, walletApiName } = useSession.getState();
  if (walletType !== 'cardano') throw new WalletError(NEEDS_CARDANO);
  const [{ resolveCardanoWallet }, { ensureCardanoSessionAccount }] = await Promise.all([import('../wallets/registry.ts'), import('../wallets/cardano/session-watch.ts')]);
  const wallet = await resolveCardanoWallet(walletApiName);
  if (!wallet) throw new WalletError('NOT_SET_ACTIVE_ADDRESS');
  let api: Cip30Api;
  try {
    api = await wallet.enable();
  } catch (e) {
    throw new WalletError(isUserRejection(e) ? 'USER_WALLET_CANCEL_CONNECT' : 'ERROR_WALLET_API', e instanceof Error ? e.message : undefined);
  }
  await ensureCardanoSessionAccount(api);
  return api;
}

const DEFAULT_DEPS: PayDeps = { connect: connectSessionWallet, chainInfo: () => call('chainInfo') };

/** CIP-30 TxSignError: 1 ProofGeneration, 2 UserDeclined; APIError -3 Refused (wallets differ). */
function isSignDecline(e: unknown): boolean {
  const code = e !== null && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  return code === 1 || code === 2 || isUserRejection(e);
}

/**
 * Has the session's wallet sign a transaction the server builds, then hands the witness set to
 * the server: wallet → network check (`getNetworkId()` against `chainInfo.network_id`) → change
 * address → `build(address)` → `signTx` → `submit(witnessSet, built)`. Payments and the land mint
 * share it.
 *
 * @param build asks the server for the unsigned transaction (CBOR hex) paid from `address` (bech32).
 * @param submit sends the wallet's witness set; its answer is returned.
 * @param onStep told when each step starts.
 * @throws WalletError ERROR_WALLET_WRONG_NETWORK, USER_WALLET_CANCEL_TRANSACTION (the person declined
 *   in the wallet), ERROR_WALLET_API, NEEDS_CARDANO_WALLET, NOT_SET_ACTIVE_ADDRESS;
 *   ApiError from the server (ERROR_WALLET_NOT_ENOUGH_UTXO, ERROR_WALLET_NOT_ENOUGH_BALANCE, …), already toasted.
 */
export async function signWithSessionWallet<T>(
  build: (address: string) => Promise<{ tx: string }>,
  submit: (witnessSet: string, built: { tx: string }) => Promise<T>,
  onStep: (step: PayStep) => void = () => undefined,
  deps: PayDeps = DEFAULT_DEPS,
): Promise<T> {
  onStep('connecting');
  const api = await deps.connect();
  const [info, networkId] = await Promise.all([deps.chainInfo(), api.getNetworkId().catch(() => -1)]);
  if (networkId !== info.network_id) throw new WalletError('ERROR_WALLET_WRONG_NETWORK');
  let address: string;
  try {
    const { cardanoAddressToBech32 } = await import('../wallets/cardano/address.ts');
    address = cardanoAddressToBech32(await api.getChangeAddress());
  } catch (e) {
    throw e instanceof WalletError ? e : new WalletError('ERROR_WALLET_API');
  }
  onStep('building');
  const built = await build(address);
  onStep('signing');
  let witnessSet: string;
  try {
    witnessSet = await api.signTx(built.tx, false);
  } catch (e) {
    throw new WalletError(isSignDecline(e) ? 'USER_WALLET_CANCEL_TRANSACTION' : 'ERROR_WALLET_API', e instanceof Error ? e.message : undefined);
  }
  onStep('submitting');
  return submit(witnessSet, built);
}

/**
 * Builds, signs and submits one payment with the session's wallet (`chainBuildTx`, then
 * `chainSubmitTx`; see {@link signWithSessionWallet}).
 *
 * @param request what to pay.
 * @param onStep told when each step starts.
 * @returns the submitted transaction's id (64 hex digits).
 * @throws as {@link signWithSessionWallet}
 */
export async function payWithSessionWallet(request: PayRequest, onStep: (step: PayStep) => void = () => undefined, deps: PayDeps = DEFAULT_DEPS): Promise<string> {
  return signWithSessionWallet(
    (address) => call('chainBuildTx', { body: { ...request, address } }),
    async (witnessSet, built) => (await call('chainSubmitTx', { body: { tx: built.tx, witness_set: witnessSet } })).tx_hash,
    onStep, deps,
  );
}

/**
 * The text to show for a failed payment: a catalogue message for a code, the server's message for
 * an API failure. `translate` resolves catalogue codes (i18n `errors` namespace) and page keys.
 */
export function payFailureText(e: unknown, translate: { error(code: string): string; needsCardano: string }): string {
  if (e instanceof WalletError) return e.code === NEEDS_CARDANO ? translate.needsCardano : translate.error(e.code);
  if (e instanceof ApiError) return e.message;
  return translate.error('ERROR_WALLET_API');
}
