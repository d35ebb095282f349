/**
 * `backup <file>` and `restore <file>` (docs/operator-guide.md "Backups"): the whole database in one
 * file, and back.
 *
 * - PGlite (`DATA_DIR`): the data folder as a gzipped tarball (PGlite's `dumpDataDir`), loaded into
 *   an empty folder by `restore` (`loadDataDir`). PGlite allows one process per folder, so both
 *   refuse while a server answers on `PORT`: stop it first. The copy is taken between two
 *   statements — crash-consistent: when it is loaded, Postgres replays its write-ahead log to the
 *   last commit, so a transaction is in it whole or not at all.
 * - Postgres (`DATABASE_URL`): `pg_dump --format=custom` (one consistent snapshot, safe while
 *   servers run and write) and `pg_restore` into an empty database (`createdb` first). Both tools
 *   must be on the PATH, of the server's major version or newer.
 *
 * A PGlite backup holds every file of `DATA_DIR`, so a treasury key generated there
 * (`DATA_DIR/treasury.skey`) comes along: the backup is as secret as the key (written mode 0600).
 * With Postgres (or `TREASURY_KEY_FILE` elsewhere), back the key up on its own.
 *
 * `restore` never overwrites: the PGlite folder must be missing or empty, the Postgres database
 * must have no tables. Start a server on the restored database (it applies any newer migrations),
 * then `kingdom treasury` to check the books.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { anyConfig, CliError, serverAnswers, type Print } from './shared.ts';

export const BACKUP_USAGE = 'npm run kingdom -- backup <file> | restore <file>';

/** Runs `cmd args`, failing with its stderr. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    child.on('error', (e) => reject(new CliError(`${cmd} cannot run (${e.message}): install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new CliError(`${cmd} failed (exit ${code}): ${err.trim().slice(0, 500)}`))));
  });
}

/** Writes `bytes` to `file` through a temporary file, so a crash never leaves half a backup under the name. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  writeFileSync(tmp, bytes, { mode: 0o600 });
  renameSync(tmp, file);
}

/** `pg_dump --format=custom` of `url` into `file` (a consistent snapshot while servers write). */
export async function pgDump(url: string, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', `${file}.partial`, '--dbname', url]);
  renameSync(`${file}.partial`, file);
}

/** `pg_restore` of `file` into the database at `url`, which must have no tables. @throws CliError otherwise */
export async function pgRestore(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')");
    if (rows[0]!.n > 0) throw new CliError('the target database is not empty: restore into a new database (createdb), then point DATABASE_URL at it');
  } finally {
    await client.end();
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, file]);
}

/** A PGlite database (live, between two statements) into `file`. */
export async function backupPglite(db: Pick<Database, 'dumpDataDir'>, file: string): Promise<number> {
  if (!db.dumpDataDir) throw new CliError('not a PGlite database');
  const bytes = new Uint8Array(await (await db.dumpDataDir()).arrayBuffer());
  writeAtomically(file, bytes);
  return bytes.length;
}

/** Loads a PGlite backup into `dataDir`, which must be missing or empty. @throws CliError otherwise */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new CliError(`${dataDir} is not empty: move it aside (or set DATA_DIR to a new folder), then restore`);
  }
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  await client.query('SELECT 1 FROM drizzle.__drizzle_migrations LIMIT 1');
  await client.close();
}

/** True when a server answers on the configured port (PGlite: its folder is in use). */
async function serverRuns(config: Config): Promise<boolean> {
  return serverAnswers(config.port);
}

function pgliteFolder(config: Config): string {
  if (config.dataDir === 'memory://') throw new CliError('DATA_DIR=memory:// keeps nothing to back up or restore');
  return config.dataDir;
}

/**
 * `backup <file>` / `restore <file>` for `config`'s database.
 * @throws CliError for bad usage, a running server on a PGlite folder, a non-empty target, a failing tool
 */
export async function backupCommand(command: 'backup' | 'restore', args: string[], print: Print, config: Config = anyConfig()): Promise<void> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) throw new CliError(`usage: ${BACKUP_USAGE}`);
  const target = path.resolve(file);
  if (config.databaseUrl) {
    if (command === 'backup') {
      await pgDump(config.databaseUrl, target);
      print(`backup of Postgres written to ${target} (${statSync(target).size} bytes; pg_dump custom format)`);
    } else {
      if (!existsSync(target)) throw new CliError(`${target} does not exist`);
      await pgRestore(config.databaseUrl, target);
      print(`restored ${target} into Postgres; start a server on it, then run \`kingdom treasury\``);
    }
    return;
  }
  const dataDir = pgliteFolder(config);
  if (await serverRuns(config)) throw new CliError(`a server answers on port ${config.port}: stop it first (PGlite allows one process per data folder)`);
  if (command === 'backup') {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new CliError(`${dataDir} holds no database`);
    const client = new PGlite(dataDir);
    try {
      await client.waitReady;
      await client.query('CHECKPOINT');
      const size = await backupPglite({ dumpDataDir: () => client.dumpDataDir('gzip') }, target);
      print(`backup of ${dataDir} written to ${target} (${size} bytes; gzipped tar of the PGlite folder)`);
      // the folder's every file comes along, a generated treasury key too: the backup is as secret as the key
      if (existsSync(path.join(dataDir, 'treasury.skey'))) print(`it holds ${path.join(dataDir, 'treasury.skey')}, the treasury's private key: keep the backup as secret as the key (file mode 0600)`);
    } finally {
      await client.close();
    }
  } else {
    if (!existsSync(target)) throw new CliError(`${target} does not exist`);
    await restorePglite(dataDir, target);
    print(`restored ${target} into ${dataDir}; start a server on it, then run \`kingdom treasury\``);
  }
}
