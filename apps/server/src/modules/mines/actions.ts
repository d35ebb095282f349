/**
 * Player actions on mines and lands, each in one transaction, each checked by the rule functions of
 * `@kingdom/game` (GAME-RULES.md §2–4): set or remove a worker, start an upgrade, expand a land.
 * A failed action changes nothing.
 */
import { sql } from 'drizzle-orm';
import {
  checkAssignment, checkFrenAssignment, planGoldmineUpgrade, planFrenmineUpgrade, planLandExpansion,
  leagueForVotes, rarityForLeague, WORKER_QUALIFY_VOTES, type WorkerCandidate,
} from '@kingdom/game';
import type { AssignRequest, MineKind } from '@kingdom/api';
import { exec, hasSqlState, SQLSTATE, type Database, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry } from '../ledger/ledger.ts';
import { selectLands, type LandRow } from './queries.ts';

/**
 * The land `hexName`, locked for this transaction, held by `userId`.
 * @throws ApiError LAND_NOT_AVAILABLE (no such land), LAND_NOT_BELONG_TO_USER
 */
async function ownedLandForUpdate(tx: Orm, userId: number, hexName: string): Promise<LandRow> {
  const locked = await exec<{ id: number }>(tx, sql`SELECT id FROM lands WHERE hex_name = ${hexName} FOR UPDATE`);
  if (!locked[0]) fail('LAND_NOT_AVAILABLE');
  const [land] = await selectLands(tx, sql`l.id = ${locked[0].id}`);
  if (!land || land.owner_user_id !== userId) fail('LAND_NOT_BELONG_TO_USER');
  return land;
}

async function itemCounts(tx: Orm, userId: number): Promise<Record<string, number>> {
  const rows = await exec<{ item_key: string; amount: number }>(tx, sql`SELECT item_key, amount FROM user_items WHERE user_id = ${userId} AND amount > 0`);
  return Object.fromEntries(rows.map((r) => [r.item_key, r.amount]));
}

async function occupiedSlots(tx: Orm, mine: MineKind, landId: number): Promise<Set<number>> {
  const rows = mine === 'goldmine'
    ? await exec<{ slot: number }>(tx, sql`SELECT slot FROM goldmine_workers WHERE land_id = ${landId}`)
    : await exec<{ slot: number }>(tx, sql`SELECT slot FROM frenmine_workers WHERE land_id = ${landId}`);
  return new Set(rows.map((r) => r.slot));
}

/**
 * Sets a worker (gold mine: an NFT of a qualified collection or a default worker) or a fren (an NFT
 * of any Staking-Hub collection) into a slot of the user's land.
 * @throws ApiError/GameError SLOT_NOT_AVAILABLE, SLOT_ALREADY_USE, NOT_VALID_WORKER,
 *   WORKER_NOT_BELONG_USER, WORKER_IS_SET, NOT_VALID_WORKER_RARITY, LAND_NOT_BELONG_TO_USER
 */
export async function assignWorker(db: Database, userId: number, mine: MineKind, req: AssignRequest, now: Date): Promise<void> {
  try {
    await db.orm.transaction(async (tx) => {
      const land = await ownedLandForUpdate(tx, userId, req.hex_name);
      const level = (mine === 'goldmine' ? land.goldmine_level : land.frenmine_level) ?? 0;
      const occupied = await occupiedSlots(tx, mine, land.id);
      if (mine === 'frenmine' && req.worker === null) fail('NOT_VALID_WORKER');
      let candidate: WorkerCandidate | null = null;
      if (req.worker) {
        const [nft] = await exec<{ votes: string | null; collection: boolean; held: boolean; assigned: boolean }>(tx, sql`
          SELECT
            (SELECT sc.votes::text FROM snapshot_collections sc JOIN collections c ON c.id = sc.collection_id
              WHERE c.policy_id = ${req.worker.policy_id} AND sc.snapshot_id = (SELECT max(id) FROM staking_snapshots)) AS votes,
            EXISTS (SELECT 1 FROM collections c JOIN nft_holdings h ON h.policy_id = c.policy_id
              WHERE c.policy_id = ${req.worker.policy_id} AND h.asset_name = ${req.worker.asset_name}) AS collection,
            EXISTS (SELECT 1 FROM wallets w JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
              WHERE w.user_id = ${userId} AND h.policy_id = ${req.worker.policy_id} AND h.asset_name = ${req.worker.asset_name}) AS held,
            (EXISTS (SELECT 1 FROM goldmine_workers WHERE policy_id = ${req.worker.policy_id} AND asset_name = ${req.worker.asset_name})
              OR EXISTS (SELECT 1 FROM frenmine_workers WHERE policy_id = ${req.worker.policy_id} AND asset_name = ${req.worker.asset_name})) AS assigned`);
        const votes = nft!.votes === null ? 0n : BigInt(nft!.votes);
        const qualified = votes >= WORKER_QUALIFY_VOTES;
        candidate = {
          known: mine === 'goldmine' ? nft!.collection && qualified : nft!.collection,
          heldByPlayer: nft!.held,
          assigned: nft!.assigned,
          rarity: rarityForLeague(leagueForVotes(votes)) ?? 'common',
        };
      }
      if (mine === 'goldmine') checkAssignment({ level, occupied }, req.slot, candidate);
      else checkFrenAssignment({ level, occupied }, req.slot, candidate!);
      if (mine === 'goldmine') {
        await exec(tx, sql`INSERT INTO goldmine_workers (land_id, slot, user_id, kind, policy_id, asset_name, rarity, assigned_at)
          VALUES (${land.id}, ${req.slot}, ${userId}, ${req.worker ? 'nft' : 'default'}, ${req.worker?.policy_id ?? null},
            ${req.worker?.asset_name ?? null}, ${candidate?.rarity ?? 'default'}, ${now})`);
      } else {
        await exec(tx, sql`INSERT INTO frenmine_workers (land_id, slot, user_id, policy_id, asset_name, assigned_at)
          VALUES (${land.id}, ${req.slot}, ${userId}, ${req.worker!.policy_id}, ${req.worker!.asset_name}, ${now})`);
      }
    });
  } catch (err) {
    // Two requests racing for one NFT: the unique index lets one win.
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) fail('WORKER_IS_SET');
    throw err;
  }
}

