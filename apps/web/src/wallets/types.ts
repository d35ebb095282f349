/** Wallet-side types shared by the Cardano and Solana adapters. */
import type { Chain } from '@kingdom/api';

/**
 * A wallet's readiness in this browser: the values Solana's wallet adapters call `WalletReadyState`
 * (@solana/wallet-adapter-base), written here so the app depends on no adapter package (it talks to
 * wallets through Wallet Standard and CIP-30).
 */
export const WalletReadiness = {
  Installed: 'Installed',
  NotDetected: 'NotDetected',
  Loadable: 'Loadable',
  Unsupported: 'Unsupported',
} as const;

/** One of {@link WalletReadiness}. */
export type WalletReadiness = (typeof WalletReadiness)[keyof typeof WalletReadiness];

/** The CIP-30 API a wallet hands out after `enable()` (only what the app calls). */
export interface Cip30Api {
  getNetworkId(): Promise<number>;
  getUsedAddresses(): Promise<string[]>;
  getChangeAddress(): Promise<string>;
  getRewardAddresses(): Promise<string[]>;
  signData(addrHex: string, payloadHex: string): Promise<{ signature: string; key: string }>;
  /** Signs a transaction (CBOR hex); answers the witness set CBOR hex. Rejects with `{code: 2}` when the user declines. */
  signTx(txHex: string, partialSign?: boolean): Promise<string>;
}

/** A CIP-30 wallet as injected at `window.cardano.<name>`. */
export interface Cip30Wallet {
  name: string;
  icon: string;
  apiVersion: string;
  isEnabled(): Promise<boolean>;
  enable(): Promise<Cip30Api>;
}

/** A Solana transaction version (`supportedTransactionVersions` of Wallet Standard). */
export type SolanaTxVersion = 'legacy' | 0;

/** One of a wallet's transaction features, with the versions it lists. */
export interface SolanaTxFeature<Out> {
  /** `supportedTransactionVersions` of the feature: `0` listed means v0 transactions may be used. */
  versions: readonly SolanaTxVersion[];
  /**
   * Runs the feature on one wire-format transaction for the connected account.
   * @param chain the Wallet Standard chain id (`solana:devnet`, …).
   */
  run(transaction: Uint8Array, chain: string): Promise<Out>;
}

/**
 * A Solana wallet reduced to what the app calls; Wallet Standard wallets (the demo wallet too)
 * adapt to it (standard-signer.ts).
 */
export interface SolanaSigner {
  name: string;
  icon: string;
  /** Connects and returns the account address (base58 public key). */
  connect(): Promise<string>;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  disconnect(): Promise<void>;
  /** Wallet Standard chain ids of the connected account (`solana:devnet`, …; the wallet's when the account lists none); empty before connect. */
  chains(): readonly string[];
  /** `solana:signAndSendTransaction` when offered: resolves the transaction's signature (64 bytes). */
  signAndSendTransaction?: SolanaTxFeature<Uint8Array>;
  /** `solana:signTransaction` when offered: resolves the signed wire-format transaction. */
  signTransaction?: SolanaTxFeature<Uint8Array>;
  /**
   * `standard:events` `change` of the wallet's accounts: `listener` gets the addresses the wallet
   * now exposes (empty: it disconnected). Returns the unsubscribe. Absent: the wallet has no events.
   */
  onAccountsChange?(listener: (addresses: readonly string[]) => void): () => void;
}

/** One wallet choice on the login page. */
export interface WalletOption {
  /** `<chain>:<apiName>`, unique. */
  id: string;
  chain: Chain;
  /** Key saved as the session's wallet API name (`eternl`, `phantom`, `demo`, …). */
  apiName: string;
  label: string;
  icon?: string;
  readyState: WalletReadiness;
  installUrl?: string;
  /** `Loadable` wallets: the link that opens this page inside the wallet's app (a phone without the extension). */
  deepLink?: string;
}

/** Key of the demo wallet in the session's wallet API name. */
export const DEMO_WALLET_API_NAME = 'demo';

/** Name both demo wallets show (the Solana one is registered under it through Wallet Standard). */
export const DEMO_WALLET_NAME = 'Demo wallet';
