/**
 * Where a settlement's time goes: generates a world (as `bench/settlement.ts`) and settles a few
 * consecutive days (each after the first with a day's trade of worker NFTs), printing the seconds each step took. A tool for tuning the tick, not a goal.
 *
 *   tsx bench/profile-settlement.ts --url postgres://… [--lands 200000] [--days 2] [--existing] [--from 1] [--lanes 1] [--batch-users 250] [--writes-from K] [--warm] [--floor] [--cpu]
 *
 * `--cpu`: also the CPU seconds the database's backends spent on each day's tick (from /proc: Postgres
 * on this machine; a measure that a loaded machine does not stretch as it does wall time).
 * `--floor`: both floors first (the UPDATE of one column over every land, and `essentialFloor`, the
 * day's essential work), in seconds. `--warm`: the tick job's warm-up of the rosters runs before each day's tick (timed apart).
 * `--existing` settles a world generated before (e.g. a copy: `CREATE DATABASE x TEMPLATE world`),
 * `--days 0` only generates one; `--from K` starts at day K (the days before it settled already). `--writes-from K`: from day K on, players write during the tick (as
 * the bench's day 3), and the writes' latency is printed per step of the tick (ms, p50/p99/max).
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { exec, openDatabase } from '../apps/server/src/db/client.ts';
import { byStep, essentialFloor, generateWorld, sellWorkerNfts, timedTick, warmDay, writeWhile } from './settlement.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, lands: { type: 'string' }, days: { type: 'string' }, existing: { type: 'boolean' }, warm: { type: 'boolean' }, floor: { type: 'boolean' }, cpu: { type: 'boolean' }, lanes: { type: 'string' }, 'writes-from': { type: 'string' }, from: { type: 'string' }, 'batch-users': { type: 'string' } } });
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '' });
const lands = Number(values.lands ?? 200_000);
const writesFrom = values['writes-from'] ? Number(values['writes-from']) : Infinity;
const opts = {
  ...(values.lanes ? { lanes: Number(values.lanes) } : {}),
  ...(values['batch-users'] ? { batchUsers: Number(values['batch-users']) } : {}),
};
/** CPU seconds (user + system) of each backend of this database, by pid (Linux /proc; clock ticks of 10 ms). */
async function backendCpu(): Promise<Map<number, number>> {
  const rows = await exec<{ pid: number }>(db.orm, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // a backend gone meanwhile
    }
  }
  return out;
}
const cpuSince = async (before: Map<number, number>) => {
  let total = 0;
  for (const [pid, t] of await backendCpu()) total += t - (before.get(pid) ?? 0);
  return Math.round(total * 100) / 100;
};
try {
  if (!values.existing) await generateWorld(db, lands);
  if (values.floor) {
    const t = Date.now();
    let cpu = await backendCpu();
    await exec(db.orm, sql`UPDATE lands SET has_update = NOT has_update`);
    console.log('floor (UPDATE lands)', (Date.now() - t) / 1000, values.cpu ? `backend CPU ${await cpuSince(cpu)} s` : '');
    cpu = await backendCpu();
    console.log('essential floor', await essentialFloor(db, '2026-02-01'), values.cpu ? `backend CPU (copies made and dropped included) ${await cpuSince(cpu)} s` : '');
  }
  const [players] = await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM users`);
  const from = Number(values.from ?? 1);
  for (let d = from; d < from + Number(values.days ?? 2); d++) {
    const day = `2026-02-0${d}`;
    // a day's trade before every day but the world's first (as the bench's steady day)
    if (day !== '2026-02-01') await sellWorkerNfts(db, lands, d);
    if (values.warm) {
      const t = Date.now();
      await warmDay(db, day);
      console.log(day, 'warm-up', (Date.now() - t) / 1000);
    }
    if (d < writesFrom) {
      const cpu = values.cpu ? await backendCpu() : null;
      const phases = (await timedTick(db, day, opts)).phases;
      console.log(day, JSON.stringify(phases), cpu ? `backend CPU ${await cpuSince(cpu)} s` : '');
      continue;
    }
    const during = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + 60_000);
    let tick: ReturnType<typeof timedTick> | null = null;
    const { samples, ...stats } = await writeWhile(values.url!, players!.n, during, () => (tick = timedTick(db, day, opts)), { samples: true });
    const done = await tick!;
    console.log(day, JSON.stringify(done.phases), JSON.stringify({ p50: stats.p50_ms, p99: stats.p99_ms, errors: stats.errors }));
    console.log(JSON.stringify(byStep(samples ?? [], done.spans)));
  }
} finally {
  await db.close();
}
