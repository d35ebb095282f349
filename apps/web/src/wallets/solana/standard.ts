/**
 * Solana wallets through Wallet Standard (`@wallet-standard/app`): discovery for the login page's
 * list. Connecting and signing are in standard-signer.ts, loaded when the user picks a wallet.
 */
import { getWallets } from '@wallet-standard/app';
import { WalletReadiness, type WalletOption } from '../types.ts';

/** The Solana wallets the app knows, with install pages (shown even when not installed). */
export const SOLANA_WALLETS: readonly { name: string; installUrl: string }[] = [
  { name: 'Phantom', installUrl: 'https://phantom.com/download' },
  { name: 'Solflare', installUrl: 'https://solflare.com/download' },
  { name: 'Backpack', installUrl: 'https://backpack.app/downloads' },
  { name: 'Glow', installUrl: 'https://glow.app/' },
];

/** Wallet Standard feature names sign-in uses. */
export const CONNECT = 'standard:connect';
export const DISCONNECT = 'standard:disconnect';
export const SIGN_MESSAGE = 'solana:signMessage';

/** The parts of Wallet Standard's account and wallet objects the app reads. */
export interface StdAccount {
  address: string;
  chains: readonly string[];
  features: readonly string[];
}
export interface StdWallet {
  name: string;
  icon: string;
  chains: readonly string[];
  accounts: readonly StdAccount[];
  features: Readonly<Record<string, unknown>>;
}
/** The features sign-in calls (`standard:connect`, `standard:disconnect`, `solana:signMessage`). */
export interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StdAccount[] }>;
}
export interface DisconnectFeature {
  disconnect(): Promise<void>;
}
export interface SignMessageFeature {
  signMessage(...inputs: { account: StdAccount; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]>;
}

/** Session key of a Wallet Standard wallet: its lowercased name. */
export function solanaApiName(walletName: string): string {
  return walletName.toLowerCase().replace(/\s+/g, '-');
}

function isSolana(w: StdWallet): boolean {
  return w.chains.some((c) => c.startsWith('solana:'));
}

/** True when the wallet can connect and sign a message. */
export function canSignIn(w: StdWallet): boolean {
  return CONNECT in w.features && SIGN_MESSAGE in w.features;
}

/** The registered Wallet Standard wallets that speak Solana. */
export function registered(): StdWallet[] {
  return (getWallets().get() as readonly StdWallet[]).filter(isSolana);
}

/** The known Solana wallets plus any other registered Solana wallet, with their readiness. */
export function detectSolanaWallets(): WalletOption[] {
  const found = registered();
  const options: WalletOption[] = SOLANA_WALLETS.map(({ name, installUrl }) => {
    const w = found.find((f) => f.name === name);
    return {
      id: `solana:${solanaApiName(name)}`,
      chain: 'solana',
      apiName: solanaApiName(name),
      label: name,
      icon: w?.icon,
      readyState: w ? (canSignIn(w) ? WalletReadiness.Installed : WalletReadiness.Unsupported) : WalletReadiness.NotDetected,
      installUrl,
    };
  });
  for (const w of found) {
    if (SOLANA_WALLETS.some((k) => k.name === w.name)) continue;
    options.push({
      id: `solana:${solanaApiName(w.name)}`,
      chain: 'solana',
      apiName: solanaApiName(w.name),
      label: w.name,
      icon: w.icon,
      readyState: canSignIn(w) ? WalletReadiness.Installed : WalletReadiness.Unsupported,
    });
  }
  return options;
}

/** Calls `onChange` when a Solana wallet registers or unregisters; returns the unsubscribe. */
export function watchSolanaWallets(onChange: () => void): () => void {
  const wallets = getWallets();
  const offs = [wallets.on('register', onChange), wallets.on('unregister', onChange)];
  return () => offs.forEach((off) => off());
}
