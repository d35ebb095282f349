/**
 * The one Blockfrost API v0 client of the server (docs/architecture.md §8, "one way each"): every answer is read
 * bounded, parsed as JSON and checked with a zod schema before use (the network is not trusted), and
 * every request first takes a token from the plan's request budget (`chain/rate-budget.ts`: one
 * bucket in the database shared by every server and `kingdom world import`; docs/operator-guide.md
 * §7.3). A 429 (after its `Retry-After`), a 5xx or an unreachable host is retried with exponential
 * backoff up to the client's {@link BlockfrostRetry} limit (docs/operator-guide.md §8.2).
 * Used by the chain-money ledger (`BlockfrostCardanoLedger`), the wallet sync provider
 * (`BlockfrostCardanoProvider`), `kingdom world import`, `kingdom doctor` and, for building and
 * submitting transactions, the Lucid Evolution provider over this client ({@link BlockfrostClient.lucidProvider},
 * `blockfrost-lucid.ts`), so no request to Blockfrost goes around the budget.
 */
import type { Provider } from '@lucid-evolution/lucid';
import { z } from 'zod';
import { UNLIMITED_BUDGET, type RateBudget } from '../rate-budget.ts';
import { BlockfrostLucidProvider } from './blockfrost-lucid.ts';

/** Blockfrost API v0 base URL per network. */
export const BLOCKFROST_HOSTS: Readonly<Record<string, string>> = {
  mainnet: 'https://cardano-mainnet.blockfrost.io/api/v0',
  preprod: 'https://cardano-preprod.blockfrost.io/api/v0',
  preview: 'https://cardano-preview.blockfrost.io/api/v0',
};

/** The longest a request may wait between its attempts in all (ms): what a caller's lease must outlast. */
export function retryWaitLimitMs(r: BlockfrostRetry): number {
  let total = 0;
  for (let i = 0; i < r.attempts - 1; i++) total += Math.min(r.maxDelayMs, r.baseDelayMs * 2 ** i);
  return total;
}

/** Blockfrost's page size (its maximum). */
export const BLOCKFROST_PAGE = 100;
/** Largest answer body read, in characters (a full `/txs/{hash}/utxos` is far below). */
const MAX_BODY_CHARS = 4_000_000;

/**
 * How a client retries a 429 (waiting its `Retry-After`, else the backoff), a 5xx or an unreachable
 * host (GETs only: a submit is retried on 429 alone) before it gives up with an Error.
 */
export interface BlockfrostRetry {
  /** Attempts in all, the first included (1 = no retry). */
  attempts: number;
  /** Wait before the first retry (ms); doubled for each next one. */
  baseDelayMs: number;
  /** Longest wait between two attempts, `Retry-After` included (ms). */
  maxDelayMs: number;
}

/**
 * The server's requests and jobs: 3 attempts, waits 0.5 s then 1 s (a 429's `Retry-After` up to 10 s):
 * a player's request is not held long, and a job's next run goes on where this one stopped.
 */
export const SERVER_RETRY: BlockfrostRetry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 };
/**
 * `kingdom world import` (docs/operator-guide.md §8.2): 10 attempts, waits 1, 2, 4, 8, 16, 32, 60, 60,
 * 60 s (≈ 4 min 3 s at most) before the run stops (started again, it resumes).
 */
export const IMPORT_RETRY: BlockfrostRetry = { attempts: 10, baseDelayMs: 1_000, maxDelayMs: 60_000 };

const hash64 = z.string().regex(/^[0-9a-f]{64}$/);
const height = z.number().int().min(0).max(2 ** 40);
const address = z.string().min(1).max(1000);
/** `lovelace`, or `policyId` (56 hex) + asset name (0–32 bytes as hex). */
const unit = z.string().regex(/^(?:lovelace|[0-9a-f]{56}(?:[0-9a-f]{2}){0,32})$/);
/** A non-negative integer as a decimal string; 40 digits bound the bigint (u64 quantities need 20). */
const quantity = z.string().regex(/^\d{1,40}$/);
const amounts = z.array(z.object({ unit, quantity })).max(10_000);

/**
 * The answer schemas Blockfrost's answers are checked with (exported so the Blockfrost-compatible
 * emulator's answers can be tested against the very same shapes).
 */
