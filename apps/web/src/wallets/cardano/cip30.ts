/** Cardano wallets through CIP-30 `window.cardano.<name>`. */
import { WalletReadyState } from '@solana/wallet-adapter-base';
import type { Cip30Api, Cip30Wallet, WalletOption } from '../types.ts';
import { WalletError, walletCall } from '../errors.ts';
import { cardanoAddressToBech32, utf8ToHex } from './address.ts';

/** The Cardano wallets the app offers, with their install pages (DESIGN.md "Wallets"). */
export const CARDANO_WALLETS: readonly { apiName: string; label: string; installUrl: string }[] = [
  { apiName: 'eternl', label: 'Eternl', installUrl: 'https://eternl.io/' },
  { apiName: 'lace', label: 'Lace', installUrl: 'https://www.lace.io/' },
  { apiName: 'nami', label: 'Nami', installUrl: 'https://namiwallet.io/' },
  { apiName: 'flint', label: 'Flint', installUrl: 'https://flint-wallet.com/' },
  { apiName: 'typhon', label: 'Typhon', installUrl: 'https://typhonwallet.io/' },
  { apiName: 'yoroi', label: 'Yoroi', installUrl: 'https://yoroi-wallet.com/' },
  { apiName: 'gerowallet', label: 'GeroWallet', installUrl: 'https://gerowallet.io/' },
  { apiName: 'nufi', label: 'NuFi', installUrl: 'https://nu.fi/' },
  { apiName: 'vespr', label: 'VESPR', installUrl: 'https://vespr.xyz/' },
  { apiName: 'begin', label: 'Begin', installUrl: 'https://begin.is/' },
];

declare global {
  interface Window {
    cardano?: Record<string, Cip30Wallet | undefined>;
  }
}

/** The injected CIP-30 wallet named `apiName`, if any. */
export function getInjectedCardanoWallet(apiName: string): Cip30Wallet | undefined {
  const w = typeof window === 'undefined' ? undefined : window.cardano?.[apiName];
  return w && typeof w.enable === 'function' ? w : undefined;
}

/** The known Cardano wallets with their readiness in this browser. */
export function detectCardanoWallets(): WalletOption[] {
  return CARDANO_WALLETS.map(({ apiName, label, installUrl }) => {
    const injected = getInjectedCardanoWallet(apiName);
    return {
      id: `cardano:${apiName}`,
      chain: 'cardano',
      apiName,
      label,
      icon: injected?.icon,
      readyState: injected ? WalletReadyState.Installed : WalletReadyState.NotDetected,
      installUrl,
    } satisfies WalletOption;
  });
}

/** A connected CIP-30 wallet: its API and the bech32 address sign-in uses. */
export interface CardanoConnection {
  api: Cip30Api;
  addressHex: string;
  address: string;
}

/** Enables the wallet and reads its first used (else change) address. */
export async function connectCardano(wallet: Cip30Wallet): Promise<CardanoConnection> {
  const api = await walletCall(() => wallet.enable());
  const addressHex = await walletCall(async () => {
    const used = await api.getUsedAddresses();
    return used[0] ?? (await api.getChangeAddress());
  });
  if (!addressHex) throw new WalletError('NOT_VALID_REQUEST_ADDRESS');
  return { api, addressHex, address: cardanoAddressToBech32(addressHex) };
}

/** Signs the UTF-8 `message` with CIP-30 `signData` (COSE_Sign1 + COSE_Key, hex). */
export function signCardanoMessage(conn: CardanoConnection, message: string): Promise<{ signature: string; key: string }> {
  return walletCall(() => conn.api.signData(conn.addressHex, utf8ToHex(message)));
}
