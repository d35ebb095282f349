/**
 * The CIP-30 wallets injected at `window.cardano.<name>`, for the login page's list; connecting
 * and signing live in cip30.ts, loaded when the user picks a wallet.
 */
import { WalletReadiness, type Cip30Wallet, type WalletOption } from '../types.ts';

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
      readyState: injected ? WalletReadiness.Installed : WalletReadiness.NotDetected,
      installUrl,
    } satisfies WalletOption;
  });
}
