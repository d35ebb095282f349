/**
 * An operator action writes its audit row and its ledger entries in one transaction (issue 37; docs/
 * http-contract.md §4): a process making an adjustment is killed with SIGKILL after it wrote both
 * (the audit row in `operator_actions`, the entry in `ledger_entries`) and before it committed — it
 * is held there by this test's SHARE lock on `balances`, which lets the audit row and the ledger entry
 * through and stops the balance's update. Afterwards neither row exists and the balance is unchanged;
 * the same adjustment not killed writes both and moves the balance. Postgres only (a second process on
 * one database), skipped with a notice without Postgres unless CI (tools/postgres-suites.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, exec, type Database } from '../apps/server/src/db/client.ts';
import { freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { backendGone, blockedWriter, dropSharedDatabase, spawnCrashChild, type CrashChild } from './crash-support.ts';

const USER = 7;
const START = 100_000_000n;
const AMOUNT = 25_000_000n;

/** Starts the adjusting process (tools/console-crash.ts). */
const child = (url: string): CrashChild => spawnCrashChild('console-crash.ts', ['--url', url, '--user', String(USER), '--amount', String(AMOUNT)]);

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
    // a shared server: drop this file's database
    if (fresh) await dropSharedDatabase(`kingdom_console_crash_${process.pid}`);
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
      const w = await blockedWriter(holder, 'balances', ['operator_actions', 'ledger_entries']);
      if (w) expect(w.written).toEqual(['ledger_entries', 'operator_actions']);
      const pid = w?.pid;
      expect(pid, `the child never reached the balance's update: ${c.out()}`).toBeDefined();
      c.kill();
      expect(await c.done).toBe('SIGKILL');
      await holder.query('ROLLBACK');
      // its backend finds the client gone at its next read and rolls back
      await backendGone(holder, pid!);
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
