/**
 * Giving a player starting assets from the emulated chain's treasury (demo mode, docs/game-rules.md
 * §13.1–§13.2): the demo world's players (seed) and the faucet both give through here.
 */
import { sql } from 'drizzle-orm';
import { toBaseUnits, type Token } from '@kingdom/game';
import { exec, type Orm } from '../../db/client.ts';
import { emuAssets } from '../../db/schema.ts';
import { emulatorTransferNfts, TREASURY_ADDRESS } from '@kingdom/emulators';
import { findOrCreateAccount } from '../users/account-repository.ts';
import { applyItemEntry, applyTokenEntry } from '../ledger/ledger.ts';

/**
 * Gives an address (creating its account if new) lands and tools from the treasury, balances in
 * whole tokens and items, as ledger entries with `reason` and `reference` at game time `at`.
 * @returns hex_names of the lands and ids of the tools given
 */
export async function givePlayer(
  tx: Orm, address: string, landCount: number, toolCount: number,
  wholeBalances: Partial<Record<Token, bigint>>, items: Record<string, number>, reason: string, reference: string,
  chain: 'cardano' | 'solana', at: Date,
): Promise<{ lands: string[]; tools: number[]; userId: number }> {
  const account = await findOrCreateAccount(tx, chain, address);
  const landRows = landCount > 0 ? await exec<{ id: number; hex_name: string; collection_key: string; asset_key: string }>(tx, sql`
    SELECT l.id, l.hex_name, l.collection_key, l.asset_key FROM lands l
    JOIN ${emuAssets} e ON e.collection_key = l.collection_key AND e.asset_key = l.asset_key AND e.address = ${TREASURY_ADDRESS}
    -- a land reserved by an in-app mint (docs/game-rules.md §2) stays with the mint for its buyer
    WHERE NOT EXISTS (SELECT 1 FROM land_mints m WHERE m.land_id = l.id AND m.status IN ('reserved', 'submitted', 'confirmed'))
    ORDER BY (l.id * 7919) % 5003 LIMIT ${landCount} FOR UPDATE OF e SKIP LOCKED`) : [];
  const toolRows = toolCount > 0 ? await exec<{ id: number; collection_key: string; asset_key: string }>(tx, sql`
    SELECT t.id, t.collection_key, t.asset_key FROM mining_tools t
    JOIN ${emuAssets} e ON e.collection_key = t.collection_key AND e.asset_key = t.asset_key AND e.address = ${TREASURY_ADDRESS}
    ORDER BY (t.id * 7919) % 503 LIMIT ${toolCount} FOR UPDATE OF e SKIP LOCKED`) : [];
  await emulatorTransferNfts(tx, { chain, address }, [...landRows, ...toolRows].map((r) => ({ collectionKey: r.collection_key, assetKey: r.asset_key })));
  for (const [token, whole] of Object.entries(wholeBalances) as Array<[Token, bigint]>) {
    if (whole > 0n) await applyTokenEntry(tx, { userId: account.userId, token, amount: toBaseUnits(whole, token), reason, reference, at });
  }
  for (const [itemKey, amount] of Object.entries(items)) {
    if (amount > 0) await applyItemEntry(tx, { userId: account.userId, itemKey, amount, reason, reference, at });
  }
  return { lands: landRows.map((l) => l.hex_name), tools: toolRows.map((t) => t.id), userId: account.userId };
}
