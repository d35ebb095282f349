/**
 * World transparency (GAME-RULES §3, §4): each settled day's world totals — EXO the gold and fren
 * pools paid beside the pools themselves, workers worked, players paid — public, so anyone can check
 * that no day paid more than its pool.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { MINE_RULES } from '@kingdom/game';
import { statement } from '../../db/client.ts';
import { route } from '../../http/routes.ts';

const daysStmt = statement('world_days', `
  SELECT day, settled_at, goldmine_exo::text AS goldmine_exo, frenmine_exo::text AS frenmine_exo,
    goldmine_workers_worked, frenmine_workers_worked, players_paid
  FROM game_days ORDER BY day DESC LIMIT $1`);

/** Registers the world endpoints. */
export async function worldRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.worldDays, async ({ query }) => {
    const rows = await db.query<{ day: string; settled_at: Date | string; goldmine_exo: string; frenmine_exo: string; goldmine_workers_worked: number; frenmine_workers_worked: number; players_paid: number }>(daysStmt, [query.limit]);
    return {
      days: rows.map((r) => ({
        ...r, settled_at: new Date(r.settled_at).toISOString(),
        goldmine_pool: MINE_RULES.goldmine.dailyPool.toString(), frenmine_pool: MINE_RULES.frenmine.dailyPool.toString(),
      })),
    };
  });
}
