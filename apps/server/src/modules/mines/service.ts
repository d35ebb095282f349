/**
 * Player actions on mines (docs/game-rules.md §3, §4), each in one transaction and checked by the rules of
 * `@kingdom/game` through the mine kind's descriptor: set or remove a worker, start an upgrade.
 * A failed action changes nothing.
 */
import { MINE_RULES, WORKER_QUALIFY_VOTES, checkAssignment, planUpgrade, rarityForVotes, type MineKind, type WorkerCandidate } from '@kingdom/game';
import type { AssignRequest } from '@kingdom/api';
import { hasSqlState, violatedConstraint, SQLSTATE, type Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, itemCounts } from '../ledger/ledger.ts';
import { ownedLandForUpdate } from '../lands/service.ts';
import {
  assignmentFacts, deleteWorker, insertUpgrade, insertWorker, upgradeInProgress,
} from './repository.ts';

const levelOf = (kind: MineKind, land: { goldmine_level: number | null; frenmine_level: number | null }) =>
  (kind === 'goldmine' ? land.goldmine_level : land.frenmine_level) ?? 0;

/**
 * Sets a worker into a slot of the user's land: an NFT (gold: of a collection qualified at the last
 * snapshot; fren: of any Staking-Hub collection) or, in a gold mine, a default worker.
 * @throws GameError SLOT_NOT_AVAILABLE, SLOT_ALREADY_USE, NOT_VALID_WORKER, WORKER_NOT_BELONG_USER,
 *   WORKER_IS_SET, NOT_VALID_WORKER_RARITY; ApiError LAND_NOT_AVAILABLE, LAND_NOT_BELONG_TO_USER, and
 *   WORKER_IS_SET / SLOT_ALREADY_USE when a concurrent request took the NFT or the slot first
 */
export async function assignWorker(db: Database, userId: number, kind: MineKind, req: AssignRequest, now: Date): Promise<void> {
  const rules = MINE_RULES[kind];
  try {
    await db.orm.transaction(async (tx) => {
      const land = await ownedLandForUpdate(tx, userId, req.hex_name);
      const { occupied, nft } = await assignmentFacts(tx, kind, land.id, userId, req.worker ? { collectionKey: req.worker.collection_key, assetKey: req.worker.asset_key } : null, now);
      let candidate: WorkerCandidate | null = null;
      if (req.worker && nft) {
        const qualified = nft.votes !== null && nft.votes >= WORKER_QUALIFY_VOTES;
        candidate = {
          known: nft.inCollection && (!rules.needsQualifiedCollection || qualified),
          heldByPlayer: nft.heldByUser,
          assigned: nft.assigned,
          rarity: rules.needsQualifiedCollection && nft.votes !== null ? rarityForVotes(nft.votes) : 'common',
        };
      }
      checkAssignment(kind, { level: levelOf(kind, land), occupied }, req.slot, candidate);
      await insertWorker(tx, {
        landId: land.id, kind, slot: req.slot, userId, rarity: candidate?.rarity ?? 'default', at: now,
        nft: req.worker ? { collectionKey: req.worker.collection_key, assetKey: req.worker.asset_key } : null,
      });
    });
  } catch (err) {
    // Two requests racing: the schema lets one win (the NFT index across both kinds, or the slot's key).
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) fail(violatedConstraint(err) === 'mine_workers_pk' ? 'SLOT_ALREADY_USE' : 'WORKER_IS_SET');
    throw err;
  }
}

/** Removes the worker in a slot of the user's land. @throws ApiError SLOT_NOT_AVAILABLE when empty, LAND_NOT_BELONG_TO_USER */
export async function removeWorker(db: Database, userId: number, kind: MineKind, hexName: string, slot: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    if (!(await deleteWorker(tx, kind, land.id, slot))) fail('SLOT_NOT_AVAILABLE');
  });
}

/**
 * Starts the next upgrade of a mine: consumes its item (gold: toolkit tier N; fren: Chicken Tendies).
 * @throws GameError the kind's `upgradeErrors` (GOLDMINE_* / FRENMINE_* UPGRADE_IN_PROGRESS, MAX_LEVEL,
 *   ERROR_LAND_MAX_SIZE), ITEM_NOT_EXIST_ON_BALANCE; ApiError LAND_NOT_AVAILABLE, LAND_NOT_BELONG_TO_USER
 */
export async function startUpgrade(db: Database, userId: number, kind: MineKind, hexName: string, now: Date): Promise<{ targetLevel: number; endsAt: Date }> {
  return db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    const running = await upgradeInProgress(tx, kind, land.id);
    const plan = planUpgrade(kind, land, { level: levelOf(kind, land), upgradingUntil: running ? Number.MAX_SAFE_INTEGER : null }, await itemCounts(tx, userId), now.getTime());
    const endsAt = new Date(now.getTime() + plan.durationMs);
    const id = await insertUpgrade(tx, { landId: land.id, kind, userId, targetLevel: plan.targetLevel, itemKey: plan.itemKey, startedAt: now, endsAt });
    await applyItemEntry(tx, { userId, itemKey: plan.itemKey, amount: -1, reason: `${kind}_upgrade`, reference: String(id), at: now });
    return { targetLevel: plan.targetLevel, endsAt };
  });
}
