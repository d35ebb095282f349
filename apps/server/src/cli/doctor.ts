/**
 * `doctor` (docs/operator-guide.md "Before launch"): checks a configuration against the network
 * before the doors open, and prints one line per check — `ok` or `PROBLEM` — exiting with 1 when
 * any check found a problem. It changes nothing: no migration, no key generated, no price stored.
 *
 * Checks, in order:
 * - `config`: the environment is valid (every variable; the first invalid one is named);
 * - `database`: Postgres (or the PGlite folder) answers and every migration of this code is applied;
 * - `prices stored`: EXO and ADA prices exist and are fresh (operator-set ones never go stale);
 * - `price service`: the `simple/price` provider answers ADA and SOL now (and the EXO/HEXO endpoint, when set);
 * - Cardano on a real network (on the emulator: one `ok` line): `blockfrost` reachable, project key
 *   accepted, and of CARDANO_NETWORK's network — its `/genesis` network magic (mainnet 764824073, preprod 1,
 *   preview 2) and the key's prefix (`mainnet…`, `preprod…`, `preview…`); on another network the
 *   Cardano checks stop there; `request budget`: the plan's daily requests against the estimate
 *   ({@link dailyRequestEstimate}); `policy land|tool|handle`: each policy exists and holds assets;
 *   `unit exo|hexo`: each unit exists; `treasury`: the key file holds a key, its address is
 *   TREASURY_ADDRESS (when set) and holds ADA for fees; `sale address`: an address of the network;
 * - `solana`: the JSON-RPC answers `getGenesisHash` with SOLANA_CLUSTER's (the local cluster on the emulator).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DAY_MS } from '@kingdom/game';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { environment, loadConfig, type Config } from '../config.ts';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { BLOCKFROST_ANSWER_SCHEMAS, BlockfrostClient, BlockfrostStatusError } from '../chain/cardano/blockfrost-client.ts';
import { keyAddress } from '../chain/cardano/money.ts';
import { isCardanoAddress } from '../auth/cardano-address.ts';
import { SOLANA_GENESIS_HASHES, SOLANA_PUBLIC_RPC, usesLocalSolanaCluster } from '../chain/solana/index.ts';
import { configuredPriceProviders } from '../jobs/prices.ts';
import { isStale } from '../modules/prices/service.ts';
import type { PriceRow } from '../modules/prices/repository.ts';
import { serverAnswers, type Print } from './shared.ts';

/** One check's outcome. */
export interface DoctorLine {
  check: string;
  ok: boolean;
  detail: string;
}

/**
 * Blockfrost requests a player causes per day, on average (README "Blockfrost request budget"): a
 * sign-in's wallet sync (1), a deposit or sale payment every ~3 days (22 each: 17 while the watcher
 * sees it to its confirmations, 5 to build and submit it), a withdrawal every ~10 days (≈ 40 each):
 * 1 + 0.3 × 22 + 0.1 × 40 ≈ 12.
 */
export const REQUESTS_PER_PLAYER_DAY = 12;
/** Blockfrost requests of one chain job run with nothing new, whatever the players: the tip ×2 (signer, watcher), the treasury's and sale address's transaction listings (README). */
export const REQUESTS_PER_WATCH_RUN = 4;
/** Lovelace the treasury must hold to pay fees (a payout batch costs ~0.2–0.5 ADA; 5 ADA is a few days of them). */
export const MIN_TREASURY_LOVELACE = 5_000_000n;
/** How long one network question may take. */
const TIMEOUT_MS = 10_000;

/** The estimated Blockfrost requests per day: the watcher's fixed part plus {@link REQUESTS_PER_PLAYER_DAY} per expected player. */
export function dailyRequestEstimate(config: Pick<Config, 'chainMoney' | 'budget'>): { watcher: number; players: number; total: number } {
  const watcher = Math.ceil((DAY_MS / config.chainMoney.watchMs) * REQUESTS_PER_WATCH_RUN);
  const players = config.budget.expectedDailyPlayers * REQUESTS_PER_PLAYER_DAY;
  return { watcher, players, total: watcher + players };
}

