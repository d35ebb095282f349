/**
 * The tick never stalls (docs/architecture.md §4), crash half: three days of a generated world (3,000 lands, 300
 * players, 15,000 workers, some players short of HEXO, some lands gone, vendor sales) are settled
 * by a process killed with SIGKILL at random points, 20 times, then run to its end. The result must
 * equal an uninterrupted settlement of the same world on a twin database: every balance, every
 * ledger entry, report row and notification, each day's totals; each day is settled once, and after
 * every kill each balance = its starting amount + Σ its ledger entries. Then the same across
 * crashes of the database itself (the batches commit asynchronously).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { settleDueDays } from '../apps/server/src/jobs/settlement/index.ts';
import { generateWorld } from '../bench/settlement.ts';
import { freshDatabase, startPgCluster, type FreshDatabase, type PgCluster } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';

const DAYS = ['2026-02-01', '2026-02-02', '2026-02-03'];
const NOW = '2026-02-04T00:00:01Z';
const LANDS = 3000;
const BATCH = 10;
const KILLS = 20;

/** Makes the generated world less uniform: short players, lands gone, the day's sales. */
async function vary(db: Database): Promise<void> {
  await exec(db.orm, sql`UPDATE balances SET amount = 100000000 WHERE token = 'hexo' AND user_id % 5 = 0`);
  await exec(db.orm, sql`UPDATE balances SET amount = 0 WHERE token = 'hexo' AND user_id % 11 = 0`);
  await exec(db.orm, sql`DELETE FROM holdings WHERE collection_key = 'benchland' AND asset_key IN (SELECT to_hex(g) FROM generate_series(1, ${LANDS}::int) g WHERE g % 97 = 0)`);
  await exec(db.orm, sql`INSERT INTO vendor_purchases (user_id, idempotency_key, request_hash, item, quantity, token, amount, response, royalty_day, created_at)
    SELECT g, 'k' || g || d, 'h', 'toolkit_2', 1, CASE WHEN g % 2 = 0 THEN 'hexo' ELSE 'exo' END, 1000000 * g + 7, '{}'::jsonb, d, (d || 'T12:00:00Z')::timestamptz
    FROM generate_series(1, 40) g, unnest(${`{${DAYS.join(',')}}`}::text[]) d`);
  // the day before is settled: the tick starts with the first of DAYS
  await exec(db.orm, sql`INSERT INTO game_days (day, settled_at) VALUES ('2026-01-31', '2026-02-01T00:00:00Z')`);
}

interface Outcome {
  balances: string[];
  ledger: string[];
  reports: string[];
  notifications: string[];
  days: string[];
}

async function outcome(db: Database): Promise<Outcome> {
  const rows = async (q: ReturnType<typeof sql>) => (await exec<{ r: string }>(db.orm, q)).map((x) => x.r);
  return {
    balances: await rows(sql`SELECT user_id || ':' || token || ':' || amount AS r FROM balances ORDER BY user_id, token`),
    ledger: await rows(sql`SELECT user_id || ':' || asset || ':' || amount || ':' || reason || ':' || reference AS r FROM ledger_entries ORDER BY user_id, asset, reason, reference`),
    reports: await rows(sql`SELECT day || ':' || land_id || ':' || mine || ':' || workers_worked || ':' || exo_mined || ':' || salary_paid || ':' || effectivity AS r FROM mine_day_reports ORDER BY day, land_id, mine`),
    notifications: await rows(sql`SELECT user_id || ':' || type || ':' || data::text AS r FROM notifications ORDER BY 1`),
    days: await rows(sql`SELECT day || ':' || goldmine_exo || ':' || frenmine_exo || ':' || workers_worked || ':' || players_paid AS r FROM game_days ORDER BY day`),
  };
}

/** (user, asset) pairs whose balance is not its starting amount + Σ its ledger entries. */
async function ledgerMismatches(db: Database): Promise<unknown[]> {
  return exec(db.orm, sql`
    SELECT b.user_id, b.token, b.amount::text AS balance, (s.amount + COALESCE(l.sum, 0))::text AS expected
    FROM balances b JOIN _start s ON s.user_id = b.user_id AND s.token = b.token
    LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY user_id, asset) l ON l.user_id = b.user_id AND l.asset = b.token
    WHERE b.amount <> s.amount + COALESCE(l.sum, 0)`);
}