export const BLOCKFROST_ANSWER_SCHEMAS = {
  /** `GET /blocks/latest` */
  latestBlock: z.object({ height, hash: hash64, slot: height }),
  /** `GET /addresses/{address}/transactions` (one page) */
  addressTxs: z.array(z.object({ tx_hash: hash64, tx_index: z.number().int().min(0).max(1_000_000), block_height: height })).max(BLOCKFROST_PAGE),
  /** `GET /txs/{hash}` */
  txContent: z.object({ hash: hash64, block: hash64, block_height: height, index: z.number().int().min(0).max(1_000_000), valid_contract: z.boolean().optional() }),
  /** `GET /txs/{hash}/utxos` */
  txUtxos: z.object({
    hash: hash64,
    inputs: z.array(z.object({ address, collateral: z.boolean().optional(), reference: z.boolean().optional() })).max(10_000),
    outputs: z.array(z.object({ address, amount: amounts, output_index: z.number().int().min(0).max(1_000_000), collateral: z.boolean().optional() })).max(10_000),
  }),
  /** `GET /txs/{hash}/metadata` */
  txMetadata: z.array(z.object({ label: z.string().max(40), json_metadata: z.unknown() })).max(10_000),
  /** `GET /addresses/{address}` */
  addressContent: z.object({ amount: amounts }),
  /** `GET /assets/policy/{policy}` (one page) */
  policyAssets: z.array(z.object({ asset: unit, quantity })).max(BLOCKFROST_PAGE),
  /**
   * `GET /assets/{asset}`: `onchain_metadata` is the CIP-25 metadata of the latest mint (or the CIP-68
   * reference NFT's datum as JSON); `metadata` the off-chain registry's. Unknown fields are ignored.
   */
  asset: z.object({
    asset: unit,
    policy_id: z.string().regex(/^[0-9a-f]{56}$/),
    asset_name: z.string().regex(/^(?:[0-9a-f]{2}){0,32}$/).nullable(),
    quantity,
    onchain_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    onchain_metadata_standard: z.string().max(40).nullable().optional(),
    metadata: z.unknown().optional(),
  }),
} as const;

/** A transaction hash as Blockfrost writes it: 64 lowercase hex digits. */
export const blockfrostTxHash = hash64;

/** Options of {@link BlockfrostClient}. */
export interface BlockfrostClientOptions {
  /** API v0 base URL instead of the network's public host (`BLOCKFROST_URL`; no trailing slash). */
  baseUrl?: string | undefined;
  /** Platform `fetch` by default (tests inject recorded answers). */
  fetchFn?: typeof fetch;
  /** Waits between attempts; default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  /** The plan's request budget every request takes a token from; default none (tests). */
  budget?: RateBudget;
  /** Retries of a 429, a 5xx or an unreachable host; default {@link SERVER_RETRY}. */
  retry?: BlockfrostRetry;
}

/** An answer that is not 2xx (404 is handled by the callers that expect it), after the retries. */
export class BlockfrostStatusError extends Error {
  constructor(readonly status: number, path: string, attempts = 1) {
    super(`Blockfrost answered ${status} for ${path.split('?')[0]}${attempts > 1 ? ` (${attempts} attempts)` : ''}`);
  }
}

/** Blockfrost could not be reached (connection refused, DNS, reset), after the retries. */
export class BlockfrostUnreachableError extends Error {
  constructor(readonly baseUrl: string, cause: unknown, attempts: number) {
    super(`Blockfrost at ${baseUrl} does not answer (${networkCause(cause)}${attempts > 1 ? `; ${attempts} attempts` : ''})`);
  }
}