/** Network magic of each network (Blockfrost's `GET /genesis` `network_magic`). */
export const NETWORK_MAGIC: Readonly<Record<string, number>> = { mainnet: 764_824_073, preprod: 1, preview: 2 };
const genesis = z.object({ network_magic: z.number().int() });

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const timed = (fetchFn: typeof fetch): typeof fetch => (input, init) => fetchFn(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

/** Applied migrations against this code's journal: `{applied, known, missing}` by their `when` stamps. */
function migrationState(rows: ReadonlyArray<{ created_at: string | number }>): { applied: number; known: number; pending: number; unknown: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  const applied = new Set(rows.map((r) => Number(r.created_at)));
  const known = new Set(journal.entries.map((e) => e.when));
  return {
    applied: applied.size, known: known.size,
    pending: [...known].filter((w) => !applied.has(w)).length,
    unknown: [...applied].filter((w) => !known.has(w)).length,
  };
}

const MIGRATIONS_SQL = 'SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations';
const PRICES_SQL = 'SELECT token, ada::text AS ada, usd::text AS usd, seen_at, source FROM currency_prices';

/** A read-only look at the database: migrations and stored prices. Null prices when the tables are not there yet. */
async function readDatabase(config: Config, fetchFn: typeof fetch): Promise<{ line: DoctorLine; prices: PriceRow[] | null }> {
  let rows: Array<{ created_at: string }>;
  let prices: PriceRow[] | null = null;
  const where = config.databaseUrl ? 'Postgres' : `PGlite ${config.dataDir}`;
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: TIMEOUT_MS });
    try {
      await client.connect();
    } catch (err) {
      return { line: { check: 'database', ok: false, detail: `Postgres does not answer (${errText(err)})` }, prices };
    }
    try {
      rows = (await client.query<{ created_at: string }>(MIGRATIONS_SQL).catch(() => ({ rows: [] }))).rows;
      prices = await client.query<PriceRow>(PRICES_SQL).then((r) => r.rows, () => null);
    } finally {
      await client.end();
    }
  } else {
    if (config.dataDir === 'memory://') return { line: { check: 'database', ok: false, detail: 'DATA_DIR=memory:// keeps nothing: set DATA_DIR or DATABASE_URL' }, prices };
    // PGlite allows one process per folder: a running server's folder is not opened here.
    const live = await serverAnswers(config.port, fetchFn);
    if (live) return { line: { check: 'database', ok: true, detail: `${where} is in use by the server on port ${config.port} (not opened; stop it to check migrations)` }, prices };
    if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) return { line: { check: 'database', ok: false, detail: `${where} holds no database yet (a server creates it at its first start)` }, prices };
    const client = new PGlite(config.dataDir);
    try {
      await client.waitReady;
      rows = (await client.query<{ created_at: string }>(MIGRATIONS_SQL).catch(() => ({ rows: [] }))).rows;
      prices = await client.query<PriceRow>(PRICES_SQL).then((r) => r.rows, () => null);
    } catch (err) {
      return { line: { check: 'database', ok: false, detail: `${where} cannot be opened (${errText(err)})` }, prices };
    } finally {
      await client.close().catch(() => undefined);
    }
  }
  const m = migrationState(rows);
  if (m.unknown > 0) return { line: { check: 'database', ok: false, detail: `${where} has ${m.unknown} migration(s) this code does not know: the database is newer than this release` }, prices };
  if (m.pending > 0) return { line: { check: 'database', ok: false, detail: `${where} answers; ${m.pending} of ${m.known} migrations not applied yet (the first server start applies them)` }, prices };
  return { line: { check: 'database', ok: true, detail: `${where} answers; all ${m.known} migrations applied` }, prices };
}

