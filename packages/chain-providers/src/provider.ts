/**
 * Chain providers: how the server learns which NFTs an address holds. One interface, with real
 * network implementations in the server (Blockfrost for Cardano, a DAS-capable JSON-RPC for Solana:
 * `apps/server/src/chain/network.ts`) and the emulated chains of `@kingdom/emulators` (`assets.ts`)
 * used by the demo world and the tests (docs/architecture.md §5.4).
 */
import type { Chain } from '@kingdom/api';

/**
 * An asset held at an address, named chain-neutrally as the `holdings` table is (docs/architecture.md §8).
 * `collectionKey`: a Cardano policy id (56 hex) or a Solana collection address (base58);
 * `assetKey`: a Cardano asset name (hex) or a Solana mint address (base58). `quantity` in the
 * asset's base units.
 */
export interface ChainAsset {
  collectionKey: string;
  assetKey: string;
  quantity: bigint;
}

export interface ChainProvider {
  readonly chain: Chain;
  /** Network name: `emulator`, `preprod`, `mainnet`, `devnet`, … */
  readonly network: string;
  /**
   * Assets held at `address` right now.
   * @throws Error when the network cannot be reached (callers keep the last synced state)
   */
  listAssets(address: string): Promise<ChainAsset[]>;
}
