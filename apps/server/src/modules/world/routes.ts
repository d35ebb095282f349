/**
 * World transparency (docs/game-rules.md §3, §4): each settled day's world totals — EXO the gold and fren
 * pools paid beside the pools themselves, workers worked, players paid — public, so anyone can check
 * that no day paid more than its pool.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { MINE_RULES } from '@kingdom/game';
import { route } from '../../http/routes.ts';
import { latestSettledDays } from './repository.ts';

/** Registers the world endpoints. */
export async function worldRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.worldDays, async ({ query }) => {
    const rows = await latestSettledDays(db, query.limit);
    return {
      days: rows.map((r) => ({
        ...r, settled_at: new Date(r.settled_at).toISOString(),
        goldmine_pool: MINE_RULES.goldmine.dailyPool.toString(), frenmine_pool: MINE_RULES.frenmine.dailyPool.toString(),
      })),
    };
  });
}
