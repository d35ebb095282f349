/**
 * Prometheus metrics at `GET /metrics` (docs/architecture.md §6), text format 0.0.4, with `prom-client`.
 *
 * Per process (each server process is scraped on its own):
 * - `kingdom_http_request_duration_seconds{method,route,status}`: histogram of request latency
 *   (seconds, from the request's arrival to the response's end), by route pattern (`/api/lands/:hex_name`;
 *   `unmatched` for a path no route matches) and status code;
 * - `kingdom_job_run_seconds{job,ok}`: histogram of background job runs (tick, chain watcher, …),
 *   fed by {@link observeJobRun} from the job runner;
 * - `kingdom_push_deliveries_total{outcome}`: push deliveries this process's push job handled, by outcome
 *   (`sent`, `retried`, `failed`, `removed`: the subscription was gone, `deferred`: quiet hours), fed by {@link observePushRun};
 * - `kingdom_ready`: 1 when this process's readiness (`GET /api/health/ready`) would answer 200, else 0;
 * - `kingdom_db_pool_connections{state}` (`total`, `idle`, `in_use`), `kingdom_db_pool_max` and
 *   `kingdom_db_pool_waiting_requests`: node-postgres pool counts (PGlite: one connection that runs
 *   queries in turn, so only `kingdom_db_pool_max 1` is reported);
 * - Node's defaults, prefixed `kingdom_` (CPU seconds, resident memory, heap, event-loop lag, GC…).
 *
 * Cluster-wide (the same on every process: read from the database at scrape time, never cached):
 * - `kingdom_db_up`: 1 when the scrape's database query answered, else 0 (and the gauges below are absent);
 * - `kingdom_game_last_settled_day_seconds`: 00:00 UTC of the last settled game day (`game_days`),
 *   Unix seconds; `kingdom_game_days_settled_total` the number of settled days;
 * - `kingdom_chain_pending_deposits` / `kingdom_chain_claimable_deposits`: chain payments waiting
 *   for their confirmations / for their sender to be linked (`chain_payments`);
 * - `kingdom_chain_pending_withdrawals{status}`: withdrawals `requested` (not yet signed) and
 *   `submitted` (on their way to the chain) (`chain_withdrawals`);
 * - `kingdom_chain_watcher_lag_blocks`: ledger tip height − the chain watcher's cursor (`chain_cursor`);
 *   absent when the ledger cannot be reached within 2 s;
 * - `kingdom_job_lease_held{job,holder}`: 1 per background job whose lease (`job_leases`) is held and
 *   unexpired by the database's clock, 0 for an expired one (its last holder);
 * - `kingdom_price_age_seconds{token,source}`: how long ago each stored price was seen
 *   (`currency_prices.seen_at`; alert when a provider's price nears `PRICE_MAX_AGE_MINUTES`);
 * - `kingdom_price_max_age_seconds`: `PRICE_MAX_AGE_MINUTES` in seconds (a provider's price older is stale);
 * - `kingdom_push_deliveries_due`: push deliveries due now and not yet sent (`push_deliveries`: the push job's backlog);
 * - `kingdom_server_processes{release,level}`: live server processes by release (`server_processes`,
 *   db/processes.ts; release `unregistered`: connections of a release older than the registry).
 *
 * The shipped alert rules and dashboard (`ops/prometheus/alerts.yml`, `ops/grafana/`) use these names;
 * `apps/server/test/ops/prometheus-rules.test.ts` checks each is exported.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { prepared, runPrepared, type Database } from '../db/client.ts';
import type { CardanoLedger } from '@kingdom/chain-providers';
import { liveReleases } from '../db/processes.ts';
import { observeCoalescedWith } from '../db/coalesce.ts';
import { expectedMigrations, notReadyReason, type Lifecycle } from './health.ts';

/** Registry of process-wide metrics that exist before any app (job runs, Node's defaults). */
const processRegistry = new Registry();
let defaultsCollected = false;

