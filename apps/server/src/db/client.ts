/**
 * The database client: embedded PGlite (data in `DATA_DIR`) or Postgres (`DATABASE_URL`), behind
 * one interface so the same code and migrations run on both (docs/operator-guide.md §1).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { PgListener, type ChannelSubscriber } from './listen.ts';
import { EmbeddedPglite } from './embedded.ts';
import { isCoalescible, queryCoalesced } from './coalesce.ts';

/** The Drizzle database (or a transaction of it). */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A named SQL statement; on Postgres it is prepared once per connection. */
export interface Statement {
  name: string;
  text: string;
}

const dialect = new PgDialect();

/**
 * A named statement written as a drizzle `sql` template (the server's one SQL style) and compiled
 * once at module load: values that vary per run are `sql.placeholder('name')`, everything else
 * interpolated is bound as a constant. On Postgres it is prepared once per connection. Run it with
 * {@link runPrepared}; a statement run in a transaction goes through `exec(orm, sql…)`.
 */
export interface PreparedStatement extends Statement {
  /** Compiled parameters in `$n` order: constants and the placeholders {@link runPrepared} fills. */
  params: readonly unknown[];
}

/** Compiles `query` (a drizzle `sql` template with `sql.placeholder`s) to a named statement (a constant at module level). */
export function prepared(name: string, query: SQL): PreparedStatement {
  const q = dialect.sqlToQuery(query);
  return { name, text: q.sql, params: q.params };
}

/**
 * Runs a {@link PreparedStatement} in one round trip with its placeholders filled from `values`
 * (a coalescible one together with its concurrent runs, `db/coalesce.ts`).
 * @throws Error when a placeholder has no value in `values`
 */
export async function runPrepared<T>(db: Database, stmt: PreparedStatement, values: Record<string, unknown> = {}): Promise<T[]> {
  const params = fillPlaceholders([...stmt.params], values);
  // a coalescible statement (db/coalesce.ts) goes with the other runs of it asked for in this turn
  return isCoalescible(stmt) ? queryCoalesced<T>(db, stmt, params) : db.query<T>(stmt, params);
}

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /**
   * Runs a prepared statement in one round trip.
   * Casts in the SQL decide the JS types (`::int` → number, `::text` → string), so PGlite and
   * node-postgres answer alike.
   */
  query<T>(stmt: Statement, params: unknown[]): Promise<T[]>;
  /** Connection pool counts (node-postgres); undefined on PGlite (one connection, queries run in turn). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Hears `NOTIFY`s on `channel` from every process (Postgres: one shared listening connection,
   * outside the pool, reconnected when lost; PGlite: in-process). Returns the unsubscribe.
   */
  listen(channel: string, sub: ChannelSubscriber): Promise<() => void>;
  /**
   * PGlite only: its data folder as a gzipped tarball, taken between two statements (cli/backup.ts;
   * a crash-consistent copy: loaded, Postgres replays its WAL to the last commit).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The SQL migrations (beside this module; the compiled server copies them beside its bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationsFolder = MIGRATIONS_FOLDER;
/**
 * An empty embedded database of this release (initdb and every migration), made by the server's
 * build beside the bundle (scripts/build-server.mjs); absent when running from the sources.
 */
const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * A first start on an empty (or missing) PGlite folder copies the build's migrated empty database
 * into it, so PGlite opens an existing database instead of running initdb and every migration
 * (most of a first start's time). The migrations still run after it (none pending, or those newer
 * than the template). A folder holding anything is left alone.
 * @returns true when the template was copied
 */
