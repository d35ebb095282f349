/**
 * Backups (docs/operator-guide.md "Backups"): a backup taken while players write (faucet grants
 * and vendor purchases in flight) is restored into a fresh database; a server starts on it, the
 * treasury reconciles (`kingdom treasury`), and every balance is the sum of its ledger entries.
 * PGlite: the live database's data folder (dumpDataDir); Postgres: `pg_dump` / `pg_restore`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS } from '@kingdom/api';
import { loadConfig } from '../../src/config.ts';
import { exec, openDatabase } from '../../src/db/client.ts';
import { createKingdom } from '../../src/server.ts';
import { printTreasuryReport } from '../../src/cli/treasury.ts';
import { backupCommand, backupPglite, pgDump } from '../../src/cli/backup.ts';
import { createTestKingdom, freshPostgresDatabase, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';

const MISMATCHES = sql`
  SELECT b.user_id, b.token FROM balances b
  LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY 1, 2) e ON e.user_id = b.user_id AND e.asset = b.token
  WHERE b.amount <> COALESCE(e.sum, 0) OR b.amount < 0`;

describe('backup under load, restored into a fresh database', () => {
  let dir: string;
  let k: TestKingdom;
  const drops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kingdom-backup-'));
    k = await createTestKingdom({ demo: true, env: TEST_DB === 'pglite' ? { DATA_DIR: path.join(dir, 'live') } : {} });
  });
  afterAll(async () => {
    await k?.close().catch(() => undefined);
    for (const d of drops) await d();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the restored database starts a server, the treasury reconciles, and Σ ledger = balances', async () => {
    const players: Player[] = [];
    for (let i = 0; i < 3; i++) players.push(await newPlayer(k, { hexo: '1000', food: '10' }));
    let stop = false;
    let writes = 0;
    let loadError: unknown;
    const load = Promise.all(players.map(async (p) => {
      while (!stop) {
        const grant = await k.post(PATHS.demoFaucet, { address: p.address, hexo: '3', rune: '1' });
        // the faucet's per-client limit (60 a minute) is reached while a slow dump runs: wait, go on
        if (grant.statusCode === 429) { await new Promise((r) => setTimeout(r, 200)); continue; }
        expect(grant.statusCode, grant.body).toBe(200);
        const buy = await k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() });
        expect([200, 400, 422, 429], buy.body).toContain(buy.statusCode);
        writes += 2;
      }
    })).catch((e: unknown) => { loadError = e; stop = true; });
    // waits for the load's writes; a failed load fails the test at once instead of waiting forever
    const writesReach = async (n: number) => {
      while (writes < n) {
        if (loadError !== undefined) throw loadError;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await writesReach(12);
    const [before] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries`);
    const file = path.join(dir, TEST_DB === 'pglite' ? 'kingdom.tar.gz' : 'kingdom.dump');
    if (TEST_DB === 'pglite') await backupPglite(k.db, file);
    else await pgDump(k.config.databaseUrl!, file);
    const writesAtBackup = writes;
    await writesReach(writesAtBackup + 12);
    stop = true;
    await load;
    if (loadError !== undefined) throw loadError;
    const [after] = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries`);
    await k.close();

    if (TEST_DB === 'pglite') {
      // the stopped folder, by the command (what an operator runs), holds every write
      const stopped = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'live'), PORT: '1' });
      const out: string[] = [];
      await backupCommand('backup', [path.join(dir, 'stopped.tar.gz')], (l) => out.push(l), stopped);
      expect(out[0]).toMatch(/^backup of .* written to .*stopped\.tar\.gz/);
      const again = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'restored-stopped'), PORT: '1' });
      await backupCommand('restore', [path.join(dir, 'stopped.tar.gz')], () => undefined, again);
      const db = await openDatabase({ databaseUrl: undefined, dataDir: again.dataDir });
      expect((await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries`))[0]!.n).toBe(after!.n);
      await db.close();
    }

    // restore into a fresh database with the command, then start a server on it
    const env: Record<string, string> = { LOG_LEVEL: 'silent', DEMO: 'true', DEMO_CHAIN_FAUCET: 'false', WEB_DIST: '/nonexistent', PORT: '1' };
    if (TEST_DB === 'pglite') env.DATA_DIR = path.join(dir, 'restored');
    else {
      const fresh = await freshPostgresDatabase();
      drops.push(fresh.drop);
      env.DATABASE_URL = fresh.url;
    }
    const config = loadConfig(env);
    const printed: string[] = [];
    await backupCommand('restore', [file], (l) => printed.push(l), config);
    expect(printed[0]).toMatch(/^restored /);
    // restore never overwrites
    await expect(backupCommand('restore', [file], () => undefined, config)).rejects.toThrow(/not empty/);

    const restored = await createKingdom(config);
    try {
      const res = await restored.app.inject({ method: 'GET', url: '/api/currencies/prices' });
      expect(res.statusCode).toBe(200);
      const [n] = await exec<{ n: number }>(restored.db.orm, sql`SELECT count(*)::int AS n FROM ledger_entries`);
      // a snapshot between the writes before and after it (each write whole or absent)
      expect(n!.n).toBeGreaterThanOrEqual(before!.n);
      expect(n!.n).toBeLessThan(after!.n);
      expect(await exec(restored.db.orm, MISMATCHES)).toEqual([]);
      const lines: string[] = [];
      expect(await printTreasuryReport(restored.db.orm, restored.providers.money, (l) => lines.push(l))).toBe(true);
      expect(lines.filter((l) => l.includes('reconciliation holds'))).toHaveLength(2);
      // the players came with the backup (their sessions too; the live test server's clock was weeks earlier, so they expired)
      const [accounts] = await exec<{ n: number }>(restored.db.orm, sql`SELECT count(*)::int AS n FROM wallets WHERE address IN (${sql.join(players.map((p) => sql`${p.address}`), sql`, `)})`);
      expect(accounts!.n).toBe(3);
    } finally {
      await restored.close();
    }
    // a dump, a restore into a new database and a server started on it: about 10 s alone, 30 s and more beside other suites
  }, 120_000);

  it('refuses what it cannot do safely', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    await expect(backupCommand('backup', [path.join(dir, 'x')], () => undefined, config)).rejects.toThrow(/memory:\/\/ keeps nothing/);
    await expect(backupCommand('backup', [], () => undefined, config)).rejects.toThrow(/usage/);
    const empty = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'nothing-here'), PORT: '1' });
    await expect(backupCommand('backup', [path.join(dir, 'x')], () => undefined, empty)).rejects.toThrow(/holds no database/);
    writeFileSync(path.join(dir, 'garbage.tar.gz'), 'not a backup');
    await expect(backupCommand('restore', [path.join(dir, 'garbage.tar.gz')], () => undefined, { ...empty, dataDir: path.join(dir, 'from-garbage') })).rejects.toThrow();
  });
});
