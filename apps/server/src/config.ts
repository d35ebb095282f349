/**
 * The server's configuration, read once from the environment and validated with zod.
 * Nothing else in the server reads `process.env` (docs/architecture.md §8).
 */
import path from 'node:path';
import { z } from 'zod';
import { isAddress } from '@solana/kit';
import { DEFAULT_CONFIRMATIONS, DEFAULT_MINT_PRICE_ADA, mintPriceLovelace, LAND_POLICY_ID as DEMO_LAND_POLICY_ID, MINING_TOOL_POLICY_ID as DEMO_MINING_TOOL_POLICY_ID } from '@kingdom/game';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DEMO: bool.optional(),
  MAINTENANCE: bool.default(false),
  /**
   * The operator console's two-person rule (docs/game-rules.md §15): an adjustment or a payment
   * credit above this many whole tokens (any token) waits for a second admin's approval.
   */
  CONSOLE_TWO_PERSON_LIMIT: z.coerce.number().int().min(0).max(1_000_000_000_000).default(1000),
  /**
   * Trust X-Forwarded-For from a reverse proxy: `false` (default: the socket's address is the
   * client), `true` (any hop), a hop count, or addresses/CIDRs of the trusted proxies.
   */
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CARDANO_NETWORK: z.enum(['emulator', 'preprod', 'preview', 'mainnet']).default('emulator'),
  SOLANA_CLUSTER: z.enum(['devnet', 'testnet', 'mainnet-beta']).default('devnet'),
  BLOCKFROST_PROJECT_ID: z.string().optional(),
  /**
   * Blockfrost API v0 base URL instead of the public host of `CARDANO_NETWORK` (e.g. the local
   * Blockfrost-compatible emulator: `npm run kingdom -- blockfrost-emulator`); empty = the public host.
   */
  BLOCKFROST_URL: z.union([z.literal(''), z.string().max(500).url().regex(/^https?:\/\//, 'must be an http(s) URL')]).optional(),
  SOLANA_RPC_URL: z.string().optional(),
  /** Local Solana cluster (emulator): ms between produced slots (0: only on demand). */
  SOLANA_SLOT_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** Local Solana cluster: slots on top of a transaction's slot before it is finalized (≥ 1; a rollback may drop fewer). */
  SOLANA_FINALITY_SLOTS: z.coerce.number().int().min(1).max(1000).default(2),
  /** Real Solana cluster: ms `POST /api/solana/rpc` waits for the upstream RPC before answering a JSON-RPC error. */
  SOLANA_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Address (base58) that receives SOL paid for EXO; required on a real cluster, the local cluster makes its own. */
  SOLANA_SALE_ADDRESS: z.union([z.literal(''), z.string().max(44).refine((v) => isAddress(v), 'must be a base58 Solana address (32 bytes)')]).optional(),
  /**
   * External mint page of 'Mint Your Land' (landing, land pages). Empty: the app's own mint dialog
   * (docs/game-rules.md §2). Default: empty in demo mode, the CardanoLands mint page otherwise.
   */
  MINT_URL: z.string().optional(),
  /** Sale price of one land in the in-app mint, ADA (≤ 6 decimals; docs/game-rules.md §2). */
  MINT_PRICE_ADA: z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, 'ADA with at most 6 decimals').refine((v) => mintPriceLovelace(v) !== null, 'must be more than 0').default(DEFAULT_MINT_PRICE_ADA),
  PRICE_SERVICE_URL: z.string().default('https://api.coingecko.com/api/v3/simple/price'),
  /** A provider-seen price older than this (minutes) is stale: shown as such, and nothing is priced from it. */
  PRICE_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** ms between runs of the price job (its lease: one run cluster-wide); 0 = no price job on this process. */
  PRICE_JOB_MS: z.coerce.number().int().min(0).max(24 * 3_600_000).default(300_000),
  /** A price provider that has not answered within this many ms has failed (nothing stored). */
  PRICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * EXO/HEXO in ADA from a DEX or aggregator: a URL answering `{"exo": {"ada": n}, "hexo": {"ada": n}}`
   * (docs/operator-guide.md "Prices"); empty = EXO/HEXO only as the operator sets them (`kingdom prices set`).
   */
  PRICE_TOKEN_URL: z.union([z.literal(''), z.string().max(500).url().regex(/^https?:\/\//, 'must be an http(s) URL')]).optional(),
  /** Policy id of ADA Handles (the wallet handle); default: mainnet's. */
  HANDLE_POLICY_ID: z.string().regex(/^[0-9a-f]{56}$/, 'must be a policy id: 56 lowercase hex characters').default('f0ff48bbb7bbe9d59a40f1ce90e9e9d0ff5002ec48f232b49ca0fb9a'),
  /** `kingdom doctor`: the Blockfrost plan's requests per day, and the players expected per day. */
  BLOCKFROST_DAILY_REQUESTS: z.coerce.number().int().min(1).default(50_000),
  EXPECTED_DAILY_PLAYERS: z.coerce.number().int().min(0).default(500),
  PUBLIC_DOMAIN: z.string().default('localhost'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Market orders and cancels per account per minute, cluster-wide (docs/game-rules.md §16.5). */
  MARKET_ORDERS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  WEB_DIST: z.string().optional(),
  INIT_CWD: z.string().optional(),
  /** File holding the treasury signer's ed25519 key (bech32 `ed25519_sk…`); demo: generated in DATA_DIR. */
  TREASURY_KEY_FILE: z.string().optional(),
  /** `kingdom doctor`: the address the operator funded as the treasury; doctor checks TREASURY_KEY_FILE's key is its key. */
  TREASURY_ADDRESS: z.string().max(200).optional(),
  /** Address that receives the token sale's ADA (watch-only); the emulator makes its own. */
  SALE_ADDRESS: z.string().max(200).optional(),
  /** Units (`policyId + assetNameHex`) of EXO and HEXO on a real network; the emulator makes its own. */
  EXO_UNIT: z.string().regex(/^[0-9a-f]{56,120}$/).optional(),
  HEXO_UNIT: z.string().regex(/^[0-9a-f]{56,120}$/).optional(),
  /** Policy ids of the Land and Mining Tool NFT collections; required on a real network unless DEMO (docs/operator-guide.md). */
  LAND_POLICY_ID: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{56}$/, 'must be a policy id: 56 lowercase hex characters')]).optional(),
  MINING_TOOL_POLICY_ID: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{56}$/, 'must be a policy id: 56 lowercase hex characters')]).optional(),
  /** `kingdom world import`: the metadata mapping file (JSON; empty = the built-in defaults). */
  WORLD_MAPPING_FILE: z.string().max(4096).optional(),
  /**
   * The Blockfrost plan's request rate (token bucket refill, per second) and burst (bucket size): one
   * budget in the database shared by every server and `kingdom world import` (docs/operator-guide.md §7.3).
   */
  BLOCKFROST_RATE_PER_SECOND: z.coerce.number().positive().max(100_000).default(10),
  BLOCKFROST_BURST: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * Where a database that has never watched the chain starts its chain watcher: `tip` (the tip at the
   * first start) or a block height. Default: `tip` on a real network, 1 on the emulator.
   */
  CHAIN_START_BLOCK: z.string().regex(/^(?:tip|[1-9]\d{0,9})$/, 'must be tip or a block height (1 or more)').optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CONFIRMATIONS),
  /** Emulator: ms between produced blocks (0: only on demand). */
  EMULATOR_BLOCK_MS: z.coerce.number().int().min(0).default(3000),
  /** Demo + emulator: fund a Cardano wallet's first sign-in with emulator ADA, EXO and HEXO. */
  DEMO_CHAIN_FAUCET: bool.default(true),
  /** Real networks: ms between chain watcher runs. */
  CHAIN_WATCH_MS: z.coerce.number().int().min(1000).default(20_000),
  /** Pending connections the kernel queues for `listen` (capped by net.core.somaxconn). */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(2048),
  /** Graceful shutdown: ms to let in-flight requests finish before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The daily tick's batches run at once on Postgres (jobs/settlement/options.ts `SETTLE_LANES`): more is a faster tick with slower player writes during it. */
  SETTLE_LANES: z.coerce.number().int().min(1).max(16).optional(),
  /** Postgres parallel workers per staging statement of the tick (`SETTLE_PARALLEL_WORKERS`): for a database with cores to spare. */
  SETTLE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  /** Serve Prometheus metrics at `/metrics`. */
  METRICS: bool.default(true),
  /** When set, `/metrics` requires `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().max(200).optional(),
  /** Web Push (docs/product.md §10, "Push notifications"): the VAPID key pair (base64url; both or neither; unset = generated at the first start and kept in the database). */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (65 bytes)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (32 bytes)').optional(),
  /** Web Push: the contact push services see (RFC 8292 `sub`), a mailto: or https: URL; default mailto:push@PUBLIC_DOMAIN. */
  VAPID_SUBJECT: z.string().max(200).regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: URL').optional(),
  /** ms between push job runs (its lease: one run cluster-wide); 0 = no push job on this process. */
  PUSH_JOB_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** A push service that has not answered within this many ms has failed this attempt (retried with backoff). */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Push deliveries sent per second at most, cluster-wide (the job runs on one process at a time). */
  PUSH_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** TEST ONLY: accept push endpoints `http://127.0.0.1:<port>/…` (a local push-service stand-in); refused unless CARDANO_NETWORK=emulator. */
  PUSH_TEST_LOCAL_ENDPOINTS: bool.default(false),
  LINK_WHITEPAPER: z.string().default('https://cardanolands.com/whitepaper'),
  LINK_SOCIAL: z.string().default('https://twitter.com/CardanoLands'),
  LINK_CHAT: z.string().default('https://discord.gg/cardanolands'),
  LINK_GUIDEBOOK: z.string().default('https://guide.cardanolands.com'),
});

