/**
 * Quests benchmark (docs/game-rules.md §14; docs/architecture.md §9), on Postgres, on the daily
 * tick's world (bench/settlement.ts `generateWorld`: `lands` lands, 5 working gold-mine workers
 * each, one player per 10 lands, each with a Cardano wallet):
 *  - the first day's tick (timed, the figure the progress is compared with);
 *  - `progress_seconds`: every quest kind's progress of every player for the day and the week after
 *    that tick (the server's own statement, `progressOfPlayers`, {@link PROGRESS_BATCH} players a
 *    statement, one after another); goal ≤ 10% of the tick's seconds;
 *  - `achievements_seconds`: the achievements job's run after the tick (the day's Excellent
 *    streaks of every player, jobs/achievements.ts);
 *  - `hall_of_fame`: the real server (compiled, `DEMO=false`) on that database, autocannon at
 *    `BENCH_CONNECTIONS` (100) for `BENCH_DURATION` s on the week's EXO-mined board (every player
 *    ranked), page 1; `cold_ms` is one computation of the board (the first request; a claim or a
 *    settled day anywhere drops the servers' copies, migration 0026); and on `/hall-of-fame/me`
 *    (a player's own rank, signed in: a session row made in the database).
 *
 *   tsx bench/quests.ts --url postgres://… [--lands 1000000]
 *
 * Prints one JSON line ({@link QuestsRun}).
 */
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { QUEST_KINDS, addDays, chestWeekOf, gameDay, questPeriodOf } from '@kingdom/game';
import { ENDPOINTS, createClient } from '@kingdom/api';
import { openDatabase, exec } from '../apps/server/src/db/client.ts';
import { progressOf, progressOfPlayers, progressSql } from '../apps/server/src/modules/quests/repository.ts';
import { noticeAchievements } from '../apps/server/src/jobs/achievements.ts';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { withFreshDatabase } from './support/fresh-database.ts';
import { generateWorld, timedTick, warmDay } from './settlement.ts';
import { positiveInt } from './common.ts';

/**
 * The world's day is yesterday (UTC), so the measured server (which runs its jobs, the tick among
 * them, on the real clock) finds no day due and the hall of fame's week is the current one; the
 * progress is read now, the day's report published.
 */
const AFTER = new Date();
const DAY = addDays(gameDay(AFTER.getTime()), -1);
const WEEK = chestWeekOf(AFTER.getTime());
/** Players per progress statement. */
export const PROGRESS_BATCH = 10_000;
const DURATION = positiveInt(process.env.BENCH_DURATION, 10);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 100);

