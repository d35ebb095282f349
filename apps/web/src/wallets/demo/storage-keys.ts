/**
 * `localStorage` keys of the demo wallet's secret keys (32 bytes, lowercase hex). In a module of
 * their own so logout can keep them without loading the wallet's crypto.
 */
export const DEMO_STORAGE_KEYS = {
  cardano: 'kingdom.demo.cardano.sk',
  /** The Cardano wallet's stake key (its reward address; "Link stake key", docs/game-rules.md §8.2). */
  cardanoStake: 'kingdom.demo.cardano.stake.sk',
  solana: 'kingdom.demo.solana.sk',
} as const;

/**
 * Settings of the demo Solana wallet (`localStorage`; absent = default), so demo users and the e2e
 * can try the wallets the app must handle: one offering only legacy transactions, one offering v0,
 * one that only signs (the app sends), one on another cluster.
 */
export const DEMO_SOLANA_SETTINGS = {
  /** `legacy`: `supportedTransactionVersions` is `['legacy']`; default `['legacy', 0]`. */
  txVersions: 'kingdom.demo.solana.tx-versions',
  /**
   * `sign`: only `solana:signTransaction` (no `solana:signAndSendTransaction`); `no-message`: no
   * `solana:signMessage` (a Ledger-like wallet: sign-in only with the hardware box ticked); default all.
   */
  features: 'kingdom.demo.solana.features',
  /** The Wallet Standard chain the account is on (e.g. `solana:mainnet`); default every cluster. */
  chain: 'kingdom.demo.solana.chain',
} as const;
