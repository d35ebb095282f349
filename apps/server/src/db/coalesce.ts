/**
 * Coalesced reads (issue 41 item 3, docs/architecture.md "Hot reads"): runs of one read-only
 * prepared statement that arrive in the same turn of the event loop go to the database as one
 * statement. The statement's varying placeholders become arrays unnested `WITH ORDINALITY`, the
 * statement runs once per element as a `LATERAL` subquery, and each run gets back the rows of its
 * own element. One run alone goes as the plain statement.
 *
 * What it saves at 100 concurrent requests: per request, a statement's executor start, its relation
 * locks and the socket round trip on both sides; nothing is kept between turns (no world fact in
 * memory): every run reads the database after it was asked, in a statement that starts after it.
 *
 * Only for statements that answer at most one row per run (the session checks of the hot reads):
 * the rows of several runs come back in one result, told apart by their element's number.
 */
import { Placeholder } from 'drizzle-orm';
import type { Database, PreparedStatement, Statement } from './client.ts';

// captured at load: a test's fake timers must not hold back the database's answers
const nextTurn = setImmediate;

/** Most runs of one statement sent as one (a longer queue is sent in several). */
export const MAX_COALESCED = 64;

/** How a statement is coalesced: the Postgres type of each varying placeholder (default `text`). */
export interface CoalesceOptions {
  types?: Readonly<Record<string, string>>;
}

/** A prepared statement whose concurrent runs may be coalesced (made by {@link coalescible}). */
export interface CoalescibleStatement extends PreparedStatement {
  /** The statement running many runs at once: its parameters are {@link batchParams} of the runs' parameter lists. */
  readonly batch: Statement & { batchParams: (runs: readonly unknown[][]) => unknown[] };
}

/** The batch's alias and its element-number column (names no statement of ours uses). */
const ALIAS = 'kingdom_batch';
const INDEX = 'kingdom_batch_i';

/**
 * Adds the coalesced form to `stmt` (at module level, once): each placeholder `$k` becomes the
 * column `p<k>` of the unnested arrays, constants stay parameters.
 * @throws Error when the statement has no placeholder or its text holds a quoted `$` (its parameters could not be told from its text)
 */
export function coalescible<S extends PreparedStatement>(stmt: S, options: CoalesceOptions = {}): S & CoalescibleStatement {
  for (const [literal] of stmt.text.matchAll(/'(?:[^']|'')*'/g)) {
    if (literal.includes('$')) throw new Error(`coalescible ${stmt.name}: a quoted $ in the statement`);
  }
  const varying: number[] = [];
  const constants: number[] = [];
  stmt.params.forEach((p, i) => (p instanceof Placeholder ? varying : constants).push(i));
  if (varying.length === 0) throw new Error(`coalescible ${stmt.name}: no placeholder to coalesce on`);
  // new numbering: the arrays first, then the constants
  const renumbered = new Map<number, string>();
  varying.forEach((i) => renumbered.set(i, `${ALIAS}.p${i + 1}`));
  constants.forEach((i, n) => renumbered.set(i, `$${varying.length + n + 1}`));
  const inner = stmt.text.replace(/\$(\d+)(?!\d)/g, (_, k: string) => renumbered.get(Number(k) - 1) ?? `$${k}`);
  const typeOf = (i: number): string => {
    const p = stmt.params[i] as Placeholder;
    return options.types?.[p.name] ?? 'text';
  };
  const arrays = varying.map((i, n) => `$${n + 1}::${typeOf(i)}[]`).join(', ');
  const columns = [...varying.map((i) => `p${i + 1}`), INDEX].join(', ');
  const text = `SELECT ${ALIAS}.${INDEX}::int AS ${INDEX}, q.* FROM unnest(${arrays}) WITH ORDINALITY AS ${ALIAS}(${columns}) CROSS JOIN LATERAL (${inner}) q`;
  const batchParams = (runs: readonly unknown[][]): unknown[] => [
    ...varying.map((i) => runs.map((r) => r[i])),
    ...constants.map((i) => runs[0]![i]),
  ];
  return Object.assign(stmt, { batch: { name: `${stmt.name}_batch`, text, batchParams } });
}

/** True when `stmt` was made {@link coalescible}. */
export function isCoalescible(stmt: PreparedStatement): stmt is CoalescibleStatement {
  return 'batch' in stmt;
}

let observer: ((statement: string, runs: number) => void) | null = null;

/** Sets what hears each statement sent (its name and how many runs it carries): the metrics (observability/metrics.ts). */
export function observeCoalescedWith(fn: (statement: string, runs: number) => void): void {
  observer = fn;
}

interface Waiting {
  params: unknown[];
  done: (rows: unknown[]) => void;
  fail: (error: unknown) => void;
}

/** Runs waiting for the next flush, by database and statement. */
const queues = new WeakMap<Database, Map<string, { stmt: CoalescibleStatement; runs: Waiting[] }>>();

async function send(db: Database, stmt: CoalescibleStatement, runs: Waiting[]): Promise<void> {
  observer?.(stmt.name, runs.length);
  try {
    if (runs.length === 1) {
      runs[0]!.done(await db.query(stmt, runs[0]!.params));
      return;
    }
    const rows = await db.query<Record<string, unknown>>(stmt.batch, stmt.batch.batchParams(runs.map((r) => r.params)));
    const byRun: unknown[][] = runs.map(() => []);
    for (const row of rows) {
      const i = row[INDEX] as number;
      delete row[INDEX];
      byRun[i - 1]!.push(row);
    }
    runs.forEach((r, i) => r.done(byRun[i]!));
  } catch (error) {
    for (const r of runs) r.fail(error);
  }
}

function flush(db: Database): void {
  const pending = queues.get(db);
  if (!pending) return;
  queues.delete(db);
  for (const { stmt, runs } of pending.values()) {
    for (let i = 0; i < runs.length; i += MAX_COALESCED) void send(db, stmt, runs.slice(i, i + MAX_COALESCED));
  }
}

/**
 * Runs `stmt` with `params` (its parameter list, placeholders filled) together with the other runs
 * of it asked for in this turn of the event loop (sent when the turn's I/O callbacks are done).
 * Resolves to this run's rows.
 * @throws what the database threw for the statement (every run coalesced with it gets the same error)
 */
export function queryCoalesced<T>(db: Database, stmt: CoalescibleStatement, params: unknown[]): Promise<T[]> {
  return new Promise<T[]>((done, fail) => {
    let pending = queues.get(db);
    if (!pending) {
      pending = new Map();
      queues.set(db, pending);
      nextTurn(flush, db);
    }
    let queue = pending.get(stmt.name);
    if (!queue) pending.set(stmt.name, (queue = { stmt, runs: [] }));
    queue.runs.push({ params, done: done as (rows: unknown[]) => void, fail });
  });
}
