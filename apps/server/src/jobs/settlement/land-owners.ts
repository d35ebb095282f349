/**
 * Step "land owners" (staging; docs/architecture.md §4): who holds each land today — the account
 * holding its NFT (the smallest id should two ever do; docs/game-rules.md §2). Read by the Staking
 * Hub (land owners' factor), upgrades (held by the one who started them), workers leaving (land
 * left), ready notices and the shop royalty (lands held).
 */
import { sql } from 'drizzle-orm';
import { exec } from '../../db/client.ts';
import { tempTable, type Staging, type TempTable } from './context.ts';

/** A land and the account holding its NFT (one row per held land, unique `land_id`). */
export type LandOwners = TempTable<{ land_id: number; user_id: number }>;

/** Reads `lands`, `holdings`; writes temp table `land_owners`. */
export async function stageLandOwners(s: Staging): Promise<LandOwners> {
  const owners: LandOwners = tempTable('land_owners');
  await exec(s.tx, sql`CREATE TEMP TABLE ${owners.ref} ON COMMIT DROP AS
    SELECT DISTINCT ON (l.id) l.id AS land_id, h.user_id FROM lands l
    JOIN holdings h ON h.collection_key = l.collection_key AND h.asset_key = l.asset_key
    ORDER BY l.id, h.user_id`);
  await exec(s.tx, sql`CREATE UNIQUE INDEX ON ${owners.ref} (land_id)`);
  return owners;
}
