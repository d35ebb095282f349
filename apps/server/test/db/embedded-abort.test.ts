/**
 * An abort of the embedded database (PGlite's WASM `RuntimeError: Aborted()`, issue 36 item 9) fails
 * its request cleanly — the transaction it was in never commits — and the database answers on: the
 * data folder is reopened at its last commit before the next statement, notifications included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exec, openDatabase, type Database } from '../../src/db/client.ts';
import { isEmbeddedAbort } from '../../src/db/embedded.ts';
import { TEST_DB } from '../support/kingdom.ts';

/** What PGlite throws when its WASM instance aborts. */
function wasmAbort(): Error {
  return Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), { name: 'RuntimeError' });
}

describe.runIf(TEST_DB === 'pglite')('an abort of the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kingdom-abort-'));
  let db: Database;
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the request without a partial write and recovers the instance', { timeout: 120_000 }, async () => {
    expect(isEmbeddedAbort(wasmAbort())).toBe(true);
    expect(isEmbeddedAbort(new Error('duplicate key value'))).toBe(false);
    db = await openDatabase({ dataDir: dir });
    await exec(db.orm, sql`INSERT INTO app_settings (key, value) VALUES ('abort-test', '{"n":1}'::jsonb)`);
    const heard: string[] = [];
    await db.listen('abort_test', { notify: (p) => heard.push(p), live: () => undefined });
    // a request's transaction writes, then the instance aborts under it
    await expect(db.orm.transaction(async (tx) => {
      await exec(tx, sql`UPDATE app_settings SET value = '{"n":2}'::jsonb WHERE key = 'abort-test'`);
      await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES ('abort-partial', '{}'::jsonb)`);
      throw wasmAbort();
    })).rejects.toThrow('Aborted()');
    // the next statements run on a fresh instance, at the last commit
    const rows = await exec<{ key: string; n: number }>(db.orm, sql`SELECT key, (value->>'n')::int AS n FROM app_settings WHERE key LIKE 'abort-%' ORDER BY key`);
    expect(rows).toEqual([{ key: 'abort-test', n: 1 }]);
    await exec(db.orm, sql`UPDATE app_settings SET value = '{"n":3}'::jsonb WHERE key = 'abort-test'`);
    expect((await db.query<{ n: number }>({ name: 'abort_read', text: `SELECT (value->>'n')::int AS n FROM app_settings WHERE key = 'abort-test'` }, []))[0]!.n).toBe(3);
    // subscriptions were carried over to the fresh instance
    await exec(db.orm, sql`SELECT pg_notify('abort_test', 'after')`);
    await expect.poll(() => heard).toEqual(['after']);
  });
});
