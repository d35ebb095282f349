/**
 * The emulated chains' assets: a ledger of assets per address for both chains, kept in the
 * `emu_assets` table (the server's migrations) so the server and the CLI (faucet) see the same
 * emulated chain. It serves the demo world and the tests; it never talks to a network.
 */
import { sql } from 'drizzle-orm';
import { bech32 } from '@scure/base';
import type { Chain } from '@kingdom/api';
import { createPrng, type Prng } from '@kingdom/game';
import type { ChainAsset, ChainProvider } from '@kingdom/chain-providers';
import { exec, type Orm } from './db.ts';

/** A Cardano enterprise testnet address (header 0x60) for a 28-byte key hash, bech32. */
export function enterpriseTestnetAddress(keyHash: Uint8Array): string {
  const bytes = new Uint8Array(29);
  bytes[0] = 0x60;
  bytes.set(keyHash, 1);
  return bech32.encode('addr_test', bech32.toWords(bytes), 1000);
}

/** `n` bytes drawn from a seeded PRNG (deterministic addresses and keys of the demo world). */
export function prngBytes(rng: Prng, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => rng.int(0, 255));
}

/**
 * The emulated chain's treasury (demo world, docs/game-rules.md §13.1): the address holding every land
 * and mining tool not yet given to a player or minted; the in-app mint and the Valley read what it holds.
 */
export const TREASURY_ADDRESS = enterpriseTestnetAddress(prngBytes(createPrng('kingdom-treasury'), 28));

/** Emulated chain for one `chain`; also mints and transfers (demo world, faucet, tests). */
export class EmulatorChain implements ChainProvider {
  readonly network = 'emulator';
  /** @param orm the database holding `emu_assets` */
  constructor(readonly chain: Chain, private readonly orm: Orm) {}

  async listAssets(address: string): Promise<ChainAsset[]> {
    const rows = await exec<{ collection_key: string; asset_key: string; quantity: string }>(this.orm, sql`
      SELECT collection_key, asset_key, quantity::text AS quantity FROM emu_assets WHERE chain = ${this.chain} AND address = ${address}`);
    return rows.map((r) => ({ collectionKey: r.collection_key, assetKey: r.asset_key, quantity: BigInt(r.quantity) }));
  }
}

/**
 * Mints `quantity` of an asset to `address` on the emulated `chain` (inside `orm`, which may be a
 * transaction).
 */
export async function emulatorMint(orm: Orm, chain: Chain, address: string, collectionKey: string, assetKey: string, quantity = 1n): Promise<void> {
  await exec(orm, sql`INSERT INTO emu_assets (chain, address, collection_key, asset_key, quantity)
    VALUES (${chain}, ${address}, ${collectionKey}, ${assetKey}, ${quantity.toString()})
    ON CONFLICT (chain, address, collection_key, asset_key) DO UPDATE SET quantity = emu_assets.quantity + EXCLUDED.quantity`);
}

/**
 * Moves one unit of each listed NFT from any holder to `to` (an NFT may be moved across the two
 * emulated chains: the demo's stand-in for a bridge). Returns how many were moved.
 */
export async function emulatorTransferNfts(orm: Orm, to: { chain: Chain; address: string }, nfts: Array<{ collectionKey: string; assetKey: string }>): Promise<number> {
  let moved = 0;
  for (const nft of nfts) {
    const deleted = await exec<{ address: string }>(orm, sql`DELETE FROM emu_assets
      WHERE collection_key = ${nft.collectionKey} AND asset_key = ${nft.assetKey} RETURNING address`);
    if (deleted.length === 0) continue;
    await emulatorMint(orm, to.chain, to.address, nft.collectionKey, nft.assetKey, 1n);
    moved++;
  }
  return moved;
}
