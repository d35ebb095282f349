/** Wallet-side types shared by the Cardano and Solana adapters. */
import type { WalletReadyState } from '@solana/wallet-adapter-base';
import type { Chain } from '@kingdom/api';

/**
 * A wallet's readiness in this browser: the values of `WalletReadyState` of
 * @solana/wallet-adapter-base, kept here so the login page does not load that package (its
 * adapter base class and event emitter come with the enum).
 */
export const WalletReadiness = {
  Installed: 'Installed',
  NotDetected: 'NotDetected',
  Loadable: 'Loadable',
  Unsupported: 'Unsupported',
} as const satisfies { [K in keyof typeof WalletReadyState]: `${(typeof WalletReadyState)[K]}` };

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

/** A Solana wallet reduced to what sign-in needs; Wallet Standard and demo wallets adapt to it. */
export interface SolanaSigner {
  name: string;
  icon: string;
  /** Connects and returns the account address (base58 public key). */
  connect(): Promise<string>;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  disconnect(): Promise<void>;
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
}

/** Key of the demo wallet in the session's wallet API name. */
export const DEMO_WALLET_API_NAME = 'demo';
