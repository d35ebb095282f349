/**
 * SQL of the in-app land mint (`land_mints`, migration 0024; docs/game-rules.md §2). Every function
 * takes the db's ORM or the caller's transaction.
 *
 * A land is *free* when the mint still holds its NFT (on the emulated chain: the demo treasury's
 * `emu_assets` row, as the Valley's "not minted") and no live mint (reserved, submitted or
 * confirmed) names it. One live mint per land and one open mint per account are unique indexes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MintFilter } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';

/** Statuses that hold a land. */
const LIVE = sql`('reserved', 'submitted', 'confirmed')`;

/** One mint with its land, as read for answers and the job. */
export interface MintRow {
  id: number;
  user_id: number;
  status: 'reserved' | 'submitted' | 'confirmed' | 'expired' | 'cancelled';
  lovelace: string;
  request_hash: string;
  address: string | null;
  tx_hash: string | null;
  tx_cbor: string | null;
  valid_to_slot: number | null;
  block_height: number | null;
  created_at: Date | string;
  expires_at: Date | string;
  confirmed_at: Date | string | null;
  land_id: number;
  hex_name: string;
  q: number;
  r: number;
  size: string;
  biome: string;
  collection_key: string;
  asset_key: string;
  name: string;
}

const SELECT_MINT = sql`SELECT m.id::float8 AS id, m.user_id, m.status, m.lovelace::text AS lovelace, m.request_hash, m.address, m.tx_hash, m.tx_cbor,
  m.valid_to_slot::float8 AS valid_to_slot, m.block_height, m.created_at, m.expires_at, m.confirmed_at,
  l.id AS land_id, l.hex_name, l.q, l.r, l.size, l.biome, l.collection_key, l.asset_key, l.name
  FROM land_mints m JOIN lands l ON l.id = m.land_id`;

/** The free-land condition on `lands l` (see the module comment). */
function freeLand(treasury: string): SQL {
  return sql`EXISTS (SELECT 1 FROM emu_assets e WHERE e.chain = 'cardano' AND e.address = ${treasury}
      AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key)
    AND NOT EXISTS (SELECT 1 FROM land_mints x WHERE x.land_id = l.id AND x.status IN ${LIVE})`;
}

/** The coordinates settings as SQL on `lands l` (docs/game-rules.md §2; `matchesMintFilter` is the model). */
function filterSql(f: MintFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.biome) parts.push(sql`l.biome = ${f.biome}`);
  if (f.size) parts.push(sql`l.size = ${f.size}`);
  if (f.quadrant) parts.push(sql`(l.r < 0) = ${f.quadrant[0] === 'N'}`, sql`(l.q < 0) = ${f.quadrant[1] === 'W'}`);
  return sql.join(parts, sql` AND `);
}

/** Marks reserved mints whose time is over `expired` (never sent: only the submit step sends). @returns how many */
export async function expireReserved(orm: Orm, now: Date): Promise<number> {
  const rows = await exec(orm, sql`UPDATE land_mints SET status = 'expired' WHERE status = 'reserved' AND expires_at <= ${now} RETURNING id`);
  return rows.length;
}

/** Free lands in the whole Valley. */
export async function countFree(orm: Orm, treasury: string): Promise<number> {
  const [row] = await exec<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM lands l WHERE ${freeLand(treasury)}`);
  return row?.n ?? 0;
}

/** Free lands matching the coordinates settings. */
export async function countFreeMatching(orm: Orm, treasury: string, f: MintFilter): Promise<number> {
  const [row] = await exec<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM lands l WHERE ${filterSql(f)} AND ${freeLand(treasury)}`);
  return row?.n ?? 0;
}

/** A random free land matching the settings (null when none). */
export async function pickFree(orm: Orm, treasury: string, f: MintFilter): Promise<number | null> {
  const [row] = await exec<{ id: number }>(orm, sql`SELECT l.id FROM lands l WHERE ${filterSql(f)} AND ${freeLand(treasury)} ORDER BY random() LIMIT 1`);
  return row?.id ?? null;
}

