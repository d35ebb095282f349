/**
 * Demo mode only (registered when `DEMO` is on; never expose demo mode to the internet: these need no
 * sign-in): the faucet, the game clock and the tick that advances it.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { DAY_MS, addDays, gameDay } from '@kingdom/game';
import type { Database, Orm } from '../../db/client.ts';
import { lastSettledDay } from './repository.ts';
import { settleDueDays } from '../../jobs/settlement/index.ts';
import { ACHIEVEMENTS_JOB } from '../../jobs/achievements.ts';
import { route } from '../../http/routes.ts';
import { lamportsOfSol } from '@kingdom/game';
import { runFaucet } from './faucet.ts';
import { fail } from '../../errors.ts';

/**
 * Moves the game clock forward by `ms`, in one transaction (a crash half-way leaves it as it was).
 * Sign-in challenges, sessions and rate limits run on the wall clock (docs/game-rules.md §10.1) and
 * need nothing. `afterClock` is a test's fault hook.
 */
export async function advanceDemoClock(db: Database, advance: (ms: number, tx: Orm) => Promise<Date>, ms: number, afterClock?: () => void | Promise<void>): Promise<Date> {
  return db.orm.transaction(async (tx) => {
    const now = await advance(ms, tx);
    await afterClock?.();
    return now;
  });
}

/** How long a demo tick waits for days another process is settling (ms). */
export const DEMO_TICK_WAIT_MS = 60_000;

/**
 * Settles every day before `now`'s day, with whichever process is settling them: a day another
 * process has staged is joined (its batches are shared), one whose run is not finished yet is
 * waited for, at most `boundMs`. @returns the last settled day then
 * @throws the settlement's error when the days are still not settled at the bound
 */
async function settleWithOthers(db: Database, now: Date, opts: Parameters<typeof settleDueDays>[2], boundMs: number): Promise<string | null> {
  const deadline = Date.now() + boundMs;
  const yesterday = addDays(gameDay(now), -1);
  for (;;) {
    let failure: unknown = null;
    try {
      await settleDueDays(db, now, opts);
    } catch (err) {
      failure = err; // e.g. another process's run of an earlier day is not finished yet
    }
    const last = await lastSettledDay(db.orm);
    if (last !== null && last >= yesterday) return last;
    if (Date.now() >= deadline) {
      if (failure !== null) throw failure;
      return last;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Registers the demo endpoints. */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  const { db, providers, clock, advanceClock } = app.deps;

  route(app, ENDPOINTS.demoFaucet, async ({ body, now }) => runFaucet(db, providers, {
    address: body.address, lands: body.lands, tools: body.tools, workers: body.workers, rarity: body.rarity, items: body.items, ...(body.land ? { land: body.land } : {}), ...(body.nfts ? { nfts: body.nfts } : {}),
    balances: { exo: BigInt(body.exo), hexo: BigInt(body.hexo), food: BigInt(body.food), rune: BigInt(body.rune) },
    sol: lamportsOfSol(body.sol) ?? 0n,
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

  route(app, ENDPOINTS.demoSolanaSlots, async ({ body }) => {
    const local = app.deps.providers.solanaChain.local;
    if (!local) fail('SYSTEM_FEATURE_NOT_AVAILABLE');
    const tip = await local.produceSlots(body.count);
    // then the Solana watcher (SOL orders paid at finalized; null when another process holds its lease and runs it)
    await app.deps.solanaWatcher.run().catch((err: unknown) => app.log.error({ err: String(err) }, 'solana watcher run failed; will retry'));
    return { slot: tip.slot, confirmed_slot: tip.confirmedSlot, finalized_slot: tip.finalizedSlot };
  });

  // The answer is the day this tick made (the time the move returned, not a cached clock) and the
  // days settled since it began, whichever process settled them: it settles what is due itself and
  // waits (at most DEMO_TICK_WAIT_MS) for days another process is settling.
  route(app, ENDPOINTS.demoTick, async ({ body }) => {
    const before = await lastSettledDay(db.orm);
    const now = await advanceDemoClock(db, advanceClock, body.days * DAY_MS);
    const today = gameDay(now);
    const last = await settleWithOthers(db, now, app.deps.config.settlement, DEMO_TICK_WAIT_MS);
    const settled: string[] = [];
    for (let d = before === null ? last : addDays(before); d !== null && last !== null && d <= last; d = addDays(d)) settled.push(d);
    if (settled.length > 0) app.deps.kickJob(ACHIEVEMENTS_JOB); // the settled days' streaks (jobs/achievements.ts)
    return { now: now.toISOString(), today, last_settled: last, settled };
  });
}
