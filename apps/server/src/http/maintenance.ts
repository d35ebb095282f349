/**
 * Maintenance at run time, for every server at once (docs/operator-guide.md "The console"): the state
 * is one `app_settings` row (key `maintenance`, migration 0035) that the console writes; each server
 * reads it through a short cache ({@link MAINTENANCE_CACHE_MS}), so a switch reaches every process
 * within that time without a restart (the writing process sees it at once). The `MAINTENANCE`
 * environment variable still forces it on for its own server.
 */
import type {} from 'fastify';
import { sql } from 'drizzle-orm';
import { exec, type Orm } from '../db/client.ts';

/** How long a server keeps the maintenance state it read (ms): the longest a switch takes to reach it. */
export const MAINTENANCE_CACHE_MS = 2_000;

/** The stored state. */
export interface MaintenanceValue {
  on: boolean;
  message: string | null;
  /** What players are told (ISO 8601); maintenance ends only when switched off. */
  ends_at: string | null;
  since: string | null;
}

const OFF: MaintenanceValue = { on: false, message: null, ends_at: null, since: null };

/** Reads the stored state inside `orm` (a transaction may lock it with `forUpdate`). */
export async function readMaintenance(orm: Orm, forUpdate = false): Promise<MaintenanceValue> {
  const [row] = await exec<{ value: unknown }>(orm, sql`SELECT value FROM app_settings WHERE key = 'maintenance' ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  const v = (typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value) as Partial<MaintenanceValue> | undefined;
  if (!v) return OFF;
  return { on: v.on === true, message: v.message ?? null, ends_at: v.ends_at ?? null, since: v.since ?? null };
}

/** Writes the state inside the caller's transaction. */
export async function writeMaintenance(tx: Orm, value: MaintenanceValue): Promise<void> {
  await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES ('maintenance', ${JSON.stringify(value)}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
}

/** One server's view of maintenance: the stored state behind a short cache, or forced on by its environment. */
export class MaintenanceSwitch {
  private cached: { value: MaintenanceValue; at: number } | null = null;
  private pending: Promise<MaintenanceValue> | null = null;

  constructor(private readonly orm: Orm, readonly forcedByEnv: boolean, private readonly cacheMs = MAINTENANCE_CACHE_MS, private readonly wallMs: () => number = Date.now) {}

  /** The state as this server applies it (`on` also when the environment forces it). */
  async current(): Promise<MaintenanceValue> {
    return this.applied(await this.stored());
  }

  /**
   * The state as {@link current} would answer it when the cache can answer without a round trip,
   * else null (the caller awaits {@link current}): the hot path's synchronous check.
   */
  peek(): MaintenanceValue | null {
    if (!this.cached || this.wallMs() - this.cached.at >= this.cacheMs) return null;
    return this.applied(this.cached.value);
  }

  /** `v` as this server applies it: on also when the environment forces maintenance. */
  private applied(v: MaintenanceValue): MaintenanceValue {
    return this.forcedByEnv && !v.on ? { ...v, on: true } : v;
  }

  /** The stored state (cached). */
  async stored(): Promise<MaintenanceValue> {
    const now = this.wallMs();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.value;
    this.pending ??= readMaintenance(this.orm).then((value) => {
      this.cached = { value, at: this.wallMs() };
      return value;
    }).finally(() => { this.pending = null; });
    return this.pending;
  }

  /** Forgets the cached state (this process just wrote it). */
  invalidate(): void {
    this.cached = null;
  }
}

/**
 * Path prefixes (under `/api`) that answer during maintenance: config, CSRF, health, sign-in and the
 * operator console (so an operator can sign in and switch it off). `@kingdom/api`'s
 * `MAINTENANCE_OPEN_PREFIXES` lists the same for the published error answers.
 */
const OPEN_PREFIXES = ['/config', '/sanctum', '/health/', '/auth/', '/console/'] as const;

/** True when `path` (under `/api`) answers during maintenance. */
export function openDuringMaintenance(path: string): boolean {
  return OPEN_PREFIXES.some((p) => path.startsWith(p));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's view of maintenance (the console switches it for every server). */
    maintenance: MaintenanceSwitch;
  }
}
