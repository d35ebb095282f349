/**
 * The replicated-log core the two local chains share (docs/architecture.md §5.4 and §5 "Chain money"):
 * the Cardano emulator (`cardano/emulator-ledger.ts`) and the local Solana cluster
 * (`solana/local-cluster.ts`).
 *
 * One chain for every server process: the chain is a log of events in Postgres (`<prefix>_events`)
 * with one state row (`<prefix>_state`, id 1: the last event `seq`, the `fork` a rollback bumps, and
 * the chain's tip), and each process keeps a replica in memory rebuilt by replaying the log. Every
 * read first applies the events the replica has not seen (one small query when nothing changed);
 * every write locks the state row (`FOR UPDATE`: one writer cluster-wide), catches the replica up,
 * runs, appends and commits, so two processes can never fork the chain and any may be killed and
 * restarted at any time. Snapshots (`<prefix>_snapshots`: fork, seq, data) bound the replay of a
 * (re)starting process. The chain itself (what an event does, what a snapshot holds) is the
 * subclass's.
 */
import { sql, type Name } from 'drizzle-orm';
import { exec, type Orm } from './db.ts';

/** The part of a chain's state row the core reads: the last event and the fork. */
export interface LogState {
  seq: number;
  fork: number;
}

/** The part of an event row the core reads: its number and kind. */
export interface LogEvent {
  seq: number;
  kind: string;
}

/** JSON with bigints kept exact (`{"$big": "…"}`). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v));
}

/** Parses {@link toJson}'s text (bigints back as bigint). */
export function fromJson<T>(text: string): T {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$big') return BigInt((v as { $big: string }).$big);
    }
    return v;
  }) as T;
}

/**
 * One process's replica of a chain kept as a log in Postgres (see module doc). Subclasses hold the
 * chain's state and say how to read the rows, apply an event and save or restore a snapshot; this
 * class serialises the replica's use, catches up, locks for writes and snapshots.
 * @typeParam S the chain's state row
 * @typeParam E the chain's event row
 */
export abstract class ReplicatedLog<S extends LogState, E extends LogEvent> {
  /** The fork the replica follows (bumped in the state row by every rollback). */
  protected fork = 0;
  /** The last event applied to this replica; 0 before the first. */
  protected appliedSeq = 0;
  /** The kind of the last applied event (empty slots or blocks extend it in place). */
  protected lastKind: E['kind'] | null = null;
  /** Set when the replica may differ from the log (new, or a write failed after changing it): rebuild. */
  protected dirty = true;
  /** The event of the latest snapshot this replica knows of. */
  protected snapshotSeq = 0;
  /** Serialises this process's use of the replica (reads catch up, writes mutate). */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly snapshotsTable: Name;

  /** @param prefix the tables' prefix: `<prefix>_state`, `<prefix>_events`, `<prefix>_snapshots` */
  protected constructor(protected readonly orm: Orm, prefix: string) {
    this.snapshotsTable = sql.identifier(`${prefix}_snapshots`);
  }

  /** Reads the state row (locked `FOR UPDATE` when `lock`). */
  protected abstract readState(orm: Orm, lock: boolean): Promise<S>;
  /** The event rows from `seq` on (the last applied one included), in order. */
  protected abstract readEvents(orm: Orm, fromSeq: number): Promise<E[]>;
  /** Puts the chain's own state back at genesis (the core resets its fields itself). */
  protected abstract resetChain(): void;
  /** True when the replica, at `appliedSeq`, is at the state row's tip (nothing to apply). */
  protected abstract atTip(state: S): boolean;
  /** Applies the last applied event again when it grew in place (empty blocks or slots added). */
  protected abstract extendLast(row: E): void;
  /** Applies a new event to the replica. @throws when it does not replay */
  protected abstract apply(row: E): void | Promise<void>;
  /** The error a failed replay is reported as. */
  protected abstract replayError(err: unknown): Error;
  /** True for a write's refusal that leaves the replica unchanged (no rebuild needed). */
  protected abstract isRefusal(err: unknown): boolean;
  /** Events between two snapshots now. */
  protected abstract snapshotInterval(): number;
  /** The replica's state after `appliedSeq` as a snapshot's `data`. */
  protected abstract snapshotData(): string;
  /** Puts the replica in a snapshot's state (`appliedSeq`, `snapshotSeq`, `lastKind` included). */
  protected abstract restore(data: string): void;

  /** Runs `work` after every earlier use of the replica in this process. */
  protected serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private reset(fork: number): void {
    this.resetChain();
    this.fork = fork;
    this.appliedSeq = 0;
    this.lastKind = null;
    this.snapshotSeq = 0;
    this.dirty = false;
  }

  /**
   * Applies the events this replica has not seen (rebuilding it from the latest snapshot after a
   * rollback or a failed write).
   * @param known the state row when the caller already read it (a write, under its lock)
   * @throws {@link replayError} when the log does not replay (the replica is then marked for a rebuild)
   */
  protected async catchUp(orm: Orm, known?: S): Promise<void> {
    const state = known ?? (await this.readState(orm, false));
    if (this.dirty || state.fork !== this.fork || state.seq < this.appliedSeq) {
      this.reset(state.fork);
      const [snap] = await exec<{ data: string }>(orm, sql`SELECT data FROM ${this.snapshotsTable}
        WHERE fork = ${state.fork} AND seq <= ${state.seq} ORDER BY seq DESC LIMIT 1`);
      if (snap) this.restore(snap.data);
    } else if (state.seq === this.appliedSeq && this.atTip(state)) return;
    const rows = await this.readEvents(orm, this.appliedSeq);
    try {
      for (const row of rows) {
        if (row.seq === this.appliedSeq) {
          // The last applied event: empty blocks or slots may have been added to it in place.
          this.extendLast(row);
          continue;
        }
        await this.apply(row);
        this.appliedSeq = row.seq;
        this.lastKind = row.kind;
      }
    } catch (err) {
      this.dirty = true;
      throw this.replayError(err);
    }
  }

  /**
   * Saves the replica's state after event `appliedSeq` when {@link snapshotInterval} events passed
   * since the last one (inside a write's transaction), so a restart replays only what follows.
   */
  protected async snapshotIfDue(tx: Orm): Promise<void> {
    if (this.appliedSeq - this.snapshotSeq < this.snapshotInterval()) return;
    const data = this.snapshotData();
    await exec(tx, sql`DELETE FROM ${this.snapshotsTable} WHERE fork = ${this.fork} AND seq < ${this.appliedSeq}`);
    await exec(tx, sql`INSERT INTO ${this.snapshotsTable} (fork, seq, data) VALUES (${this.fork}, ${this.appliedSeq}, ${data}) ON CONFLICT DO NOTHING`);
    this.snapshotSeq = this.appliedSeq;
  }

  /** Catches up, then reads memory. */
  protected read<T>(work: () => T | Promise<T>): Promise<T> {
    return this.serial(async () => {
      await this.catchUp(this.orm);
      return work();
    });
  }

  /**
   * A write to the shared chain: locks its state row (one writer cluster-wide), catches up, runs
   * `work`, commits. A failure other than a refusal marks the replica for a rebuild.
   */
  protected write<T>(work: (tx: Orm, state: S) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      try {
        return await this.orm.transaction(async (tx) => {
          const state = await this.readState(tx, true);
          await this.catchUp(tx, state);
          return await work(tx, state);
        });
      } catch (err) {
        if (!this.isRefusal(err)) this.dirty = true;
        throw err;
      }
    });
  }
}
