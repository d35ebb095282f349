/**
 * Land actions and reads (docs/product.md §4 land size upgrade, docs/game-rules.md §2): the owner check every land
 * action starts with, expansion with a permit, and the public land page (land + both mines).
 */
import { LAND_SIZE_INFO, planLandExpansion } from '@kingdom/game';
import type { LandDetailResponse } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import type { SessionUser } from '../../auth/session.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, itemCounts } from '../ledger/ledger.ts';
import { notify } from '../notifications/repository.ts';
import { loadMines } from './land-mines.ts';
import { valleyLands } from '../valley/repository.ts';
import { toLand } from './land.ts';
import { landByHexName, lockLand, type OwnedLandRow } from './repository.ts';
import { clearLandUpdate, expandedLand } from './updates.ts';

/**
 * The land `hexName`, locked for this transaction, held by `userId`.
 * @throws ApiError LAND_NOT_AVAILABLE (no such land), LAND_NOT_BELONG_TO_USER
 */
export async function ownedLandForUpdate(tx: Orm, userId: number, hexName: string): Promise<OwnedLandRow> {
  const land = await lockLand(tx, hexName);
  if (!land) fail('LAND_NOT_AVAILABLE');
  if (land.owner_user_id !== userId) fail('LAND_NOT_BELONG_TO_USER');
  return land;
}

/**
 * Expands a land one size with the matching permit (docs/product.md §4), at once; the permit is consumed and
 * the land's `has_update` set (docs/product.md §3) until its owner opens it.
 * @throws GameError PERMIT_NOT_EXIST_ON_BALANCE, LAND_MAX_SIZE (XL); ApiError LAND_NOT_AVAILABLE, LAND_NOT_BELONG_TO_USER
 */
export async function expandLand(db: Database, userId: number, hexName: string, now: Date): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const land = await ownedLandForUpdate(tx, userId, hexName);
    const plan = planLandExpansion(land.size, await itemCounts(tx, userId));
    await applyItemEntry(tx, { userId, itemKey: plan.permitKey, amount: -1, reason: 'land_expansion', reference: `${land.id}:${plan.nextSize}`, at: now }, 'PERMIT_NOT_EXIST_ON_BALANCE');
    await expandedLand(tx, land.id, plan.nextSize);
    await notify(tx, userId, 'land_update', { hex_name: land.hex_name, size: plan.nextSize }, now);
  });
}

/**
 * The public land page: the land, its owner, both mines, whether it is minted, whether it is the
 * viewer's, and the lands within 2 hexes (the map excerpt). The owner opening it clears its
 * `has_update` (docs/product.md §3); the answer still says it was set, so the page can show what changed.
 * @throws ApiError LAND_NOT_AVAILABLE
 */
export async function landDetail(db: Database, hexName: string, viewer: SessionUser | null): Promise<LandDetailResponse> {
  const row = await landByHexName(db.orm, hexName);
  if (!row) fail('LAND_NOT_AVAILABLE');
  const [goldmine] = await loadMines(db.orm, 'goldmine', [row]);
  const [frenmine] = await loadMines(db.orm, 'frenmine', [row]);
  const area = await valleyLands(db, { q: row.q, r: row.r, radius: 2 });
  const self = area.find((l) => l.id === row.id);
  if (row.has_update && viewer !== null && row.owner_user_id === viewer.userId) await clearLandUpdate(db.orm, row.id);
  return {
    land: toLand(row), goldmine: goldmine!, frenmine: frenmine!,
    minted: self?.minted ?? true,
    yours: viewer !== null && row.owner_user_id === viewer.userId,
    neighbours: area.filter((l) => l.id !== row.id).map((l) => ({
      hex_name: l.hexName, q: l.q, r: l.r, size_label: LAND_SIZE_INFO[l.size].label, biome: l.biome, minted: l.minted, owned: l.owner !== null,
    })),
  };
}
