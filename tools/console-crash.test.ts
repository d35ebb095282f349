/**
 * An operator action writes its audit row and its ledger entries in one transaction (issue 37; docs/
 * http-contract.md §4): a process making an adjustment is killed with SIGKILL after it wrote both
 * (the audit row in `operator_actions`, the entry in `ledger_entries`) and before it committed — it
 * is held there by this test's SHARE lock on `balances`, which lets the audit row and the ledger entry
 * through and stops the balance's update. Afterwards neither row exists and the balance is unchanged;
 * the same adjustment not killed writes both and moves the balance. Postgres only (a second process on
 * one database), skipped with a notice without Postgres unless CI (tools/postgres-suites.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';

const USER = 7;
const START = 100_000_000n;
const AMOUNT = 25_000_000n;

/** Starts the adjusting process; resolves `ready` at its first line, `done` when it exits (code, or signal). */
function child(url: string): { ready: Promise<void>; done: Promise<number | string>; out: () => string; kill: () => void } {
  const p = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'console-crash.ts'), '--url', url, '--user', String(USER), '--amount', String(AMOUNT)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => { onReady = resolve; });
  p.stdout.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('ready\n')) onReady(); });
  p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  const done = new Promise<number | string>((resolve) => p.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(err.slice(-3000));
    onReady();
    resolve(signal ?? code ?? -1);
  }));
  return { ready, done, out: () => out, kill: () => p.kill('SIGKILL') };
}

describe.runIf(requirePostgres('the console action killed mid-transaction (tools/console-crash.test.ts)'))('an operator action killed with SIGKILL between its writes', () => {
  let fresh: FreshDatabase | undefined;
  let db: Database;
  const counts = async () => (await exec<{ actions: number; entries: number; balance: string }>(db.orm, sql`SELECT
    (SELECT count(*)::int FROM operator_actions WHERE target_user_id = ${USER}) AS actions,
    (SELECT count(*)::int FROM ledger_entries WHERE user_id = ${USER}) AS entries,
    (SELECT amount::text FROM balances WHERE user_id = ${USER} AND token = 'exo') AS balance`))[0]!;

  beforeAll(async () => {
    fresh = await freshDatabase(`kingdom_console_crash_${process.pid}`);
    db = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    await exec(db.orm, sql`INSERT INTO users (id, name, created_at) VALUES (${USER}, 'target', now())`);
    await exec(db.orm, sql`INSERT INTO balances (user_id, token, amount) VALUES (${USER}, 'exo', ${START.toString()})`);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (fresh && process.env.TEST_DATABASE_URL) {
      // a shared server: drop this file's database
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS kingdom_console_crash_${process.pid} WITH (FORCE)`).finally(() => admin.end());
    }
    await fresh?.stop();
  });

  test('leaves neither the audit row nor the ledger entry, and the balance unchanged', async () => {
    expect(await counts()).toEqual({ actions: 0, entries: 0, balance: START.toString() });
    const holder = new pg.Client({ connectionString: fresh!.url });
    await holder.connect();
    try {
      // SHARE: the audit row's and the ledger entry's INSERTs (other tables) and the FOR UPDATE of the
      // balance go through; the balance's UPDATE (ROW EXCLUSIVE) waits
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE balances IN SHARE MODE');
      const c = child(fresh!.url);
      await c.ready;
      // the child's backend: waiting on balances, holding its writes to operator_actions and ledger_entries
      let pid: number | undefined;
      for (let i = 0; i < 3000 && pid === undefined; i++) {
        const { rows } = await holder.query<{ pid: number; written: string[] }>(`
          SELECT w.pid, array(SELECT c.relname::text FROM pg_locks h JOIN pg_class c ON c.oid = h.relation
            WHERE h.pid = w.pid AND h.granted AND h.mode = 'RowExclusiveLock' AND c.relname IN ('operator_actions', 'ledger_entries') ORDER BY 1) AS written
          FROM pg_locks w JOIN pg_class r ON r.oid = w.relation
          WHERE r.relname = 'balances' AND NOT w.granted AND w.pid <> pg_backend_pid()`);
        if (rows[0]) {
          expect(rows[0].written).toEqual(['ledger_entries', 'operator_actions']);
          pid = rows[0].pid;
        } else await new Promise((r) => setTimeout(r, 10));
      }
      expect(pid, `the child never reached the balance's update: ${c.out()}`).toBeDefined();
      c.kill();
      expect(await c.done).toBe('SIGKILL');
      await holder.query('ROLLBACK');
      // its backend finds the client gone at its next read and rolls back
      for (let i = 0; i < 500; i++) {
        const { rows } = await holder.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
        if (rows.length === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await holder.end();
    }
    expect(await counts()).toEqual({ actions: 0, entries: 0, balance: START.toString() });

    // the same process not killed commits both writes and the balance
    const ok = child(fresh!.url);
    expect(await ok.done).toBe(0);
    expect(JSON.parse(ok.out().split('\n')[1]!)).toMatchObject({ status: 'applied' });
    expect(await counts()).toEqual({ actions: 1, entries: 1, balance: (START + AMOUNT).toString() });
    const [entry] = await exec<{ reference: string; id: number }>(db.orm, sql`SELECT e.reference, a.id FROM ledger_entries e, operator_actions a WHERE e.user_id = ${USER} AND a.target_user_id = ${USER}`);
    expect(entry!.reference).toBe(`action:${entry!.id}`);
  }, 120_000);
});
