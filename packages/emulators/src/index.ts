/**
 * The emulated chains of the demo and the tests (docs/architecture.md §5.4), kept in the server's
 * database (any drizzle Postgres database: `db.ts`) so every server process shares one chain:
 * - `assets.ts`: the emulated chains' assets per address (`emu_assets`), a chain provider for
 *   both chains (`EmulatorChain`), and the demo treasury address;
 * - `replicated-log.ts`: the one replicated-log core of the two local chains;
 * - `cardano/`: the emulated Cardano ledger (`emulator-ledger.ts`, Lucid Evolution's `Emulator`) and
 *   its chain money (`emulator-money.ts`: genesis, faucet, EXO/HEXO units, keys in `emu_chain_keys`), its
 *   Blockfrost-compatible API (`blockfrost-emulator.ts`), collections minted on it, the demo Land policy;
 * - `solana/`: the local Solana cluster (`litesvm`) and its JSON-RPC handler.
 *
 * The server opens them in its provider wiring (`apps/server/src/chain/`) and uses them through the
 * interfaces of `@kingdom/chain-providers`, like the real networks. This package never imports the server.
 */
export type { Orm } from './db.ts';
export { EmulatorChain, emulatorMint, emulatorTransferNfts, enterpriseTestnetAddress, prngBytes, TREASURY_ADDRESS } from './assets.ts';
export { fromJson, ReplicatedLog, toJson, type LogEvent, type LogState } from './replicated-log.ts';
export { checkLedgerRules, EMULATOR_GENESIS_MS, EmulatorCardanoLedger, EmulatorRefusal, multiAssetRecord, readTransaction, SNAPSHOT_EVERY_EVENTS as CARDANO_SNAPSHOT_EVERY_EVENTS } from './cardano/emulator-ledger.ts';
export { openEmulatorMoney, type EmulatorGenesisOptions, type EmulatorMoneyOptions } from './cardano/emulator-money.ts';
export { BLOCKFROST_API_PREFIX, buildBlockfrostEmulator, type BlockfrostEmulator, type BlockfrostEmulatorOptions } from './cardano/blockfrost-emulator.ts';
export { cip25Key, collectionFileSchema, collectionPolicy, mintCollection, readCollectionFile, remintWithMetadata, type CollectionFile, type CollectionRole } from './cardano/emulator-collection.ts';
export { DEMO_LAND_POLICY_SEED, demoLandPolicy, type LandPolicy } from './cardano/land-policy.ts';
export {
  LocalSolanaCluster, MAX_AIRDROP_LAMPORTS, MEMO_PROGRAM_ADDRESS, rpcTransactionError, SNAPSHOT_EVERY_EVENTS as SOLANA_SNAPSHOT_EVERY_EVENTS, transactionErrorText,
  type ClusterView, type Execution, type LandedTransaction, type RpcTransactionError,
} from './solana/local-cluster.ts';
export { handleSolanaRpc, MAX_RPC_AIRDROP_LAMPORTS, MAX_RPC_BATCH, SOLANA_RPC_METHODS } from './solana/rpc.ts';
export { decodeWireTransaction, MAX_BLOCKHASH_AGE_SLOTS, SolanaRpcError, type DecodedTransaction } from './solana/wire.ts';