/** One run's figures. */
export interface QuestsRun {
  lands: number;
  players: number;
  tick_seconds: number;
  progress_seconds: number;
  progress_batch_players: number;
  progress_players_with_exo: number;
  achievements_seconds: number;
  achievements_noticed: number;
  hall_of_fame: { cold_ms: number; rps: number; p50_ms: number; p99_ms: number; non2xx: number; errors: number; ranked: number };
  hall_of_fame_me: { rps: number; p50_ms: number; p99_ms: number; non2xx: number; errors: number };
  /** The machine's 1-minute load average as the hall of fame's load began (it shares its 2 cores with other work). */
  load_average: number;
  connections: number;
  duration_s: number;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, timeout: 10 });
  return { rps: round(r.requests.average, 1), p50_ms: round(r.latency.p50, 1), p99_ms: round(r.latency.p99, 1), non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, lands: { type: 'string' } } });
  const lands = Number(values.lands ?? 1_000_000);
  const url = values.url!;
  const db = await openDatabase({ databaseUrl: url, dataDir: '' });
  let out: Omit<QuestsRun, 'hall_of_fame' | 'hall_of_fame_me' | 'load_average'>;
  const token = randomBytes(32).toString('hex');
  try {
    const world = await generateWorld(db, lands);
    // signed in the day before (generateWorld's players sign in on 2026-01-31): the Staking Hub pays them, as in bench/settlement.ts
    await exec(db.orm, sql`UPDATE users SET last_login_at = ${new Date(Date.parse(`${DAY}T00:00:00Z`) - 86_400_000)}`);
    await exec(db.orm, sql`CHECKPOINT`);
    await warmDay(db, DAY);
    const tick = await timedTick(db, DAY);
    if (!tick.settled) throw new Error('the tick settled nothing');
    await exec(db.orm, sql`ANALYZE`);
    // every player's progress, the day's and the week's
    const periods = [questPeriodOf('daily', AFTER.getTime()), questPeriodOf('weekly', AFTER.getTime())];
    let withExo = 0;
    const t = process.hrtime.bigint();
    for (let from = 1; from <= world.players; from += PROGRESS_BATCH) {
      const [daily] = await progressOfPlayers(db.orm, periods, from, from + PROGRESS_BATCH - 1);
      for (const p of daily!.values()) if (p.exo_mined > 0n) withExo++;
    }
    const progressSeconds = seconds(t);
    // where a batch's time goes (on stderr)
    const plan = await exec<{ 'QUERY PLAN': string }>(db.orm, sql`EXPLAIN (ANALYZE, BUFFERS) ${progressSql(periods, 1, PROGRESS_BATCH)}`);
    process.stderr.write(`[quests] a batch's plan:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    // the batches answer what one player's read answers
    for (const id of [1, Math.ceil(world.players / 2), world.players]) {
      const one = await progressOf(db.orm, id, periods[0]!);
      const many = (await progressOfPlayers(db.orm, periods, id, id + 1))[0]!.get(id);
      if (QUEST_KINDS.some((k) => one[k] !== (many?.[k] ?? 0n))) throw new Error(`player ${id}: the batch and the single read differ`);
    }
    const ta = process.hrtime.bigint();
    const run = await noticeAchievements(db, AFTER);
    const achievementsSeconds = seconds(ta);
    if (!run.days.includes(DAY)) throw new Error(`the achievements job did not count ${DAY}`);
    out = {
      lands, players: world.players, tick_seconds: round(tick.seconds), progress_seconds: round(progressSeconds), progress_batch_players: PROGRESS_BATCH,
      progress_players_with_exo: withExo, achievements_seconds: round(achievementsSeconds), achievements_noticed: run.noticed,
      connections: CONNECTIONS, duration_s: DURATION,
    };
    // a session for player 1 (sessions store the token's SHA-256), for the own-rank read
    await exec(db.orm, sql`INSERT INTO sessions (token_hash, user_id, wallet_id, expires_at)
      VALUES (${createHash('sha256').update(token).digest('hex')}, 1, 1, now() + interval '1 day')`);
  } finally {
    await db.close();
  }
  const server = await startKingdomServer({ databaseUrl: url, demo: false, env: { LOG_LEVEL: 'warn' } });
  try {
    const urls = createClient({ routes: ENDPOINTS, baseUrl: server.url, csrf: 'none' });
    const board = urls.url('hallOfFame', { query: { chain: 'cardano', board: 'exo_mined', week: WEEK, page: 1 } });
    const t = process.hrtime.bigint();
    const first = await fetch(board);
    const coldMs = seconds(t) * 1000;
    const body = (await first.json()) as { total?: number };
    if (first.status !== 200 || !body.total) throw new Error(`the board answered ${first.status} with ${body.total} players`);
    const loadAverage = round(loadavg()[0]!, 1);
    const hall = { cold_ms: round(coldMs, 1), ...(await load(board)), ranked: body.total };
    const me = urls.url('hallOfFameMe', { query: { chain: 'cardano', board: 'exo_mined', week: WEEK } });
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(me, { headers });
    if (check.status !== 200) throw new Error(`/hall-of-fame/me answered ${check.status}: ${await check.text()}`);
    const hallMe = await load(me, headers);
    // the server settled no day during the load (its tick would drop the cached boards)
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ day: string }>('SELECT max(day) AS day FROM game_days');
    await client.end();
    if (rows[0]?.day !== DAY) throw new Error(`a day was settled during the load: ${rows[0]?.day}`);
    console.log(JSON.stringify({ ...out, hall_of_fame: hall, hall_of_fame_me: hallMe, load_average: loadAverage } satisfies QuestsRun));
  } finally {
    await server.stop();
  }
}

/**
 * The `quests` entry of `bench/results/latest.json`: the run in a child process on a fresh database
 * of the given Postgres server, with the goals beside the figures (`progress_ratio_to_tick` ≤ 0.1,
 * hall of fame p99 < 25 ms).
 */
export async function runQuestsBench(pgUrl: string, lands: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  return withFreshDatabase(pgUrl, 'kingdom_quests', async (url) => {
    log(`quests: ${lands} lands on Postgres (world, tick, every player's progress, the achievements job, the hall of fame under load)`);
    const here = path.dirname(new URL(import.meta.url).pathname);
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'quests.ts'), '--url', url, '--lands', String(lands)], { encoding: 'utf8', maxBuffer: 1 << 24, timeout: 40 * 60_000, stdio: ['ignore', 'pipe', 'inherit'] });
    const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
    if (r.status !== 0 || !line) throw new Error(`quests bench failed (exit ${r.status}; its log above)`);
    const q = JSON.parse(line) as QuestsRun;
    return {
      lands: q.lands, players: q.players, tick_seconds_postgres: q.tick_seconds,
      progress_seconds_postgres: q.progress_seconds, progress_ratio_to_tick: round(q.progress_seconds / q.tick_seconds, 3), progress_batch_players: q.progress_batch_players,
      achievements_seconds_postgres: q.achievements_seconds,
      hall_of_fame: q.hall_of_fame, hall_of_fame_me: q.hall_of_fame_me, load_average: q.load_average, connections: q.connections, duration_s: q.duration_s,
      run: q, goals: { progress_ratio_to_tick: 0.1, hall_of_fame_p99_ms: 25 }, at: new Date().toISOString(),
    };
  });
}

