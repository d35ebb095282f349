/**
 * The configured NFT collections (docs/operator-guide.md "Pointing the Kingdom at a collection"):
 * the Land and Mining Tool policy ids are settings (`config.collections`), recorded in the database
 * at the first start (`app_settings` key `collections`), and read in SQL through
 * `kingdom_land_policy()` / `kingdom_tool_policy()` (migration 0022), so every server process and
 * every statement agree on one database. A start with other policies than the recorded ones refuses:
 * switching is the operator's explicit step (`kingdom world import --switch-collections`), never a
 * silent re-seed.
 */
import { sql } from 'drizzle-orm';
import { exec, type Orm } from '../db/client.ts';
import type { Config } from '../config.ts';

/** SQL of the Land policy id (one uncorrelated subquery: evaluated once per statement). */
export const LAND_POLICY_SQL = sql.raw('(SELECT kingdom_land_policy())');
/**
 * The player's lands as one SQL definition (docs/game-rules.md §2.1): `holdings h` of the Land policy
 * joined to the Valley's `lands l`. An asset of the Land policy that is no land of the Valley (one the
 * world import refused, or never imported) is held but is no land. Every list and count of a player's
 * lands — `GET /lands?my=true`, `GET /user/total_lands`, `land_owner`, the wallet sync's `lands` —
 * reads this one join, so they always agree. Filter it by `h.user_id` (or `h.chain`/`h.address`).
 */
export const HELD_LANDS = sql.raw(`holdings h JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key
    AND h.collection_key = (SELECT kingdom_land_policy())`);

/** SQL of the Mining Tool policy id. */
export const TOOL_POLICY_SQL = sql.raw('(SELECT kingdom_tool_policy())');

/** The configured collections (`config.collections`). */
export type Collections = Config['collections'];

/** Thrown when the configured policies differ from the ones the database recorded. */
export class CollectionsChangedError extends Error {
  constructor(readonly recorded: Collections, readonly configured: Collections) {
    super(
      `the configured collections differ from the ones this database was started with ` +
      `(recorded LAND_POLICY_ID=${recorded.landPolicyId} MINING_TOOL_POLICY_ID=${recorded.miningToolPolicyId}; ` +
      `configured LAND_POLICY_ID=${configured.landPolicyId} MINING_TOOL_POLICY_ID=${configured.miningToolPolicyId}). ` +
      `Set the recorded ones back, or switch on purpose with \`npm run kingdom -- world import --switch-collections\` ` +
      `(it records the new policies, removes the previous collections' lands and tools when nothing refers to them ` +
      `— else a fresh database is the way — and imports the new world).`,
    );
    this.name = 'CollectionsChangedError';
  }
}

/**
 * Records `configured` at the first start; afterwards checks it against the record.
 * @param opts.switch record `configured` even when another record exists (the operator's step)
 * @returns whether the record was written (first start or a switch)
 * @throws CollectionsChangedError when a record exists, differs and `switch` is not set
 */
export async function recordCollections(orm: Orm, configured: Collections, opts: { switch?: boolean } = {}): Promise<boolean> {
  const value = JSON.stringify({ landPolicyId: configured.landPolicyId, miningToolPolicyId: configured.miningToolPolicyId });
  if (opts.switch) {
    await exec(orm, sql`INSERT INTO app_settings (key, value) VALUES ('collections', ${value}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    return true;
  }
  const inserted = await exec(orm, sql`INSERT INTO app_settings (key, value) VALUES ('collections', ${value}::jsonb)
    ON CONFLICT (key) DO NOTHING RETURNING key`);
  if (inserted.length > 0) return true;
  const recorded = await recordedCollections(orm);
  if (recorded && (recorded.landPolicyId !== configured.landPolicyId || recorded.miningToolPolicyId !== configured.miningToolPolicyId)) {
    throw new CollectionsChangedError(recorded, configured);
  }
  return false;
}

/** The recorded collections, or null before the first start. */
export async function recordedCollections(orm: Orm): Promise<Collections | null> {
  const [row] = await exec<{ land: string | null; tool: string | null }>(orm, sql`
    SELECT value->>'landPolicyId' AS land, value->>'miningToolPolicyId' AS tool FROM app_settings WHERE key = 'collections'`);
  return row?.land && row.tool ? { landPolicyId: row.land, miningToolPolicyId: row.tool } : null;
}

/** The policies every statement uses now (the record, or the demo's before any). */
export async function worldPolicies(orm: Orm): Promise<{ land: string; tool: string }> {
  const [row] = await exec<{ land: string; tool: string }>(orm, sql`SELECT kingdom_land_policy() AS land, kingdom_tool_policy() AS tool`);
  return row!;
}
