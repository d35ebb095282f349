/**
 * Solana wallets through Wallet Standard (`@wallet-standard/app`): discovery for the login page's
 * list. Connecting and signing are in standard-signer.ts, loaded when the user picks a wallet.
 */
import { getWallets } from '@wallet-standard/app';
import { DEMO_WALLET_API_NAME, DEMO_WALLET_NAME, WalletReadiness, type SolanaTxVersion, type WalletOption } from '../types.ts';

/** The Solana wallets the app knows, with install pages (shown even when not installed). */
export const SOLANA_WALLETS: readonly { name: string; installUrl: string }[] = [
  { name: 'Phantom', installUrl: 'https://phantom.com/download' },
  { name: 'Solflare', installUrl: 'https://solflare.com/download' },
  { name: 'Backpack', installUrl: 'https://backpack.app/downloads' },
  { name: 'Glow', installUrl: 'https://glow.app/' },
];

/** Wallet Standard feature names sign-in and payments use. */
export const CONNECT = 'standard:connect';
export const DISCONNECT = 'standard:disconnect';
export const EVENTS = 'standard:events';
export const SIGN_MESSAGE = 'solana:signMessage';
export const SIGN_TRANSACTION = 'solana:signTransaction';
export const SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction';

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
/** `solana:signTransaction`: signs wire-format transactions (not sent); answers them signed. */
export interface SignTransactionFeature {
  supportedTransactionVersions: readonly SolanaTxVersion[];
  signTransaction(...inputs: { account: StdAccount; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]>;
}
/** `solana:signAndSendTransaction`: signs and sends; answers each transaction's signature (64 bytes). */
export interface SignAndSendTransactionFeature {
  supportedTransactionVersions: readonly SolanaTxVersion[];
  signAndSendTransaction(
    ...inputs: { account: StdAccount; transaction: Uint8Array; chain: string; options?: { preflightCommitment?: string; commitment?: string } }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}
/** `standard:events`: `change` carries the properties that changed (accounts, chains, features). */
export interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly StdAccount[]; chains?: readonly string[]; features?: unknown }) => void): () => void;
}

/**
 * The Wallet Standard chain id of a cluster (`solana:mainnet`, `solana:devnet`, `solana:testnet`):
 * mainnet-beta is `solana:mainnet` there.
 */
export function clusterChainId(cluster: 'devnet' | 'testnet' | 'mainnet-beta'): string {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;
}

/**
 * Phone wallets with an in-app browser that opens a page by universal link (the spec's `Loadable`
 * readiness): on a phone without the extension, picking the wallet opens this page inside it,
 * where the wallet is then injected. Phantom: `https://phantom.app/ul/browse/<url>?ref=<origin>`;
 * Solflare: `https://solflare.com/ul/v1/browse/<url>?ref=<origin>`.
 */
const DEEP_LINKS: Readonly<Record<string, (url: string, origin: string) => string>> = {
  Phantom: (url, origin) => `https://phantom.app/ul/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(origin)}`,
  Solflare: (url, origin) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(origin)}`,
};

/** True on a phone or tablet browser (iOS, Android), where wallets come as apps rather than extensions. */
export function isMobileBrowser(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /android|iphone|ipad|ipod|mobile/i.test(userAgent);
}

/** The link that opens `pageUrl` inside wallet `name`'s in-app browser, if that wallet has one. */
export function walletDeepLink(name: string, pageUrl: string): string | undefined {
  const make = DEEP_LINKS[name];
  if (!make) return undefined;
  return make(pageUrl, new URL(pageUrl).origin);
}

/** Session key of a Wallet Standard wallet: its lowercased name (`demo` for the registered demo wallet). */
export function solanaApiName(walletName: string): string {
  if (walletName === DEMO_WALLET_NAME) return DEMO_WALLET_API_NAME;
  return walletName.toLowerCase().replace(/\s+/g, '-');
}

function isSolana(w: StdWallet): boolean {
  return w.chains.some((c) => c.startsWith('solana:'));
}

/**
 * True when the wallet can connect and sign in: by signing a message, or — `hardware` (the
 * "Ledger / Trezor" box, docs/game-rules.md §10.1) — by signing the never-sent memo transaction
 * (`solana:signTransaction`), which is all Ledger's Solana app offers.
 */
export function canSignIn(w: StdWallet, hardware = false): boolean {
  return CONNECT in w.features && (SIGN_MESSAGE in w.features || (hardware && SIGN_TRANSACTION in w.features));
}

/** The registered Wallet Standard wallets that speak Solana. */
export function registered(): StdWallet[] {
  return (getWallets().get() as readonly StdWallet[]).filter(isSolana);
}

/** Where the page runs: its URL and user agent (tests pass their own). */
export interface BrowserPlace {
  href: string;
  userAgent: string;
}

function currentPlace(): BrowserPlace | undefined {
  return typeof window === 'undefined' ? undefined : { href: window.location.href, userAgent: navigator.userAgent };
}

/**
 * The known Solana wallets plus any other registered Solana wallet, with their readiness (docs/product.md §3):
 * `Installed` (registered and able to sign in), `Unsupported` (registered, cannot sign messages —
 * nor, with `hardware`, transactions), `Loadable` (not here, but on a phone its app opens this page
 * by deep link: `deepLink` is set), `NotDetected` (not here: `installUrl`). The demo wallet is not
 * listed: it has buttons of its own.
 */
export function detectSolanaWallets(place: BrowserPlace | undefined = currentPlace(), hardware = false): WalletOption[] {
  const found = registered().filter((w) => w.name !== DEMO_WALLET_NAME);
  const mobile = place !== undefined && isMobileBrowser(place.userAgent);
  const options: WalletOption[] = SOLANA_WALLETS.map(({ name, installUrl }) => {
    const w = found.find((f) => f.name === name);
    const deepLink = !w && mobile && place ? walletDeepLink(name, place.href) : undefined;
    return {
      id: `solana:${solanaApiName(name)}`,
      chain: 'solana',
      apiName: solanaApiName(name),
      label: name,
      icon: w?.icon,
      readyState: w ? (canSignIn(w, hardware) ? WalletReadiness.Installed : WalletReadiness.Unsupported) : deepLink ? WalletReadiness.Loadable : WalletReadiness.NotDetected,
      installUrl,
      ...(deepLink ? { deepLink } : {}),
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
      readyState: canSignIn(w, hardware) ? WalletReadiness.Installed : WalletReadiness.Unsupported,
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