/**
 * `api` with the hall of fame's figures of the `quests` entry under `postgres` (`api.postgres.hall_of_fame`,
 * `.hall_of_fame_me`, beside the Staking-Hub leaderboard's), so a run of either part keeps them.
 */
export function withHallOfFame<T>(api: T, quests: unknown): T {
  const q = quests as { hall_of_fame?: unknown; hall_of_fame_me?: unknown; lands?: number } | undefined;
  if (!api || typeof api !== 'object' || !q?.hall_of_fame) return api;
  const a = api as { postgres?: Record<string, unknown> };
  return { ...api, postgres: { ...(a.postgres ?? {}), hall_of_fame: { ...(q.hall_of_fame as object), lands: q.lands }, hall_of_fame_me: q.hall_of_fame_me } };
}

/** The table's lines about the quests. */
export function questsLines(e: Record<string, unknown>): string[] {
  const h = e.hall_of_fame as QuestsRun['hall_of_fame'];
  const me = e.hall_of_fame_me as QuestsRun['hall_of_fame_me'];
  return [
    `quests: progress of ${e.players} players (day + week) after the ${e.lands}-land tick: ${e.progress_seconds_postgres} s = ${e.progress_ratio_to_tick} of the tick's ${e.tick_seconds_postgres} s (goal ≤ 0.1); the achievements job after it ${e.achievements_seconds_postgres} s`,
    `hall of fame (EXO mined, ${h.ranked} ranked, page 1, ${e.connections} connections): p99 ${h.p99_ms} ms (goal < 25), ${h.rps} rps, one computation ${h.cold_ms} ms; own rank (/hall-of-fame/me): p99 ${me.p99_ms} ms, ${me.rps} rps; load average ${e.load_average} on this machine`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
