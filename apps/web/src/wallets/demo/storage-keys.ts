/**
 * `localStorage` keys of the demo wallet's secret keys (32 bytes, lowercase hex). In a module of
 * their own so logout can keep them without loading the wallet's crypto.
 */
export const DEMO_STORAGE_KEYS = {
  cardano: 'kingdom.demo.cardano.sk',
  /** The Cardano wallet's stake key (its reward address; "Link stake key", issue 17). */
  cardanoStake: 'kingdom.demo.cardano.stake.sk',
  solana: 'kingdom.demo.solana.sk',
} as const;
