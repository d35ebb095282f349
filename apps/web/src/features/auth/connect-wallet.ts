/**
 * `/connect/:type` (docs/product.md §2): which wallet a type names, and connecting it to a signed-in session
 * (a wallet's in-app browser opens this link; so does "Connect a wallet" after "Disconnect wallet").
 * Wallet code loads with this module, on that page only.
 */
import type { Chain } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { CARDANO_WALLETS } from '../../wallets/cardano/detect.ts';
import { connectCardano } from '../../wallets/cardano/cip30.ts';
import { SOLANA_WALLETS, solanaApiName } from '../../wallets/solana/standard.ts';
import { connectSolana } from '../../wallets/solana/sign.ts';
import { resolveCardanoWallet, resolveSolanaSigner } from '../../wallets/registry.ts';
import { WalletError } from '../../wallets/errors.ts';
import { DEMO_WALLET_API_NAME } from '../../wallets/types.ts';

/** A wallet type of the route: its chain, its session API name and its label. */
export interface WalletType {
  chain: Chain;
  apiName: string;
  label: string;
  installUrl: string | null;
}

/**
 * The wallet named by `/connect/:type`: a known CIP-30 wallet (`eternl`, `lace`, …), a known Solana
 * wallet (`phantom`, …), or the demo wallet (Cardano) where the server offers it; null for any
 * other type (the page then answers ERROR_WALLET_SELECT_API).
 */
export function walletType(type: string, demo: boolean): WalletType | null {
  const t = type.toLowerCase();
  if (t === DEMO_WALLET_API_NAME) return demo ? { chain: 'cardano', apiName: DEMO_WALLET_API_NAME, label: 'Demo wallet', installUrl: null } : null;
  const c = CARDANO_WALLETS.find((w) => w.apiName === t);
  if (c) return { chain: 'cardano', apiName: c.apiName, label: c.label, installUrl: c.installUrl };
  const s = SOLANA_WALLETS.find((w) => solanaApiName(w.name) === t);
  if (s) return { chain: 'solana', apiName: solanaApiName(s.name), label: s.name, installUrl: s.installUrl };
  return null;
}

/**
 * Connects wallet `w` to the signed-in session: enables it, reads its address and checks that the
 * account has linked it. @returns the address
 * @throws WalletError ERROR_WALLET_NOT_SELECTED (not in this browser), USER_WALLET_NOT_BELONG (not
 *   one of the account's wallets), or the wallet's own refusal
 */
export async function connectLinkedWallet(w: WalletType): Promise<string> {
  let address: string;
  if (w.chain === 'cardano') {
    const wallet = await resolveCardanoWallet(w.apiName);
    if (!wallet) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
    address = (await connectCardano(wallet)).address;
  } else {
    const signer = await resolveSolanaSigner(w.apiName);
    if (!signer) throw new WalletError('ERROR_WALLET_NOT_SELECTED');
    address = await connectSolana(signer);
  }
  const { wallets } = await call('walletsList');
  if (!wallets.some((x) => x.chain === w.chain && x.address === address)) throw new WalletError('USER_WALLET_NOT_BELONG');
  return address;
}
