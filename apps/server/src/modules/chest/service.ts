/**
 * The weekly chest (docs/game-rules.md §7), provably fair (see `@kingdom/game` chest): the seed of this
 * week and the next exist (hash public) before they start; opening draws with this week's seed,
 * credits the loot through the ledger (reason `chest`, reference = week) and records the open, in one
 * transaction and once per account and week; a week's seed is revealed once it has ended.
 */
import {
  chestLootTable, chestWeekEnd, chestWeekOf, nextChestWeek, openChestDraw, type Token,
} from '@kingdom/game';
import type { ChestOpenResponse, ChestStatus, ChestWeekResponse } from '@kingdom/api';
import type { Database, Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { applyItemEntry, applyTokenEntry } from '../ledger/ledger.ts';
import { chestEligibility, ensureWeeks, opensOf, recordOpen, weekRow } from './repository.ts';

/** Makes sure the seeds of the week holding `now` and of the next week exist (their hashes are public). */
export async function publishChestSeeds(orm: Orm, now: Date): Promise<void> {
  const week = chestWeekOf(now.getTime());
  await ensureWeeks(orm, [week, nextChestWeek(week)]);
}

/** This week's chest for `userId`. */
export async function chestStatus(db: Database, userId: number, now: Date): Promise<ChestStatus> {
  await publishChestSeeds(db.orm, now);
  const week = chestWeekOf(now.getTime());
  const next = nextChestWeek(week);
  const [row, nextRow, [opened], elig] = await Promise.all([weekRow(db.orm, week), weekRow(db.orm, next), opensOf(db.orm, week, userId), chestEligibility(db.orm, userId)]);
  const state: ChestStatus['state'] = opened ? 'opened' : elig.locked ? 'locked' : elig.lands === 0 ? 'not_land_owner' : 'openable';
  return {
    week, ends_at: new Date(chestWeekEnd(week)).toISOString(), seed_hash: row!.seed_hash, table_version: row!.table_version, state,
    opened: opened ? { draw: opened.draw, entry: opened.entry, loot: opened.loot, opened_at: new Date(opened.opened_at).toISOString() } : null,
    next_week: { week: next, seed_hash: nextRow!.seed_hash },
  };
}

/**
 * Opens the chest of `week` (default: the week holding `now`) for `userId`.
 * @throws ApiError CHEST_EXPLOIT (account flagged), CHEST_NOT_LAND_OWNER (no Land NFT),
 *   CHEST_NOT_TIME_END (a week that has not started), CHEST_END (a week that ended, or opened already)
 */
export async function openChest(db: Database, userId: number, now: Date, requested?: string): Promise<ChestOpenResponse> {
  await publishChestSeeds(db.orm, now);
  const week = chestWeekOf(now.getTime());
  const elig = await chestEligibility(db.orm, userId);
  if (elig.locked) fail('CHEST_EXPLOIT');
  if (elig.lands === 0) fail('CHEST_NOT_LAND_OWNER');
  if (requested !== undefined && requested > week) fail('CHEST_NOT_TIME_END');
  if (requested !== undefined && requested < week) fail('CHEST_END');
  const row = (await weekRow(db.orm, week))!;
  // the table published with this week's seed, not necessarily the newest (docs/game-rules.md §7)
  const { draw, entry, loot } = openChestDraw(row.seed, week, userId, chestLootTable(row.table_version));
  await db.orm.transaction(async (tx) => {
    if (!(await recordOpen(tx, userId, week, draw, entry, loot, now))) fail('CHEST_END');
    if (loot.kind === 'token') await applyTokenEntry(tx, { userId, token: loot.key as Token, amount: BigInt(loot.amount), reason: 'chest', reference: week, at: now });
    else await applyItemEntry(tx, { userId, itemKey: loot.key, amount: Number(loot.amount), reason: 'chest', reference: week, at: now });
  });
  return { week, draw, entry, loot };
}

/**
 * A week's public record: seed hash, the seed once the week ended, the loot table and every draw.
 * @throws ApiError NOT_FOUND for a week without a seed (not a Monday, or too far ahead)
 */
export async function chestWeek(db: Database, week: string, now: Date): Promise<ChestWeekResponse> {
  await publishChestSeeds(db.orm, now);
  const row = await weekRow(db.orm, week);
  if (!row) fail('NOT_FOUND');
  const ended = now.getTime() >= chestWeekEnd(week);
  const opens = await opensOf(db.orm, week);
  return {
    week, seed_hash: row.seed_hash, seed: ended ? row.seed : null,
    table_version: row.table_version,
    table: chestLootTable(row.table_version).map((e) => ({ weight: e.weight, loot: e.loot })),
    draws: opens.map((o) => ({ user_id: o.user_id, draw: o.draw, entry: o.entry })),
  };
}
