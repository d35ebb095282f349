/**
 * `/connect/:type` (docs/product.md §2): which wallet a type names, and connecting it to a signed-in session
 * (a wallet's in-app browser opens this link; so does "Connect a wallet" after "Disconnect wallet").
 * Connecting proves control of the wallet as sign-in does (a challenge signed by it) and the server
 * makes it the session's active wallet (`POST /auth/wallet`): what withdrawals and the user answer
 * then go by. Wallet code loads with this module, on that page only.
 */
import type { Chain, User } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { CARDANO_WALLETS } from '../../wallets/cardano/detect.ts';
import { SOLANA_WALLETS, solanaApiName } from '../../wallets/solana/standard.ts';
import { WalletError } from '../../wallets/errors.ts';
import { DEMO_WALLET_API_NAME } from '../../wallets/types.ts';
import { walletProver } from './sign-in.ts';

/** A wallet type of the route: its chain, its session API name and its label. */
export interface WalletType {
  chain: Chain;
  apiName: string;
  label: string;
  installUrl: string | null;
}

/**
 * The wallet named by `/connect/:type`: a known CIP-30 wallet (`eternl`, `lace`, …), a known Solana
 * wallet (`phantom`, …), or where the server offers it the demo wallet — `demo-cardano`,
 * `demo-solana`, or `demo`: the demo wallet of `accountChain` (the signed-in account's chain, Cardano
 * when none); null for any other type (the page then answers ERROR_WALLET_SELECT_API).
 */
export function walletType(type: string, demo: boolean, accountChain: Chain = 'cardano'): WalletType | null {
  const t = type.toLowerCase();
  const demoChain: Chain | null = t === DEMO_WALLET_API_NAME ? accountChain : t === 'demo-cardano' ? 'cardano' : t === 'demo-solana' ? 'solana' : null;
  if (demoChain) return demo ? { chain: demoChain, apiName: DEMO_WALLET_API_NAME, label: demoChain === 'cardano' ? 'Demo wallet (Cardano)' : 'Demo wallet (Solana)', installUrl: null } : null;
  const c = CARDANO_WALLETS.find((w) => w.apiName === t);
  if (c) return { chain: 'cardano', apiName: c.apiName, label: c.label, installUrl: c.installUrl };
  const s = SOLANA_WALLETS.find((w) => solanaApiName(w.name) === t);
  if (s) return { chain: 'solana', apiName: solanaApiName(s.name), label: s.name, installUrl: s.installUrl };
  return null;
}

/** What connecting a wallet to the session hands back. */
export interface ConnectedWallet {
  address: string;
  walletName: string;
  /** The user as the server now answers it (its `connect_wallet` is this wallet). */
  user: User;
}

/**
 * Connects wallet `w` to the signed-in session: enables it, reads its address, checks that the
 * account has linked it, has it sign a challenge (`hardware`: a transaction) and makes it the
 * session's active wallet on the server.
 * @throws WalletError ERROR_WALLET_NOT_SELECTED (not in this browser), USER_WALLET_NOT_BELONG (not
 *   one of the account's wallets: asked before the wallet signs anything), or the wallet's own refusal;
 *   ApiError from the server (toasted by the client)
 */
export async function connectLinkedWallet(w: WalletType, hardware = false): Promise<ConnectedWallet> {
  const prover = await walletProver(w.chain, w.apiName, hardware);
  const { wallets } = await call('walletsList');
  if (!wallets.some((x) => x.chain === w.chain && x.address === prover.address)) throw new WalletError('USER_WALLET_NOT_BELONG');
  const { user } = await call('authWalletConnect', { body: await prover.prove() });
  return { address: prover.address, walletName: prover.walletName, user };
}
