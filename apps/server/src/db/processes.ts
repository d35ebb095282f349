/**
 * The registry of live server processes and their release (migration 0036, `server_processes`;
 * docs/architecture.md §8 "Rolling upgrades", docs/operator-guide.md §2.3).
 *
 * During a rolling upgrade two releases share one database. Each process writes its row at start
 * (instance id, host, pid, release, compatibility level), renews `last_seen` every
 * {@link PROCESS_HEARTBEAT_MS} and deletes the row on a graceful stop; a killed process's row is
 * expired by any other process's heartbeat once it is {@link PROCESS_TTL_MS} old.
 *
 * What a release writes that the release before cannot read (a new notification type, a new kind
 * of row, a new job) is switched on only once {@link allServersAtLeast} says no live process has a
 * lower {@link COMPAT_LEVEL}. Processes of releases older than the registry (level 1) write no row:
 * on Postgres they are seen as client connections to the database without an application name
 * (this release's pools name themselves `kingdom`, `openDatabase`), and they count as level 1.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { exec, type Database } from './client.ts';

/**
 * This release's compatibility level: bump it when a release starts writing something a server of
 * the level before cannot read (docs/architecture.md §8). Level 1: releases before the registry
 * (closed response enums: an unknown notification type was a 500). Level 2: readers tolerate values
 * they do not know (open enums in `@kingdom/api` answers) and processes register here.
 */
export const COMPAT_LEVEL = 2;

/** How often a process renews its row (ms). */
export const PROCESS_HEARTBEAT_MS = 10_000;
/** A row not renewed for this long belongs to a dead process (ms): it no longer counts and is deleted. */
export const PROCESS_TTL_MS = 60_000;

/**
 * This build's release name, `<apps/server version>+<git sha>`: read from `release.json` beside the
 * compiled bundle (written by `scripts/build-server.mjs`), else from `apps/server/package.json` and
 * `git rev-parse --short HEAD` (sources run through tsx); `+unknown` when git cannot tell.
 */
export function currentRelease(): string {
  try {
    const built = JSON.parse(readFileSync(new URL('./release.json', import.meta.url), 'utf8')) as { release?: unknown };
    if (typeof built.release === 'string' && built.release) return built.release;
  } catch {
    // not a compiled build: read the sources' version
  }
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // keep 0.0.0
  }
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: new URL('.', import.meta.url), encoding: 'utf8', timeout: 2_000 });
  const sha = git.status === 0 ? git.stdout.trim() : '';
  return `${version}+${sha || 'unknown'}`;
}

/** Live processes of one release (the `kingdom_server_processes` gauge, the operations page). */
export interface ReleaseCount {
  release: string;
  level: number;
  processes: number;
}

const TTL_SQL = sql.raw(`interval '${PROCESS_TTL_MS / 1000} seconds'`);

/**
 * Live processes by release: registered rows renewed within {@link PROCESS_TTL_MS} and, on Postgres,
 * unregistered Kingdom processes of a release older than the registry (release `unregistered`,
 * level 1: see the module comment).
 */
export async function liveReleases(db: Database): Promise<ReleaseCount[]> {
  const rows = await exec<{ release: string; level: number; processes: number }>(db.orm, sql`
    SELECT release, level, count(*)::int AS processes FROM server_processes
    WHERE last_seen >= now() - ${TTL_SQL} GROUP BY release, level ORDER BY level, release`);
  const unregistered = await unregisteredConnections(db);
  if (unregistered > 0) rows.unshift({ release: 'unregistered', level: 1, processes: unregistered });
  return rows;
}

/**
 * Client connections to this database without an application name (Postgres only; 0 on PGlite):
 * the pools of releases older than the registry. Each such process holds one connection or more,
 * so this is an upper bound of their number; an operator's `psql` names itself and does not count.
 */
async function unregisteredConnections(db: Database): Promise<number> {
  if (db.kind !== 'postgres') return 0;
  const [row] = await exec<{ n: number }>(db.orm, sql`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend' AND coalesce(application_name, '') = ''`);
  return row?.n ?? 0;
}

/**
 * Whether every live server process runs a release of compatibility level `level` or newer: the
 * switch for what the processes below `level` cannot read (docs/architecture.md §8). False while
 * a registered process of a lower level is alive (its row renewed within {@link PROCESS_TTL_MS}) or,
 * on Postgres, while a connection of a release older than the registry is open.
 * @param level a {@link COMPAT_LEVEL} value (the first level that reads the new thing)
 */
export async function allServersAtLeast(db: Database, level: number): Promise<boolean> {
  const [row] = await exec<{ older: number }>(db.orm, sql`
    SELECT count(*)::int AS older FROM server_processes WHERE last_seen >= now() - ${TTL_SQL} AND level < ${level}`);
  if ((row?.older ?? 0) > 0) return false;
  return level <= 1 || (await unregisteredConnections(db)) === 0;
}

/** One process's row in the registry, renewed while it runs. */
export class ProcessRegistry {
  private timer: NodeJS.Timeout | null = null;

  /**
   * @param instanceId this process's id (its job lease holder name, `host:pid:random`)
   * @param release the release name ({@link currentRelease})
   * @param level the release's compatibility level ({@link COMPAT_LEVEL})
   */
  constructor(
    private readonly db: Database,
    readonly instanceId: string,
    readonly release: string = currentRelease(),
    readonly level: number = COMPAT_LEVEL,
    private readonly heartbeatMs = PROCESS_HEARTBEAT_MS,
  ) {}

  /** Writes this process's row and starts the heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    this.timer.unref();
  }

  /** Renews (or writes again) this process's row and deletes the rows of dead processes. */
  async beat(): Promise<void> {
    await exec(this.db.orm, sql`
      INSERT INTO server_processes (instance_id, host, pid, release, level, started_at, last_seen)
      VALUES (${this.instanceId}, ${hostname()}, ${process.pid}, ${this.release}, ${this.level}, now(), now())
      ON CONFLICT (instance_id) DO UPDATE SET last_seen = now()`);
    await exec(this.db.orm, sql`DELETE FROM server_processes WHERE last_seen < now() - ${TTL_SQL}`);
  }

  /** Stops the heartbeat and deletes this process's row (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await exec(this.db.orm, sql`DELETE FROM server_processes WHERE instance_id = ${this.instanceId}`).catch(() => undefined);
  }
}
