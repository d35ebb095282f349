/**
 * Migration 0030 moves a demo database to the demo Land policy that is a real native script (issue 36
 * item 6, docs/game-rules.md §2.7): a database started with the former demo id (one no script had)
 * keeps its lands, holdings and emulated NFTs under the new id and records it; a database of an
 * imported world (another policy) is untouched. Runs the real migrations on PGlite, up to 0029, then all.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { LAND_POLICY_ID } from '@kingdom/game';
import { MIGRATIONS_FOLDER } from '../../src/db/client.ts';
import { TEST_DB } from '../support/kingdom.ts';

const OLD = 'a7b2e7c1d4f0936e5b8c2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b';
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** The migrations before 0030 (a copy of the folder whose journal stops there). */
function migrationsBefore0030(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kingdom-mig-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag < '0030');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function started(policy: string): Promise<PGlite> {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore0030() });
  await client.exec(`
    INSERT INTO app_settings (key, value) VALUES ('collections', '{"landPolicyId":"${policy}","miningToolPolicyId":"${'3c'.repeat(28)}"}');
    INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level)
      VALUES (1, 'E00N00', 'Land #1', 0, 0, 'SMALL', 'forest', '${policy}', '436172646f6e4c616e6431', 1, 1);
    INSERT INTO emu_assets (chain, address, collection_key, asset_key, quantity) VALUES ('cardano', 'addr_test1x', '${policy}', '436172646f6e4c616e6431', 1);`);
  return client;
}

async function keys(client: PGlite): Promise<string[]> {
  const r = await client.query<{ k: string }>(`SELECT kingdom_land_policy() AS k UNION ALL SELECT collection_key FROM lands UNION ALL SELECT collection_key FROM emu_assets`);
  return r.rows.map((x) => x.k);
}

// It builds its own PGlite databases: once, in the PGlite run.
describe.runIf(TEST_DB === 'pglite')('migration 0030: the demo Land policy', () => {
  it('a database of the former demo id moves to the script\'s id', { timeout: 180_000 }, async () => {
    const client = await started(OLD);
    expect(await keys(client)).toEqual([OLD, OLD, OLD]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    expect(await keys(client)).toEqual([LAND_POLICY_ID, LAND_POLICY_ID, LAND_POLICY_ID]);
    await client.close();
  });

  it('a database of another policy (an imported world) is untouched', { timeout: 180_000 }, async () => {
    const other = 'cd'.repeat(28);
    const client = await started(other);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    expect(await keys(client)).toEqual([other, other, other]);
    await client.close();
  });
});
