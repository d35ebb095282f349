/** Chooses the chain providers from the configuration: the emulator, or the real networks. */
import { ConfigurationError, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { EmulatorChain } from '@kingdom/emulators';
import { BlockfrostCardanoProvider, DasSolanaProvider } from './network.ts';
import type { ChainProviders } from './provider.ts';
import { openCardanoMoney, type EmulatorGenesisOptions } from './cardano/money.ts';
import { createSolanaChain } from './solana/index.ts';

const SOLANA_PUBLIC_RPC: Record<string, string> = {
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
};

/**
 * Emulator for both chains when `CARDANO_NETWORK=emulator` (the default); otherwise Blockfrost
 * and Solana JSON-RPC.
 * @throws Error when a real network is chosen without `BLOCKFROST_PROJECT_ID` (and see `openCardanoMoney`)
 */
export async function createChainProviders(config: Config, db: Database, genesis?: EmulatorGenesisOptions): Promise<ChainProviders> {
  const money = await openCardanoMoney(config, db, genesis);
  // Solana payments' chain: the local cluster in emulator mode, else SOLANA_RPC_URL / the cluster's public RPC.
  const solanaChain = await createSolanaChain(config, db);
  if (config.cardanoNetwork === 'emulator') {
    return { cardano: new EmulatorChain('cardano', db.orm), solana: new EmulatorChain('solana', db.orm), money, solanaChain };
  }
  if (!config.blockfrostProjectId) throw new ConfigurationError('BLOCKFROST_PROJECT_ID is required when CARDANO_NETWORK is not emulator');
  return {
    // wallet syncs take from the same shared budget as the chain jobs (docs/operator-guide.md §7.3)
    cardano: new BlockfrostCardanoProvider(config.cardanoNetwork, config.blockfrostProjectId, { baseUrl: config.blockfrostUrl, budget: money.providerBudget ?? undefined }),
    solana: new DasSolanaProvider(config.solanaCluster, config.solanaRpcUrl ?? SOLANA_PUBLIC_RPC[config.solanaCluster]!),
    money,
    solanaChain,
  };
}

export type { ChainProviders } from './provider.ts';
export type { ChainAsset, ChainProvider } from '@kingdom/chain-providers';
export type { SolanaChain } from './solana/index.ts';
