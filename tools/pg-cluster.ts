/**
 * Throwaway PostgreSQL clusters for tests and benchmarks.
 *
 * Uses Debian's `postgresql` binaries (`/usr/lib/postgresql/<ver>/bin/{initdb,pg_ctl}`), which refuse
 * to run as root: when we are root the server runs as the `postgres` OS user through `runuser`.
 * The cluster lives in a fresh temporary directory, listens only on 127.0.0.1 on a free port, trusts
 * local TCP connections (it is never reachable from elsewhere) and trades durability for speed
 * (`fsync=off`), which is fine for data that is thrown away.
 *
 * CLI (run with tsx from the repo root):
 *   tsx tools/pg-cluster.ts start            start, print the URL, stop on SIGINT/SIGTERM
 *   tsx tools/pg-cluster.ts start --detach   start, print `{"url","dataDir","stopCommand"}` as JSON, exit
 *   tsx tools/pg-cluster.ts stop <dir>       stop a detached cluster and delete its directory
 */
import pg from 'pg';
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync, appendFileSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running throwaway cluster. */
export interface PgCluster {
  /** Connection URL of the cluster's database, e.g. `postgres://kingdom@127.0.0.1:54321/kingdom`. */
  url: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Temporary directory holding the data directory, the socket and the server log. */
  dir: string;
  /** PostgreSQL server version string, e.g. `postgres (PostgreSQL) 15.18 (Debian ...)`. */
  version: string;
  /** Stops the server (fast shutdown) and deletes the directory. Safe to call more than once. */
  stop(): Promise<void>;
  /**
   * Crashes the server (immediate shutdown: no checkpoint, WAL not yet written is lost, as in a
   * power cut of the database alone) and starts it again on the same data (crash recovery).
   */
  crashAndRestart(): void;
}

/** Options of {@link startPgCluster}. */
export interface PgClusterOptions {
  /** Role (superuser) and database name. Default `kingdom`. */
  name?: string;
  /** Directory of `initdb`/`pg_ctl`. Default: `PG_BIN_DIR`, else the newest `/usr/lib/postgresql/<v>/bin`. */
  binDir?: string;
  /** Install Debian's `postgresql` with apt-get when the binaries are missing and we are root. Default true. */
  install?: boolean;
  /** Extra `postgresql.conf` settings. */
  settings?: Record<string, string | number>;
  /** Keep the server running when this Node process exits (for the `--detach` CLI). Default false. */
  detached?: boolean;
  /** Progress messages. Default: silent. */
  log?: (line: string) => void;
}

const DEBIAN_PG_ROOT = '/usr/lib/postgresql';
const STATE_FILE = 'kingdom-pg-cluster.json';

/**
 * Finds the directory holding `initdb` and `pg_ctl`: `PG_BIN_DIR` if set, else the highest
 * version under `/usr/lib/postgresql` (15 on Debian 12). Returns undefined when none is installed.
 */
export function findPgBinDir(): string | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined;
  if (!existsSync(DEBIAN_PG_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_PG_ROOT)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  return newest === undefined ? undefined : join(DEBIAN_PG_ROOT, newest, 'bin');
}

/** True when this process runs as root (Linux). */
function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Installs Debian's `postgresql` package with apt-get (root only), after `apt-get update`.
 * The package's own `main` cluster is left alone; we never use it.
 */
