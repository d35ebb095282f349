/**
 * Demo mode only (registered when `DEMO` is on; never expose demo mode to the internet: these need no
 * sign-in): the faucet, the game clock and the tick that advances it.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { gameDay } from '@kingdom/game';
import type { Database, Orm } from '../../db/client.ts';
import { extendLiveSessions, lastSettledDay } from './repository.ts';
import { settleDueDays } from '../../jobs/settlement.ts';
import { route } from '../../http/routes.ts';
import { runFaucet } from './faucet.ts';
import { fail } from '../../errors.ts';

/**
 * Moves the game clock forward by `ms` and extends every live session and unanswered sign-in
 * challenge by the same amount, in one
 * transaction (a crash half-way must not sign everyone out). `afterClock` is a test's fault hook.
 */
export async function advanceDemoClock(db: Database, advance: (ms: number, tx: Orm) => Promise<Date>, ms: number, afterClock?: () => void | Promise<void>): Promise<Date> {
  return db.orm.transaction(async (tx) => {
    const now = await advance(ms, tx);
    await afterClock?.();
    await extendLiveSessions(tx, ms, now);
    return now;
  });
}

const DAY_MS = 86_400_000;

/** Registers the demo endpoints. */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers, clock, advanceClock } = app.deps;

  route(app, ENDPOINTS.demoFaucet, async ({ body, now }) => runFaucet(db, providers, {
    address: body.address, lands: body.lands, tools: body.tools, workers: body.workers, rarity: body.rarity, items: body.items, ...(body.land ? { land: body.land } : {}), ...(body.nfts ? { nfts: body.nfts } : {}),
    balances: { exo: BigInt(body.exo), hexo: BigInt(body.hexo), food: BigInt(body.food), rune: BigInt(body.rune) },
  }, now));

  const clockNow = async (settled?: string[]) => {
    const now = clock();
    return { now: now.toISOString(), today: gameDay(now), last_settled: await lastSettledDay(db.orm), ...(settled ? { settled } : {}) };
  };

  route(app, ENDPOINTS.demoClock, async () => clockNow());

  route(app, ENDPOINTS.demoBlocks, async ({ body }) => {
    if (!app.deps.providers.money.emulator) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
    await app.deps.chainJobs.produceBlocks(body.count);
    const tip = await app.deps.providers.money.ledger.tip();
    return { height: tip.height, slot: tip.slot };
  });

  route(app, ENDPOINTS.demoTick, async ({ body }) => {
    await advanceDemoClock(db, advanceClock, body.days * DAY_MS);
    const settled = await settleDueDays(db, clock(), app.deps.config.settlement);
    return clockNow(settled.map((d) => d.day));
  });
}
