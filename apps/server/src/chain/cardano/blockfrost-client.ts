/**
 * The one Blockfrost API v0 client of the server (docs/architecture.md §8, "one way each"): every answer is read
 * bounded, parsed as JSON and checked with a zod schema before use (the network is not trusted).
 * Used by the chain-money ledger (`BlockfrostCardanoLedger`), the wallet sync provider
 * (`BlockfrostCardanoProvider`) and, for building and submitting transactions, Lucid Evolution's
 * own Blockfrost provider on the same host and project ({@link BlockfrostClient.lucidProvider}).
 */
import { Blockfrost, type Provider } from '@lucid-evolution/lucid';
import { z } from 'zod';

/** Blockfrost API v0 base URL per network. */
export const BLOCKFROST_HOSTS: Readonly<Record<string, string>> = {
  mainnet: 'https://cardano-mainnet.blockfrost.io/api/v0',
  preprod: 'https://cardano-preprod.blockfrost.io/api/v0',
  preview: 'https://cardano-preview.blockfrost.io/api/v0',
};

/** Blockfrost's page size (its maximum). */
export const BLOCKFROST_PAGE = 100;
/** Largest answer body read, in characters (a full `/txs/{hash}/utxos` is far below). */
const MAX_BODY_CHARS = 4_000_000;
/** Longest `Retry-After` honoured on a 429 before the one retry, in seconds. */
const MAX_RETRY_AFTER_S = 10;

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
  /** Waits before the retry after a 429; default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
}

/** An answer that is not 2xx (404 is handled by the callers that expect it). */
export class BlockfrostStatusError extends Error {
  constructor(readonly status: number, path: string) {
    super(`Blockfrost answered ${status} for ${path.split('?')[0]}`);
  }
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

  constructor(readonly network: string, private readonly projectId: string, options: BlockfrostClientOptions = {}) {
    const base = options.baseUrl ?? BLOCKFROST_HOSTS[network];
    if (!base) throw new Error(`no Blockfrost host for network ${network}`);
    if (!projectId) throw new Error('BLOCKFROST_PROJECT_ID is empty');
    this.baseUrl = base;
    this.fetchFn = options.fetchFn ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * GETs `path` (after the base URL), checks the body against `schema`; null on 404. One retry on
   * 429 after `Retry-After` (at most 10 s; 1 s when absent).
   */
  async get<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const headers = { project_id: this.projectId, accept: 'application/json' };
    let res = await this.fetchFn(`${this.baseUrl}${path}`, { headers });
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      await this.sleep(1000 * (Number.isFinite(after) && after > 0 ? Math.min(after, MAX_RETRY_AFTER_S) : 1));
      res = await this.fetchFn(`${this.baseUrl}${path}`, { headers });
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new BlockfrostStatusError(res.status, path);
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

  /** Lucid Evolution's Blockfrost provider on the same host and project. */
  lucidProvider(): Provider {
    return new Blockfrost(this.baseUrl, this.projectId);
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
