/**
 * Job leases (docs/architecture.md §6): every background job runs once
 * cluster-wide. A job's lease is a row of `job_leases` (name, holder, expiry); a process runs the job
 * only while it holds the lease, renews it while the job runs, and keeps it between runs. A holder
 * that dies stops renewing: its lease expires after the TTL and the next process to ask takes it.
 * Expiry is judged on the database's clock, so processes whose clocks differ still agree.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exec, type Orm } from './client.ts';

/** How long a lease lasts without renewal (ms): a dead holder's job moves on within this. */
export const LEASE_TTL_MS = 15_000;

/** A holder name unique to this process: `host:pid:random`. */
export function processHolderName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** One process's view of the leases. */
export class JobLeases {
  /** This process's holder name. */
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly held = new Set<string>();
  /** `performance.now()` before the statement that last took or renewed each lease this process holds. */
  private readonly renewedAt = new Map<string, number>();

  constructor(private readonly orm: Orm, opts: { holder?: string; ttlMs?: number } = {}) {
    this.holder = opts.holder ?? processHolderName();
    this.ttlMs = opts.ttlMs ?? LEASE_TTL_MS;
  }

  /**
   * Takes lease `name` when it is free or expired, or renews it when this process holds it; one
   * statement, so two processes asking at once cannot both get it.
   * @returns true when this process holds the lease for the next TTL
   */
  async acquire(name: string): Promise<boolean> {
    // Renewed less than a third of the TTL ago (timed from before that statement was sent, so the
    // database's expiry is later still): at least two thirds of the TTL are left and no other process
    // can take the lease before it expires, so holding it needs no round trip (an idle job's runs
    // every few seconds renewed it each time).
    const last = this.renewedAt.get(name);
    if (last !== undefined && performance.now() - last < this.ttlMs / 3) return true;
    const sent = performance.now();
    const rows = await exec(this.orm, sql`
      INSERT INTO job_leases (name, holder, acquired_at, expires_at)
      VALUES (${name}, ${this.holder}, now(), now() + ${this.ttlMs}::int * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
        acquired_at = CASE WHEN job_leases.holder = EXCLUDED.holder THEN job_leases.acquired_at ELSE EXCLUDED.acquired_at END
      WHERE job_leases.holder = EXCLUDED.holder OR job_leases.expires_at <= now()
      RETURNING name`);
    if (rows.length > 0) {
      this.held.add(name);
      this.renewedAt.set(name, sent);
    } else {
      this.held.delete(name);
      this.renewedAt.delete(name);
    }
    return rows.length > 0;
  }

  /** Gives lease `name` up (when this process holds it), so another process may take it at once. */
  async release(name: string): Promise<void> {
    this.held.delete(name);
    this.renewedAt.delete(name);
    await exec(this.orm, sql`DELETE FROM job_leases WHERE name = ${name} AND holder = ${this.holder}`);
  }

  /** Gives up every lease this process holds (graceful shutdown). */
  async releaseAll(): Promise<void> {
    this.held.clear();
    this.renewedAt.clear();
    await exec(this.orm, sql`DELETE FROM job_leases WHERE holder = ${this.holder}`);
  }

  /** Names of the leases this process took or renewed last (a hint for logs; the table decides). */
  heldNames(): string[] {
    return [...this.held];
  }
}

/** A background job: `run` every `everyMs` on whichever process holds lease `name`. */
export interface JobSpec {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** Where the scheduler reports (pino-like). */
export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs jobs under their leases. Each job's timer fires every `everyMs`; the run goes ahead only when
 * this process holds (or can take) the lease, and the lease is renewed every TTL/3 while it runs.
 * Runs of one job never overlap in a process.
 */
export class JobScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly leases: JobLeases,
    private readonly log: JobLog,
    private readonly observe: (job: string, seconds: number, ok: boolean) => void = () => undefined,
    private readonly ttlMs = LEASE_TTL_MS,
  ) {}

  /** Starts `job`'s timer (and a first attempt at once). */
  start(job: JobSpec): void {
    if (job.everyMs <= 0) return;
    void this.attempt(job);
    const timer = setInterval(() => void this.attempt(job), job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * One attempt: takes or renews the lease and runs the job once when it holds it.
   * @returns true when the job ran here (errors are logged, not thrown)
   */
  async attempt(job: JobSpec): Promise<boolean> {
    if (this.stopped || this.running.has(job.name)) return false;
    let ran = false;
    const run = (async () => {
      let held = false;
      try {
        held = await this.leases.acquire(job.name);
      } catch (err) {
        this.log.error({ err, job: job.name }, 'job lease unavailable; will retry');
      }
      if (!held || this.stopped) return;
      ran = true;
      const heartbeat = setInterval(() => {
        this.leases.acquire(job.name).catch((err: unknown) => this.log.error({ err, job: job.name }, 'job lease renewal failed'));
      }, Math.max(1000, Math.floor(this.ttlMs / 3)));
      heartbeat.unref();
      const started = performance.now();
      try {
        await job.run();
        this.observe(job.name, (performance.now() - started) / 1000, true);
      } catch (err) {
        this.observe(job.name, (performance.now() - started) / 1000, false);
        this.log.error({ err, job: job.name }, 'job failed; will retry');
      } finally {
        clearInterval(heartbeat);
      }
    })();
    this.running.set(job.name, run);
    try {
      await run;
    } finally {
      this.running.delete(job.name);
    }
    return ran;
  }

  /** Stops the timers, waits for runs in progress, and releases this process's leases. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.running.values()]);
    await this.leases.releaseAll().catch((err: unknown) => this.log.error({ err }, 'releasing job leases failed'));
  }
}
