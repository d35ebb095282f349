/**
 * Reads of the mines area: the player's mines with their slots, workers and upgrades; worker NFTs;
 * performance rows. Shapes are `@kingdom/api`'s Gold Rush schemas.
 */
import { sql } from 'drizzle-orm';
import {
  GOLDMINE_SLOTS, MANAGER_SLOT, LAND_SIZE_INFO, FRENMINE_MAX_LEVEL, WORKER_QUALIFY_VOTES, isSlotOpen, leagueForVotes,
  rarityForLeague, addDays, gameDay, type WorkerRarity,
} from '@kingdom/game';
import type { Mine, MineKind, MineSlot, WorkerNft, MineDay } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { toLand, type LandRow as BaseLandRow } from '../lands/land.ts';

export const LAND_SQL_COLUMNS = sql`l.id, l.hex_name, l.name, l.size, l.biome, l.q, l.r, l.policy_id, l.asset_name,
  l.goldmine_level, l.frenmine_level, l.has_update`;

/** A land with its holder's user id (null when no signed-in player holds it). */
export interface LandRow extends BaseLandRow {
  owner_user_id: number | null;
}

export { toLand };

/** Lands with owner (holder address and user) and gold mine worker count; filtered by `where`. */
export async function selectLands(orm: Orm, where: ReturnType<typeof sql>): Promise<LandRow[]> {
  return exec<LandRow>(orm, sql`
    SELECT ${LAND_SQL_COLUMNS}, o.address AS owner, o.user_id AS owner_user_id,
      (SELECT count(*) FROM goldmine_workers gw WHERE gw.land_id = l.id)::int AS workers
    FROM lands l
    LEFT JOIN LATERAL (
      SELECT h.address, w.user_id FROM nft_holdings h LEFT JOIN wallets w ON w.chain = h.chain AND w.address = h.address
      WHERE h.policy_id = l.policy_id AND h.asset_name = l.asset_name LIMIT 1
    ) o ON true
    WHERE ${where} ORDER BY l.id`);
}

/** The lands a user holds through its wallets. */
export function userLands(orm: Orm, userId: number): Promise<LandRow[]> {
  return selectLands(orm, sql`o.user_id = ${userId}`);
}

/** Readable name of an NFT: its UTF-8 asset name when printable (Cardano), else the shortened id. */
export function nftName(chain: string, assetName: string, collection: string): string {
  if (chain === 'cardano' && /^([0-9a-f]{2})+$/.test(assetName)) {
    const text = Buffer.from(assetName, 'hex').toString('utf8');
    if (/^[\x20-\x7e]+$/.test(text)) return text;
  }
  return `${collection} ${assetName.slice(0, 4)}…${assetName.slice(-4)}`;
}

interface WorkerRow { land_id: number; slot: number; kind: 'nft' | 'default'; rarity: WorkerRarity; policy_id: string | null; asset_name: string | null; assigned_at: Date | string; collection: string | null; chain: string | null }
interface UpgradeRow { land_id: number; target_level: number; started_at: Date | string; ends_at: Date | string }

const iso = (d: Date | string) => new Date(d).toISOString();

/** First game day a worker assigned at `assignedAt` earns: the first full day after assignment. */
export function worksFrom(assignedAt: Date | string): string {
  return addDays(gameDay(new Date(assignedAt)));
}

/**
 * Builds the mines of `lands` (one kind) with slots, workers and the upgrade in progress.
 */
