/**
 * Finds a wallet by chain and API name: an injected CIP-30 wallet, a Wallet Standard wallet, or the
 * demo wallet (loaded on demand so it never weighs on the first page).
 */
import type { Chain } from '@kingdom/api';
import { DEMO_WALLET_API_NAME, type Cip30Wallet, type SolanaSigner, type WalletOption } from './types.ts';
import { detectCardanoWallets, getInjectedCardanoWallet } from './cardano/detect.ts';
import { detectSolanaWallets } from './solana/standard.ts';
import { getStandardSolanaSigner } from './solana/standard-signer.ts';

/** Loads the demo wallet module (another chunk). */
function loadDemo() {
  return import('./demo/index.ts');
}

/** The CIP-30 wallet for `apiName`, or undefined when it is not available. */
export async function resolveCardanoWallet(apiName: string): Promise<Cip30Wallet | undefined> {
  if (apiName === DEMO_WALLET_API_NAME) return (await loadDemo()).createDemoCardanoWallet();
  return getInjectedCardanoWallet(apiName);
}

/**
 * The Solana signer for `apiName`, or undefined when it is not available (`hardware`: a wallet that
 * signs transactions but not messages is available, docs/game-rules.md §10.1). The demo wallet is
 * registered through Wallet Standard here, on first use, like any wallet (the login list leaves it
 * out: it has buttons of its own); with `hardware` it acts as a hardware wallet (refuses `signMessage`).
 */
export async function resolveSolanaSigner(apiName: string, options: { hardware?: boolean } = {}): Promise<SolanaSigner | undefined> {
  if (apiName === DEMO_WALLET_API_NAME) {
    const { registerDemoSolanaWallet } = await import('./demo/solana-standard.ts');
    registerDemoSolanaWallet(options.hardware === undefined ? {} : { hardware: options.hardware });
  }
  return getStandardSolanaSigner(apiName, options);
}

/** True when the wallet saved in a session can be reached again in this browser. */
export async function isWalletAvailable(chain: Chain, apiName: string): Promise<boolean> {
  try {
    return chain === 'cardano' ? (await resolveCardanoWallet(apiName)) !== undefined : (await resolveSolanaSigner(apiName)) !== undefined;
  } catch {
    return false;
  }
}

/** The wallet extensions installed in this browser, both chains (for linking more wallets to an account). */
export function installedWallets(): WalletOption[] {
  return [...detectCardanoWallets(), ...detectSolanaWallets()].filter((o) => o.readyState === 'Installed' && o.apiName !== DEMO_WALLET_API_NAME);
}
