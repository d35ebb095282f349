/**
 * Where a settlement's time goes: generates a world (as `bench/settlement.ts`) and settles a few
 * consecutive days (each after the first with a day's trade of worker NFTs), printing the seconds each step took. A tool for tuning the tick, not a goal.
 *
 *   tsx bench/profile-settlement.ts --url postgres://… [--lands 200000] [--days 2] [--existing] [--from 1] [--lanes 1] [--batch-users 250] [--writes-from K]
 *
 * `--existing` settles a world generated before (e.g. a copy: `CREATE DATABASE x TEMPLATE world`),
 * `--days 0` only generates one; `--from K` starts at day K (the days before it settled already). `--writes-from K`: from day K on, players write during the tick (as
 * the bench's day 3), and the writes' latency is printed per step of the tick (ms, p50/p99/max).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { exec, openDatabase } from '../apps/server/src/db/client.ts';
import { settleDay } from '../apps/server/src/jobs/settlement.ts';
import { generateWorld, sellWorkerNfts, writeWhile } from './settlement.ts';
import type { WriteSample } from './support/settlement-writers.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, lands: { type: 'string' }, days: { type: 'string' }, existing: { type: 'boolean' }, lanes: { type: 'string' }, 'writes-from': { type: 'string' }, from: { type: 'string' }, 'batch-users': { type: 'string' } } });
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '' });
const lands = Number(values.lands ?? 200_000);
const writesFrom = values['writes-from'] ? Number(values['writes-from']) : Infinity;
try {
  if (!values.existing) await generateWorld(db, lands);
  const [players] = await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM users`);
  const from = Number(values.from ?? 1);
  for (let d = from; d < from + Number(values.days ?? 2); d++) {
    const day = `2026-02-0${d}`;
    // a day's trade before every day but the world's first (as the bench's steady day)
    if (day !== '2026-02-01') await sellWorkerNfts(db, lands, d);
    let t = process.hrtime.bigint();
    const steps: Record<string, number> = {};
    const marks: [string, number][] = [['start', Date.now()]];
    const tick = () => settleDay(db, day, {
      ...(values.lanes ? { lanes: Number(values.lanes) } : {}),
      ...(values['batch-users'] ? { batchUsers: Number(values['batch-users']) } : {}),
      onStep: (s) => {
        const now = process.hrtime.bigint();
        steps[s] = (steps[s] ?? 0) + Number(now - t) / 1e9;
        t = now;
        const last = marks[marks.length - 1]!;
        if (last[0] === s) last[1] = Date.now();
        else marks.push([s, Date.now()]);
      },
    });
    if (d < writesFrom) {
      await tick();
      console.log(day, JSON.stringify(steps));
      continue;
    }
    const during = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + 60_000);
    const stats = await writeWhile(values.url!, players!.n, during, async () => {
      marks[0]![1] = Date.now();
      await tick();
      marks.push(['end', Date.now()]);
    }, { samples: true });
    console.log(day, JSON.stringify(steps), JSON.stringify({ p50: stats.p50_ms, p99: stats.p99_ms, errors: stats.errors }));
    for (let i = 1; i < marks.length; i++) {
      const [name, to] = marks[i]!;
      const from = marks[i - 1]![1];
      console.log(`  writes during ${name}: ${summary(stats.samples!.filter(([due]) => due >= from && due < to))}`);
    }
  }
} finally {
  await db.close();
}

function summary(samples: WriteSample[]): string {
  const ms = samples.map(([, l]) => l).sort((a, b) => a - b);
  const q = (f: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(f * ms.length))] ?? 0);
  return `n ${ms.length} p50 ${q(0.5)} p99 ${q(0.99)} max ${q(1)}`;
}