export function installDebianPostgres(log: (line: string) => void = () => {}): void {
  if (!isRoot()) {
    throw new Error('PostgreSQL binaries are missing and we are not root: run `apt-get install -y postgresql`.');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('pg-cluster: installing Debian postgresql (apt-get update && apt-get install -y postgresql)');
  execFileSync('apt-get', ['update'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
}

/** Returns a TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return await new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** Numeric uid/gid of the `postgres` OS user. */
function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('cannot resolve the postgres OS user');
  return { uid, gid };
}

/**
 * Runs a PostgreSQL server binary, as the `postgres` OS user when we are root.
 * Throws with the command's output when it fails.
 */
function runPg(binary: string, args: string[], options: SpawnSyncOptions = {}): string {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(' ')} exited ${String(result.status)}:\n${String(result.stdout)}${String(result.stderr)}`);
  }
  return String(result.stdout ?? '');
}

/** Stops the server of `dir` (fast, or immediate when `immediate`) and deletes `dir`. Synchronous. */
function stopSync(binDir: string, dir: string, immediate = false): void {
  const dataDir = join(dir, 'data');
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    try {
      runPg(join(binDir, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', immediate ? 'immediate' : 'fast', '-w', '-t', '60'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch {
      // already stopped or crashed: the directory is removed below either way
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts a throwaway PostgreSQL cluster on 127.0.0.1 and creates a superuser role and a database
 * of the same name (`kingdom` by default). Installs Debian's `postgresql` when the binaries are
 * missing and we are root.
 *
 * @returns the cluster's URL and a `stop()` that shuts it down and deletes its files. Unless
 *   `detached`, the cluster is also stopped when this Node process exits.
 */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const log = options.log ?? (() => {});
  const name = options.name ?? 'kingdom';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid role/database name: ${name}`);
  let binDir = options.binDir ?? findPgBinDir();
  if (!binDir && options.install !== false) {
    installDebianPostgres(log);
    binDir = findPgBinDir();
  }
  if (!binDir) throw new Error('PostgreSQL server binaries not found (set PG_BIN_DIR or install postgresql)');

  const dir = mkdtempSync(join(tmpdir(), 'kingdom-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let stopped = false;
  const onExit = (): void => {
    if (!stopped) stopSync(binDir, dir, true);
  };
  try {
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    const version = runPg(join(binDir, 'postgres'), ['--version']).trim();
    log(`pg-cluster: initdb in ${dataDir} (${version})`);
    runPg(join(binDir, 'initdb'), [
      '-D', dataDir, '-U', name, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions',
    ]);
    const port = await freePort();
    const settings: Record<string, string | number> = {
      listen_addresses: "'127.0.0.1'",
      port,
      unix_socket_directories: `'${dir}'`,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: 300,
      shared_buffers: "'256MB'",
      logging_collector: 'off',
      ...options.settings,
    };
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      `\n# kingdom throwaway cluster\n${Object.entries(settings).map(([k, v]) => `${k} = ${String(v)}`).join('\n')}\n`,
    );
    log(`pg-cluster: starting on 127.0.0.1:${port}`);
    runPg(join(binDir, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], {
      // pg_ctl's server keeps the pipes open: do not capture them or spawnSync would wait forever
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    if (!options.detached) process.once('exit', onExit);
    // createdb is a client: it may run as anyone; trust auth over TCP
    execFileSync(join(binDir, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', name, name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    writeFileSync(join(dir, STATE_FILE), JSON.stringify({ binDir, port, name }));
    const url = `postgres://${name}@127.0.0.1:${port}/${name}`;
    log(`pg-cluster: ready at ${url}`);
    return {
      url,
      port,
      dir,
      version,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        process.removeListener('exit', onExit);
        stopSync(binDir, dir);
      },
      crashAndRestart: () => {
        runPg(join(binDir, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'immediate', '-w', '-t', '60'], { stdio: ['ignore', 'pipe', 'pipe'] });
        runPg(join(binDir, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], { stdio: ['ignore', 'ignore', 'ignore'] });
      },
    };
  } catch (error) {
    const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    stopped = true;
    process.removeListener('exit', onExit);
    stopSync(binDir, dir, true);
    throw new Error(`pg-cluster: could not start PostgreSQL: ${(error as Error).message}\n${serverLog}`);
  }
}

/**
 * Stops a cluster started with `--detach` and deletes its directory.
 * @param dir the `dir` printed by `start --detach`
 */
export function stopDetachedCluster(dir: string): void {
  const stateFile = join(dir, STATE_FILE);
  if (!existsSync(stateFile)) throw new Error(`${dir} is not a pg-cluster directory`);
  const { binDir } = JSON.parse(readFileSync(stateFile, 'utf8')) as { binDir: string };
  stopSync(binDir, dir);
}

async function cli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  if (command === 'start') {
    const detached = rest.includes('--detach');
    const cluster = await startPgCluster({ detached, log });
    if (detached) {
      process.stdout.write(`${JSON.stringify({ url: cluster.url, dir: cluster.dir, port: cluster.port })}\n`);
      return 0;
    }
    process.stdout.write(`${cluster.url}\n`);
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    await cluster.stop();
    return 0;
  }
  if (command === 'stop' && rest[0]) {
    stopDetachedCluster(rest[0]);
    return 0;
  }
  process.stderr.write('usage: tsx tools/pg-cluster.ts start [--detach] | stop <dir>\n');
  return 2;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** A fresh database for one test file, on `TEST_DATABASE_URL` or a throwaway cluster started here. */
export interface FreshDatabase {
  url: string;
  /** Stops the throwaway cluster, when this call started one. */
  stop(): Promise<void>;
}

/**
 * Creates (dropping any leftover) database `name` on `TEST_DATABASE_URL`, or on a throwaway cluster
 * when that is unset (Debian's postgresql).
 */
export async function freshDatabase(name: string): Promise<FreshDatabase> {
  let pgc: PgCluster | undefined;
  let base = process.env.TEST_DATABASE_URL;
  if (!base) {
    pgc = await startPgCluster();
    base = pgc.url;
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), stop: async () => { await pgc?.stop(); } };
}
