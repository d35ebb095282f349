/**
 * The demo faucet (demo mode only): gives any address Land NFTs, mining tools and worker NFTs on the
 * emulated chain, app balances and items, so any wallet — also one never seen — can try the Kingdom.
 */
import { createHash, randomUUID } from 'node:crypto';
import { base58 } from '@scure/base';
import type { Chain, FaucetResponse } from '@kingdom/api';
import { itemKind, toBaseUnits, utf8ToHex, hexName, parseHexName, TOKENS, type Token } from '@kingdom/game';
import type { Database, Orm } from '../../db/client.ts';
import type { ChainProviders } from '../../chain/index.ts';
import { EmulatorChain, emulatorMint, MAX_AIRDROP_LAMPORTS, TREASURY_ADDRESS } from '@kingdom/emulators';
import { givePlayer } from './give-player.ts';
import { syncHoldingsIn, syncWallet } from '../wallets/sync.ts';
import { collectionBySlug, collectionOfRarity, emulatedAssetCount, emulatedHoldings, landByHexName, takeFromTreasury, treasuryHolds, type FaucetCollection } from './repository.ts';
import { isCardanoAddress, isSolanaAddress } from '../../auth/verify.ts';
import { fail } from '../../errors.ts';

/** Worker rarities the faucet can give, by the league their collection is in. */
export type FaucetRarity = 'common' | 'uncommon' | 'rare' | 'epic';

/** What to give; token amounts in whole tokens, items as counts. */
export interface FaucetInput {
  address: string;
  lands: number;
  tools: number;
  balances: Partial<Record<Token, bigint>>;
  workers?: number;
  rarity?: FaucetRarity;
  items?: Record<string, number>;
  /** hex_name of a land to mint to the address (docs/game-rules.md §2 "Minted"). */
  land?: string;
  /** NFTs of named Staking-Hub projects: slug → count. */
  nfts?: Record<string, number>;
  /** Lamports airdropped on the local Solana cluster (a Solana address only). */
  sol?: bigint;
}

/** The chain of an address: bech32 Cardano or base58 Solana. @throws ApiError NOT_VALID_REQUEST_ADDRESS */
export function chainOfAddress(address: string): Chain {
  if (isCardanoAddress(address)) return 'cardano';
  if (isSolanaAddress(address)) return 'solana';
  fail('NOT_VALID_REQUEST_ADDRESS');
}

/**
 * Mints `count` NFTs to `address` of a collection of the chain whose league at the latest snapshot
 * taken by `now` gives `rarity` (docs/game-rules.md §3, §5).
 */
async function mintWorkers(tx: Orm, chain: Chain, address: string, count: number, rarity: FaucetRarity, now: Date): Promise<FaucetResponse['workers']> {
  const collection = await collectionOfRarity(tx, chain, rarity, now);
  if (!collection) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
  return mintCollection(tx, chain, address, collection, count);
}

/**
 * Mints `count` NFTs of each named Staking-Hub project (slug → count) to `address`.
 * @throws ApiError NOT_FOUND when a project does not exist on the address's chain
 */
async function mintProjects(tx: Orm, chain: Chain, address: string, nfts: Record<string, number>): Promise<FaucetResponse['workers']> {
  const out: FaucetResponse['workers'] = [];
  for (const [slug, count] of Object.entries(nfts)) {
    const collection = await collectionBySlug(tx, chain, slug);
    if (!collection) fail('NOT_FOUND');
    out.push(...await mintCollection(tx, chain, address, collection, count));
  }
  return out;
}

async function mintCollection(tx: Orm, chain: Chain, address: string, collection: FaucetCollection, count: number): Promise<FaucetResponse['workers']> {
  const n = await emulatedAssetCount(tx, collection.collection_key);
  const out: FaucetResponse['workers'] = [];
  for (let i = 1; i <= count; i++) {
    const serial = n + i;
    const assetKey = chain === 'cardano'
      ? utf8ToHex(`${collection.name.replace(/\s+/g, '')}${serial}`)
      : base58.encode(createHash('sha256').update(`${collection.collection_key}:${serial}:${randomUUID()}`).digest());
    await emulatorMint(tx, chain, address, collection.collection_key, assetKey, 1n);
    out.push({ collection_key: collection.collection_key, asset_key: assetKey, collection: collection.name });
  }
  return out;
}