/**
 * The land named `hexName` (canonical), whether it is minted (the mint no longer holds its NFT, or an
 * in-app mint of it confirmed) and whether it is free; null when the Valley has none.
 */
export async function namedLand(orm: Orm, treasury: string, hexName: string): Promise<{ id: number; minted: boolean; free: boolean } | null> {
  const [row] = await exec<{ id: number; minted: boolean; free: boolean }>(orm, sql`SELECT l.id,
    (NOT EXISTS (SELECT 1 FROM emu_assets e WHERE e.chain = 'cardano' AND e.address = ${treasury} AND e.collection_key = l.collection_key AND e.asset_key = l.asset_key)
      OR EXISTS (SELECT 1 FROM land_mints x WHERE x.land_id = l.id AND x.status = 'confirmed')) AS minted,
    (${freeLand(treasury)}) AS free FROM lands l WHERE l.hex_name = ${hexName}`);
  return row ?? null;
}

/** True when the account has a reserved or submitted mint. */
export async function hasOpenMint(orm: Orm, userId: number): Promise<boolean> {
  const [row] = await exec<{ open: boolean }>(orm, sql`SELECT EXISTS (SELECT 1 FROM land_mints WHERE user_id = ${userId} AND status IN ('reserved', 'submitted')) AS open`);
  return row?.open ?? false;
}

/**
 * Reserves `landId` for the account. The unique indexes decide a race: a land another live mint
 * holds, an account with an open mint or a used idempotency key insert nothing.
 * @returns the new mint's id, or null when a unique index refused it
 */
export async function insertMint(orm: Orm, v: { userId: number; landId: number; key: string; hash: string; lovelace: bigint; now: Date; expiresAt: Date }): Promise<number | null> {
  const [row] = await exec<{ id: number }>(orm, sql`
    INSERT INTO land_mints (user_id, land_id, idempotency_key, request_hash, lovelace, status, created_at, expires_at)
    VALUES (${v.userId}, ${v.landId}, ${v.key}, ${v.hash}, ${v.lovelace.toString()}::numeric, 'reserved', ${v.now}, ${v.expiresAt})
    ON CONFLICT DO NOTHING RETURNING id::float8 AS id`);
  return row?.id ?? null;
}

/** The account's mint made with idempotency key `key`, or null. */
export async function mintByKey(orm: Orm, userId: number, key: string): Promise<MintRow | null> {
  const [row] = await exec<MintRow>(orm, sql`${SELECT_MINT} WHERE m.user_id = ${userId} AND m.idempotency_key = ${key}`);
  return row ?? null;
}

/** The account's mints, newest first (at most 20), or the one with `id`. */
export async function mintRows(orm: Orm, userId: number, id?: number): Promise<MintRow[]> {
  return exec<MintRow>(orm, sql`${SELECT_MINT} WHERE m.user_id = ${userId} ${id === undefined ? sql`` : sql`AND m.id = ${id}`} ORDER BY m.id DESC LIMIT 20`);
}

/** True when the account has linked the Cardano `address`. */
export async function ownsAddress(orm: Orm, userId: number, address: string): Promise<boolean> {
  const [row] = await exec<{ ok: boolean }>(orm, sql`SELECT EXISTS (SELECT 1 FROM wallets WHERE user_id = ${userId} AND chain = 'cardano' AND address = ${address}) AS ok`);
  return row?.ok ?? false;
}

/** Records the built transaction of a still-reserved mint. @returns false when it is no longer reserved */
export async function setBuiltTx(orm: Orm, id: number, v: { address: string; txHash: string; txCbor: string; validToSlot: number }): Promise<boolean> {
  const rows = await exec(orm, sql`UPDATE land_mints SET address = ${v.address}, tx_hash = ${v.txHash}, tx_cbor = ${v.txCbor}, valid_to_slot = ${v.validToSlot}
    WHERE id = ${id} AND status = 'reserved' RETURNING id`);
  return rows.length > 0;
}

