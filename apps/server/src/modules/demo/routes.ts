/** Demo-only routes (registered only when DEMO is on): the faucet, and the game clock with its tick. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { PATHS, faucetRequest, faucetResponse, tickRequest, clockResponse } from '@kingdom/api';
import { gameDay } from '@kingdom/game';
import { exec } from '../../db/client.ts';
import { settleDueDays } from '../../jobs/settlement.ts';
import { runFaucet } from './faucet.ts';
import type { Database } from '../../db/client.ts';

/**
 * Moves the demo game clock forward; open sessions move with it, so advancing the game does not
 * sign anyone out.
 */
export async function advanceDemoClock(db: Database, advance: (ms: number) => Promise<Date>, ms: number): Promise<Date> {
  const now = await advance(ms);
  await exec(db.orm, sql`UPDATE sessions SET expires_at = expires_at + (${ms}::bigint * interval '1 millisecond') WHERE revoked_at IS NULL`);
  return now;
}

const DAY_MS = 86_400_000;

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, providers, clock, advanceClock } = app.deps;

  app.post(PATHS.demoFaucet, {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['demo'], summary: 'Demo faucet: gives an address lands, tools, workers, items and balances (whole tokens)', body: faucetRequest, response: { 200: faucetResponse } },
  }, async (request) => {
    const b = request.body;
    return runFaucet(db, providers, {
      address: b.address, lands: b.lands, tools: b.tools, workers: b.workers, rarity: b.rarity, items: b.items, ...(b.land ? { land: b.land } : {}),
      balances: { exo: BigInt(b.exo), hexo: BigInt(b.hexo), food: BigInt(b.food), rune: BigInt(b.rune) },
    }, clock());
  });

  const clockNow = async (settled?: string[]) => {
    const now = clock();
    const [last] = await exec<{ day: string | null }>(db.orm, sql`SELECT max(day) AS day FROM game_days`);
    return { now: now.toISOString(), today: gameDay(now), last_settled: last?.day ?? null, ...(settled ? { settled } : {}) };
  };

  app.get(PATHS.demoClock, { schema: { tags: ['demo'], summary: 'The game clock and the last settled day', response: { 200: clockResponse } } }, async () => clockNow());

  app.post(PATHS.demoTick, {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags: ['demo'], summary: 'Advances the game clock by whole days and settles the days that ended', body: tickRequest, response: { 200: clockResponse } },
  }, async (request) => {
    await advanceDemoClock(db, advanceClock, request.body.days * DAY_MS);
    const settled = await settleDueDays(db, clock());
    return clockNow(settled.map((d) => d.day));
  });
};