/** Job run durations; `observeJobRun` feeds it. */
const jobRunSeconds = new Histogram({
  name: 'kingdom_job_run_seconds',
  help: 'Duration of background job runs (tick, chain watcher, treasury signer, block production, chest seeds, demo wallet funding), by job and outcome',
  labelNames: ['job', 'ok'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [processRegistry],
});

/**
 * Records one run of a background job.
 * @param job the job's name (its lease name, e.g. `tick`, `chain-watcher`)
 * @param seconds wall-clock duration of the run, in seconds
 * @param ok false when the run threw
 */
export function observeJobRun(job: string, seconds: number, ok: boolean): void {
  jobRunSeconds.observe({ job, ok: ok ? 'true' : 'false' }, seconds);
}

/** Push deliveries by outcome; `observePushRun` feeds it. */
const pushDeliveries = new Counter({
  name: 'kingdom_push_deliveries_total',
  help: "Push deliveries this process's push job handled, by outcome (sent, retried, failed, removed, deferred)",
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

/** Records one run of the push job (jobs/push.ts): its counts by outcome. */
export function observePushRun(r: { sent: number; retried: number; failed: number; removed: number; deferred: number }): void {
  for (const outcome of ['sent', 'retried', 'failed', 'removed', 'deferred'] as const) if (r[outcome] > 0) pushDeliveries.inc({ outcome }, r[outcome]);
}

/** Coalesced reads (db/coalesce.ts): runs asked and statements sent, by statement; fed through `observeCoalescedWith`. */
const coalescedRuns = new Counter({
  name: 'kingdom_coalesced_read_runs_total',
  help: 'Runs of coalescible reads (the session checks of the hot reads and of signed-in routes), by statement',
  labelNames: ['statement'] as const,
  registers: [processRegistry],
});
const coalescedStatements = new Counter({
  name: 'kingdom_coalesced_read_statements_total',
  help: 'Statements the coalescible hot reads were sent in (runs asked in one turn of the event loop share one), by statement',
  labelNames: ['statement'] as const,
  registers: [processRegistry],
});

observeCoalescedWith((statement, runs) => {
  coalescedRuns.inc({ statement }, runs);
  coalescedStatements.inc({ statement });
});

/** How long a scrape waits for the chain ledger's tip. */
const TIP_TIMEOUT_MS = 2_000;

const PRICE_AGES = prepared('metrics_price_ages', sql`
  SELECT token, COALESCE(source, 'seed') AS source, extract(epoch FROM now() - seen_at)::float8 AS age FROM currency_prices WHERE seen_at IS NOT NULL`);
const CLUSTER_STATE = prepared('metrics_cluster_state', sql`SELECT
  (SELECT max(day) FROM game_days) AS last_day,
  (SELECT count(*)::int FROM game_days) AS days,
  (SELECT count(*)::int FROM chain_payments WHERE status = 'pending') AS pending_deposits,
  (SELECT count(*)::int FROM chain_payments WHERE status = 'claimable') AS claimable_deposits,
  (SELECT count(*)::int FROM chain_withdrawals WHERE status = 'requested') AS withdrawals_requested,
  (SELECT count(*)::int FROM chain_withdrawals WHERE status = 'submitted') AS withdrawals_submitted,
  (SELECT height FROM chain_cursor WHERE name = 'cardano') AS cursor_height,
  (SELECT count(*)::int FROM push_deliveries WHERE state IN ('pending', 'sending') AND next_try <= now()) AS push_due,
  (SELECT coalesce(json_agg(json_build_object('job', name, 'holder', holder, 'held', expires_at > now())), '[]'::json)::text FROM job_leases) AS leases`);

interface ClusterState {
  last_day: string | null;
  days: number;
  pending_deposits: number;
  claimable_deposits: number;
  withdrawals_requested: number;
  withdrawals_submitted: number;
  cursor_height: number | null;
  push_due: number;
  leases: string;
}

/** What the metrics read. */
export interface MetricsDeps {
  db: Database;
  /** The Cardano ledger whose tip the watcher lag is measured against (absent: no lag metric). */
  ledger?: Pick<CardanoLedger, 'tip'>;
  /** What readiness depends on (absent: no `kingdom_ready`). */
  readiness?: { demo: boolean; lifecycle: Lifecycle };
  /** `PRICE_MAX_AGE_MINUTES` in seconds (absent: no `kingdom_price_max_age_seconds`). */
  priceMaxAgeSeconds?: number;
}

/** One app's metrics: its registry and the hooks that fill it. */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly dbUp: Gauge;
  private readonly lastDay: Gauge;
  private readonly daysSettled: Gauge;
  private readonly pendingDeposits: Gauge;
  private readonly claimableDeposits: Gauge;
  private readonly pendingWithdrawals: Gauge<'status'>;
  private readonly watcherLag: Gauge;
  private readonly leaseHeld: Gauge<'job' | 'holder'>;
  private readonly poolConnections: Gauge<'state'>;
  private readonly poolWaiting: Gauge;
  private readonly poolMax: Gauge;
  private readonly priceAge: Gauge<'token' | 'source'>;
  private readonly priceMaxAge: Gauge;
  private readonly ready: Gauge;
  private readonly processes: Gauge<'release' | 'level'>;
  private readonly pushDue: Gauge;
  private readonly expectedMigrations = expectedMigrations();

  constructor(private readonly deps: MetricsDeps) {
    const registers = [this.registry];
    this.http = new Histogram({
      name: 'kingdom_http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name, help, labelNames, registers });
    this.dbUp = gauge('kingdom_db_up', "1 when this scrape's database query answered, else 0");
    this.lastDay = gauge('kingdom_game_last_settled_day_seconds', '00:00 UTC of the last settled game day, Unix seconds');
    this.daysSettled = gauge('kingdom_game_days_settled_total', 'Game days settled so far');
    this.pendingDeposits = gauge('kingdom_chain_pending_deposits', 'Chain payments to the treasury or sale address waiting for their confirmations');
    this.claimableDeposits = gauge('kingdom_chain_claimable_deposits', 'Confirmed deposits from wallets no account has linked yet');
    this.pendingWithdrawals = gauge('kingdom_chain_pending_withdrawals', 'Withdrawals not yet confirmed: requested (awaiting the treasury signer) or submitted', ['status']);
    this.watcherLag = gauge('kingdom_chain_watcher_lag_blocks', "Blocks between the ledger's tip and the chain watcher's cursor");
    this.leaseHeld = gauge('kingdom_job_lease_held', 'Background job leases: 1 when held and unexpired (label: holder), 0 when expired', ['job', 'holder']);
    this.poolConnections = gauge('kingdom_db_pool_connections', "This process's database pool connections by state (node-postgres)", ['state']);
    this.poolWaiting = gauge('kingdom_db_pool_waiting_requests', "Queries of this process waiting for a free pool connection (node-postgres)");
    this.poolMax = gauge('kingdom_db_pool_max', "This process's database pool size (PGlite: 1)");
    this.priceAge = gauge('kingdom_price_age_seconds', 'Seconds since each stored price was seen by its source (price job, operator, demo)', ['token', 'source']);
    this.priceMaxAge = gauge('kingdom_price_max_age_seconds', 'PRICE_MAX_AGE_MINUTES in seconds: a provider-seen price older than this is stale');
    this.ready = gauge('kingdom_ready', "1 when this process's readiness probe (GET /api/health/ready) would answer 200, else 0");
    this.pushDue = gauge('kingdom_push_deliveries_due', 'Push deliveries due now and not yet sent (the push job\'s backlog)');
    this.processes = gauge('kingdom_server_processes', 'Live server processes sharing the database, by release and compatibility level', ['release', 'level']);
  }

  /** Records one finished request (Fastify `onResponse`). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    this.http.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  }

  /** The exposition text: reads the database-backed gauges now, then renders both registries. */
  async render(): Promise<string> {
    await this.refresh();
    return `${await processRegistry.metrics()}\n${await this.registry.metrics()}`;
  }

  private async refresh(): Promise<void> {
    const { db, ledger } = this.deps;
    const stats = db.poolStats?.();
    if (stats) {
      this.poolConnections.set({ state: 'total' }, stats.total);
      this.poolConnections.set({ state: 'idle' }, stats.idle);
      this.poolConnections.set({ state: 'in_use' }, stats.total - stats.idle);
      this.poolWaiting.set(stats.waiting);
      this.poolMax.set(stats.max);
    } else {
      this.poolMax.set(1);
    }
    const tip = ledger ? withTimeout(ledger.tip(), TIP_TIMEOUT_MS).catch(() => null) : Promise.resolve(null);
    for (const g of [this.lastDay, this.daysSettled, this.pendingDeposits, this.claimableDeposits, this.pendingWithdrawals, this.watcherLag, this.leaseHeld, this.priceAge, this.processes]) g.reset();
    if (this.deps.priceMaxAgeSeconds !== undefined) this.priceMaxAge.set(this.deps.priceMaxAgeSeconds);
    const { readiness } = this.deps;
    const ready = readiness
      ? notReadyReason(db, { expected: this.expectedMigrations, demo: readiness.demo, lifecycle: readiness.lifecycle }).then((r) => !('reason' in r))
      : null;
    let state: ClusterState | undefined;
    try {
      [state] = await runPrepared<ClusterState>(db, CLUSTER_STATE);
    } catch {
      state = undefined;
    }
    this.dbUp.set(state ? 1 : 0);
    if (ready) this.ready.set((await ready) ? 1 : 0);
    const tipHeight = (await tip)?.height;
    if (!state) return;
    if (state.last_day) this.lastDay.set(Date.parse(`${state.last_day}T00:00:00Z`) / 1000);
    this.daysSettled.set(state.days);
    this.pendingDeposits.set(state.pending_deposits);
    this.pushDue.set(state.push_due);
    this.claimableDeposits.set(state.claimable_deposits);
    this.pendingWithdrawals.set({ status: 'requested' }, state.withdrawals_requested);
    this.pendingWithdrawals.set({ status: 'submitted' }, state.withdrawals_submitted);
    if (tipHeight !== undefined) this.watcherLag.set(Math.max(0, tipHeight - (state.cursor_height ?? 0)));
    for (const l of JSON.parse(state.leases) as Array<{ job: string; holder: string; held: boolean }>) {
      this.leaseHeld.set({ job: l.job, holder: l.holder }, l.held ? 1 : 0);
    }
    const ages = await runPrepared<{ token: string; source: string; age: number }>(db, PRICE_AGES).catch(() => []);
    for (const a of ages) this.priceAge.set({ token: a.token, source: a.source }, Math.max(0, Number(a.age)));
    const releases = await liveReleases(db).catch(() => []);
    for (const r of releases) this.processes.set({ release: r.release, level: String(r.level) }, r.processes);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]);
}

/**
 * Adds `GET /metrics` (outside `/api`: scraped by Prometheus, not called by players) and the
 * latency hook to `app`. Node's default metrics are collected once per process.
 * @param token when set, a scrape must send `Authorization: Bearer <token>` (else 401, empty body)
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token?: string): void {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry, prefix: 'kingdom_' });
    defaultsCollected = true;
  }
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(401).send();
    }
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(processRegistry.contentType).send(text);
  });
}