/**
 * Moves a reserved, unexpired mint whose transaction is `txHash` to `submitted` (the only way its
 * transaction gets the policy key's signature, so at most one send per reservation at a time).
 * @returns false when it is not reserved, expired, or its transaction was rebuilt since
 */
export async function markSubmitted(orm: Orm, id: number, txHash: string, now: Date): Promise<boolean> {
  const rows = await exec(orm, sql`UPDATE land_mints SET status = 'submitted', submitted_at = ${now}
    WHERE id = ${id} AND status = 'reserved' AND expires_at > ${now} AND tx_hash = ${txHash} RETURNING id`);
  return rows.length > 0;
}

/** A submitted mint whose transaction the network refused goes back to reserved (or expired when its time is over). */
export async function unsubmit(orm: Orm, id: number, now: Date): Promise<void> {
  await exec(orm, sql`UPDATE land_mints SET status = CASE WHEN expires_at > ${now} THEN 'reserved' ELSE 'expired' END, submitted_at = NULL
    WHERE id = ${id} AND status = 'submitted'`);
}

/** Cancels a reserved mint of the account. @returns false when it is not reserved */
export async function cancelReserved(orm: Orm, userId: number, id: number): Promise<boolean> {
  const rows = await exec(orm, sql`UPDATE land_mints SET status = 'cancelled' WHERE id = ${id} AND user_id = ${userId} AND status = 'reserved' RETURNING id`);
  return rows.length > 0;
}

/** Every submitted mint (the job's watch list). */
export async function submittedMints(orm: Orm): Promise<MintRow[]> {
  return exec<MintRow>(orm, sql`${SELECT_MINT} WHERE m.status = 'submitted' ORDER BY m.id`);
}

/** Records the block a submitted mint's transaction is in now (null: not in a block). */
export async function setBlock(orm: Orm, id: number, height: number | null): Promise<void> {
  await exec(orm, sql`UPDATE land_mints SET block_height = ${height} WHERE id = ${id} AND status = 'submitted'`);
}

/** Confirms a submitted mint once. @returns false when it was confirmed (or changed) before */
export async function markConfirmed(orm: Orm, id: number, height: number, now: Date): Promise<boolean> {
  const rows = await exec(orm, sql`UPDATE land_mints SET status = 'confirmed', block_height = ${height}, confirmed_at = ${now}
    WHERE id = ${id} AND status = 'submitted' RETURNING id`);
  return rows.length > 0;
}

/**
 * Moves a land's NFT from the mint (the demo treasury) to `to` on the emulated chain.
 * @returns false when the mint no longer holds it
 */
export async function moveFromMint(orm: Orm, treasury: string, to: string, collectionKey: string, assetKey: string): Promise<boolean> {
  const taken = await exec(orm, sql`DELETE FROM emu_assets WHERE chain = 'cardano' AND address = ${treasury}
    AND collection_key = ${collectionKey} AND asset_key = ${assetKey} RETURNING 1`);
  if (!taken.length) return false;
  await exec(orm, sql`INSERT INTO emu_assets (chain, address, collection_key, asset_key, quantity) VALUES ('cardano', ${to}, ${collectionKey}, ${assetKey}, 1)
    ON CONFLICT (chain, address, collection_key, asset_key) DO UPDATE SET quantity = emu_assets.quantity + 1`);
  return true;
}

/** Confirmed mints whose buyer's wallet was not synced since (the job syncs them), oldest first. */
export async function unsyncedMints(orm: Orm): Promise<Array<{ id: number; address: string }>> {
  return exec<{ id: number; address: string }>(orm, sql`SELECT id::float8 AS id, address FROM land_mints WHERE status = 'confirmed' AND synced_at IS NULL ORDER BY id LIMIT 100`);
}

/** Records that the buyer's wallet of mint `id` was synced. */
export async function markSynced(orm: Orm, id: number, now: Date): Promise<void> {
  await exec(orm, sql`UPDATE land_mints SET synced_at = ${now} WHERE id = ${id}`);
}