function storedPricesLine(prices: PriceRow[] | null, config: Config, now: Date): DoctorLine {
  if (prices === null) return { check: 'prices stored', ok: false, detail: 'no price table yet (migrations not applied)' };
  const problems: string[] = [];
  const shown: string[] = [];
  for (const [token, col] of [['exo', 'ada'], ['ada', 'usd']] as const) {
    const row = prices.find((r) => r.token === token);
    const v = row?.[col];
    if (!row || v === null || v === undefined) {
      problems.push(token === 'exo' ? 'EXO was never priced (set PRICE_TOKEN_URL or `kingdom prices set exo …`): EXO packs are refused' : 'ADA/USD was never priced (the price job stores it once a server runs)');
      continue;
    }
    if (isStale(row, now, config.prices.maxAgeMs)) problems.push(`${token.toUpperCase()} is stale (seen ${row.seen_at === null ? 'at an unknown time' : new Date(row.seen_at).toISOString()}, limit ${config.prices.maxAgeMs / 60_000} min)`);
    else shown.push(`${token.toUpperCase()} ${v} ${col.toUpperCase()} (${row.source ?? 'seed'})`);
  }
  return problems.length ? { check: 'prices stored', ok: false, detail: problems.join('; ') } : { check: 'prices stored', ok: true, detail: `fresh: ${shown.join(', ')}` };
}

async function priceServiceLines(config: Config, fetchFn: typeof fetch): Promise<DoctorLine[]> {
  const providers = configuredPriceProviders(config, fetchFn);
  if (providers.length === 0) return [{ check: 'price service', ok: false, detail: 'PRICE_SERVICE_URL is empty: nothing prices ADA in USD' }];
  return Promise.all(providers.map(async (p) => {
    try {
      const seen = await p.fetchPrices();
      return { check: `price service ${p.name}`, ok: true, detail: seen.map((s) => `${s.token.toUpperCase()} ${s.value} ${s.quote.toUpperCase()}`).join(', ') };
    } catch (err) {
      return { check: `price service ${p.name}`, ok: false, detail: errText(err) };
    }
  }));
}

/** The treasury key as the server would read it — without generating one. */
function treasuryKeyLine(config: Config): { line?: DoctorLine; address?: string } {
  const file = config.chainMoney.treasuryKeyFile ?? (config.dataDir === 'memory://' ? null : path.join(config.dataDir, 'treasury.skey'));
  if (!file || !existsSync(file)) {
    return { line: { check: 'treasury', ok: false, detail: `no treasury key${file ? ` at ${file}` : ''}: set TREASURY_KEY_FILE to the key of your funded treasury (a server would generate a new, empty one)` } };
  }
  try {
    return { address: keyAddress(readFileSync(file, 'utf8').trim(), config.cardanoNetwork === 'mainnet' ? 1 : 0) };
  } catch {
    return { line: { check: 'treasury', ok: false, detail: `${file} does not hold a bech32 ed25519 private key (ed25519_sk…)` } };
  }
}