/** Validated configuration. Durations: hours; ports: numbers. */
export interface Config {
  port: number;
  host: string;
  /** Postgres URL; undefined means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** Demo mode: seeds the demo world, offers the demo wallet and faucet. Default: on with PGlite. */
  demo: boolean;
  maintenance: boolean;
  /** The operator console: adjustments above `twoPersonLimit` base units need a second admin (CONSOLE_TWO_PERSON_LIMIT × 10^6). */
  console: { twoPersonLimit: bigint };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  cardanoNetwork: z.infer<typeof envSchema>['CARDANO_NETWORK'];
  solanaCluster: z.infer<typeof envSchema>['SOLANA_CLUSTER'];
  blockfrostProjectId: string | undefined;
  /** Blockfrost API v0 base URL (no trailing slash); undefined = the network's public host. */
  blockfrostUrl: string | undefined;
  solanaRpcUrl: string | undefined;
  /**
   * Solana (chain/solana): the local cluster's slot time (ms, 0 = on demand) and finality (slots); the sale address (base58) when set;
   * on a real cluster the browser RPC proxy's upstream timeout (ms).
   */
  solana: { slotMs: number; finalitySlots: number; saleAddress: string | undefined; rpcTimeoutMs: number };
  mintUrl: string;
  /** The in-app land mint (docs/game-rules.md §2): the sale price in lovelace. Open only on the emulator. */
  mint: { priceLovelace: bigint };
  priceServiceUrl: string;
  /** Prices (docs/game-rules.md §1): a price the provider saw longer ago than `maxAgeMs` (ms) is stale. */
  prices: {
    maxAgeMs: number;
    /** ms between price job runs; 0 = no price job here. */
    jobMs: number;
    /** ms a provider may take before it counts as failed. */
    timeoutMs: number;
    /** EXO/HEXO aggregator URL; undefined = operator-set prices only. */
    tokenUrl: string | undefined;
  };
  /** ADA Handles (docs/product.md §3 wallet handle): the policy whose assets a wallet holds are its handles. */
  handles: { policyId: string };
  /** `kingdom doctor`'s request budget check: the provider plan's daily requests, players expected per day. */
  budget: { dailyRequests: number; expectedDailyPlayers: number };
  /**
   * The Land and Mining Tool NFT collections (Cardano policy ids, 56 hex). Demo or emulator: the
   * demo's own by default; a real network without DEMO requires LAND_POLICY_ID and
   * MINING_TOOL_POLICY_ID. The first start records them; a start with other ones refuses
   * (`kingdom world import --switch-collections` is the operator's step; docs/operator-guide.md).
   */
  collections: { landPolicyId: string; miningToolPolicyId: string };
  /** `kingdom world import`: mapping file (undefined = built-in defaults). */
  worldImport: { mappingFile: string | undefined };
  /** The Blockfrost plan's request budget, shared through the database by every process (requests/s, burst). */
  blockfrostBudget: { ratePerSecond: number; burst: number };
  /** Domain named in sign-in messages. */
  publicDomain: string;
  sessionTtlHours: number;
  authRateLimitPerMinute: number;
  /** Market orders and cancels per account per minute, counted in the database for every process (MARKET_ORDERS_PER_MINUTE). */
  marketOrdersPerMinute: number;
  /** Fastify's `trustProxy`: false unless a proxy is configured (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /** Built web app folder served at `/`; undefined disables static serving. */
  webDist: string | undefined;
  links: { whitepaper: string; social: string; chat: string; guidebook: string };
  /** Operations (docs/architecture.md §6): listen backlog, graceful shutdown (ms), Prometheus metrics. */
  ops: {
    listenBacklog: number;
    shutdownTimeoutMs: number;
    metrics: boolean;
    metricsToken: string | undefined;
  };
  /** The daily tick's concurrency on Postgres (docs/architecture.md §4); unset = the tick's defaults. */
  settlement: { lanes?: number; parallelWorkers?: number };
  /**
   * Web Push (docs/product.md §10, "Push notifications"): the VAPID pair when configured (else the database's), its subject, the job's period,
   * the outgoing calls' timeout (ms), the cluster-wide send rate (per second), and the test-only local endpoints.
   */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    jobMs: number;
    timeoutMs: number;
    ratePerSecond: number;
    allowLocalTestEndpoints: boolean;
  };
  /** Chain money (docs/game-rules.md §8). Durations in ms. */
  chainMoney: {
    treasuryKeyFile: string | undefined;
    /** The treasury address the operator expects (TREASURY_ADDRESS; `kingdom doctor` compares the key's). */
    treasuryAddress: string | undefined;
    saleAddress: string | undefined;
    exoUnit: string | undefined;
    hexoUnit: string | undefined;
    confirmations: number;
    emulatorBlockMs: number;
    watchMs: number;
    demoChainFaucet: boolean;
    /** Where the chain watcher of a database that has never watched starts: `tip` or a block height (CHAIN_START_BLOCK). */
    startBlock: number | 'tip';
  };
}

