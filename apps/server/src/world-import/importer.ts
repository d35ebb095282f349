/**
 * `kingdom world import` (docs/operator-guide.md "Importing the world"): reads every asset of the
 * configured Land and Mining Tool policies through Blockfrost (`GET /assets/policy/{policy}` paged,
 * then `GET /assets/{asset}` for its on-chain metadata), maps the metadata by the mapping
 * (`mapping.ts`) and writes lands (cell, `hex_name`, size, biome) and mining tools (kind) into the
 * database.
 *
 * - Idempotent: a land or tool is keyed by (policy, asset name); a re-run updates what changed and
 *   reports the rest unchanged. Ids are given once, in listing order, and kept.
 * - Resumable: a run's phase and paging cursor (`world_import_runs`) and each listed asset's status
 *   (`world_import_assets`) are committed with the rows they describe, in batches; a run killed at any
 *   point continues where it stopped when started again (same mapping), nothing doubled.
 * - One at a time cluster-wide: the run holds the job lease `world_import` (renewed every batch; a
 *   killed run's lease expires after {@link IMPORT_LEASE_TTL_MS} and the next run waits for it).
 * - Paced: the caller's client paces its requests (a {@link TokenBucket} around `fetch`).
 * - Never crashes on metadata: an asset whose metadata does not map is refused with its reason
 *   (missing size, unknown biome, duplicate coordinates, non-UTF-8 name, …) and the run goes on.
 *   A provider failure (non-2xx, bad answer) stops the run; started again, it resumes.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MINING_TOOL_KINDS } from '@kingdom/game';
import { exec, type Database, type Orm } from '../db/client.ts';
import type { BlockfrostClient } from '../chain/cardano/blockfrost-client.ts';
import { BLOCKFROST_PAGE } from '../chain/cardano/blockfrost-client.ts';
import { JobLeases } from '../db/leases.ts';
import { recordCollections, type Collections } from './collections.ts';
import { isRefusal, mapLand, mapTool, type Mapping, type MappedLand, type MappedTool, type Refusal } from './mapping.ts';

/** Lease name of the import. */
export const IMPORT_LEASE = 'world_import';
/** The import's lease TTL (ms): a killed run's lease is free again after this. */
export const IMPORT_LEASE_TTL_MS = 20_000;
/** Assets fetched and written per transaction. */
export const IMPORT_BATCH = 50;
/** `/assets/{asset}` requests in flight at once (the token bucket still paces them). */
const CONCURRENCY = 8;
/** CIP-68 reference NFTs (label 100) carry the metadata of their user token: not imported themselves. */
const CIP68_REFERENCE = /^000643b0/;

type Role = 'land' | 'tool';
/** `seq` of the first asset of each role (lands before tools). */
const ROLE_SEQ: Record<Role, number> = { land: 0, tool: 1_000_000_000 };

/** Progress of a run, for a progress bar. */
export interface ImportProgress {
  phase: 'list' | 'fetch';
  /** list: assets listed so far; fetch: assets done of `total`. */
  done: number;
  total: number;
}

/** Options of {@link importWorld}. */
export interface ImportOptions {
  /** A Blockfrost client (paced by its `fetch`). */
  client: Pick<BlockfrostClient, 'policyAssets' | 'asset'>;
  collections: Collections;
  mapping: Mapping;
  /** Record `collections` even when the database recorded others (the operator's switch). */
  switchCollections?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Longest wait for another run's lease (ms); default the lease TTL and 5 s. */
  leaseWaitMs?: number;
  /** The lease's TTL (ms; default {@link IMPORT_LEASE_TTL_MS}): longer than a batch takes at the pace. */
  leaseTtlMs?: number;
  /** Stops the run (as a crash would) after this many batches: tests of resuming. */
  stopAfterBatches?: number;
}

/** One refused asset. */
export interface RefusedAsset {
  unit: string;
  role: Role;
  /** `code: sentence`, e.g. `missing_size: missing size (attributes.Size)`. */
  reason: string;
}

/** What a run did (a resumed run counts what it did before the crash too). */
export interface ImportSummary {
  runId: number;
  resumed: boolean;
  listed: { land: number; tool: number };
  new: number;
  updated: number;
  unchanged: number;
  refused: RefusedAsset[];
  /** Whether the run finished (false only with `stopAfterBatches`). */
  finished: boolean;
}

interface RunRow { id: number; phase: string; list_role: Role; list_page: number; mapping_hash: string }

