/**
 * The game clock: real UTC time plus an offset that demo mode can move forward (the demo's
 * "advance a day" control and `npm run kingdom -- tick`). The offset lives in `app_settings`, so
 * every process and the CLI share it; outside demo mode it stays 0.
 */
import { sql } from 'drizzle-orm';
import { exec, prepared, runPrepared, type Database, type Orm } from './db/client.ts';
import { READS_CHANNEL } from './db/listen.ts';

/** The `app_settings` key of the shared clock offset (`{"ms": n}`). */
export const CLOCK_OFFSET_KEY = 'clock_offset_ms';

/**
 * The shared offset (ms, as text; NULL when never moved) as a scalar subquery, for hot reads that
 * check the clock inside their own statement instead of reading it first (see `sessionRows`).
 */
export const CLOCK_OFFSET_SQL = `(SELECT value->>'ms' FROM app_settings WHERE key = '${CLOCK_OFFSET_KEY}')`;

const offsetStmt = prepared('clock_offset', sql.raw(`SELECT ${CLOCK_OFFSET_SQL} AS ms`));

/**
 * The notification payload (on {@link READS_CHANNEL}) a committed change of the shared offset sends
 * (migration 0014's trigger on `app_settings`).
 */
export const CLOCK_TOPIC = 'clock';

/** How long a read keeps this process's own uncommitted-looking clock move (ms): see {@link GameClock.load}. */
export const ADVANCE_GRACE_MS = 30_000;

export class GameClock {
  private offsetMs = 0;
  /** Whether the offset's notifications are heard (see {@link watch}). */
  private live = false;
  /** Counts notifications (and losses of the listening connection): a read that saw none during it is current. */
  private changes = 0;
  /** The value of {@link changes} the last completed {@link load} started at; -1: none since hearing began. */
  private loadedAt = -1;
  private unwatch: (() => void) | null = null;
  /** `Date.now()` of this process's last {@link advance} (0: none). */
  private advancedAt = 0;
  private readonly advanceGraceMs: number;
  /**
   * @param opts.advanceGraceMs how long after its own {@link advance} a {@link load} that reads an
   *   older offset keeps this process's newer one (the move's transaction may not have committed
   *   yet); after it, the database's offset wins (the move was rolled back). Default {@link ADVANCE_GRACE_MS}.
   */
  constructor(private readonly db: Database, opts: { advanceGraceMs?: number } = {}) {
    this.advanceGraceMs = opts.advanceGraceMs ?? ADVANCE_GRACE_MS;
  }

  /**
   * Starts hearing the database's notifications of offset changes (by any process, on commit), so
   * that {@link current} can tell when the offset last read is still the shared one (until
   * {@link stop}). Until the first notification is heard — and while the listening connection is
   * down — nothing is current.
   */
  async watch(): Promise<void> {
    this.unwatch = await this.db.listen(READS_CHANNEL, {
      notify: (payload) => { if (payload === CLOCK_TOPIC) this.changes++; },
      live: (listening) => { this.live = listening; this.changes++; },
    });
  }

  /** Stops hearing notifications ({@link current} is then false). */
  stop(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.live = false;
    this.changes++;
  }

  /**
   * True when the offset `now()` applies is the shared one as of the notifications heard: they are
   * being heard (see {@link watch}), and a {@link load} began after the last change notified. A change
   * another process commits is seen once its notification arrives (a few ms), as the shared caches
   * of reads see theirs (`http/shared-cache.ts`).
   */
  current(): boolean {
    return this.live && this.loadedAt === this.changes;
  }

  /** Current game time (UTC). */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** The offset (ms) `now()` applies: the shared one as last read or moved by this process. */
  offset(): number {
    return this.offsetMs;
  }

  /**
   * Reads the shared offset (call at start and now and then): one prepared statement. A read that
   * sees an older offset than this process's own {@link advance} made keeps the newer one for
   * `advanceGraceMs` (the move may not have committed yet) and does not count as current, so the
   * next request reads again; after that the database's offset wins. (It used to keep the larger
   * one for good: a move whose transaction rolled back left this process a day ahead of the
   * others — its next tick answered the day it already showed, the one after jumped two.)
   */
  async load(): Promise<void> {
    const started = this.changes;
    const [row] = await runPrepared<{ ms: string | null }>(this.db, offsetStmt);
    const shared = Number(row?.ms ?? 0);
    const pending = shared < this.offsetMs && Date.now() - this.advancedAt < this.advanceGraceMs;
    if (!pending) this.offsetMs = shared;
    // a change notified while the read ran may be newer than what it saw: not current then
    if (this.changes === started && !pending) this.loadedAt = started;
  }

  /**
   * Moves the shared offset forward by `ms` (demo only), in `orm` (a transaction of the caller's, so
   * the move commits together with what goes with it), and returns the new time.
   */
  async advance(ms: number, orm: Orm = this.db.orm): Promise<Date> {
    const [row] = await exec<{ ms: string }>(orm, sql`
      INSERT INTO app_settings (key, value) VALUES (${CLOCK_OFFSET_KEY}, jsonb_build_object('ms', ${ms}::bigint))
      ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('ms', (app_settings.value->>'ms')::bigint + ${ms}::bigint)
      RETURNING (value->>'ms') AS ms`);
    this.offsetMs = Number(row!.ms);
    this.advancedAt = Date.now();
    this.changes++; // not current until a read sees the move committed (or the grace ends)
    return this.now();
  }
}