async function cardanoLines(config: Config, fetchFn: typeof fetch): Promise<DoctorLine[]> {
  const network = config.cardanoNetwork;
  if (network === 'emulator') return [{ check: 'cardano', ok: true, detail: 'the emulator (CARDANO_NETWORK=emulator): no provider, policies or treasury to check' }];
  const out: DoctorLine[] = [];
  const projectId = config.blockfrostProjectId ?? '';
  if (!projectId) return [{ check: 'blockfrost', ok: false, detail: 'BLOCKFROST_PROJECT_ID is not set' }];
  const client = new BlockfrostClient(network, projectId, { baseUrl: config.blockfrostUrl, fetchFn: timed(fetchFn), sleep: async () => undefined });
  // A key names its network (`preprod…`): one of another network is refused before anything is asked.
  const keyNetwork = Object.keys(NETWORK_MAGIC).find((n) => projectId.startsWith(n));
  if (keyNetwork && keyNetwork !== network) {
    return [{ check: 'blockfrost', ok: false, detail: `BLOCKFROST_PROJECT_ID is a ${keyNetwork} key, but CARDANO_NETWORK=${network}: use a ${network} project's key (or set CARDANO_NETWORK=${keyNetwork})` }];
  }
  try {
    const tip = await client.get('/blocks/latest', BLOCKFROST_ANSWER_SCHEMAS.latestBlock);
    if (!tip) throw new Error('no tip');
    const magic = (await client.get('/genesis', genesis))?.network_magic;
    const magicNetwork = Object.keys(NETWORK_MAGIC).find((n) => NETWORK_MAGIC[n] === magic);
    if (magic === undefined) {
      return [{ check: 'blockfrost', ok: false, detail: `${client.baseUrl} does not answer /genesis: its network cannot be checked against CARDANO_NETWORK=${network}` }];
    }
    if (magic !== NETWORK_MAGIC[network]) {
      return [{ check: 'blockfrost', ok: false, detail: `${client.baseUrl} is ${magicNetwork ?? `an unknown network (magic ${magic})`}, not ${network} (network magic ${magic}, expected ${NETWORK_MAGIC[network]}): CARDANO_NETWORK, BLOCKFROST_URL or BLOCKFROST_PROJECT_ID is wrong` }];
    }
    // Blockfrost's public hosts only take keys that name their network; a custom BLOCKFROST_URL may use any.
    if (!config.blockfrostUrl && !keyNetwork) out.push({ check: 'blockfrost', ok: false, detail: `the project key is not a ${network} key (Blockfrost keys start with their network)` });
    else out.push({ check: 'blockfrost', ok: true, detail: `${client.baseUrl} answers with the project key: ${network} (network magic ${magic}, tip ${tip.height})` });
  } catch (err) {
    const detail = err instanceof BlockfrostStatusError && (err.status === 403 || err.status === 401)
      ? `the project key is refused (HTTP ${err.status}): check BLOCKFROST_PROJECT_ID`
      : `${client.baseUrl} does not answer (${errText(err)})`;
    return [{ check: 'blockfrost', ok: false, detail }];
  }
  const budget = dailyRequestEstimate(config);
  const need = `${budget.total.toLocaleString('en')} requests a day (watcher ${budget.watcher.toLocaleString('en')} + ${config.budget.expectedDailyPlayers.toLocaleString('en')} players × ${REQUESTS_PER_PLAYER_DAY})`;
  out.push(budget.total <= config.budget.dailyRequests
    ? { check: 'request budget', ok: true, detail: `${need} within the plan's ${config.budget.dailyRequests.toLocaleString('en')}` }
    : { check: 'request budget', ok: false, detail: `${need} exceed the plan's ${config.budget.dailyRequests.toLocaleString('en')} (BLOCKFROST_DAILY_REQUESTS): a bigger plan, fewer players, or a slower CHAIN_WATCH_MS` });

  const policyList = z.array(z.object({ asset: z.string(), quantity: z.string() })).max(100);
  const policies: Array<[string, string, string]> = [
    ['land', config.collections.landPolicyId, 'LAND_POLICY_ID'],
    ['tool', config.collections.miningToolPolicyId, 'MINING_TOOL_POLICY_ID'],
    ['handle', config.handles.policyId, 'HANDLE_POLICY_ID'],
  ];
  for (const [name, policy, variable] of policies) {
    try {
      const assets = await client.get(`/assets/policy/${policy}?count=1`, policyList);
      out.push(assets && assets.length > 0
        ? { check: `policy ${name}`, ok: true, detail: `${policy} holds assets` }
        : { check: `policy ${name}`, ok: false, detail: `${policy} (${variable}) has no assets on ${network}` });
    } catch (err) {
      out.push({ check: `policy ${name}`, ok: false, detail: `${policy}: ${errText(err)}` });
    }
  }
  const assetInfo = z.object({ asset: z.string(), quantity: z.string() });
  for (const [name, unit, variable] of [['exo', config.chainMoney.exoUnit, 'EXO_UNIT'], ['hexo', config.chainMoney.hexoUnit, 'HEXO_UNIT']] as const) {
    if (!unit) { out.push({ check: `unit ${name}`, ok: false, detail: `${variable} is not set` }); continue; }
    try {
      const a = await client.get(`/assets/${unit}`, assetInfo);
      out.push(a ? { check: `unit ${name}`, ok: true, detail: `${unit} exists (supply ${a.quantity})` } : { check: `unit ${name}`, ok: false, detail: `${unit} (${variable}) does not exist on ${network}` });
    } catch (err) {
      out.push({ check: `unit ${name}`, ok: false, detail: `${unit}: ${errText(err)}` });
    }
  }

  const key = treasuryKeyLine(config);
  if (key.line) out.push(key.line);
  else if (config.chainMoney.treasuryAddress && config.chainMoney.treasuryAddress !== key.address) {
    out.push({ check: 'treasury', ok: false, detail: `the key in TREASURY_KEY_FILE is the key of ${key.address}, not of TREASURY_ADDRESS ${config.chainMoney.treasuryAddress}` });
  } else {
    try {
      const { lovelace } = await client.addressAmounts(key.address!);
      out.push(lovelace >= MIN_TREASURY_LOVELACE
        ? { check: 'treasury', ok: true, detail: `${key.address} (its key) holds ${Number(lovelace) / 1e6} ADA for fees` }
        : { check: 'treasury', ok: false, detail: `${key.address} holds ${Number(lovelace) / 1e6} ADA: it cannot pay fees (send it at least ${Number(MIN_TREASURY_LOVELACE) / 1e6} ADA)` });
    } catch (err) {
      out.push({ check: 'treasury', ok: false, detail: `${key.address}: ${errText(err)}` });
    }
  }
  const sale = config.chainMoney.saleAddress;
  out.push(!sale
    ? { check: 'sale address', ok: false, detail: 'SALE_ADDRESS is not set' }
    : isCardanoAddress(sale, network === 'mainnet' ? 'mainnet' : 'testnet')
      ? { check: 'sale address', ok: true, detail: `${sale} is a ${network} address` }
      : { check: 'sale address', ok: false, detail: `SALE_ADDRESS ${sale} is not an address of ${network}` });
  return out;
}