/** Resolves once another session of `db`'s database holds an advisory lock (the staging transaction), or `done` settles. */
async function stagingOpen(db: Database, done: Promise<unknown>): Promise<void> {
  let exited = false;
  void done.then(() => { exited = true; });
  for (;;) {
    const held = await exec(db.orm, sql`SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database() AND l.pid <> pg_backend_pid() LIMIT 1`);
    if (held.length > 0 || exited) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Starts the settling process; resolves when it exits (code, or signal). */
function child(url: string, onLine: (line: string) => void): { done: Promise<number | string>; kill: () => void } {
  const p = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'tick-crash.ts'), '--url', url, '--now', NOW, '--batch', String(BATCH)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  let err = '';
  p.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) { onLine(buf.slice(0, i)); buf = buf.slice(i + 1); }
  });
  p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  const done = new Promise<number | string>((resolve) => p.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(err.slice(-3000));
    resolve(signal ?? code ?? -1);
  }));
  return { done, kill: () => p.kill('SIGKILL') };
}

describe.runIf(requirePostgres('the tick killed at random points (tools/tick-crash.test.ts)'))('the tick killed at random points (SIGKILL ×20) settles its day exactly once', () => {
  let freshA: FreshDatabase | undefined;
  let freshB: FreshDatabase | undefined;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    freshA = await freshDatabase(`kingdom_tick_crash_a_${process.pid}`);
    freshB = await freshDatabase(`kingdom_tick_crash_b_${process.pid}`);
    a = await openDatabase({ databaseUrl: freshA.url, dataDir: '' });
    b = await openDatabase({ databaseUrl: freshB.url, dataDir: '' });
    for (const db of [a, b]) {
      await generateWorld(db, LANDS);
      await vary(db);
      await exec(db.orm, sql`CREATE TABLE _start AS SELECT user_id, token, amount FROM balances`);
    }
  }, 300_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await freshA?.stop();
    await freshB?.stop();
  });

  test('same balances, entries, reports, notifications and totals as a run never interrupted', async () => {
    const t0 = Date.now();
    let stageMs = 0;
    expect((await settleDueDays(b, new Date(NOW), {
      batchUsers: BATCH,
      onStep: (step) => { if (step === 'staged' && stageMs === 0) stageMs = Date.now() - t0; },
    })).map((d) => d.day)).toEqual(DAYS);
    const runMs = Date.now() - t0;
    const expected = await outcome(b);
    expect(expected.days).toHaveLength(1 + DAYS.length);
    expect(expected.reports.length).toBeGreaterThan(DAYS.length * LANDS * 0.9); // a gold mine row a day for each land still held
    expect(expected.ledger.some((l) => l.includes(':shop_royalty:'))).toBe(true);

    const stepsAtKill: string[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      let lastStep = 'none';
      let steps = 0;
      // where this run dies: while it stages a new day (a random moment of the staging), or after a
      // random number of committed steps plus a few ms (inside the next batch's transaction, or between two)
      const [open] = await exec<{ n: number }>(a.orm, sql`SELECT count(*)::int AS n FROM settlement_runs`);
      const inStaging = open!.n === 0 && kill % 3 === 0;
      const afterSteps = inStaging ? 0 : 1 + Math.floor(Math.random() * 12);
      let reached!: () => void;
      const isReached = new Promise<void>((r) => { reached = r; });
      const c = child(freshA!.url, (line) => {
        if (line === 'ready' && inStaging) reached();
        if (line.startsWith('step ')) {
          lastStep = line.slice(5);
          if (++steps === afterSteps) reached();
        }
      });
      await Promise.race([isReached, c.done]);
      if (inStaging) {
        // the staging transaction is open once the child holds the settlement's advisory lock; the
        // first staging kill lands within 20 ms of that, later ones anywhere in the first half of
        // the staging as the uninterrupted run measured it (a slower or faster machine moves the
        // point, never out of the transaction for the first one)
        await stagingOpen(a, c.done);
        const firstTry = !stepsAtKill.some((s) => s.endsWith('(staging)'));
        await new Promise((r) => setTimeout(r, Math.random() * (firstTry ? 20 : stageMs * 0.5)));
      } else {
        await new Promise((r) => setTimeout(r, Math.random() * 30));
      }
      c.kill();
      const exit = await c.done;
      stepsAtKill.push(`${exit === 'SIGKILL' ? 'killed' : `exited ${exit}`} ${lastStep === 'none' ? 'before a step (staging)' : `after ${lastStep}`}`);
      expect(await ledgerMismatches(a)).toEqual([]);
      expect(exit, 'the three days were settled before the twentieth kill').toBe('SIGKILL');
    }
    console.log(`tick crash test: uninterrupted run ${runMs} ms (staging of the first day ${stageMs} ms); kills: ${stepsAtKill.join(', ')}`);
    // then once to its end (or it already finished), and once more: nothing left to do
    for (const last of [false, true]) {
      let settled: string[] | undefined;
      const c = child(freshA!.url, (line) => { if (line.startsWith('{')) settled = (JSON.parse(line) as { settled: string[] }).settled; });
      expect(await c.done).toBe(0);
      if (last) expect(settled).toEqual([]);
    }
    expect(await ledgerMismatches(a)).toEqual([]);
    const actual = await outcome(a);
    expect(actual.days).toEqual(expected.days);
    expect(actual.balances).toEqual(expected.balances);
    expect(actual.ledger).toEqual(expected.ledger);
    expect(actual.reports).toEqual(expected.reports);
    expect(actual.notifications).toEqual(expected.notifications);
    // the kills landed in staging and in the batches
    expect(stepsAtKill.some((s) => s.endsWith('(staging)'))).toBe(true);
    expect(stepsAtKill.some((s) => s.endsWith('salaries'))).toBe(true);
    expect(stepsAtKill.some((s) => s.endsWith('credits'))).toBe(true);
  }, 900_000);
});

