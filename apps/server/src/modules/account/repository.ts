/** SQL of the account pages (docs/product.md §2 /account/balances, /account/settings): ledger history, profile. */
import { sql, type SQL } from 'drizzle-orm';
import type { LedgerAsset } from '@kingdom/api';
import { exec, hasSqlState, SQLSTATE, type Orm } from '../../db/client.ts';

/** A ledger row with the balance (or item count) right after it. */
export interface LedgerRowDb {
  id: number;
  asset: string;
  amount: string;
  reason: string;
  reference: string;
  created_at: Date | string;
  running: string;
  total: number;
}

const assetWhere = (asset: LedgerAsset): SQL => (asset === 'items' ? sql`asset LIKE 'item:%'` : sql`asset = ${asset}`);

/**
 * A page of `userId`'s ledger for `asset`, newest first; `reasons` (raw reasons) filters when given.
 * The running balance sums every entry of the same asset up to each row in application order (id),
 * so the newest row's equals the balance.
 */
export async function ledgerPage(orm: Orm, userId: number, asset: LedgerAsset, reasons: readonly string[] | null, limit: number, offset: number): Promise<LedgerRowDb[]> {
  const filter = reasons ? sql`WHERE reason IN (${sql.join(reasons.map((r) => sql`${r}`), sql`, `)})` : sql``;
  return exec<LedgerRowDb>(orm, sql`
    SELECT id::int AS id, asset, amount::text AS amount, reason, reference, created_at, running::text AS running, (count(*) OVER ())::int AS total
    FROM (
      SELECT id, asset, amount, reason, reference, created_at, sum(amount) OVER (PARTITION BY asset ORDER BY id) AS running
      FROM ledger_entries WHERE user_id = ${userId} AND ${assetWhere(asset)}
    ) e ${filter}
    ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`);
}

/** The raw reasons `userId` has entries under for `asset`. */
export async function rawReasons(orm: Orm, userId: number, asset: LedgerAsset): Promise<string[]> {
  const rows = await exec<{ reason: string }>(orm, sql`SELECT DISTINCT reason FROM ledger_entries WHERE user_id = ${userId} AND ${assetWhere(asset)}`);
  return rows.map((r) => r.reason);
}

/** One balance, base units. */
export async function balanceOf(orm: Orm, userId: number, token: string): Promise<string> {
  const [row] = await exec<{ amount: string }>(orm, sql`SELECT amount::text AS amount FROM balances WHERE user_id = ${userId} AND token = ${token}`);
  return row?.amount ?? '0';
}

/** Name and avatar of a user. */
export async function profileOf(orm: Orm, userId: number): Promise<{ name: string; avatar: string | null }> {
  const [row] = await exec<{ name: string; avatar: string | null }>(orm, sql`SELECT name, avatar FROM users WHERE id = ${userId}`);
  return row!;
}

/** NFTs the user holds that may be an avatar: lands and mining tools, as `land:<hex>` / `mtool:<id>`. */
export async function avatarChoices(orm: Orm, userId: number): Promise<Array<{ id: string; name: string }>> {
  const rows = await exec<{ id: string; name: string }>(orm, sql`
    SELECT 'land:' || l.hex_name AS id, l.name || ' (' || l.hex_name || ')' AS name FROM holdings h
    JOIN lands l ON l.collection_key = h.collection_key AND l.asset_key = h.asset_key WHERE h.user_id = ${userId}
    UNION ALL
    SELECT 'mtool:' || t.id, k.name || ' #' || t.serial FROM holdings h
    JOIN mining_tools t ON t.collection_key = h.collection_key AND t.asset_key = h.asset_key
    JOIN mining_tool_kinds k ON k.key = t.kind_key WHERE h.user_id = ${userId}
    ORDER BY 1 LIMIT 500`);
  return rows;
}

/** Sets name and avatar. @returns false when another account has the name (any case) */
export async function setProfile(orm: Orm, userId: number, name: string, avatar: string | null): Promise<boolean> {
  try {
    const rows = await exec(orm, sql`UPDATE users SET name = ${name}, avatar = ${avatar} WHERE id = ${userId}
      AND NOT EXISTS (SELECT 1 FROM users o WHERE lower(o.name) = lower(${name}) AND o.id <> ${userId}) RETURNING id`);
    return rows.length > 0;
  } catch (err) {
    // Two accounts taking the same name at once: the unique index decides.
    if (hasSqlState(err, SQLSTATE.uniqueViolation)) return false;
    throw err;
  }
}
