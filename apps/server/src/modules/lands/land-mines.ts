/**
 * The mines of lands as the API shows them (docs/game-rules.md §3, §4): one kind's mines on given lands,
 * with their slots, workers and the upgrade in progress. Read by the land page (`service.ts`) and the
 * mines list (`modules/mines/routes.ts`): it sits with the lands, below the mines module, so the mines
 * module may build on lands and never the other way round (docs/architecture.md §2).
 */
import { sql } from 'drizzle-orm';
import { MINE_RULES, isSlotOpen, nftName, worksFrom, type MineKind, type WorkerRarity } from '@kingdom/game';
import type { Mine, MineSlot } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { toLand, type LandRow } from './land.ts';

interface WorkerRow { land_id: number; slot: number; kind: 'nft' | 'default'; rarity: WorkerRarity; collection_key: string | null; asset_key: string | null; assigned_at: Date | string; collection: string | null; chain: string | null }
interface UpgradeRow { land_id: number; target_level: number; started_at: Date | string; ends_at: Date | string }

const iso = (d: Date | string) => new Date(d).toISOString();

/** Builds the mines of one kind on `lands`, with slots, workers and the upgrade in progress. */
export async function loadMines(orm: Orm, kind: MineKind, lands: LandRow[]): Promise<Mine[]> {
  if (lands.length === 0) return [];
  const rules = MINE_RULES[kind];
  const ids = sql.join(lands.map((l) => sql`${l.id}::int`), sql`, `);
  const workers = await exec<WorkerRow>(orm, sql`SELECT mw.land_id, mw.slot, mw.kind, mw.rarity, mw.collection_key, mw.asset_key, mw.assigned_at, c.name AS collection, c.chain
    FROM mine_workers mw LEFT JOIN collections c ON c.collection_key = mw.collection_key WHERE mw.mine = ${kind} AND mw.land_id IN (${ids})`);
  const upgrades = await exec<UpgradeRow>(orm, sql`SELECT land_id, target_level, started_at, ends_at FROM mine_upgrades
    WHERE mine = ${kind} AND status = 'in_progress' AND land_id IN (${ids})`);
  return lands.map((l) => {
    const level = (kind === 'goldmine' ? l.goldmine_level : l.frenmine_level) ?? 0;
    const slots: MineSlot[] = rules.slots.map((slot) => {
      const w = workers.find((x) => x.land_id === l.id && x.slot === slot);
      return {
        slot,
        open: isSlotOpen(kind, level, slot),
        manager: slot === rules.managerSlot,
        worker: w ? {
          kind: w.kind, rarity: w.rarity, collection_key: w.collection_key, asset_key: w.asset_key,
          name: w.kind === 'default' ? 'Default worker' : nftName(w.chain ?? 'cardano', w.asset_key ?? '', w.collection ?? 'NFT'),
          assigned_at: iso(w.assigned_at), works_from: worksFrom(new Date(w.assigned_at).getTime()),
        } : null,
      };
    });
    const up = upgrades.find((u) => u.land_id === l.id);
    return {
      mine: kind, land: toLand(l), level, cap: rules.capFor(l.size), max_level: rules.maxLevel,
      open_slots: slots.filter((s) => s.open).length,
      slots,
      upgrade: up ? { target_level: up.target_level, started_at: iso(up.started_at), ends_at: iso(up.ends_at) } : null,
    };
  });
}