/**
 * The batches commit asynchronously (`synchronous_commit = off`): a database that crashes may lose
 * the last batches it committed. Each is lost whole, with its claim, so the next run redoes it. The
 * database is crashed (immediate shutdown: the WAL not yet written is gone) at random points of the
 * batches, restarted, and the tick run again: the same outcome as an uninterrupted twin.
 */
describe.runIf(requirePostgres('the tick across database crashes (tools/tick-crash.test.ts)', 'binaries'))('the tick across database crashes (immediate shutdown ×6)', () => {
  let cluster: PgCluster | undefined;
  const CRASHES = 6;
  const dbUrl = (name: string) => cluster!.url.replace(/\/[^/]+$/, `/${name}`);
  const withDb = async <T>(name: string, fn: (db: Database) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ databaseUrl: dbUrl(name), dataDir: '' });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  beforeAll(async () => {
    // the WAL writer wakes rarely: committed batches' WAL waits in shared memory, which a crash loses
    cluster = await startPgCluster({ settings: { wal_writer_delay: "'10s'" } });
    for (const name of ['crashed', 'twin']) {
      await withDb('kingdom', (db) => exec(db.orm, sql.raw(`CREATE DATABASE ${name}`)));
      await withDb(name, async (db) => {
        await generateWorld(db, 1000);
        await vary(db);
        await exec(db.orm, sql`CREATE TABLE _start AS SELECT user_id, token, amount FROM balances`);
      });
    }
  }, 300_000);
  afterAll(async () => { await cluster?.stop(); });

  test('loses whole batches only, and the next run redoes them', async () => {
    const expected = await withDb('twin', async (db) => {
      expect((await settleDueDays(db, new Date(NOW), { batchUsers: BATCH })).map((d) => d.day)).toEqual(DAYS);
      return outcome(db);
    });
    const batches = () => withDb('crashed', async (db) => (await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM settlement_batches`))[0]!.n);
    const crashes: string[] = [];
    let lost = 0;
    for (let crash = 0; crash < CRASHES; crash++) {
      const afterSteps = 1 + Math.floor(Math.random() * 15);
      let steps = 0;
      let committed = await batches();
      let reached!: () => void;
      const isReached = new Promise<void>((r) => { reached = r; });
      const c = child(dbUrl('crashed'), (line) => {
        if (!line.startsWith('step ')) return;
        if (line !== 'step staged') committed++; // a batch committed, with its claim
        if (++steps === afterSteps) reached();
      });
      await Promise.race([isReached, c.done]);
      cluster!.crashAndRestart();
      const exit = await c.done;
      const after = await batches();
      lost += Math.max(0, committed - after);
      // (a run between two transactions may reconnect once the database is back, and go on)
      crashes.push(`${exit === 0 ? 'went on to the end' : 'failed'} after ${steps} steps, batches committed ${committed}, after the crash ${after}`);
      expect(await withDb('crashed', ledgerMismatches)).toEqual([]);
    }
    console.log(`tick across database crashes: ${crashes.join('; ')}`);
    // the crashes did lose committed batches: what the rest of the test proves was exercised
    expect(lost).toBeGreaterThan(0);
    const c = child(dbUrl('crashed'), () => {});
    expect(await c.done).toBe(0);
    const actual = await withDb('crashed', async (db) => {
      expect(await ledgerMismatches(db)).toEqual([]);
      return outcome(db);
    });
    expect(actual.days).toEqual(expected.days);
    expect(actual.balances).toEqual(expected.balances);
    expect(actual.ledger).toEqual(expected.ledger);
    expect(actual.reports).toEqual(expected.reports);
    expect(actual.notifications).toEqual(expected.notifications);
  }, 900_000);
});