/** SHA-256 of the mapping (a run resumes only with the mapping it started with). */
export function mappingHash(m: Mapping): string {
  return createHash('sha256').update(JSON.stringify(m, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).digest('hex');
}

/**
 * Imports (or resumes importing) the world of `opts.collections`.
 * @throws CollectionsChangedError when the database recorded other collections and no switch was asked;
 *   Error when another run holds the lease past `leaseWaitMs`, when switching finds the old
 *   collections' lands or tools in use, or when the provider fails (the run resumes when started again)
 */
export async function importWorld(db: Database, opts: ImportOptions): Promise<ImportSummary> {
  const { client, collections, mapping } = opts;
  const ttlMs = opts.leaseTtlMs ?? IMPORT_LEASE_TTL_MS;
  const leases = new JobLeases(db.orm, { ttlMs });
  const deadline = Date.now() + (opts.leaseWaitMs ?? ttlMs + 5_000);
  while (!(await leases.acquire(IMPORT_LEASE))) {
    if (Date.now() > deadline) throw new Error('another world import is running (its lease is held); try again when it has finished');
    await new Promise((r) => setTimeout(r, 500));
  }
  const renew = async () => {
    if (!(await leases.acquire(IMPORT_LEASE))) throw new Error('the world import lost its lease (another run took over)');
  };
  // a heartbeat keeps the lease while a batch waits out a 429 spell, so the TTL stays short and a
  // killed run's lease is free again after it (not after the longest retry wait); a lost lease is
  // found by the next batch's renew
  const heartbeat = setInterval(() => void leases.acquire(IMPORT_LEASE).catch(() => undefined), Math.max(1_000, Math.floor(ttlMs / 3)));
  heartbeat.unref();
  try {
    if (opts.switchCollections) await switchCollections(db.orm, collections);
    else await recordCollections(db.orm, collections);
    await upsertKinds(db.orm, mapping);
    const known = new Set((await exec<{ key: string }>(db.orm, sql`SELECT key FROM mining_tool_kinds`)).map((k) => k.key));
    const hash = mappingHash(mapping);
    const { run, resumed } = await openRun(db.orm, hash);
    const policy: Record<Role, string> = { land: collections.landPolicyId, tool: collections.miningToolPolicyId };

    // Phase 1: list both policies a page at a time; the cursor moves with each page's rows.
    let listed = (await countListed(db.orm, run.id));
    if (run.phase === 'list') {
      let role = run.list_role;
      let page = run.list_page;
      for (;;) {
        const rows = await client.policyAssets(policy[role], page);
        const units = rows.map((r) => r.asset).filter((u) => !CIP68_REFERENCE.test(u.slice(56)));
        const last = rows.length < BLOCKFROST_PAGE;
        const nextRole: Role | null = last ? (role === 'land' ? 'tool' : null) : role;
        await db.orm.transaction(async (tx) => {
          if (units.length > 0) {
            const json = JSON.stringify(units.map((u, i) => ({ unit: u, seq: ROLE_SEQ[role] + (page - 1) * BLOCKFROST_PAGE + i })));
            await exec(tx, sql`
              INSERT INTO world_import_assets (unit, role, seq, run_id, status, reason, seen_at)
              SELECT t.unit, ${role}, t.seq, ${run.id}, 'pending', NULL, now() FROM jsonb_to_recordset(${json}::jsonb) AS t(unit text, seq int)
              ON CONFLICT (unit) DO UPDATE SET role = EXCLUDED.role, seq = EXCLUDED.seq, run_id = EXCLUDED.run_id, status = 'pending', reason = NULL, seen_at = now()`);
          }
          if (nextRole === null) await exec(tx, sql`UPDATE world_import_runs SET phase = 'fetch' WHERE id = ${run.id}`);
          else await exec(tx, sql`UPDATE world_import_runs SET list_role = ${nextRole}, list_page = ${nextRole === role ? page + 1 : 1} WHERE id = ${run.id}`);
        });
        listed = await countListed(db.orm, run.id);
        opts.onProgress?.({ phase: 'list', done: listed.land + listed.tool, total: listed.land + listed.tool });
        await renew();
        if (nextRole === null) break;
        if (nextRole !== role) page = 1;
        else page += 1;
        role = nextRole;
      }
    }

    // Phase 2: fetch each pending asset's metadata, map it, write it; a batch per transaction.
    const total = listed.land + listed.tool;
    let batches = 0;
    for (;;) {
      const pending = await exec<{ unit: string; role: Role }>(db.orm, sql`
        SELECT unit, role FROM world_import_assets WHERE run_id = ${run.id} AND status = 'pending' ORDER BY seq LIMIT ${IMPORT_BATCH}`);
      if (pending.length === 0) break;
      if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches) return { ...(await summarize(db.orm, run.id, resumed)), finished: false };
      const fetched = await mapConcurrent(pending, CONCURRENCY, async (p) => ({ ...p, answer: await client.asset(p.unit) }));
      await db.orm.transaction(async (tx) => {
        const outcomes = await writeBatch(tx, policy, mapping, known, fetched);
        const json = JSON.stringify(fetched.map((f, i) => {
          const o = outcomes[i]!;
          return {
            unit: f.unit, status: isRefusal(o) ? 'refused' : o.status, reason: isRefusal(o) ? `${o.code}: ${o.reason}` : null,
            hash: f.answer ? createHash('sha256').update(JSON.stringify(f.answer.onchain_metadata ?? null)).digest('hex') : null,
          };
        }));
        await exec(tx, sql`UPDATE world_import_assets a SET status = t.status, reason = t.reason, metadata_hash = t.hash, seen_at = now()
          FROM jsonb_to_recordset(${json}::jsonb) AS t(unit text, status text, reason text, hash text)
          WHERE a.unit = t.unit AND a.run_id = ${run.id}`);
      });
      batches += 1;
      const [{ n }] = (await exec<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM world_import_assets WHERE run_id = ${run.id} AND status <> 'pending'`)) as [{ n: number }];
      opts.onProgress?.({ phase: 'fetch', done: n, total });
      await renew();
    }
    const summary = await summarize(db.orm, run.id, resumed);
    await exec(db.orm, sql`UPDATE world_import_runs SET phase = 'done', finished_at = now(),
      counts = ${JSON.stringify({ new: summary.new, updated: summary.updated, unchanged: summary.unchanged, refused: summary.refused.length, listed: summary.listed })}::jsonb
      WHERE id = ${run.id}`);
    return summary;
  } finally {
    clearInterval(heartbeat);
    await leases.release(IMPORT_LEASE).catch(() => undefined);
  }
}

/** The unfinished run with this mapping (resumed), or a new one (an unfinished run of another mapping is abandoned). */
async function openRun(orm: Orm, hash: string): Promise<{ run: RunRow; resumed: boolean }> {
  const [open] = await exec<RunRow>(orm, sql`SELECT id, phase, list_role, list_page, mapping_hash FROM world_import_runs WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1`);
  if (open && open.mapping_hash === hash) return { run: open, resumed: true };
  if (open) await exec(orm, sql`UPDATE world_import_runs SET phase = 'abandoned', finished_at = now() WHERE id = ${open.id}`);
  const [run] = await exec<RunRow>(orm, sql`INSERT INTO world_import_runs (mapping_hash) VALUES (${hash}) RETURNING id, phase, list_role, list_page, mapping_hash`);
  return { run: run!, resumed: false };
}

async function countListed(orm: Orm, runId: number): Promise<{ land: number; tool: number }> {
  const rows = await exec<{ role: Role; n: number }>(orm, sql`SELECT role, count(*)::int AS n FROM world_import_assets WHERE run_id = ${runId} GROUP BY role`);
  return { land: rows.find((r) => r.role === 'land')?.n ?? 0, tool: rows.find((r) => r.role === 'tool')?.n ?? 0 };
}

async function summarize(orm: Orm, runId: number, resumed: boolean): Promise<ImportSummary> {
  const counts = await exec<{ status: string; n: number }>(orm, sql`SELECT status, count(*)::int AS n FROM world_import_assets WHERE run_id = ${runId} GROUP BY status`);
  const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const refused = await exec<RefusedAsset>(orm, sql`SELECT unit, role, reason FROM world_import_assets WHERE run_id = ${runId} AND status = 'refused' ORDER BY seq`);
  return { runId, resumed, listed: await countListed(orm, runId), new: n('new'), updated: n('updated'), unchanged: n('unchanged'), refused, finished: true };
}

/** The mapping's `kinds` (new or redefined mining tool kinds) into the catalogue. */
async function upsertKinds(orm: Orm, mapping: Mapping): Promise<void> {
  // the catalogue first (a database no server has started yet has none)
  for (const k of MINING_TOOL_KINDS) {
    await exec(orm, sql`INSERT INTO mining_tool_kinds (key, name, daily_hexo) VALUES (${k.key}, ${k.name}, ${k.dailyHexo.toString()}::numeric) ON CONFLICT (key) DO NOTHING`);
  }
  for (const [key, k] of Object.entries(mapping.tools.kinds)) {
    await exec(orm, sql`INSERT INTO mining_tool_kinds (key, name, daily_hexo) VALUES (${key}, ${k.name}, ${k.dailyHexo.toString()}::numeric)
      ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, daily_hexo = EXCLUDED.daily_hexo`);
  }
}

/**
 * The operator's switch to other collections: the previous collections' lands and tools leave the
 * world (only while nothing refers to them: no workers, mints or other rows), then the new policies
 * are recorded.
 * @throws Error when a previous land or tool is still referred to (a fresh database is then the way)
 */
async function switchCollections(orm: Orm, collections: Collections): Promise<void> {
  await orm.transaction(async (tx) => {
    try {
      await exec(tx, sql`DELETE FROM lands WHERE collection_key <> ${collections.landPolicyId}`);
      await exec(tx, sql`DELETE FROM mining_tools WHERE collection_key <> ${collections.miningToolPolicyId}`);
    } catch (err) {
      throw new Error(`cannot switch collections: the previous collections' lands or tools are still in use (${err instanceof Error ? err.message : String(err)}); start the new collections on a fresh database`);
    }
    await recordCollections(tx, collections, { switch: true });
  });
}

