/** Solana wallets through Wallet Standard (`@wallet-standard/app`), reduced to {@link SolanaSigner}. */
import { getWallets } from '@wallet-standard/app';
import { WalletReadiness, type SolanaSigner, type WalletOption } from '../types.ts';

/** The Solana wallets the app knows, with install pages (shown even when not installed). */
export const SOLANA_WALLETS: readonly { name: string; installUrl: string }[] = [
  { name: 'Phantom', installUrl: 'https://phantom.com/download' },
  { name: 'Solflare', installUrl: 'https://solflare.com/download' },
  { name: 'Backpack', installUrl: 'https://backpack.app/downloads' },
  { name: 'Glow', installUrl: 'https://glow.app/' },
];

const CONNECT = 'standard:connect';
const DISCONNECT = 'standard:disconnect';
const SIGN_MESSAGE = 'solana:signMessage';

interface StdAccount {
  address: string;
  chains: readonly string[];
  features: readonly string[];
}
interface StdWallet {
  name: string;
  icon: string;
  chains: readonly string[];
  accounts: readonly StdAccount[];
  features: Readonly<Record<string, unknown>>;
}
interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StdAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface SignMessageFeature {
  signMessage(...inputs: { account: StdAccount; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]>;
}

/** Session key of a Wallet Standard wallet: its lowercased name. */
export function solanaApiName(walletName: string): string {
  return walletName.toLowerCase().replace(/\s+/g, '-');
}

function isSolana(w: StdWallet): boolean {
  return w.chains.some((c) => c.startsWith('solana:'));
}

function canSignIn(w: StdWallet): boolean {
  return CONNECT in w.features && SIGN_MESSAGE in w.features;
}

function registered(): StdWallet[] {
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

/** The registered Wallet Standard wallet for `apiName` as a {@link SolanaSigner}, if any. */
export function getStandardSolanaSigner(apiName: string): SolanaSigner | undefined {
  const w = registered().find((f) => solanaApiName(f.name) === apiName);
  if (!w || !canSignIn(w)) return undefined;
  let account: StdAccount | undefined;
  return {
    name: w.name,
    icon: w.icon,
    async connect() {
      const { accounts } = await (w.features[CONNECT] as ConnectFeature).connect();
      account = accounts.find((a) => a.features.includes(SIGN_MESSAGE)) ?? accounts[0];
      if (!account) throw new Error('No account');
      return account.address;
    },
    async signMessage(message) {
      if (!account) throw new Error('Not connected');
      const [out] = await (w.features[SIGN_MESSAGE] as SignMessageFeature).signMessage({ account, message });
      if (!out) throw new Error('No signature');
      return out.signature;
    },
    async disconnect() {
      account = undefined;
      const f = w.features[DISCONNECT] as DisconnectFeature | undefined;
      await f?.disconnect();
    },
  };
}
