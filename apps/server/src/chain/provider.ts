/**
 * The server's chain providers (docs/architecture.md §5.4): how it learns which NFTs an address
 * holds, its Cardano chain money and its Solana chain. The interfaces are `@kingdom/chain-providers`'
 * (shared with `@kingdom/emulators`); `index.ts` opens the emulators or the real networks.
 */
import type { CardanoMoney, ChainProvider } from '@kingdom/chain-providers';
import type { SolanaChain } from './solana/index.ts';

/** Providers for both chains, Cardano's chain money, and the Solana chain (RPC, cluster, sale address). */
export interface ChainProviders {
  cardano: ChainProvider;
  solana: ChainProvider;
  money: CardanoMoney;
  /** Solana payments' chain: `@solana/kit` RPC, the local cluster in demo/emulator mode (chain/solana/index.ts). */
  solanaChain: SolanaChain;
}
