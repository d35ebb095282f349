/**
 * The kept mine rosters (`mine_rosters`, migration 0016): each land's workers, salaries and packed
 * weight counts per mine kind, summed once and then only again for the lands whose workers changed
 * (logged in `roster_changes` by a trigger on `mine_workers`). The tick's salaries step reads them
 * (`./salaries.ts`); the tick job warms them up between ticks ({@link warmRosters}), so midnight's
 * tick sums only the lands changed since (docs/architecture.md §4).
 */
import { sql, type SQL } from 'drizzle-orm';
import { MINE_KINDS, MINE_RULES, WORKER_RARITIES, addDays, dayStart, gameDay, type MineKind, type WorkerRarity } from '@kingdom/game';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { lockSettlement, tempTable, wholeWorldSettings } from './context.ts';
import { SETTLE_PARALLEL_WORKERS } from './options.ts';
import { COUNT_BITS, rarityUnit, raritiesSql } from './rule-sql.ts';
import { foldHoldingDeltas } from './staking.ts';

/** How often the tick job warms the rosters up between ticks ({@link warmRosters}), ms. */
export const ROSTER_WARM_EVERY_MS = 5 * 60_000;

/** Lands summed again in one tick from which `mine_rosters` is analyzed at once (not left to autovacuum). */
const ROSTER_ANALYZE_CHANGES = 10_000;

/** `app_settings` key of the rules every kept roster was summed with ({@link refreshRosters}). */
const ROSTER_RULES_KEY = 'mine_rosters_rules';
/** `app_settings` key of the day start (ISO, UTC) the kept rosters were last brought to ({@link refreshRosters}). */
const ROSTER_START_KEY = 'mine_rosters_start';

/**
 * The rosters' warm-up (the tick job runs it between ticks, every {@link ROSTER_WARM_EVERY_MS}):
 * brings the kept rosters to the day in progress (`refreshRosters` with that day's start, UTC), so
 * the tick at its end sums again only the lands whose workers changed since. The whole sum of a
 * world's first tick, or of a tick after new salary rules, is then done during the day, not at
 * 00:00 UTC. It also folds the logged holding changes into the kept counts ({@link foldHoldingDeltas}),
 * so the tick folds only those of the last minutes. Takes the settlement's advisory lock; no
 * balance or player row is locked.
 * @param now the game clock
 * @returns the day whose rosters are ready, or null when a day is due or a run is under way (the
 *   tick refreshes them itself then)
 */
export async function warmRosters(db: Database, now: Date, opts: { parallelWorkers?: number } = {}): Promise<string | null> {
  return db.orm.transaction(async (tx) => {
    await lockSettlement(tx);
    if ((await exec(tx, sql`SELECT 1 FROM settlement_runs LIMIT 1`)).length > 0) return null;
    const [last] = await exec<{ day: string | null }>(tx, sql`SELECT max(day) AS day FROM game_days`);
    const today = gameDay(now);
    const next = last?.day ? addDays(last.day) : today;
    if (next < today) return null;
    await wholeWorldSettings(tx, db.kind, opts.parallelWorkers ?? SETTLE_PARALLEL_WORKERS);
    await refreshRosters(tx, new Date(dayStart(next)));
    await foldHoldingDeltas(tx);
    return next;
  });
}

/**
 * SQL: each land's roster of mine `kind` on the day starting at `start` (workers assigned before it)
 * among the workers matching `where`: its player (the smallest id), workers, salaries (docs/game-rules.md
 * §3, §4, in the salary token's base units), the packed one-slot counts of every worker (`units`)
 * and of the manager slot (`mgr`, null without one). Columns as `mine_rosters`.
 */
