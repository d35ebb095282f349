import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { createTestKingdom, TEST_DB } from '../support/kingdom.ts';

describe.skipIf(TEST_DB !== 'postgres')('database client on Postgres', () => {
  it('survives its idle connections being terminated: the error is reported, the next query works', async () => {
    const reported: string[] = [];
    const k = await createTestKingdom({ demo: false, onIdleError: (err) => reported.push(err.message) });
    try {
      // Fill the pool with idle connections, then have another session terminate them all.
      await Promise.all(Array.from({ length: 3 }, () => exec(k.db.orm, sql`SELECT pg_sleep(0.05)`)));
      const [{ db: name } = { db: '' }] = await exec<{ db: string }>(k.db.orm, sql`SELECT current_database() AS db`);
      const admin = new pg.Client({ connectionString: k.config.databaseUrl });
      await admin.connect();
      const killed = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      await admin.end();
      expect(killed.rows[0]!.n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100)); // let the pool see the closed sockets
      expect(reported.length).toBe(killed.rows[0]!.n);
      expect(reported[0]).toMatch(/terminating connection/);
      expect(await exec<{ one: number }>(k.db.orm, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await k.close();
    }
  });
});