/** Removes the worker in a slot of the user's land. @throws ApiError SLOT_NOT_AVAILABLE when empty */
export async function removeWorker(db: Database, userId: number, mine: MineKind, hexName: string, slot: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    const removed = mine === 'goldmine'
      ? await exec(tx, sql`DELETE FROM goldmine_workers WHERE land_id = ${land.id} AND slot = ${slot} RETURNING slot`)
      : await exec(tx, sql`DELETE FROM frenmine_workers WHERE land_id = ${land.id} AND slot = ${slot} RETURNING slot`);
    if (removed.length === 0) fail('SLOT_NOT_AVAILABLE');
  });
}

/**
 * Starts the next upgrade of a mine: consumes the toolkit (gold: tier N; fren: Chicken Tendies).
 * @throws GameError GOLDMINE_UPGRADE_IN_PROGRESS, GOLDMINE_ERROR_LAND_MAX_SIZE, ITEM_NOT_EXIST_ON_BALANCE,
 *   CANT_RUN_THIS_OPERATION (at the top level); ApiError LAND_NOT_BELONG_TO_USER
 */
export async function startUpgrade(db: Database, userId: number, mine: MineKind, hexName: string, now: Date): Promise<{ targetLevel: number; endsAt: Date }> {
  return db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    const [running] = await exec<{ ends_at: string }>(tx, sql`SELECT ends_at FROM mine_upgrades WHERE land_id = ${land.id} AND mine = ${mine} AND status = 'in_progress'`);
    const items = await itemCounts(tx, userId);
    const state = { level: (mine === 'goldmine' ? land.goldmine_level : land.frenmine_level) ?? 0, upgradingUntil: running ? Number.MAX_SAFE_INTEGER : null };
    const plan = mine === 'goldmine'
      ? (({ targetLevel, toolkitKey, durationMs }) => ({ targetLevel, itemKey: toolkitKey, durationMs }))(planGoldmineUpgrade(land, state, items, now.getTime()))
      : planFrenmineUpgrade(land, state, items, now.getTime());
    const endsAt = new Date(now.getTime() + plan.durationMs);
    const [up] = await exec<{ id: number }>(tx, sql`INSERT INTO mine_upgrades (land_id, mine, user_id, target_level, item_key, started_at, ends_at)
      VALUES (${land.id}, ${mine}, ${userId}, ${plan.targetLevel}, ${plan.itemKey}, ${now}, ${endsAt}) RETURNING id`);
    await applyItemEntry(tx, { userId, itemKey: plan.itemKey, amount: -1, reason: `${mine}_upgrade`, reference: String(up!.id) });
    return { targetLevel: plan.targetLevel, endsAt };
  });
}

/**
 * Expands a land one size with the matching permit (spec §4), at once.
 * @throws GameError ITEM_NOT_EXIST_ON_BALANCE, CANT_RUN_THIS_OPERATION (XL); ApiError LAND_NOT_BELONG_TO_USER
 */
export async function expandLand(db: Database, userId: number, hexName: string, now: Date): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    const plan = planLandExpansion(land.size, await itemCounts(tx, userId));
    await applyItemEntry(tx, { userId, itemKey: plan.permitKey, amount: -1, reason: 'land_expansion', reference: `${land.id}:${plan.nextSize}` });
    await exec(tx, sql`UPDATE lands SET size = ${plan.nextSize} WHERE id = ${land.id}`);
    await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
      VALUES (${userId}, 'land_update', jsonb_build_object('hex_name', ${land.hex_name}::text, 'size', ${plan.nextSize}::text), ${now})`);
  });
}