type Outcome = { status: 'new' | 'updated' | 'unchanged' } | Refusal;
type Answer = Awaited<ReturnType<ImportOptions['client']['asset']>>;

/**
 * Maps and writes one batch in a few statements: the batch's lands and tools as they are, the lands
 * on the cells it asks for, then inserts (ids after the largest), updates and refusals in listing
 * order. A cell held by another land refuses the later asset (duplicate coordinates).
 * @returns the outcome of each asset, in `fetched` order
 */
async function writeBatch(tx: Orm, policy: Record<Role, string>, mapping: Mapping, known: ReadonlySet<string>,
  fetched: ReadonlyArray<{ unit: string; role: Role; answer: Answer }>): Promise<Outcome[]> {
  const mapped = fetched.map((f): { land?: MappedLand; tool?: MappedTool; refusal?: Refusal } => {
    const assetName = f.unit.slice(56);
    if (!f.answer) return { refusal: { code: 'not_found', reason: 'the provider does not know this asset (burnt?)' } };
    const metadata = f.answer.onchain_metadata ?? null;
    const m = f.role === 'land' ? mapLand(mapping, assetName, f.answer.quantity, metadata) : mapTool(mapping, known, assetName, f.answer.quantity, metadata);
    if (isRefusal(m)) return { refusal: m };
    return f.role === 'land' ? { land: m as MappedLand } : { tool: m as MappedTool };
  });
  const landNames = fetched.filter((f) => f.role === 'land').map((f) => f.unit.slice(56));
  const toolNames = fetched.filter((f) => f.role === 'tool').map((f) => f.unit.slice(56));
  const cells = mapped.flatMap((m) => (m.land ? [m.land.hexName] : []));
  const oldLands = new Map((await exec<{ id: number; asset_key: string; name: string; q: number; r: number; size: string; biome: string; hex_name: string }>(tx, sql`
    SELECT id, asset_key, name, q, r, size, biome, hex_name FROM lands WHERE collection_key = ${policy.land} AND asset_key = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(landNames)}::jsonb)))`)).map((l) => [l.asset_key, l]));
  const oldTools = new Map((await exec<{ id: number; asset_key: string; kind_key: string; serial: number }>(tx, sql`
    SELECT id, asset_key, kind_key, serial FROM mining_tools WHERE collection_key = ${policy.tool} AND asset_key = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(toolNames)}::jsonb)))`)).map((t) => [t.asset_key, t]));
  /** cell → the land on it (`id`, `key` = collection + asset). */
  const onCell = new Map((await exec<{ id: number; hex_name: string; key: string }>(tx, sql`
    SELECT id, hex_name, collection_key || asset_key AS key FROM lands WHERE hex_name = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(cells)}::jsonb)))`)).map((l) => [l.hex_name, { id: l.id, key: l.key }]));
  const [{ land: maxLand, tool: maxTool }] = (await exec<{ land: number; tool: number }>(tx, sql`
    SELECT (SELECT coalesce(max(id), 0) FROM lands)::int AS land, (SELECT coalesce(max(id), 0) FROM mining_tools)::int AS tool`)) as [{ land: number; tool: number }];
  let nextLand = maxLand;
  let nextTool = maxTool;
  const newLands: object[] = [];
  const updLands: object[] = [];
  const newTools: object[] = [];
  const updTools: object[] = [];
  const outcomes = fetched.map((f, i): Outcome => {
    const m = mapped[i]!;
    if (m.refusal) return m.refusal;
    const assetName = f.unit.slice(56);
    if (m.land) {
      const l = m.land;
      const key = policy.land + assetName;
      const holder = onCell.get(l.hexName);
      if (holder && holder.key !== key) {
        return { code: 'duplicate_coordinates', reason: `coordinates ${l.hexName} (${l.q}, ${l.r}) are already land #${holder.id}'s (${holder.key})` };
      }
      const old = oldLands.get(assetName);
      if (old) {
        const name = l.name ?? `Land #${old.id}`;
        if (old.name === name && old.q === l.q && old.r === l.r && old.size === l.size && old.biome === l.biome) return { status: 'unchanged' };
        if (onCell.get(old.hex_name)?.key === key) onCell.delete(old.hex_name);
        onCell.set(l.hexName, { id: old.id, key });
        updLands.push({ id: old.id, name, q: l.q, r: l.r, hex_name: l.hexName, size: l.size, biome: l.biome });
        return { status: 'updated' };
      }
      const id = ++nextLand;
      onCell.set(l.hexName, { id, key });
      newLands.push({ id, name: l.name ?? `Land #${id}`, q: l.q, r: l.r, hex_name: l.hexName, size: l.size, biome: l.biome, asset_key: assetName });
      return { status: 'new' };
    }
    const t = m.tool!;
    const old = oldTools.get(assetName);
    if (old) {
      const serial = t.serial ?? old.serial;
      if (old.kind_key === t.kindKey && old.serial === serial) return { status: 'unchanged' };
      updTools.push({ id: old.id, kind_key: t.kindKey, serial });
      return { status: 'updated' };
    }
    const id = ++nextTool;
    newTools.push({ id, kind_key: t.kindKey, serial: t.serial ?? id, asset_key: assetName });
    return { status: 'new' };
  });
  if (updLands.length > 0) {
    // moved lands first leave their cells (a land may move onto a cell another one leaves)
    await exec(tx, sql`UPDATE lands l SET hex_name = 'moving-' || l.id FROM jsonb_to_recordset(${JSON.stringify(updLands)}::jsonb) AS t(id int) WHERE l.id = t.id`);
    await exec(tx, sql`UPDATE lands l SET name = t.name, q = t.q, r = t.r, hex_name = t.hex_name, size = t.size, biome = t.biome
      FROM jsonb_to_recordset(${JSON.stringify(updLands)}::jsonb) AS t(id int, name text, q int, r int, hex_name text, size text, biome text) WHERE l.id = t.id`);
  }
  if (newLands.length > 0) {
    await exec(tx, sql`INSERT INTO lands (id, hex_name, name, q, r, size, biome, collection_key, asset_key, goldmine_level, frenmine_level)
      SELECT t.id, t.hex_name, t.name, t.q, t.r, t.size, t.biome, ${policy.land}, t.asset_key, 1, 1
      FROM jsonb_to_recordset(${JSON.stringify(newLands)}::jsonb) AS t(id int, hex_name text, name text, q int, r int, size text, biome text, asset_key text)`);
  }
  if (updTools.length > 0) {
    await exec(tx, sql`UPDATE mining_tools m SET kind_key = t.kind_key, serial = t.serial
      FROM jsonb_to_recordset(${JSON.stringify(updTools)}::jsonb) AS t(id int, kind_key text, serial int) WHERE m.id = t.id`);
  }
  if (newTools.length > 0) {
    await exec(tx, sql`INSERT INTO mining_tools (id, kind_key, serial, collection_key, asset_key)
      SELECT t.id, t.kind_key, t.serial, ${policy.tool}, t.asset_key FROM jsonb_to_recordset(${JSON.stringify(newTools)}::jsonb) AS t(id int, kind_key text, serial int, asset_key text)`);
  }
  return outcomes;
}

/** `f` over `items` with at most `limit` at once; results in input order. */
async function mapConcurrent<T, R>(items: readonly T[], limit: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  }));
  return out;
}
