/**
 * Gold mine and fren mine routes (docs/game-rules.md §3, §4), registered per kind from the same descriptors:
 * the player's mines, setting and removing workers, upgrades; worker NFTs, performance, daily reports.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, MINE_ENDPOINTS } from '@kingdom/api';
import { MINE_KINDS, addDays, gameDay } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { userLands } from '../lands/repository.ts';
import { loadMines } from '../lands/land-mines.ts';
import { mineDays, workerNfts } from './repository.ts';
import { assignWorker, removeWorker, startUpgrade } from './service.ts';

/** Registers the mine endpoints. */
export async function mineRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  for (const kind of MINE_KINDS) {
    const e = MINE_ENDPOINTS[kind];
    route(app, e.mines, async (input) => ({
      mines: await loadMines(db.orm, kind, await userLands(db.orm, sessionOf(input).userId)), now: input.now.toISOString(),
    }));
    route(app, e.assign, async (input) => {
      await assignWorker(db, sessionOf(input).userId, kind, input.body, input.now);
      return { status: 'success' as const };
    });
    route(app, e.remove, async (input) => {
      await removeWorker(db, sessionOf(input).userId, kind, input.body.hex_name, input.body.slot);
      return { status: 'success' as const };
    });
    route(app, e.upgrade, async (input) => {
      const r = await startUpgrade(db, sessionOf(input).userId, kind, input.body.hex_name, input.now);
      return { target_level: r.targetLevel, ends_at: r.endsAt.toISOString() };
    });
  }

  route(app, ENDPOINTS.workerNfts, async (input) => ({ workers: await workerNfts(db.orm, sessionOf(input).userId, input.now) }));

  route(app, ENDPOINTS.minePerformance, async (input) => {
    const { mine, days } = input.query;
    return { mine, rows: await mineDays(db.orm, sessionOf(input).userId, mine, { fromDay: addDays(gameDay(input.now), -days) }) };
  });

  // A day without rows (not settled yet, or no workers) is an empty report, not a 404.
  route(app, ENDPOINTS.mineReport, async (input) => {
    const { mine, day } = input.params;
    const rows = await mineDays(db.orm, sessionOf(input).userId, mine, { day });
    const sum = (f: (r: (typeof rows)[number]) => string) => rows.reduce((a, r) => a + BigInt(f(r)), 0n).toString();
    return {
      mine, day, rows,
      totals: {
        exo_mined: sum((r) => r.exo_mined), salary_paid: sum((r) => r.salary_paid), hexo_paid: sum((r) => r.hexo_paid), food_paid: sum((r) => r.food_paid),
        workers_worked: rows.reduce((a, r) => a + r.workers_worked, 0), workers: rows.reduce((a, r) => a + r.workers, 0),
      },
    };
  });
}