export function rosterSql(kind: MineKind, start: Date, where: SQL): SQL {
  const rules = MINE_RULES[kind];
  // per rarity as a CASE (a hash join with a VALUES list costs more than the grouping over 5M workers)
  const byRarity = (value: (i: number, r: WorkerRarity) => SQL) =>
    sql.join([sql`CASE mw.rarity`, ...WORKER_RARITIES.map((r, i) => sql`WHEN ${r} THEN ${value(i, r)}`), sql`END`], sql` `);
  const units = byRarity((i) => sql`${rarityUnit(i)}::bigint`);
  return sql`SELECT mw.land_id, min(mw.user_id) AS user_id, count(*)::int AS workers, sum(${byRarity((_, r) => sql`${rules.salary[r].toString()}::bigint`)}) AS salary,
      sum(${units})::bigint AS units, (sum(${units}) FILTER (WHERE mw.slot = ${rules.managerSlot ?? 0}::int))::bigint AS mgr
    FROM mine_workers mw
    WHERE ${where} AND mw.mine = ${kind} AND mw.assigned_at < ${start} AND mw.rarity IN (${raritiesSql()})
    GROUP BY mw.land_id`;
}

/** The `roster_changes` rows one kind's refresh consumes (id, land_id). */
const takenChanges = tempTable<{ id: number; land_id: number }>('roster_changes_taken');
/** The lands among them (land_id, primary key): the rosters summed again. */
const changedLands = tempTable<{ land_id: number }>('changed_lands');

/**
 * Brings the kept rosters (`mine_rosters`, migration 0016) to the day starting at `start`. When
 * they were summed with today's rules (salaries, weight packing, manager slots: the fingerprint kept
 * in `app_settings` key `mine_rosters_rules`), per mine kind, only the lands whose workers changed
 * (logged in `roster_changes` by a trigger on `mine_workers`) are summed again; a change stays
 * logged while one of its land's workers was assigned at or after `start` (that worker joins a
 * later day's roster). Otherwise (a world's first tick, new rules, or rosters kept for a later day
 * start than `start`: see {@link warmRosters}) {@link rebuildRosters}. The start is kept in
 * `app_settings` key `mine_rosters_start`.
 */
export async function refreshRosters(tx: Orm, start: Date): Promise<void> {
  const fingerprint = JSON.stringify(MINE_KINDS.map((kind) => {
    const rules = MINE_RULES[kind];
    return { kind, salary: WORKER_RARITIES.map((r) => rules.salary[r].toString()), units: WORKER_RARITIES.map((_, i) => rarityUnit(i)), manager: rules.managerSlot ?? 0 };
  }));
  const kept = await exec<{ key: string; value: string }>(tx, sql`SELECT key, value #>> '{}' AS value FROM app_settings
    WHERE key IN (${ROSTER_RULES_KEY}, ${ROSTER_START_KEY})`);
  const keptAs = (key: string) => kept.find((r) => r.key === key)?.value;
  const keptStart = keptAs(ROSTER_START_KEY);
  await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES (${ROSTER_START_KEY}, ${JSON.stringify(start.toISOString())}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  // Kept for a later day (the warm-up ran before an earlier day was settled): a worker assigned
  // between the two starts would be on the earlier day's roster, so every roster is summed again.
  if (keptAs(ROSTER_RULES_KEY) !== fingerprint || (keptStart !== undefined && Date.parse(keptStart) > start.getTime())) {
    await rebuildRosters(tx, start);
    await exec(tx, sql`INSERT INTO app_settings (key, value) VALUES (${ROSTER_RULES_KEY}, ${JSON.stringify(fingerprint)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    return;
  }
  const taken = takenChanges.ref;
  const lands = changedLands.ref;
  for (const kind of MINE_KINDS) {
    await exec(tx, sql`CREATE TEMP TABLE ${taken} ON COMMIT DROP AS SELECT id, land_id FROM roster_changes WHERE mine = ${kind}`);
    await exec(tx, sql`CREATE TEMP TABLE ${lands} ON COMMIT DROP AS SELECT DISTINCT land_id FROM ${taken}`);
    await exec(tx, sql`ALTER TABLE ${lands} ADD PRIMARY KEY (land_id)`);
    // (a few lands are then read by index, not by a pass over every worker)
    await exec(tx, sql`ANALYZE ${lands}`);
    const changed = (await exec<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${lands}`))[0]!.n;
    await exec(tx, sql`DELETE FROM mine_rosters r USING ${lands} c WHERE r.mine = ${kind} AND r.land_id = c.land_id`);
    await exec(tx, sql`INSERT INTO mine_rosters (land_id, mine, user_id, workers, salary, units, mgr)
      SELECT land_id, ${kind}, user_id, workers, salary, units, mgr
      FROM (${rosterSql(kind, start, sql`mw.land_id IN (SELECT land_id FROM ${lands})`)}) x`);
    await exec(tx, sql`DELETE FROM roster_changes c USING ${taken} x WHERE c.id = x.id
      AND NOT EXISTS (SELECT 1 FROM mine_workers mw WHERE mw.land_id = x.land_id AND mw.mine = ${kind} AND mw.assigned_at >= ${start})`);
    await exec(tx, sql`DROP TABLE ${taken}, ${lands}`);
    // after many changes the read that follows is planned from fresh statistics
    if (changed >= ROSTER_ANALYZE_CHANGES) await exec(tx, sql`ANALYZE mine_rosters`);
  }
}