async function solanaLine(config: Config, fetchFn: typeof fetch): Promise<DoctorLine> {
  if (usesLocalSolanaCluster(config)) return { check: 'solana', ok: true, detail: `the local cluster stands in for ${config.solanaCluster} (emulator)` };
  const url = config.solanaRpcUrl ?? SOLANA_PUBLIC_RPC[config.solanaCluster];
  const expected = SOLANA_GENESIS_HASHES[config.solanaCluster];
  try {
    const res = await fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }), signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) return { check: 'solana', ok: false, detail: `${url} answered HTTP ${res.status}` };
    const body = z.object({ result: z.string().max(100) }).safeParse(await res.json());
    if (!body.success) return { check: 'solana', ok: false, detail: `${url} did not answer getGenesisHash` };
    return body.data.result === expected
      ? { check: 'solana', ok: true, detail: `${url} is ${config.solanaCluster} (genesis ${expected})` }
      : { check: 'solana', ok: false, detail: `${url} is not ${config.solanaCluster}: genesis ${body.data.result}, expected ${expected} (SOLANA_CLUSTER or SOLANA_RPC_URL is wrong)` };
  } catch (err) {
    return { check: 'solana', ok: false, detail: `${url} does not answer (${errText(err)})` };
  }
}

/**
 * Runs every check on `env` and prints one line each.
 * @returns the lines; the configuration is ready when every line is ok
 */
export async function runDoctor(env: Record<string, string | undefined>, print: Print, opts: { fetchFn?: typeof fetch; now?: Date } = {}): Promise<DoctorLine[]> {
  const fetchFn = opts.fetchFn ?? fetch;
  const lines: DoctorLine[] = [];
  const emit = (l: DoctorLine) => {
    lines.push(l);
    print(`${l.ok ? 'ok     ' : 'PROBLEM'}  ${l.check}: ${l.detail}`);
  };
  let config: Config;
  try {
    config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  } catch (err) {
    emit({ check: 'config', ok: false, detail: errText(err) });
    return lines;
  }
  emit({ check: 'config', ok: true, detail: `${config.cardanoNetwork}, Solana ${config.solanaCluster}${config.demo ? ', DEMO' : ''}` });
  const db = await readDatabase(config, fetchFn);
  emit(db.line);
  // (prices are read only from a database that answered and is migrated)
  if (db.line.ok && db.prices !== null) emit(storedPricesLine(db.prices, config, opts.now ?? new Date()));
  for (const l of await priceServiceLines(config, fetchFn)) emit(l);
  for (const l of await cardanoLines(config, fetchFn)) emit(l);
  emit(await solanaLine(config, fetchFn));
  return lines;
}

/** Runs `doctor` on the process environment; exit code 1 when a check found a problem. */
export async function doctor(): Promise<void> {
  const lines = await runDoctor(environment(), (line) => console.log(line));
  const problems = lines.filter((l) => !l.ok).length;
  console.log(problems === 0 ? 'ready: every check is ok' : `${problems} problem(s)`);
  if (problems > 0) process.exitCode = 1;
}
