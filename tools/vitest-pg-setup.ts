/**
 * Vitest globalSetup for the server suite's PostgreSQL run (the `server-pg` project).
 *
 * - `TEST_DATABASE_URL` set (CI: `.ci/run` starts a Postgres and exports it): that URL is used.
 * - unset: a throwaway cluster is started with `tools/pg-cluster.ts` and stopped after the run.
 *
 * The URL reaches the test workers through `project.provide('databaseUrl', url)`; tests read it
 * with `inject('databaseUrl')` (see `tools/test-database.ts`). It is provided to THIS project only,
 * so the PGlite `server` project (which has no such globalSetup) sees `undefined` and stays on PGlite.
 * `process.env` is deliberately not touched: Vitest builds every project's worker env from the same
 * `process.env`, so setting it here would leak Postgres into the PGlite run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL the server suite runs against; undefined in PGlite projects. */
    databaseUrl?: string;
    /**
     * A database on it with every migration of this checkout applied and nothing else, made once for
     * the run: `createTestKingdom` copies it (`CREATE DATABASE … TEMPLATE`) instead of migrating an
     * empty one again. Nothing connects to it after the setup (a template must have no sessions).
     */
    migratedTemplate?: string;
  }
}

/**
 * Provides `databaseUrl` and `migratedTemplate` to the project's tests; returns the teardown that
 * drops the template and stops the cluster when this setup started one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: PgCluster | undefined;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    cluster = await startPgCluster({ log: (line) => console.log(line) });
    url = cluster.url;
  }
  project.provide('databaseUrl', url);
  const template = `kingdom_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const db = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: '' });
  await db.close();
  project.provide('migratedTemplate', template);
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).finally(() => c.end());
    await cluster?.stop();
  };
}
