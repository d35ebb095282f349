/**
 * The gate of the PostgreSQL-only test suites (the tools' cluster, chaos and tick-crash suites,
 * `startPgCluster`): `describe.runIf(requirePostgres(...))`. Where PostgreSQL is there, the suite runs.
 * Where it is missing, the suite must not pass by skipping in CI: with `CI` set the call throws, so
 * the test file fails with a message that says how to provide PostgreSQL; on a developer's machine
 * without `CI` it prints that message as a notice and the suite is skipped.
 *
 * `.ci/run` installs PostgreSQL and exports `TEST_DATABASE_URL` (docs/operator-guide.md, the tests).
 */
import { findPgBinDir } from './pg-cluster.ts';

/**
 * What a suite needs: `server`, a PostgreSQL to create databases on (`TEST_DATABASE_URL`, or the
 * binaries to start a throwaway cluster); `binaries`, PostgreSQL's own `initdb`/`pg_ctl` (the suite
 * starts, crashes or stops clusters itself).
 */
export type PostgresNeed = 'server' | 'binaries';

/** Where {@link requirePostgres} looks; tests pass their own. */
export interface PostgresProbe {
  /** The environment: `CI`, `TEST_DATABASE_URL`. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL binaries' folder, undefined when none is installed ({@link findPgBinDir}). */
  pgBinDir: string | undefined;
  /** Where the local notice goes. */
  warn(message: string): void;
}

/** `CI` counts as set unless empty, `0` or `false` (GitHub, GitLab and `.ci/run` set `CI=true`). */
function inCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== '0' && ci !== 'false';
}

/** How to provide what `need` asks for, in one sentence. */
export function howToProvide(need: PostgresNeed): string {
  const binaries = 'install PostgreSQL\'s server binaries (Debian: `apt-get install postgresql`; elsewhere PG_BIN_DIR=<folder holding initdb and pg_ctl>)';
  return need === 'binaries'
    ? `${binaries[0]!.toUpperCase()}${binaries.slice(1)}.`
    : `Set TEST_DATABASE_URL=postgres://<user>@<host>:<port>/<database> (a role allowed to CREATE DATABASE), or ${binaries} so the suite starts a throwaway cluster.`;
}

/**
 * Whether the PostgreSQL-only suite `suite` can run here.
 *
 * @returns true when what `need` asks for is there; false (after a printed notice) when it is
 *   missing outside CI.
 * @throws Error `"<suite> needs PostgreSQL, and none was found. <how to provide it>"` when it is
 *   missing and `CI` is set: the file fails instead of skipping.
 */
export function requirePostgres(suite: string, need: PostgresNeed = 'server', probe: PostgresProbe = {
  env: process.env,
  pgBinDir: findPgBinDir(),
  warn: (m) => console.warn(m),
}): boolean {
  const available = need === 'binaries' ? !!probe.pgBinDir : !!probe.pgBinDir || !!probe.env.TEST_DATABASE_URL;
  if (available) return true;
  const message = `${suite} needs PostgreSQL, and none was found. ${howToProvide(need)}`;
  if (inCi(probe.env)) throw new Error(`${message} (CI is set, so this suite fails instead of skipping.)`);
  probe.warn(`[skipped] ${message}`);
  return false;
}
