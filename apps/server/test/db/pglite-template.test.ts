/**
 * A first start on an empty PGlite folder copies the build's migrated empty database in
 * (db/client.ts seedFromTemplate; scripts/build-server.mjs makes it) instead of running initdb and
 * every migration: the copy opens as the same database, and a folder holding anything is left alone.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exec, openDatabase, seedFromTemplate } from '../../src/db/client.ts';
import { TEST_DB } from '../support/kingdom.ts';

describe.runIf(TEST_DB === 'pglite')('the empty database of the build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kingdom-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a copy of it opens migrated; a folder with anything in it is not touched', { timeout: 180_000 }, async () => {
    const template = join(dir, 'template');
    // as the build makes it: a database opened (initdb + migrations) and closed
    await (await openDatabase({ dataDir: template })).close();
    const migrations = async (dataDir: string): Promise<number> => {
      const db = await openDatabase({ dataDir });
      try {
        const [row] = await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        // and it takes writes
        await exec(db.orm, sql`INSERT INTO app_settings (key, value) VALUES (${dataDir}, '{}'::jsonb)`);
        return row!.n;
      } finally {
        await db.close();
      }
    };
    const expected = await migrations(template);
    expect(expected).toBeGreaterThan(40);

    const fresh = join(dir, 'data', 'fresh');
    expect(seedFromTemplate(fresh, template)).toBe(true);
    expect(await migrations(fresh)).toBe(expected);

    const used = join(dir, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'note.txt'), 'mine');
    expect(seedFromTemplate(used, template)).toBe(false);
    expect(readdirSync(used)).toEqual(['note.txt']);
    expect(seedFromTemplate(join(dir, 'other'), join(dir, 'no-template'))).toBe(false);
  });
});