export async function loadMines(orm: Orm, mine: MineKind, lands: LandRow[]): Promise<Mine[]> {
  if (lands.length === 0) return [];
  const ids = sql.join(lands.map((l) => sql`${l.id}::int`), sql`, `);
  const workers = mine === 'goldmine'
    ? await exec<WorkerRow>(orm, sql`SELECT gw.land_id, gw.slot, gw.kind, gw.rarity, gw.policy_id, gw.asset_name, gw.assigned_at, c.name AS collection, c.chain
        FROM goldmine_workers gw LEFT JOIN collections c ON c.policy_id = gw.policy_id WHERE gw.land_id IN (${ids})`)
    : await exec<WorkerRow>(orm, sql`SELECT fw.land_id, fw.slot, 'nft' AS kind, 'common' AS rarity, fw.policy_id, fw.asset_name, fw.assigned_at, c.name AS collection, c.chain
        FROM frenmine_workers fw LEFT JOIN collections c ON c.policy_id = fw.policy_id WHERE fw.land_id IN (${ids})`);
  const upgrades = await exec<UpgradeRow>(orm, sql`SELECT land_id, target_level, started_at, ends_at FROM mine_upgrades
    WHERE mine = ${mine} AND status = 'in_progress' AND land_id IN (${ids})`);
  return lands.map((l) => {
    const level = (mine === 'goldmine' ? l.goldmine_level : l.frenmine_level) ?? 0;
    const slotNumbers = mine === 'goldmine' ? [...GOLDMINE_SLOTS] : Array.from({ length: FRENMINE_MAX_LEVEL }, (_, i) => i + 1);
    const slots: MineSlot[] = slotNumbers.map((slot) => {
      const w = workers.find((x) => x.land_id === l.id && x.slot === slot);
      return {
        slot,
        open: mine === 'goldmine' ? isSlotOpen(level, slot) : slot <= level,
        manager: mine === 'goldmine' && slot === MANAGER_SLOT,
        worker: w ? {
          kind: w.kind, rarity: w.rarity, policy_id: w.policy_id, asset_name: w.asset_name,
          name: w.kind === 'default' ? 'Default worker' : nftName(w.chain ?? 'cardano', w.asset_name ?? '', w.collection ?? 'NFT'),
          assigned_at: iso(w.assigned_at), works_from: worksFrom(w.assigned_at),
        } : null,
      };
    });
    const up = upgrades.find((u) => u.land_id === l.id);
    const info = LAND_SIZE_INFO[l.size];
    return {
      mine, land: toLand(l), level,
      cap: mine === 'goldmine' ? info.goldmineCap : info.frenmineCap,
      open_slots: slots.filter((s) => s.open).length,
      slots,
      upgrade: up ? { target_level: up.target_level, started_at: iso(up.started_at), ends_at: iso(up.ends_at) } : null,
    };
  });
}

/** The user's NFTs from Staking-Hub collections, with gold mine rarity (null if not qualified). */
export async function workerNfts(orm: Orm, userId: number): Promise<WorkerNft[]> {
  const rows = await exec<{ policy_id: string; asset_name: string; chain: 'cardano' | 'solana'; collection: string; votes: string | null; g_land: string | null; g_slot: number | null; f_land: string | null; f_slot: number | null }>(orm, sql`
    SELECT h.policy_id, h.asset_name, c.chain, c.name AS collection, s.votes::text AS votes,
      gl.hex_name AS g_land, gw.slot AS g_slot, fl.hex_name AS f_land, fw.slot AS f_slot
    FROM wallets w
    JOIN nft_holdings h ON h.chain = w.chain AND h.address = w.address
    JOIN collections c ON c.policy_id = h.policy_id
    LEFT JOIN snapshot_collections s ON s.collection_id = c.id AND s.snapshot_id = (SELECT max(id) FROM staking_snapshots)
    LEFT JOIN goldmine_workers gw ON gw.policy_id = h.policy_id AND gw.asset_name = h.asset_name
    LEFT JOIN lands gl ON gl.id = gw.land_id
    LEFT JOIN frenmine_workers fw ON fw.policy_id = h.policy_id AND fw.asset_name = h.asset_name
    LEFT JOIN lands fl ON fl.id = fw.land_id
    WHERE w.user_id = ${userId}
    ORDER BY c.name, h.asset_name`);
  return rows.map((r) => {
    const votes = r.votes === null ? null : BigInt(r.votes);
    const rarity = votes !== null && votes >= WORKER_QUALIFY_VOTES ? rarityForLeague(leagueForVotes(votes)) : null;
    return {
      policy_id: r.policy_id, asset_name: r.asset_name, chain: r.chain, collection: r.collection,
      name: nftName(r.chain, r.asset_name, r.collection), rarity,
      assigned: r.g_land ? { mine: 'goldmine' as const, hex_name: r.g_land, slot: r.g_slot! }
        : r.f_land ? { mine: 'frenmine' as const, hex_name: r.f_land, slot: r.f_slot! } : null,
    };
  });
}

/** A user's mine days (newest first) since `fromDay`, or for exactly one day. */
export async function mineDays(orm: Orm, userId: number, mine: MineKind, range: { fromDay?: string; day?: string }): Promise<MineDay[]> {
  const cond = range.day ? sql`d.day = ${range.day}` : sql`d.day >= ${range.fromDay ?? '0000-00-00'}`;
  return exec<MineDay>(orm, sql`
    SELECT d.day, l.hex_name, d.open_slots, d.workers, d.workers_worked, d.exo_mined::text AS exo_mined,
      d.salary_paid::text AS salary_paid, d.salary_token, d.effectivity
    FROM mine_daily d JOIN lands l ON l.id = d.land_id
    WHERE d.user_id = ${userId} AND d.mine = ${mine} AND ${cond}
    ORDER BY d.day DESC, l.hex_name`);
}