export function seedFromTemplate(dataDir: string, template = PGLITE_TEMPLATE): boolean {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/** SQLSTATE codes the app reacts to. */
export const SQLSTATE = { uniqueViolation: '23505', checkViolation: '23514' } as const;

/** True when `err` (or an error in its `cause` chain, as Drizzle wraps them) has SQLSTATE `code`. */
export function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** The constraint named by a database error (or one in its `cause` chain), if any. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/** Rows of a `orm.execute()` / `tx.execute()` result, whatever the driver. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Runs raw SQL on the ORM or a transaction and returns its rows. */
export async function exec<T = Record<string, unknown>>(orm: Orm, query: SQL): Promise<T[]> {
  return rowsOf<T>(await orm.execute(query));
}

/**
 * Runs raw SQL on the ORM or a transaction like {@link exec}, as a statement named by a hash of its
 * text (`x_<sha1>`), so node-postgres prepares each text once per connection and later runs skip
 * Postgres's parse and planning (a cached plan). For hot statements of few shapes (the Market's
 * placement); a text over 16,000 characters runs unnamed. PGlite runs it as `exec` does.
 */
export async function execNamed<T = Record<string, unknown>>(orm: Orm, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  const name = q.sql.length > 16_000 ? undefined : `x_${createHash('sha1').update(q.sql).digest('base64url')}`;
  return rowsOf<T>(await orm._.session.prepareQuery(q, undefined, name, false).execute());
}

function reportIdleError(err: Error): void {
  process.stderr.write(`kingdom: idle database connection failed and was dropped: ${err.message}\n`);
}

function reportListenError(err: Error): void {
  process.stderr.write(`kingdom: the listening database connection failed (shared caches off until it is back): ${err.message}\n`);
}

/**
 * Opens the database and applies migrations (under an advisory lock, so several processes can
 * start at once against one Postgres).
 * @param opts.databaseUrl Postgres URL; when undefined, PGlite in `opts.dataDir` (`memory://` for RAM)
 * @param opts.onIdleError called when an idle pooled connection fails (default: one line on stderr)
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number; onIdleError?: (err: Error) => void }): Promise<Database> {
  if (opts.databaseUrl) {
    // named, so a release older than the process registry (unnamed connections) is told apart (db/processes.ts)
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, application_name: 'kingdom' });
    // An idle client whose connection drops (Postgres restarted, backend terminated) is removed from
    // the pool and reported here; without a listener the 'error' event would end the process.
    pool.on('error', (err) => (opts.onIdleError ?? reportIdleError)(err));
    const orm = drizzlePg(pool, { schema }) as unknown as Orm;
    const lockClient = await pool.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock(hashtext('kingdom.migrate'))");
      await migratePg(orm as never, { migrationsFolder });
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock(hashtext('kingdom.migrate'))").catch(() => undefined);
      lockClient.release();
    }
    let listener: PgListener | null = null;
    const databaseUrl = opts.databaseUrl;
    return {
      kind: 'postgres',
      orm,
      async query<T>(stmt: Statement, params: unknown[]) {
        const res = await pool.query({ name: stmt.name, text: stmt.text, values: params });
        return res.rows as T[];
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
      listen: (channel, sub) => (listener ??= new PgListener(databaseUrl, opts.onIdleError ?? reportListenError)).subscribe(channel, sub),
      close: async () => {
        await listener?.close();
        await pool.end();
      },
    };
  }
  const memory = opts.dataDir === 'memory://' || opts.dataDir === '';
  if (!memory && !seedFromTemplate(opts.dataDir)) mkdirSync(opts.dataDir, { recursive: true });
  // one handle that reopens the data folder after a WASM abort of the instance (embedded.ts)
  const embedded = await EmbeddedPglite.open(memory ? null : opts.dataDir, (err) => {
    process.stderr.write(`kingdom: the embedded database aborted (${String((err as Error)?.message ?? err).slice(0, 200)}); reopened ${opts.dataDir} at its last commit\n`);
  });
  const orm = drizzlePglite(embedded.driver as unknown as PGlite, { schema }) as unknown as Orm;
  await migratePglite(orm as never, { migrationsFolder });
  return {
    kind: 'pglite',
    orm,
    async query<T>(stmt: Statement, params: unknown[]) {
      const res = await embedded.driver.query<T>(stmt.text, params);
      return res.rows;
    },
    listen: (channel, sub) => embedded.listen(channel, sub),
    dumpDataDir: () => embedded.dumpDataDir(),
    close: () => embedded.close(),
  };
}

export { sql, schema };
