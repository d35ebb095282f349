/**
 * `localStorage` keys of the demo wallet's secret keys (32 bytes, lowercase hex). In a module of
 * their own so logout can keep them without loading the wallet's crypto.
 */
export const DEMO_STORAGE_KEYS = {
  cardano: 'kingdom.demo.cardano.sk',
  solana: 'kingdom.demo.solana.sk',
} as const;
