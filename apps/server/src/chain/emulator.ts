/**
 * The in-process chain emulator: a ledger of assets per address for both chains, kept in the
 * `emu_assets` table so the server and the CLI (faucet) see the same emulated chain. It serves the
 * demo world and the tests; it never talks to a network.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Chain } from '@kingdom/api';
import type { Database, Orm } from '../db/client.ts';
import { emuAssets } from '../db/schema.ts';
import type { ChainProvider, HeldAsset } from './provider.ts';

/** Emulated chain for one `chain`; also mints and transfers (demo world, faucet, tests). */
export class EmulatorChain implements ChainProvider {
  readonly network = 'emulator';
  constructor(readonly chain: Chain, private readonly db: Database) {}

  async listAssets(address: string): Promise<HeldAsset[]> {
    const rows = await this.db.orm
      .select({ policyId: emuAssets.policyId, assetName: emuAssets.assetName, quantity: emuAssets.quantity })
      .from(emuAssets)
      .where(and(eq(emuAssets.chain, this.chain), eq(emuAssets.address, address)));
    return rows.map((r) => ({ policyId: r.policyId, assetName: r.assetName, quantity: BigInt(r.quantity) }));
  }
}

/**
 * Mints `quantity` of an asset to `address` on the emulated `chain` (inside `orm`, which may be a
 * transaction).
 */
export async function emulatorMint(orm: Orm, chain: Chain, address: string, policyId: string, assetName: string, quantity = 1n): Promise<void> {
  await orm
    .insert(emuAssets)
    .values({ chain, address, policyId, assetName, quantity: quantity.toString() })
    .onConflictDoUpdate({
      target: [emuAssets.chain, emuAssets.address, emuAssets.policyId, emuAssets.assetName],
      set: { quantity: sql`${emuAssets.quantity} + ${quantity.toString()}` },
    });
}

/**
 * Moves one unit of each listed NFT from any holder to `to` (an NFT may be moved across the two
 * emulated chains: the demo's stand-in for a bridge). Returns how many were moved.
 */
export async function emulatorTransferNfts(orm: Orm, to: { chain: Chain; address: string }, nfts: Array<{ policyId: string; assetName: string }>): Promise<number> {
  let moved = 0;
  for (const nft of nfts) {
    const deleted = await orm
      .delete(emuAssets)
      .where(and(eq(emuAssets.policyId, nft.policyId), eq(emuAssets.assetName, nft.assetName)))
      .returning({ address: emuAssets.address });
    if (deleted.length === 0) continue;
    await emulatorMint(orm, to.chain, to.address, nft.policyId, nft.assetName, 1n);
    moved++;
  }
  return moved;
}
