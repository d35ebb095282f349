/**
 * `npm run kingdom -- world import [--mapping FILE] [--switch-collections]` (docs/operator-guide.md
 * "Importing the world"): imports the Land and Mining Tool collections configured by
 * `LAND_POLICY_ID` / `MINING_TOOL_POLICY_ID` from Blockfrost (`world-import/importer.ts`), paced by
 * the plan's request budget shared with the servers of the database (`BLOCKFROST_RATE_PER_SECOND` /
 * `BLOCKFROST_BURST`, chain/rate-budget.ts), a 429 or 5xx retried with backoff up to
 * {@link IMPORT_RETRY} (docs/operator-guide.md §8.2), with a progress bar on a terminal (a plain line
 * every 10 % otherwise) and a summary: new, updated, unchanged, and each refused asset with its
 * reason. Opens the database itself (with PGlite, stop the server first); safe to run again (it
 * updates what changed) and to kill (started again, it resumes). Demo mode keeps its generated world.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environment, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { BlockfrostClient, IMPORT_RETRY, type BlockfrostRetry } from '../chain/cardano/blockfrost-client.ts';
import { BLOCKFROST_BUDGET, SharedRateBudget } from '../chain/rate-budget.ts';
import { resolveMapping } from '../world-import/mapping.ts';
import { IMPORT_BATCH, IMPORT_LEASE_TTL_MS, importWorld, type ImportProgress, type ImportSummary } from '../world-import/importer.ts';
import { anyConfig, CliError, type Print } from './shared.ts';

export const WORLD_USAGE = 'npm run kingdom -- world import [--mapping FILE] [--switch-collections]';

/** Options of {@link runWorldImport}. */
export interface WorldImportRun {
  /** Mapping file (default `config.worldImport.mappingFile`, else the built-in defaults). */
  mappingFile?: string | undefined;
  switchCollections?: boolean;
  print: Print;
  /** Progress output: a redrawn bar (`tty`) or a line every 10 %. */
  progress?: { tty: boolean; write: (s: string) => void };
  fetchFn?: typeof fetch;
  /** Waits between attempts (tests); default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a 429, a 5xx or an unreachable Blockfrost; default {@link IMPORT_RETRY}. */
  retry?: BlockfrostRetry;
  /** A database already open (its caller closes it); default: opened from `config` and closed after. */
  db?: Database;
  /** Tests: stop after this many batches, as a crash would. */
  stopAfterBatches?: number;
}

/**
 * Runs the import for `config` and prints its summary.
 * @throws CliError in demo mode, on the emulator (no Blockfrost) or for an unreadable mapping file;
 *   the importer's errors (collections changed, provider failures) pass through
 */
export async function runWorldImport(config: Config, run: WorldImportRun): Promise<ImportSummary> {
  if (config.demo) throw new CliError('world import: demo mode keeps its generated world; set DEMO=false (and LAND_POLICY_ID, MINING_TOOL_POLICY_ID) to import a real collection');
  if (config.cardanoNetwork === 'emulator') throw new CliError('world import: reads the collections through Blockfrost; set CARDANO_NETWORK (preprod, preview, mainnet) and BLOCKFROST_PROJECT_ID (and BLOCKFROST_URL for a Blockfrost-compatible emulator)');
  if (!config.blockfrostProjectId) throw new CliError('world import: BLOCKFROST_PROJECT_ID is not set');
  const file = run.mappingFile ?? config.worldImport.mappingFile;
  let mappingJson: unknown = {};
  if (file) {
    try {
      mappingJson = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new CliError(`world import: cannot read the mapping file ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  let mapping;
  try {
    mapping = resolveMapping(mappingJson);
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
  const db = run.db ?? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // the plan's budget, shared with every server of this database (docs/operator-guide.md §7.3)
  const budget = new SharedRateBudget(db.orm, BLOCKFROST_BUDGET, config.blockfrostBudget.ratePerSecond, config.blockfrostBudget.burst);
  const client = new BlockfrostClient(config.cardanoNetwork, config.blockfrostProjectId, {
    baseUrl: config.blockfrostUrl, budget, retry: run.retry ?? IMPORT_RETRY,
    ...(run.fetchFn ? { fetchFn: run.fetchFn } : {}), ...(run.sleep ? { sleep: run.sleep } : {}),
  });
  const started = Date.now();
  let lastTenth = -1;
  const onProgress = (p: ImportProgress) => {
    if (!run.progress) return;
    const frac = p.total > 0 ? p.done / p.total : 1;
    if (run.progress.tty) {
      const width = 30;
      const bar = p.phase === 'list' ? '' : `[${'#'.repeat(Math.round(frac * width)).padEnd(width, '.')}] `;
      run.progress.write(`\r${p.phase === 'list' ? 'listing' : 'importing'} ${bar}${p.done}${p.phase === 'list' ? '' : `/${p.total}`} assets   `);
    } else if (p.phase === 'fetch' && Math.floor(frac * 10) > lastTenth) {
      lastTenth = Math.floor(frac * 10);
      run.progress.write(`importing: ${p.done}/${p.total} assets (${Math.round(frac * 100)} %)\n`);
    }
  };
  try {
    const summary = await importWorld(db, {
      client, collections: config.collections, mapping, switchCollections: run.switchCollections, onProgress,
      // renewed after each batch and by a heartbeat during a 429 spell's waits: three batches' time
      // at the pace, at least the default (a killed run's lease is free again after it)
      leaseTtlMs: Math.max(IMPORT_LEASE_TTL_MS, Math.ceil((3 * IMPORT_BATCH * 1000) / config.blockfrostBudget.ratePerSecond)),
      ...(run.stopAfterBatches !== undefined ? { stopAfterBatches: run.stopAfterBatches } : {}),
    });
    if (run.progress?.tty) run.progress.write('\n');
    const p = run.print;
    p(`World import run ${summary.runId}${summary.resumed ? ' (resumed)' : ''} ${summary.finished ? 'finished' : 'stopped'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `Land policy ${config.collections.landPolicyId} (${summary.listed.land} assets), Mining Tool policy ${config.collections.miningToolPolicyId} (${summary.listed.tool} assets)`);
    p(`new ${summary.new}, updated ${summary.updated}, unchanged ${summary.unchanged}, refused ${summary.refused.length}`);
    for (const r of summary.refused) p(`  refused ${r.role} ${r.unit}: ${r.reason}`);
    return summary;
  } finally {
    if (!run.db) await db.close();
  }
}

/** The `world` command. */
export async function world(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'import') throw new CliError(`usage: ${WORLD_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { mapping: { type: 'string' }, 'switch-collections': { type: 'boolean' } } });
  const config = anyConfig();
  await runWorldImport(config, {
    mappingFile: values.mapping ? path.resolve(environment().INIT_CWD ?? process.cwd(), values.mapping) : undefined,
    switchCollections: values['switch-collections'] ?? false,
    print: (line) => process.stdout.write(line + '\n'),
    progress: { tty: process.stderr.isTTY === true, write: (s) => process.stderr.write(s) },
  });
}