/**
 * Sums every land's roster of every mine kind again (as {@link rosterSql}), in one pass over the
 * workers. Only the tick writes `mine_rosters`, so its primary key is dropped while 1M rows go in
 * and built again after (an index built from sorted keys, not 1M inserts in hash order: ~5 s to
 * ~1.5 s at 1M lands). Every logged change is consumed first, then the lands with a worker assigned
 * at or after `start` are logged again (changes committed meanwhile stay logged: summing a land
 * again is harmless).
 */
async function rebuildRosters(tx: Orm, start: Date): Promise<void> {
  const perKind = (value: (kind: MineKind) => SQL) =>
    sql.join([sql`CASE mine`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${value(kind)}`), sql`END`], sql` `);
  const units = sql.join([sql`CASE mw.rarity`, ...WORKER_RARITIES.map((r, i) => sql`WHEN ${r} THEN ${rarityUnit(i)}::bigint`), sql`END`], sql` `);
  // workers and salaries from the packed counts (fewer sums over 5M workers: the pass is the cost)
  const count = (i: number) => sql`((units >> ${sql.raw(String(2 * i * COUNT_BITS))}) & ${sql.raw(String(2 ** COUNT_BITS - 1))})`;
  const workers = sql.join(WORKER_RARITIES.map((_, i) => count(i)), sql` + `);
  const salary = perKind((kind) => sql.join(WORKER_RARITIES.map((r, i) => sql`${count(i)}::numeric * ${MINE_RULES[kind].salary[r].toString()}::numeric`), sql` + `));
  const manager = sql.join([sql`CASE mw.mine`, ...MINE_KINDS.map((kind) => sql`WHEN ${kind} THEN ${MINE_RULES[kind].managerSlot ?? 0}::int`), sql`END`], sql` `);
  const on = sql`mw.assigned_at < ${start}`;
  await exec(tx, sql`DELETE FROM roster_changes`);
  await exec(tx, sql`TRUNCATE mine_rosters`);
  await exec(tx, sql`ALTER TABLE mine_rosters DROP CONSTRAINT mine_rosters_pk`);
  await exec(tx, sql`WITH r AS MATERIALIZED (
      SELECT mw.land_id, mw.mine, min(mw.user_id) FILTER (WHERE ${on}) AS user_id, (sum(${units}) FILTER (WHERE ${on}))::bigint AS units,
        (sum(${units}) FILTER (WHERE ${on} AND mw.slot = ${manager}))::bigint AS mgr, bool_or(NOT (${on})) AS pending
      FROM mine_workers mw WHERE mw.rarity IN (${raritiesSql()})
      GROUP BY mw.land_id, mw.mine
    ), later AS (
      INSERT INTO roster_changes (land_id, mine) SELECT land_id, mine FROM r WHERE pending
    )
    INSERT INTO mine_rosters (land_id, mine, user_id, workers, salary, units, mgr)
    SELECT land_id, mine, user_id, (${workers})::int, ${salary}, units, mgr FROM r WHERE units IS NOT NULL`);
  await exec(tx, sql`ALTER TABLE mine_rosters ADD CONSTRAINT mine_rosters_pk PRIMARY KEY (land_id, mine)`);
  await exec(tx, sql`DELETE FROM app_settings WHERE key LIKE 'mine_rosters_rules.%'`);
  await exec(tx, sql`ANALYZE mine_rosters`);
}
