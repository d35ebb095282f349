/**
 * What changed on a player's lands (docs/product.md §3 `has_update`; docs/game-rules.md §2, §3): the flag is
 * set when an expansion finishes (at once) or a mine upgrade finishes or fails (the daily tick,
 * `jobs/settlement/upgrades.ts`), and cleared when the owner opens the land. Also the result of a mine's
 * latest upgrade, where a failed one answers its code.
 */
import { sql } from 'drizzle-orm';
import { MINE_RULES, type MineKind } from '@kingdom/game';
import type { LandUpdatesResponse, UpgradeResultResponse } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { landByHexName } from './repository.ts';

/** Lands listed at most in {@link landUpdates}. */
const UPDATES_MAX = 100;

/** The player's lands with `has_update` set (hex names by id, at most {@link UPDATES_MAX}). */
export async function landUpdates(orm: Orm, userId: number): Promise<LandUpdatesResponse> {
  const rows = await exec<{ hex_name: string }>(orm, sql`
    SELECT l.hex_name FROM holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
    WHERE h.user_id = ${userId} AND l.has_update ORDER BY l.id LIMIT ${UPDATES_MAX}`);
  return { any_update: rows.length > 0, lands: rows.map((r) => r.hex_name) };
}

/** An expansion finished (at once): the land's new size, and `has_update` set, in one statement. */
export async function expandedLand(tx: Orm, landId: number, size: string): Promise<void> {
  await exec(tx, sql`UPDATE lands SET size = ${size}, has_update = true WHERE id = ${landId}`);
}

/**
 * Clears a land's `has_update` when it is set. Only then is `lands` written: every statement on it
 * advances the shared land caches' version (migration 0010), and an unchanged land must not.
 */
export async function clearLandUpdate(orm: Orm, landId: number): Promise<void> {
  const [row] = await exec<{ has_update: boolean }>(orm, sql`SELECT has_update FROM lands WHERE id = ${landId}`);
  if (row?.has_update) await exec(orm, sql`UPDATE lands SET has_update = false WHERE id = ${landId} AND has_update`);
}

/**
 * The owner opened the land: clears its `has_update`.
 * @throws ApiError LAND_NOT_AVAILABLE, LAND_NOT_BELONG_TO_USER
 */
export async function landSeen(orm: Orm, userId: number, hexName: string): Promise<void> {
  const land = await landByHexName(orm, hexName);
  if (!land) fail('LAND_NOT_AVAILABLE');
  if (land.owner_user_id !== userId) fail('LAND_NOT_BELONG_TO_USER');
  await clearLandUpdate(orm, land.id);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The latest upgrade of the land's `kind` mine that `userId` started — also after the land left
 * them, which is when an upgrade fails — or `none`.
 * @throws ApiError GOLDMINE_UPGRADE_FAILED / FRENMINE_UPGRADE_FAILED (that upgrade failed; its item
 *   was refunded), LAND_NOT_AVAILABLE, LAND_NOT_BELONG_TO_USER (neither the owner nor the starter of an upgrade)
 */
export async function upgradeResult(orm: Orm, userId: number, hexName: string, kind: MineKind): Promise<UpgradeResultResponse> {
  const land = await landByHexName(orm, hexName);
  if (!land) fail('LAND_NOT_AVAILABLE');
  const [up] = await exec<{ status: 'in_progress' | 'success' | 'failed'; target_level: number; ends_at: Date | string; finished_at: Date | string | null }>(orm, sql`
    SELECT status, target_level, ends_at, finished_at FROM mine_upgrades
    WHERE land_id = ${land.id} AND mine = ${kind} AND user_id = ${userId} ORDER BY id DESC LIMIT 1`);
  if (!up && land.owner_user_id !== userId) fail('LAND_NOT_BELONG_TO_USER');
  if (!up) return { mine: kind, status: 'none', target_level: null, ends_at: null, finished_at: null };
  if (up.status === 'failed') fail(MINE_RULES[kind].upgradeFailed);
  return { mine: kind, status: up.status, target_level: up.target_level, ends_at: iso(up.ends_at), finished_at: iso(up.finished_at) };
}
