/** SQL of the account's wallets (docs/game-rules.md §5): list, link, unlink, master, and the sync of their holdings. Every function takes a transaction or the db. */
import { sql } from 'drizzle-orm';
import type { Chain, StakeKey, Wallet } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import type { ChainAsset } from '../../chain/index.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';

/**
 * The account's wallets, oldest first; `currentWalletId` marks the session's active wallet (null:
 * none), `signInWalletId` the wallet the session signed in with (the one it cannot unlink).
 */
export async function listWallets(orm: Orm, userId: number, currentWalletId: number | null, signInWalletId: number): Promise<Wallet[]> {
  const rows = await exec<{ id: number; chain: Chain; address: string; is_master: boolean; created_at: string | Date; synced_at: string | Date | null }>(orm, sql`
    SELECT id, chain, address, is_master, created_at, synced_at FROM wallets WHERE user_id = ${userId} ORDER BY id`);
  return rows.map((r) => ({
    id: r.id, chain: r.chain, address: r.address, is_master: r.is_master, is_current: r.id === currentWalletId, is_sign_in: r.id === signInWalletId,
    created_at: new Date(r.created_at).toISOString(), synced_at: r.synced_at === null ? null : new Date(r.synced_at).toISOString(),
  }));
}

/** The account a wallet is linked to, or null. */
export async function walletOwner(orm: Orm, chain: Chain, address: string): Promise<{ id: number; userId: number } | null> {
  const [r] = await exec<{ id: number; user_id: number }>(orm, sql`SELECT id, user_id FROM wallets WHERE chain = ${chain} AND address = ${address}`);
  return r ? { id: r.id, userId: r.user_id } : null;
}

/** Links (chain, address) to `userId`. @returns false when the wallet was linked meanwhile (unique index) */
export async function insertWallet(tx: Orm, userId: number, chain: Chain, address: string, now: Date): Promise<boolean> {
  const rows = await exec(tx, sql`INSERT INTO wallets (user_id, chain, address, is_master, created_at)
    VALUES (${userId}, ${chain}, ${address}, false, ${now}) ON CONFLICT DO NOTHING RETURNING id`);
  return rows.length > 0;
}

/** Wallets of the account, locked for the unlink decision (so two unlinks cannot remove the last two). */
export async function lockWallets(tx: Orm, userId: number): Promise<Array<{ id: number; chain: Chain; address: string }>> {
  return exec(tx, sql`SELECT id, chain, address FROM wallets WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
}

/** Removes a wallet: its holdings leave the account, its sessions end, the row goes. */
export async function deleteWallet(tx: Orm, walletId: number, chain: Chain, address: string): Promise<void> {
  await exec(tx, sql`DELETE FROM holdings WHERE chain = ${chain} AND address = ${address}`);
  await exec(tx, sql`DELETE FROM sessions WHERE wallet_id = ${walletId}`);
  await exec(tx, sql`DELETE FROM wallets WHERE id = ${walletId}`);
}

/** Makes `walletId` the account's only Master Wallet. */
export async function setMaster(tx: Orm, userId: number, walletId: number): Promise<void> {
  await exec(tx, sql`UPDATE wallets SET is_master = (id = ${walletId}) WHERE user_id = ${userId}`);
}

/** The stake keys the account proved (docs/game-rules.md §8.2), oldest first. */
export async function listStakeKeys(orm: Orm, userId: number): Promise<StakeKey[]> {
  const rows = await exec<{ reward_address: string; proved_at: string | Date }>(orm, sql`
    SELECT reward_address, proved_at FROM cardano_stake_proofs WHERE user_id = ${userId} ORDER BY proved_at, stake_credential`);
  return rows.map((r) => ({ reward_address: r.reward_address, proved_at: new Date(r.proved_at).toISOString() }));
}

/**
 * Records that `userId` proved the stake key of `stakeCredential` (one account per credential).
 * @returns the account that holds the credential now (this one, or the one that proved it first)
 */
export async function insertStakeProof(tx: Orm, userId: number, stakeCredential: string, rewardAddress: string, now: Date): Promise<number> {
  await exec(tx, sql`INSERT INTO cardano_stake_proofs (stake_credential, user_id, reward_address, proved_at)
    VALUES (${stakeCredential}, ${userId}, ${rewardAddress}, ${now}) ON CONFLICT (stake_credential) DO NOTHING`);
  const [row] = await exec<{ user_id: number }>(tx, sql`SELECT user_id FROM cardano_stake_proofs WHERE stake_credential = ${stakeCredential}`);
  return row!.user_id;
}

/** The policies a sync keeps: the configured Land and Mining Tool policies and the Staking-Hub collections among an address's assets. */
export interface SyncPolicies {
  land: string;
  tool: string;
  /** The keys of `collectionKeysOfAssets` that are Staking-Hub collections. */
  collections: string[];
}

/**
 * The Land and Mining Tool policies (as recorded, docs/operator-guide.md) and which of
 * `collectionKeysOfAssets` are Staking-Hub collections (their NFTs are kept in `holdings` beside
 * lands and mining tools), in one statement: only the collections the address holds are read.
 */
export async function syncPolicies(orm: Orm, collectionKeysOfAssets: readonly string[]): Promise<SyncPolicies> {
  const [row] = await exec<{ land: string; tool: string; collections: string[] | string }>(orm, sql`
    SELECT kingdom_land_policy() AS land, kingdom_tool_policy() AS tool,
      (SELECT coalesce(jsonb_agg(c.collection_key), '[]'::jsonb) FROM collections c
        WHERE c.collection_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(collectionKeysOfAssets)}::jsonb))) AS collections`);
  const collections = typeof row!.collections === 'string' ? (JSON.parse(row!.collections) as string[]) : row!.collections;
  return { land: row!.land, tool: row!.tool, collections };
}

/**
 * Locks the wallet (chain, address) for a sync and records that its holdings are synced at `now`
 * (one UPDATE: the row lock two syncs of one wallet queue on, and `synced_at`).
 * @returns the account it is linked to, or null when none (nothing is written)
 */
export async function lockAndMarkSynced(tx: Orm, chain: Chain, address: string, now: Date): Promise<number | null> {
  const [wallet] = await exec<{ user_id: number }>(tx, sql`UPDATE wallets SET synced_at = ${now} WHERE chain = ${chain} AND address = ${address} RETURNING user_id`);
  return wallet?.user_id ?? null;
}

/** How many of the player's lands (`HELD_LANDS`, the one definition) the wallet's holdings are. */
export async function heldLandCount(tx: Orm, chain: Chain, address: string): Promise<number> {
  const [row] = await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${HELD_LANDS} WHERE h.chain = ${chain} AND h.address = ${address}`);
  return row?.n ?? 0;
}

