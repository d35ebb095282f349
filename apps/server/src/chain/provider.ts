/**
 * Chain providers: how the server learns which NFTs an address holds. One interface, with real
 * network implementations (Blockfrost for Cardano, a DAS-capable JSON-RPC for Solana) and an
 * in-process emulator (`emulator.ts`) used by the demo world and the tests (docs/architecture.md).
 */
import type { Chain } from '@kingdom/api';
import type { CardanoMoney } from './cardano/money.ts';
import type { SolanaChain } from './solana/index.ts';

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

/** Providers for both chains, Cardano's chain money, and the Solana chain (RPC, cluster, sale address). */
export interface ChainProviders {
  cardano: ChainProvider;
  solana: ChainProvider;
  money: CardanoMoney;
  /** Solana payments' chain: `@solana/kit` RPC, the local cluster in demo/emulator mode (chain/solana/index.ts). */
  solanaChain: SolanaChain;
}
