/**
 * One schema truth (docs/architecture.md §8 "The schema"): the drizzle schema (`src/db/schema.ts`)
 * declares every table, column, constraint, index, view and sequence the hand-written SQL
 * migrations (`src/db/migrations/`) make.
 *
 * How: two fresh databases of the suite's kind (PGlite, or Postgres in the `server-pg` project):
 * one migrated by the server's own migrator, one built from schema.ts alone by the SQL drizzle-kit
 * generates for it (`generateMigration` from an empty snapshot: what `drizzle-kit generate` would
 * write for a new database). Both are read back from the catalogs (`pg_catalog`, with Postgres'
 * own `pg_get_*def` renderings, so spelling differences of equal SQL vanish) and must be equal,
 * but for the {@link NOT_IN_DRIZZLE} objects drizzle cannot declare. A mutated schema proves the
 * comparison sees a missing column, a changed partial index and a changed view.
 *
 * Why not drizzle-kit's own database comparison: `pushSchema` (drizzle-kit 0.31.11) drops the
 * parameters of its introspection queries and fails on any composite primary key
 * (drizzle-team/drizzle-orm#5557), and push mode ignores index `WHERE`s; `drizzle-kit pull` plus
 * `generateMigration` compares SQL text, so equal checks and indexes spelled differently by
 * Postgres come out as ~200 spurious statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { openDatabase, type Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { freshPostgresDatabase, TEST_DB } from '../support/kingdom.ts';

/**
 * What the migrations make that drizzle's schema cannot declare (drizzle-orm 0.45 has no functions
 * or triggers), by catalog key, with the reason. Everything else must match; each entry must exist
 * in the migrated database (a stale entry fails too).
 */
const NOT_IN_DRIZZLE: Record<string, string> = {
  // Read-cache notifications (migrations 0010, 0014, 0019, 0023, 0026; docs/architecture.md §6).
  'function kingdom_notify_reads()': 'trigger function: NOTIFY kingdom_reads after writes to cached tables',
  'trigger app_settings.app_settings_clock_delete_notify_reads': 'clock offset removed → processes re-read the clock',
  'trigger app_settings.app_settings_clock_notify_reads': 'clock offset changed → processes re-read the clock',
  'trigger collections.collections_notify_reads': 'staking read cache',
  'trigger game_days.game_days_notify_halls': 'halls of fame read cache',
  'trigger game_days.game_days_notify_halls_days': 'day-based halls of fame read cache (migration 0027)',
  'trigger holdings.holdings_notify_reads': 'lands read cache',
  'trigger lands.lands_notify_reads': 'lands read cache',
  'trigger mine_workers.mine_workers_notify_reads': 'lands read cache',
  'trigger quest_claims.quest_claims_notify_reads': 'halls of fame read cache',
  'trigger snapshot_collections.snapshot_collections_notify_reads': 'staking read cache',
  'trigger staking_snapshots.staking_snapshots_notify_reads': 'staking read cache',
  'trigger users.users_notify_reads': 'dashboard read cache',
  'trigger users.users_update_notify_reads': 'dashboard read cache',
  'trigger wallets.wallets_notify_halls': 'halls of fame read cache',
  'trigger wallets.wallets_notify_halls_days': 'day-based halls of fame read cache (migration 0027)',
  'trigger wallets.wallets_notify_reads': 'dashboard read cache',
  'trigger wallets.wallets_update_notify_reads': 'dashboard read cache',
  // Leaving workers (migration 0015; docs/architecture.md §4).
  'function kingdom_holdings_left()': 'logs deleted holdings in holdings_left',
  'function kingdom_holding_moved()': 'logs holdings that changed player in holdings_left',
  'trigger holdings.holdings_left_on_delete': 'calls kingdom_holdings_left()',
  'trigger holdings.holdings_left_on_update': 'calls kingdom_holding_moved()',
  // Rosters kept between days (migration 0016).
  'function kingdom_roster_changed()': 'logs lands whose workers changed in roster_changes',
  'function kingdom_roster_updated()': 'logs lands whose workers changed in roster_changes',
  'trigger mine_workers.mine_workers_roster_delete': 'calls kingdom_roster_changed()',
  'trigger mine_workers.mine_workers_roster_insert': 'calls kingdom_roster_changed()',
  'trigger mine_workers.mine_workers_roster_update': 'calls kingdom_roster_updated()',
  // Players are never deleted (migration 0017).
  'function kingdom_users_kept()': 'refuses DELETE on users',
  'trigger users.users_never_deleted': 'calls kingdom_users_kept()',
  // Holding counts (migration 0018).
  'function kingdom_holdings_added()': 'logs inserted holdings in holding_deltas',
  'function kingdom_holdings_removed()': 'logs deleted holdings in holding_deltas',
  'function kingdom_holdings_changed()': 'logs updated holdings in holding_deltas',
  'function kingdom_holdings_emptied()': 'clears the counts when holdings is truncated',
  'trigger holdings.holdings_count_delete': 'calls kingdom_holdings_removed()',
  'trigger holdings.holdings_count_insert': 'calls kingdom_holdings_added()',
  'trigger holdings.holdings_count_truncate': 'calls kingdom_holdings_emptied()',
  'trigger holdings.holdings_count_update': 'calls kingdom_holdings_changed()',
  // The configured policies, read in SQL by every process (migration 0022).
  'function kingdom_land_policy()': 'SQL function: the Land policy from app_settings',
  'function kingdom_tool_policy()': 'SQL function: the Mining Tool policy from app_settings',
  // Achievements looked at when their facts change (migration 0028; docs/game-rules.md §14.6).
  'function kingdom_achievement_check()': 'logs the writing player in achievement_checks',
  'trigger ledger_entries.ledger_entries_achievement_check': 'calls kingdom_achievement_check() (deposits)',
  'trigger mine_upgrades.mine_upgrades_achievement_check': 'calls kingdom_achievement_check()',
  'trigger quest_claims.quest_claims_achievement_check': 'calls kingdom_achievement_check()',
  'trigger vote_events.vote_events_achievement_check': 'calls kingdom_achievement_check() (votes added)',
  // The console's audit log is append-only (migration 0033; docs/http-contract.md §4).
  'function kingdom_operator_actions_append_only()': 'refuses UPDATE, DELETE and TRUNCATE on operator_actions',
  'trigger operator_actions.operator_actions_append_only': 'calls kingdom_operator_actions_append_only() (UPDATE, DELETE)',
  'trigger operator_actions.operator_actions_no_truncate': 'calls kingdom_operator_actions_append_only() (TRUNCATE)',
  // Push deliveries written with the notifications (migration 0040; docs/architecture.md §6, push deliveries).
  'function kingdom_push_topic(t text)': 'SQL function: the push topic of a notification type',
  'function kingdom_push_deliveries()': 'writes a delivery per new notification and subscribed device',
  'trigger notifications.notifications_push': 'calls kingdom_push_deliveries() (per statement)',
};