/**
 * Mints one chosen land to `address`: moves its NFT out of the emulator's treasury (the mint).
 * @throws ApiError LAND_NOT_AVAILABLE when `name` is no land of the Valley or an in-app mint has
 *   reserved it; LAND_SOLD_OUT when it is already minted (the treasury no longer holds it) — the codes
 *   of `POST /mint` (docs/game-rules.md §2.7)
 */
export async function mintLand(tx: Orm, chain: Chain, address: string, name: string): Promise<string> {
  const cell = parseHexName(name);
  if (!cell) fail('LAND_NOT_AVAILABLE');
  const land = await landByHexName(tx, hexName(cell.q, cell.r));
  if (!land) fail('LAND_NOT_AVAILABLE');
  // Taking it from the treasury is the check: a concurrent mint of the same land deletes nothing.
  if (!(await takeFromTreasury(tx, TREASURY_ADDRESS, land.collection_key, land.asset_key))) {
    // still at the mint: an in-app mint holds it (reserved or submitted); else it is minted
    fail((await treasuryHolds(tx, TREASURY_ADDRESS, land.collection_key, land.asset_key)) ? 'LAND_NOT_AVAILABLE' : 'LAND_SOLD_OUT');
  }
  await emulatorMint(tx, chain, address, land.collection_key, land.asset_key, 1n);
  return land.hex_name;
}

/**
 * Moves lands and tools from the emulator's treasury to `address`, mints worker NFTs, credits
 * balances and items through the ledger (reason `faucet`, a fresh reference), then syncs the wallet.
 * With `land`, that land is minted to the address first (see {@link mintLand}).
 * With `sol`, that many lamports are airdropped first on the local Solana cluster.
 * @throws ApiError NOT_VALID_REQUEST_ADDRESS for an address of neither chain; SYSTEM_FEATURE_NOT_AVAILABLE for `sol` without a local Solana cluster or to a Cardano address, AMOUNT_TOO_LARGE above 10^6 SOL; NOT_FOUND for an `nfts` project not on its chain; VALIDATION_ERROR for an
 *   unknown item key; LAND_NOT_AVAILABLE / LAND_SOLD_OUT for `land`; SYSTEM_FEATURE_NOT_AVAILABLE when no collection of that rarity exists on the chain
 */
export async function runFaucet(db: Database, providers: ChainProviders, input: FaucetInput, now: Date): Promise<FaucetResponse> {
  const chain = chainOfAddress(input.address);
  const items = input.items ?? {};
  for (const key of Object.keys(items)) if (!itemKind(key)) fail('VALIDATION_ERROR', { items: [`unknown item: ${key}`] });
  // SOL first: refused (no local cluster, not a Solana address) before anything is given.
  let sol: { lamports: string; signature: string } | null = null;
  if (input.sol && input.sol > 0n) {
    const local = providers.solanaChain.local;
    if (chain !== 'solana' || !local) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
    if (input.sol > MAX_AIRDROP_LAMPORTS) fail('AMOUNT_TOO_LARGE');
    sol = { lamports: input.sol.toString(), signature: await local.airdrop(input.address, input.sol) };
  }
  const reference = randomUUID();
  const emulated = providers[chain] instanceof EmulatorChain;
  const given = await db.orm.transaction(async (tx) => {
    const minted = input.land ? [await mintLand(tx, chain, input.address, input.land)] : [];
    const g = await givePlayer(tx, input.address, input.lands, input.tools, input.balances, items, 'faucet', reference, chain, now);
    const workers = input.workers ? await mintWorkers(tx, chain, input.address, input.workers, input.rarity ?? 'common', now) : [];
    const projectNfts = input.nfts ? await mintProjects(tx, chain, input.address, input.nfts) : [];
    // On the emulated chain the wallet's holdings are synced in the same transaction: a failure
    // (even an abort of the embedded database) leaves neither the grant nor the holdings.
    if (emulated) await syncHoldingsIn(tx, chain, input.address, await emulatedHoldings(tx, chain, input.address), now);
    return { ...g, lands: [...minted, ...g.lands], workers: [...workers, ...projectNfts] };
  });
  if (!emulated) await syncWallet(db, providers, chain, input.address, now);
  const balances: Record<string, string> = {};
  for (const token of TOKENS) {
    const whole = input.balances[token] ?? 0n;
    if (whole > 0n) balances[token] = toBaseUnits(whole, token).toString();
  }
  return { address: input.address, chain, lands: given.lands, tools: given.tools, workers: given.workers, items, balances, sol };
}
