/**
 * The chain provider interfaces the server and the emulators share (docs/architecture.md §2, §5.4):
 * types only. The server implements them for the real networks (Blockfrost, Solana JSON-RPC) and
 * `@kingdom/emulators` for the emulated chains; the server's code uses either through these.
 */
export type { BlockRef, CardanoEmulator, CardanoLedger, CardanoMoney, ChainTip, EmulatorChainView, GenesisOutput, KeyPair, RateBudget, WatchedOutput, WatchedTx } from './cardano.ts';
export type { ChainAsset, ChainProvider } from './provider.ts';
export type { LocalSolana, SlotTip } from './solana.ts';