/**
 * A configuration the server refuses to start with, found after the environment was read (a real
 * network without its Blockfrost settings, a missing key file…): `main.ts` prints its message as one
 * line and exits 1, without a stack trace.
 */
export class ConfigurationError extends Error {}

/** The process environment: the one place the server reads it. */
export function environment(): Record<string, string | undefined> {
  return process.env;
}

/**
 * Reads and validates the environment.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined> = environment()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  // A real network runs the demo only when DEMO=true is written (docs/operator-guide.md §1): unset, it
  // is a launch, and its required settings are checked here.
  const demo = e.DEMO ?? (!e.DATABASE_URL && e.CARDANO_NETWORK === 'emulator');
  const demoCollections = demo || e.CARDANO_NETWORK === 'emulator';
  const missing = [!e.LAND_POLICY_ID && 'LAND_POLICY_ID', !e.MINING_TOOL_POLICY_ID && 'MINING_TOOL_POLICY_ID'].filter(Boolean);
  if (!demoCollections && missing.length > 0) {
    throw new Error(`invalid environment: ${missing.join(' and ')} must be set on ${e.CARDANO_NETWORK} (the policy ids of your Land and Mining Tool collections, 56 hex characters; the demo's own are used only with DEMO=true or CARDANO_NETWORK=emulator)`);
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) throw new Error('invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  if (e.PUSH_TEST_LOCAL_ENDPOINTS && e.CARDANO_NETWORK !== 'emulator') throw new Error('invalid environment: PUSH_TEST_LOCAL_ENDPOINTS is for tests on the emulator only, never on a real network');
  if (e.LAND_POLICY_ID && e.LAND_POLICY_ID === e.MINING_TOOL_POLICY_ID) throw new Error('invalid environment: LAND_POLICY_ID and MINING_TOOL_POLICY_ID must differ');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    // npm runs workspace scripts in the workspace folder; relative paths mean the caller's folder.
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    demo,
    maintenance: e.MAINTENANCE,
    console: { twoPersonLimit: BigInt(e.CONSOLE_TWO_PERSON_LIMIT) * 1_000_000n },
    logLevel: e.LOG_LEVEL,
    cardanoNetwork: e.CARDANO_NETWORK,
    solanaCluster: e.SOLANA_CLUSTER,
    blockfrostProjectId: e.BLOCKFROST_PROJECT_ID,
    blockfrostUrl: e.BLOCKFROST_URL ? e.BLOCKFROST_URL.replace(/\/+$/, '') : undefined,
    solanaRpcUrl: e.SOLANA_RPC_URL,
    solana: { slotMs: e.SOLANA_SLOT_MS, finalitySlots: e.SOLANA_FINALITY_SLOTS, saleAddress: e.SOLANA_SALE_ADDRESS || undefined, rpcTimeoutMs: e.SOLANA_RPC_TIMEOUT_MS },
    mintUrl: e.MINT_URL ?? (demo ? '' : 'https://cardanolands.com/mint'),
    mint: { priceLovelace: mintPriceLovelace(e.MINT_PRICE_ADA)! },
    priceServiceUrl: e.PRICE_SERVICE_URL,
    prices: { maxAgeMs: e.PRICE_MAX_AGE_MINUTES * 60_000, jobMs: e.PRICE_JOB_MS, timeoutMs: e.PRICE_TIMEOUT_MS, tokenUrl: e.PRICE_TOKEN_URL || undefined },
    handles: { policyId: e.HANDLE_POLICY_ID },
    budget: { dailyRequests: e.BLOCKFROST_DAILY_REQUESTS, expectedDailyPlayers: e.EXPECTED_DAILY_PLAYERS },
    collections: { landPolicyId: e.LAND_POLICY_ID || DEMO_LAND_POLICY_ID, miningToolPolicyId: e.MINING_TOOL_POLICY_ID || DEMO_MINING_TOOL_POLICY_ID },
    worldImport: { mappingFile: e.WORLD_MAPPING_FILE ? path.resolve(e.INIT_CWD ?? process.cwd(), e.WORLD_MAPPING_FILE) : undefined },
    blockfrostBudget: { ratePerSecond: e.BLOCKFROST_RATE_PER_SECOND, burst: e.BLOCKFROST_BURST },
    publicDomain: e.PUBLIC_DOMAIN,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    marketOrdersPerMinute: e.MARKET_ORDERS_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST ? path.resolve(e.INIT_CWD ?? process.cwd(), e.WEB_DIST) : defaultWebDist(),
    links: { whitepaper: e.LINK_WHITEPAPER, social: e.LINK_SOCIAL, chat: e.LINK_CHAT, guidebook: e.LINK_GUIDEBOOK },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY, vapidPrivateKey: e.VAPID_PRIVATE_KEY, vapidSubject: e.VAPID_SUBJECT ?? `mailto:push@${e.PUBLIC_DOMAIN}`,
      jobMs: e.PUSH_JOB_MS, timeoutMs: e.PUSH_TIMEOUT_MS, ratePerSecond: e.PUSH_RATE_PER_SECOND, allowLocalTestEndpoints: e.PUSH_TEST_LOCAL_ENDPOINTS,
    },
    ops: { listenBacklog: e.LISTEN_BACKLOG, shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS, metrics: e.METRICS, metricsToken: e.METRICS_TOKEN || undefined },
    settlement: {
      ...(e.SETTLE_LANES !== undefined ? { lanes: e.SETTLE_LANES } : {}),
      ...(e.SETTLE_PARALLEL_WORKERS !== undefined ? { parallelWorkers: e.SETTLE_PARALLEL_WORKERS } : {}),
    },
    chainMoney: {
      treasuryKeyFile: e.TREASURY_KEY_FILE ? path.resolve(e.INIT_CWD ?? process.cwd(), e.TREASURY_KEY_FILE) : undefined,
      treasuryAddress: e.TREASURY_ADDRESS || undefined,
      saleAddress: e.SALE_ADDRESS, exoUnit: e.EXO_UNIT, hexoUnit: e.HEXO_UNIT,
      confirmations: e.CHAIN_CONFIRMATIONS, emulatorBlockMs: e.EMULATOR_BLOCK_MS, watchMs: e.CHAIN_WATCH_MS, demoChainFaucet: e.DEMO_CHAIN_FAUCET,
      startBlock: e.CHAIN_START_BLOCK === undefined ? (e.CARDANO_NETWORK === 'emulator' ? 1 : 'tip') : e.CHAIN_START_BLOCK === 'tip' ? 'tip' : Number(e.CHAIN_START_BLOCK),
    },
  };
}

/** `TRUST_PROXY`: `true`/`false`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(v: string): boolean | number | string {
  const t = v.trim().toLowerCase();
  if (t === '' || t === 'false' || t === '0' || t === 'no') return false;
  if (t === 'true' || t === 'yes') return true;
  if (/^\d+$/.test(t)) return Number(t);
  return v.trim();
}

/** The web app built by `npm run build -w @kingdom/web`, beside this package. */
function defaultWebDist(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}