/** `ECONNREFUSED`, `ENOTFOUND`… of a failed `fetch`, or its message. */
function networkCause(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** Lovelace and native tokens (unit `policyId + assetNameHex` → base units) of an address or output. */
export interface BlockfrostAmounts {
  lovelace: bigint;
  assets: Record<string, bigint>;
}

/**
 * Blockfrost API v0 on one host with one project (`project_id` header).
 * @throws Error at construction for a network without a Blockfrost host (and no `baseUrl`) or an
 *   empty project id; from {@link get}, an Error naming the HTTP status for a non-2xx, non-404
 *   answer, or naming the path and the first field of an answer that is too large, not JSON or of
 *   the wrong shape.
 */
export class BlockfrostClient {
  /** API v0 base URL, no trailing slash. */
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  private readonly budget: RateBudget;
  private readonly retry: BlockfrostRetry;

  constructor(readonly network: string, readonly projectId: string, options: BlockfrostClientOptions = {}) {
    const base = options.baseUrl ?? BLOCKFROST_HOSTS[network];
    if (!base) throw new Error(`no Blockfrost host for network ${network}`);
    if (!projectId) throw new Error('BLOCKFROST_PROJECT_ID is empty');
    this.baseUrl = base;
    this.fetchFn = options.fetchFn ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.budget = options.budget ?? UNLIMITED_BUDGET;
    this.retry = options.retry ?? SERVER_RETRY;
  }

  /**
   * One request to `path` (after the base URL), each attempt paced by the budget; retried per the
   * client's {@link BlockfrostRetry}: a 429 after its `Retry-After` (else the backoff), a 5xx or an
   * unreachable host after the backoff (the last two for GETs only). The last answer is returned
   * whatever its status.
   * @throws BlockfrostUnreachableError when the host cannot be reached at the last attempt
   */
  async request(path: string, init: { method?: 'GET' | 'POST'; body?: Uint8Array | string; contentType?: string } = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { project_id: this.projectId, accept: 'application/json' };
    if (init.contentType) headers['content-type'] = init.contentType;
    const { attempts, baseDelayMs, maxDelayMs } = this.retry;
    for (let attempt = 1; ; attempt++) {
      await this.budget.take();
      let res: Response;
      try {
        res = await this.fetchFn(`${this.baseUrl}${path}`, { method, headers, ...(init.body !== undefined ? { body: init.body as BodyInit } : {}) });
      } catch (err) {
        if (method !== 'GET' || attempt >= attempts) throw new BlockfrostUnreachableError(this.baseUrl, err, attempt);
        await this.sleep(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
        continue;
      }
      const retriable = res.status === 429 || (method === 'GET' && res.status >= 500);
      if (!retriable || attempt >= attempts) return res;
      await res.body?.cancel().catch(() => undefined);
      const after = res.status === 429 ? Number(res.headers.get('retry-after')) : NaN;
      const wait = Number.isFinite(after) && after > 0 ? after * 1000 : baseDelayMs * 2 ** (attempt - 1);
      await this.sleep(Math.min(maxDelayMs, wait));
    }
  }

  /**
   * GETs `path` (after the base URL) through {@link request}, checks the body against `schema`;
   * null on 404.
   * @throws BlockfrostStatusError for another non-2xx answer after the retries; BlockfrostUnreachableError;
   *   Error naming the path for an answer too large, not JSON or of the wrong shape
   */
  async get<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const res = await this.request(path);
    if (res.status === 404) return null;
    if (!res.ok) throw new BlockfrostStatusError(res.status, path, res.status === 429 || res.status >= 500 ? this.retry.attempts : 1);
    const where = path.split('?')[0];
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) throw new Error(`Blockfrost answer for ${where} is too large`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Blockfrost answer for ${where} is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Blockfrost answer for ${where} has an unexpected shape at ${issue ? issue.path.join('.') || '(root)' : '?'}`);
    }
    return parsed.data;
  }

  /** `GET /addresses/{address}`: what it holds; an address never seen on chain (404) holds nothing. */
  async addressAmounts(addr: string): Promise<BlockfrostAmounts> {
    const body = await this.get(`/addresses/${encodeURIComponent(addr)}`, BLOCKFROST_ANSWER_SCHEMAS.addressContent);
    return sumAmounts(body?.amount ?? []);
  }

  /** `GET /assets/policy/{policy}?page=N` (100 a page, oldest first): the policy's assets; [] past the last page or for an unknown policy. */
  async policyAssets(policy: string, page: number): Promise<Array<{ asset: string; quantity: string }>> {
    return (await this.get(`/assets/policy/${encodeURIComponent(policy)}?page=${page}&count=${BLOCKFROST_PAGE}&order=asc`, BLOCKFROST_ANSWER_SCHEMAS.policyAssets)) ?? [];
  }

  /** `GET /assets/{asset}`: the asset with its on-chain metadata; null when unknown (404). */
  async asset(assetUnit: string): Promise<z.infer<typeof BLOCKFROST_ANSWER_SCHEMAS.asset> | null> {
    return this.get(`/assets/${encodeURIComponent(assetUnit)}`, BLOCKFROST_ANSWER_SCHEMAS.asset);
  }

  /** A Lucid Evolution provider whose every request goes through this client (budget, retries). */
  lucidProvider(): Provider {
    return new BlockfrostLucidProvider(this);
  }
}

/** Lovelace and native tokens of Blockfrost `amount` rows (a unit listed twice is summed). */
export function sumAmounts(rows: ReadonlyArray<{ unit: string; quantity: string }>): BlockfrostAmounts {
  let lovelace = 0n;
  const assets: Record<string, bigint> = {};
  for (const { unit: u, quantity: q } of rows) {
    if (u === 'lovelace') lovelace += BigInt(q);
    else assets[u] = (assets[u] ?? 0n) + BigInt(q);
  }
  return { lovelace, assets };
}