/**
 * Replaces the holdings of (`chain`, `address`) — a wallet linked to `userId` — with `assets`, in the
 * caller's transaction: gone assets are deleted, new ones get `held_since = now`, kept ones keep
 * theirs. A land or mining tool found here (`policies.land` / `policies.tool`) is removed from any
 * other address's holdings (each exists once). One statement (issue 41: it was up to five): the
 * three changes touch different rows, so they run as data-modifying CTEs on one snapshot. The rows
 * come as one JSON parameter: a `(c, a) IN ((…), (…), …)` list of a few hundred pairs is an
 * expression deep enough to overflow the embedded database's WASM stack (PGlite's
 * `RuntimeError: Aborted()`, issue 36 item 9).
 */
export async function replaceHoldings(tx: Orm, userId: number, chain: Chain, address: string, assets: readonly ChainAsset[], now: Date, policies: { land: string; tool: string }): Promise<void> {
  const key = (c: string, a: string) => `${c}\u0000${a}`;
  const wanted = new Map(assets.map((a) => [key(a.collectionKey, a.assetKey), a]));
  const rows = JSON.stringify([...wanted.values()].map((a) => ({ c: a.collectionKey, a: a.assetKey, q: a.quantity.toString() })));
  await exec(tx, sql`WITH p AS (SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS p(c text, a text, q text)),
    gone AS (
      DELETE FROM holdings h WHERE h.chain = ${chain} AND h.address = ${address}
        AND NOT EXISTS (SELECT 1 FROM p WHERE p.c = h.collection_key AND p.a = h.asset_key)),
    elsewhere AS (
      DELETE FROM holdings h USING p
      WHERE p.c IN (${policies.land}, ${policies.tool}) AND h.collection_key = p.c AND h.asset_key = p.a AND (h.chain, h.address) <> (${chain}, ${address}))
    INSERT INTO holdings (chain, collection_key, asset_key, address, user_id, quantity, held_since)
      SELECT ${chain}, p.c, p.a, ${address}, ${userId}::int, p.q::numeric, ${now}::timestamptz FROM p
      ON CONFLICT (chain, collection_key, asset_key, address) DO UPDATE SET quantity = EXCLUDED.quantity, user_id = EXCLUDED.user_id`);
}
