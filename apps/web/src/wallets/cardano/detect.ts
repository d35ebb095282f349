/**
 * The CIP-30 wallets injected at `window.cardano.<name>`, for the login page's list; connecting
 * and signing live in cip30.ts, loaded when the user picks a wallet.
 */
import { WalletReadiness, type Cip30Wallet, type WalletOption } from '../types.ts';

/** The Cardano wallets the app offers, with their install pages (docs/architecture.md §7). */
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

/**
 * Where CIP-30 wallets are injected. Read through this helper rather than a `Window` augmentation:
 * Lucid Evolution's types (server side, same TypeScript program) declare `window.cardano` too.
 */
export function injectedCardano(): Record<string, Cip30Wallet | undefined> | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as { cardano?: Record<string, Cip30Wallet | undefined> }).cardano;
}

/** The injected CIP-30 wallet named `apiName`, if any. */
export function getInjectedCardanoWallet(apiName: string): Cip30Wallet | undefined {
  const w = injectedCardano()?.[apiName];
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
