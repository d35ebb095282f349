/**
 * Wallet sync: copies the Kingdom-relevant NFTs an address holds on chain (lands, mining tools,
 * Staking-Hub collections) from the chain provider into `holdings`, for the account the wallet is
 * linked to. `held_since` survives re-syncs for NFTs the address still holds (docs/architecture.md §8).
 */
import type { Chain } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import { heldLandCount, lockAndMarkSynced, replaceHoldings, syncPolicies } from './repository.ts';
import { chooseHandle, storeHandle } from './handle.ts';
import type { ChainAsset, ChainProviders } from '../../chain/index.ts';

export interface SyncResult {
  /** The wallet's lands as every list and count reads them (`HELD_LANDS`): 0 for an address linked to no account. */
  lands: number;
  mtools: number;
  nfts: number;
  syncedAt: Date;
}

/**
 * Reads the address's assets from its chain provider and replaces its holdings in one transaction;
 * with `handles`, a Cardano wallet's handle is cached too (`wallets.handle`, handle.ts).
 * An address linked to no account has no holdings to keep (nothing is written).
 * @throws Error when the chain provider fails (the previous holdings stay as they were)
 */
export async function syncWallet(db: Database, providers: ChainProviders, chain: Chain, address: string, now: Date, handles?: { policyId: string }): Promise<SyncResult> {
  const assets = await providers[chain].listAssets(address);
  return db.orm.transaction((tx) => syncHoldingsIn(tx, chain, address, assets, now, handles));
}

/**
 * The write half of {@link syncWallet} inside the caller's transaction: replaces the holdings of
 * (`chain`, `address`) with the Kingdom-relevant ones of `assets` (what its chain holds), e.g. the
 * demo faucet's, in the transaction that gave them (one commit: a failure leaves neither).
 */
export async function syncHoldingsIn(tx: Orm, chain: Chain, address: string, assets: readonly ChainAsset[], now: Date, handles?: { policyId: string }): Promise<SyncResult> {
  const held = assets.filter((a) => a.quantity > 0n);
  // the configured Land and Mining Tool policies, as recorded (docs/operator-guide.md), and the Staking-Hub collections held
  const world = await syncPolicies(tx, [...new Set(held.map((a) => a.collectionKey))]);
  const policies = new Set([...world.collections, world.land, world.tool]);
  const kept = held.filter((a) => policies.has(a.collectionKey));
  const userId = await lockAndMarkSynced(tx, chain, address, now);
  let lands = 0;
  if (userId !== null) {
    await replaceHoldings(tx, userId, chain, address, kept, now, world);
    // the wallet handle (docs/product.md §3) from the same answer: no extra request (handle.ts)
    if (handles && chain === 'cardano') await storeHandle(tx, chain, address, chooseHandle(assets, handles.policyId), now);
    // an asset of the Land policy that is no land of the Valley (refused by the import) is no land
    lands = await heldLandCount(tx, chain, address);
  }
  return {
    lands,
    mtools: kept.filter((a) => a.collectionKey === world.tool).length,
    nfts: kept.length,
    syncedAt: now,
  };
}