/**
 * The catalog of schema `public` as `key → definition`: relations (kind, unlogged, row security),
 * enum and domain types, columns (type, nullability, default, identity), constraints and indexes
 * (Postgres' own rendering), views (their query), sequences (their parameters), functions and triggers.
 */
async function catalogOf(query: (text: string) => Promise<Array<{ k: string; v: string }>>): Promise<Map<string, string>> {
  const rows = await query(`
    SELECT 'relation ' || c.relname AS k, CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'S' THEN 'sequence' WHEN 'p' THEN 'partitioned table' ELSE c.relkind::text END
        || CASE c.relpersistence WHEN 'u' THEN ' unlogged' ELSE '' END || CASE WHEN c.relrowsecurity THEN ' row security' ELSE '' END AS v
      FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'S', 'p')
    UNION ALL
    SELECT 'type ' || t.typname, CASE t.typtype WHEN 'e' THEN 'enum ' || (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid)
        ELSE 'domain ' || format_type(t.typbasetype, t.typtypmod) END
      FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd')
    UNION ALL
    SELECT 'column ' || c.relname || '.' || a.attname, format_type(a.atttypid, a.atttypmod)
        || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        || CASE a.attidentity WHEN 'a' THEN ' generated always as identity' WHEN 'd' THEN ' generated by default as identity' ELSE '' END
        || CASE a.attgenerated WHEN 's' THEN ' generated stored' ELSE '' END
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p') AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'constraint ' || c.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE c.relnamespace = 'public'::regnamespace AND k.contype IN ('p', 'u', 'f', 'c', 'x')
    UNION ALL
    SELECT 'index ' || i.relname, pg_get_indexdef(i.oid)
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE i.relnamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'view ' || c.relname, pg_get_viewdef(c.oid, true)
      FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'sequence ' || c.relname, format_type(s.seqtypid, NULL) || ' start ' || s.seqstart || ' increment ' || s.seqincrement
        || ' min ' || s.seqmin || ' max ' || s.seqmax || ' cache ' || s.seqcache || CASE WHEN s.seqcycle THEN ' cycle' ELSE '' END
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')', pg_get_functiondef(p.oid)
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'trigger ' || c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`);
  return new Map(rows.map((r) => [r.k, r.v]));
}

