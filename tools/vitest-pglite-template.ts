/**
 * Vitest globalSetup for the server suite's PGlite run (the `server` project): one empty database of
 * this checkout, made once for the run — PGlite's initdb (WASM) and every migration, what each
 * `createTestKingdom` on PGlite otherwise did again, most of its start-up time — dumped to a file.
 * `apps/server/test/support/pglite-template.ts` loads that dump into each test kingdom's in-memory
 * PGlite instead (`loadDataDir`): the same fresh, fully migrated database, and `openDatabase` still
 * runs the migrator over it (nothing left to apply). The file's path reaches the workers through
 * `project.provide('pgliteTemplate', path)`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump (PGlite `dumpDataDir`) of an empty, fully migrated database; undefined outside the PGlite server run. */
    pgliteTemplate?: string;
  }
}

/** Writes the template and provides its path; returns the teardown that deletes it. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'kingdom-pglite-template-'));
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await db.dumpDataDir!();
    const file = join(dir, 'template.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
