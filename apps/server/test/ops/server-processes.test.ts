/**
 * The registry of live server processes and their release (migration 0036, `db/processes.ts`;
 * docs/architecture.md §8 "Rolling upgrades"): rows written, renewed, expired and deleted;
 * `allServersAtLeast` false while an older process lives (a registered row of a lower level, or on
 * Postgres an unnamed connection of a release older than the registry); the count by release in /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { exec } from '../../src/db/client.ts';
import { COMPAT_LEVEL, ProcessRegistry, allServersAtLeast, currentRelease, liveReleases } from '../../src/db/processes.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';

let k: TestKingdom;
beforeAll(async () => {
  k = await createTestKingdom({ demo: false });
});
afterAll(async () => k?.close());

describe('server processes', () => {
  it('names this release by version and git sha', () => {
    expect(currentRelease()).toMatch(/^\d+\.\d+\.\d+\+([0-9a-f]{7,}|unknown)$/);
  });

  it('registers, renews, expires and deletes rows; allServersAtLeast waits for the older processes', async () => {
    const now = new ProcessRegistry(k.db, 'host:1:new', '0.2.0+bbb', COMPAT_LEVEL);
    const old = new ProcessRegistry(k.db, 'host:2:old', '0.1.0+aaa', 1);
    await now.start();
    await old.start();
    expect(await liveReleases(k.db)).toEqual([
      { release: '0.1.0+aaa', level: 1, processes: 1 },
      { release: '0.2.0+bbb', level: COMPAT_LEVEL, processes: 1 },
    ]);
    expect(await allServersAtLeast(k.db, 1)).toBe(true);
    expect(await allServersAtLeast(k.db, COMPAT_LEVEL)).toBe(false);

    // the old process is killed: its row stops being renewed, stops counting after a minute and is deleted by the next heartbeat
    await old.stop().then(() => exec(k.db.orm, sql`INSERT INTO server_processes (instance_id, host, pid, release, level, last_seen)
      VALUES ('host:2:old', 'host', 2, '0.1.0+aaa', 1, now() - interval '61 seconds')`));
    expect(await allServersAtLeast(k.db, COMPAT_LEVEL)).toBe(true);
    await now.beat();
    expect(await exec(k.db.orm, sql`SELECT instance_id FROM server_processes ORDER BY instance_id`)).toEqual([{ instance_id: 'host:1:new' }]);

    // the count by release in /metrics
    const metrics = (await k.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^kingdom_server_processes\{release="0\.2\.0\+bbb",level="2"\} 1$/m);
    expect(metrics).not.toContain('0.1.0+aaa');

    // a graceful stop deletes the row
    await now.stop();
    expect(await exec(k.db.orm, sql`SELECT instance_id FROM server_processes`)).toEqual([]);
  });

  it.runIf(TEST_DB === 'postgres')('Postgres: a connection without an application name (a release before the registry) counts as level 1', async () => {
    expect(await allServersAtLeast(k.db, COMPAT_LEVEL)).toBe(true);
    const old = new pg.Client({ connectionString: k.config.databaseUrl });
    await old.connect();
    try {
      expect(await allServersAtLeast(k.db, COMPAT_LEVEL)).toBe(false);
      expect(await liveReleases(k.db)).toEqual([{ release: 'unregistered', level: 1, processes: 1 }]);
    } finally {
      await old.end();
    }
    expect(await allServersAtLeast(k.db, COMPAT_LEVEL)).toBe(true);
  });
});