/** The differences between the migrated catalog and schema.ts's, one line each, exceptions left out. */
function differences(migrated: Map<string, string>, declared: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of migrated) {
    if (k in NOT_IN_DRIZZLE) continue;
    const d = declared.get(k);
    if (d === undefined) out.push(`migrations make ${k}: ${v} — schema.ts lacks it`);
    else if (d !== v) out.push(`${k}: migrations make «${v}», schema.ts declares «${d}»`);
  }
  for (const [k, v] of declared) if (!migrated.has(k)) out.push(`schema.ts declares ${k}: ${v} — the migrations do not make it`);
  return out.sort();
}

/** A fresh empty database of the suite's kind, as a catalog reader plus SQL runner. */
interface ScratchDb {
  exec(text: string): Promise<void>;
  catalog(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

async function scratchDatabase(): Promise<ScratchDb> {
  if (TEST_DB === 'postgres') {
    const db = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    return {
      exec: async (text) => { await client.query(text); },
      catalog: () => catalogOf(async (text) => (await client.query<{ k: string; v: string }>(text)).rows),
      close: async () => { await client.end(); await db.drop(); },
    };
  }
  const client = new PGlite();
  await client.waitReady;
  return {
    exec: async (text) => { await client.exec(text); },
    catalog: () => catalogOf(async (text) => (await client.query<{ k: string; v: string }>(text)).rows),
    close: () => client.close(),
  };
}

/** The catalog of a database built from `snapshot` alone with drizzle-kit's generated SQL. */
async function catalogOfSnapshot(snapshot: ReturnType<typeof generateDrizzleJson>): Promise<Map<string, string>> {
  const statements = await generateMigration(generateDrizzleJson({}), snapshot);
  const db = await scratchDatabase();
  try {
    for (const s of statements) await db.exec(s);
    return await db.catalog();
  } finally {
    await db.close();
  }
}

describe(`schema.ts declares what the migrations make (${TEST_DB})`, () => {
  let migratedDb: Database;
  let dropMigrated: (() => Promise<void>) | undefined;
  let migrated: Map<string, string>;
  let declared: Map<string, string>;

  beforeAll(async () => {
    const pgdb = TEST_DB === 'postgres' ? await freshPostgresDatabase() : undefined;
    dropMigrated = pgdb?.drop;
    migratedDb = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://', poolSize: 2 });
    migrated = await catalogOf((text) => migratedDb.query<{ k: string; v: string }>({ name: 'schema_catalog', text }, []));
    declared = await catalogOfSnapshot(generateDrizzleJson(schema));
  });
  afterAll(async () => {
    await migratedDb?.close();
    await dropMigrated?.();
  });

  it('finds no difference between the migrated database and the one schema.ts describes', () => {
    expect(differences(migrated, declared)).toEqual([]);
  });

  it('lists as exceptions only objects the migrations really make', () => {
    expect(Object.keys(NOT_IN_DRIZZLE).filter((k) => !migrated.has(k))).toEqual([]);
  });

  it('sees a column, a partial index, a foreign key, a check and a view that schema.ts gets wrong, and an unlisted trigger', async () => {
    // schema.ts as drizzle-kit reads it, then mutated as a careless edit would
    const snapshot = generateDrizzleJson(schema);
    const table = (name: string) => snapshot.tables[`public.${name}`]!;
    delete table('users').columns['avatar'];
    table('mine_upgrades').indexes['mine_upgrades_due']!.where = "status = 'done'";
    delete table('sessions').foreignKeys['sessions_wallet_id_wallets_id_fk'];
    delete table('balances').checkConstraints['balances_non_negative'];
    const view = snapshot.views['public.mine_day_reports']!;
    view.definition = view.definition!.replace('LEFT JOIN', 'JOIN');
    // only what the mutations add (a difference of schema.ts itself fails the first test)
    const before = new Set(differences(migrated, declared));
    const found = differences(migrated, await catalogOfSnapshot(snapshot)).filter((line) => !before.has(line));
    const about = (key: string) => found.filter((line) => line.includes(key));
    expect(about('column users.avatar')).toHaveLength(1);
    expect(about('index mine_upgrades_due')).toHaveLength(1);
    expect(about('constraint sessions.sessions_wallet_id_wallets_id_fk')).toHaveLength(1);
    expect(about('constraint balances.balances_non_negative')).toHaveLength(1);
    expect(about('view mine_day_reports')).toHaveLength(1);
    expect(found).toHaveLength(5);
    // and a trigger a migration adds without listing it in NOT_IN_DRIZZLE
    const withTrigger = new Map(migrated).set('trigger users.users_audit', 'CREATE TRIGGER users_audit …');
    expect(differences(withTrigger, declared).filter((line) => !before.has(line))).toEqual(['migrations make trigger users.users_audit: CREATE TRIGGER users_audit … — schema.ts lacks it']);
  });
});
