/**
 * A Blockfrost-compatible HTTP server backed by the shared emulated Cardano chain (docs/operator-guide.md §7.2:
 * "the real provider path runs in every test run"). It is one more replica of the chain
 * (`EmulatorCardanoLedger`: the event log in Postgres), so it runs beside any number of Kingdom
 * servers; a Kingdom started with `CARDANO_NETWORK=preprod` and `BLOCKFROST_URL` pointed here runs
 * the production path (`BlockfrostCardanoLedger` and Lucid Evolution's `Blockfrost` provider) over
 * real HTTP. No game rules live here.
 *
 * `/api/v0` serves exactly the subset those two clients use, with Blockfrost's answer shapes, status
 * codes and paging (`count` 1–100, default 100; `page` ≥ 1; `order` asc|desc; `from`/`to` as
 * `height[:index]`), and requires a non-empty `project_id` header (403 without):
 *
 * | endpoint | used by |
 * |---|---|
 * | `GET /blocks/latest` | ledger `tip` |
 * | `GET /genesis` | `kingdom doctor` (the network magic of `network`: preprod 1, preview 2) |
 * | `GET /epochs/latest/parameters` | Lucid (every `Lucid(...)`) |
 * | `GET /addresses/{address}` | ledger `balance`, wallet sync (`BlockfrostCardanoProvider`) |
 * | `GET /addresses/{address}/transactions` | ledger `transactionsTo` |
 * | `GET /addresses/{address}/utxos[/{unit}]` | Lucid `getUtxos` / `getUtxosWithUnit` |
 * | `GET /txs/{hash}`, `/txs/{hash}/utxos`, `/txs/{hash}/metadata` | ledger `transactionsTo`, `txBlock`; Lucid `getUtxosByOutRef` |
 * | `GET /txs/{hash}/cbor` | Lucid `awaitTx` |
 * | `POST /tx/submit` (`application/cbor`) | Lucid `submitTx` (400 with Blockfrost's error body when refused) |
 * | `GET /scripts/datum/{hash}/cbor` | Lucid `getDatum` |
 * | `GET /accounts/{stake_address}` | Lucid `getDelegation` (404: never delegated) |
| `GET /assets/policy/{policy}` | `kingdom world import` (a policy's assets, first-mint order, paged) |
| `GET /assets/{asset}` | `kingdom world import` (quantity, CIP-25 `onchain_metadata` of the latest mint, CIP-14 fingerprint) |
 *
 * Not served (404), because neither client needs them for our transactions: `/assets/{unit}/addresses`
 * (Lucid `getUtxoByUnit`), `/utils/txs/evaluate/utxos` (Plutus scripts only), `/scripts/{hash}…`
 * (reference scripts only).
 *
 * Admin endpoints outside `/api/v0` (no `project_id`; this is a local test tool: never expose it):
 * `POST /emulator/blocks {count}`, `POST /emulator/rollback {depth}`, `POST /emulator/fund {address}`
 * (the emulator's faucet pays a wallet as the demo faucet does, then a block is produced),
 * `GET /emulator/info` (what a Kingdom server needs: network, treasury and sale addresses, units),
 * `POST /emulator/collection/remint {role, name|nameHex, metadata}` (a collection asset's CIP-25
 * metadata changes: re-minted with it, then burnt),
 * `GET /emulator/requests` and `DELETE /emulator/requests` (the `/api/v0` calls counted per route,
 * to measure a client's request budget).
 *
 * Units: amounts are base units as decimal strings (Blockfrost's), times are UNIX seconds, slots are
 * the emulator's (1 s, a block every 20 slots).
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bech32 } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { CML, type UTxO } from '@lucid-evolution/lucid';
import { DEMO_WALLET_FUNDS } from '@kingdom/game';
import type { CardanoEmulator, CardanoMoney, ChainTip, EmulatorChainView } from '@kingdom/chain-providers';
import { EMULATOR_GENESIS_MS, EmulatorRefusal, multiAssetRecord } from './emulator-ledger.ts';
import { collectionPolicy, remintWithMetadata } from './emulator-collection.ts';

/** Path prefix of the Blockfrost-compatible API. */
export const BLOCKFROST_API_PREFIX = '/api/v0';

/** Largest transaction accepted by `/tx/submit`, in bytes (the protocol's limit is 16 KiB). */
const MAX_TX_BYTES = 32 * 1024;
const GENESIS_TX = '00'.repeat(32);
const GENESIS_BLOCK = createHash('sha256').update('kingdom-emulator:genesis').digest('hex');
/** Slots per block on Lucid's emulator. */
const SLOTS_PER_BLOCK = 20;
/** Slots per epoch reported (preprod's). */
const EPOCH_SLOTS = 432_000;

type Amount = Array<{ unit: string; quantity: string }>;

interface OutputRow {
  address: string;
  amount: Amount;
  dataHash: string | null;
  inlineDatum: string | null;
  referenceScriptHash: string | null;
  consumedBy: string | null;
}

interface InputRef { txHash: string; index: number; collateral: boolean; reference: boolean }

interface TxRow {
  hash: string;
  cbor: string;
  height: number;
  blockHash: string;
  /** Position in its block. */
  index: number;
  inputs: InputRef[];
  outputs: OutputRow[];
  fee: bigint;
  invalidBefore: string | null;
  invalidHereafter: string | null;
  mintCount: number;
  /** Units minted (> 0) or burnt (< 0). */
  mints: Array<{ unit: string; quantity: bigint }>;
  metadata: Array<{ label: string; json_metadata: unknown }>;
}

/** A native asset as `/assets/{asset}` reports it. */
interface AssetRow {
  policy: string;
  nameHex: string;
  quantity: bigint;
  initialMintTx: string;
  mintOrBurnCount: number;
  /** CIP-25 metadata of the latest mint that carried any for it. */
  metadata: Record<string, unknown> | null;
}

/** Indexes of the confirmed chain, rebuilt when the replica's fork changes. */
interface ChainIndex {
  fork: number;
  /** Blocks carrying transactions that are indexed, and the hash of the last one. */
  blocks: number;
  lastBlockHash: string | null;
  txs: Map<string, TxRow>;
  /** `txHash#index` → the output (genesis outputs included). */
  outputs: Map<string, OutputRow>;
  /** Address → transactions touching it (inputs or outputs), in chain order. */
  byAddress: Map<string, Array<{ hash: string; height: number; index: number }>>;
  /** Native assets ever minted, by unit, and each policy's units in first-mint order. */
  assets: Map<string, AssetRow>;
  byPolicy: Map<string, string[]>;
}

const ref = (txHash: string, index: number) => `${txHash}#${index}`;

/** CIP-14 asset fingerprint: bech32 `asset` of BLAKE2b-160 over policy id and asset name bytes. */
function assetFingerprint(policy: string, nameHex: string): string {
  return bech32.encode('asset', bech32.toWords(blake2b(Buffer.from(policy + nameHex, 'hex'), { dkLen: 20 })));
}
const slotTime = (slot: number) => Math.floor((EMULATOR_GENESIS_MS + slot * 1000) / 1000);

function amountOf(assets: Record<string, bigint>, lovelace?: bigint): Amount {
  const out: Amount = [{ unit: 'lovelace', quantity: String(lovelace ?? assets.lovelace ?? 0n) }];
  for (const [unit, q] of Object.entries(assets)) if (unit !== 'lovelace') out.push({ unit, quantity: String(q) });
  return out;
}

function inputsOf(list: CML.TransactionInputList | undefined, flags: { collateral: boolean; reference: boolean }): InputRef[] {
  const out: InputRef[] = [];
  if (!list) return out;
  for (let i = 0; i < list.len(); i++) {
    const input = list.get(i);
    out.push({ txHash: input.transaction_id().to_hex(), index: Number(input.index()), ...flags });
  }
  return out;
}

/** Everything Blockfrost reports of a transaction, read with CML from its CBOR. */
function parseTx(hash: string, cbor: string, height: number, blockHash: string, index: number): TxRow {
  const tx = CML.Transaction.from_cbor_hex(cbor);
  try {
    const body = tx.body();
    const inputs = [
      ...inputsOf(body.inputs(), { collateral: false, reference: false }),
      ...inputsOf(body.collateral_inputs(), { collateral: true, reference: false }),
      ...inputsOf(body.reference_inputs(), { collateral: false, reference: true }),
    ];
    const outputs: OutputRow[] = [];
    const outs = body.outputs();
    for (let i = 0; i < outs.len(); i++) {
      const out = outs.get(i);
      const assets = multiAssetRecord(out.amount().multi_asset());
      outputs.push({
        address: out.address().to_bech32(),
        amount: amountOf(assets, out.amount().coin()),
        dataHash: out.datum_hash()?.to_hex() ?? null,
        inlineDatum: out.datum()?.as_datum()?.to_cbor_hex() ?? null,
        referenceScriptHash: out.script_ref()?.hash().to_hex() ?? null,
        consumedBy: null,
      });
    }
    const metadata: TxRow['metadata'] = [];
    const md = tx.auxiliary_data()?.metadata();
    if (md) {
      const labels = md.labels();
      for (let i = 0; i < labels.len(); i++) {
        const label = labels.get(i);
        const datum = md.get(label);
        if (!datum) continue;
        let json: unknown = null;
        try {
          json = JSON.parse(CML.decode_metadatum_to_json_str(datum, CML.MetadataJsonSchema.NoConversions));
        } catch {
          json = null; // not expressible as JSON: Blockfrost gives null too
        }
        metadata.push({ label: label.toString(), json_metadata: json });
      }
    }
    const mint = body.mint();
    const mints: TxRow['mints'] = [];
    if (mint) {
      for (const [unit, q] of Object.entries(multiAssetRecord(mint.as_positive_multiasset()))) mints.push({ unit, quantity: q });
      for (const [unit, q] of Object.entries(multiAssetRecord(mint.as_negative_multiasset()))) mints.push({ unit, quantity: -q });
    }
    return {
      hash, cbor, height, blockHash, index, inputs, outputs, metadata, mints,
      fee: body.fee(),
      invalidBefore: body.validity_interval_start()?.toString() ?? null,
      invalidHereafter: body.ttl()?.toString() ?? null,
      mintCount: mint ? mint.policy_count() : 0,
    };
  } finally {
    tx.free();
  }
}

/** Blockfrost's error body. */
function fail(reply: FastifyReply, status: 400 | 403 | 404 | 409 | 413 | 415 | 500, message?: string): FastifyReply {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 500: 'Internal Server Error' }[status];
  const text = message ?? { 403: 'Missing project token. Please include project_id in your request.', 404: 'The requested component has not been found.' }[status as 403 | 404] ?? error;
  return reply.code(status).send({ status_code: status, error, message: text });
}

const hash64 = z.string().regex(/^[0-9a-f]{64}$/);
const bech32Address = z.string().min(8).max(200).regex(/^(?:addr|addr_test)1[02-9ac-hj-np-z]+$/);
const stakeAddress = z.string().min(8).max(200).regex(/^(?:stake|stake_test)1[02-9ac-hj-np-z]+$/);
const unit = z.string().regex(/^(?:lovelace|[0-9a-f]{56}(?:[0-9a-f]{2}){0,32})$/);
const paging = z.object({
  count: z.coerce.number().int().min(1).max(100).default(100),
  page: z.coerce.number().int().min(1).max(21_474_836).default(1),
  order: z.enum(['asc', 'desc']).default('asc'),
}).strict();
const blockBound = z.string().regex(/^\d{1,12}(?::\d{1,9})?$/).transform((v) => {
  const [h, i] = v.split(':');
  return { height: Number(h), index: i === undefined ? null : Number(i) };
});
const txPaging = paging.extend({ from: blockBound.optional(), to: blockBound.optional() }).strict();

/** Options of {@link buildBlockfrostEmulator}. */
export interface BlockfrostEmulatorOptions {
  /** The chain money of an emulator (`openCardanoMoney` with `CARDANO_NETWORK=emulator`). */
  money: CardanoMoney;
  /** Network the info endpoint names for the Kingdom (default `preprod`). */
  network?: 'preprod' | 'preview';
  /** Where the treasury key was written for the Kingdom (`TREASURY_KEY_FILE`), answered by `/emulator/info`. */
  treasuryKeyFile?: string | null;
  /** Fastify's logger (default off). */
  logger?: boolean;
}

/** The app and its request counter. */
export interface BlockfrostEmulator {
  app: FastifyInstance;
  /** `/api/v0` calls per route pattern (e.g. `GET /txs/:hash/utxos`) since the last reset. */
  requests(): { total: number; byRoute: Record<string, number> };
  resetRequests(): void;
  /** Units of every native asset minted on the chain so far (collections: `emulator-collection.ts`). */
  mintedUnits(): Promise<Set<string>>;
}

/**
 * Builds the Blockfrost-compatible server over `money.emulator` (not listening: call
 * `app.listen`). Every input is validated with zod and bounded; refusals answer Blockfrost's error
 * body `{status_code, error, message}`.
 * @throws Error when `money` has no emulator (a real network)
 */
export async function buildBlockfrostEmulator(opts: BlockfrostEmulatorOptions): Promise<BlockfrostEmulator> {
  const { money } = opts;
  const ledger: CardanoEmulator | null = money.emulator;
  const faucet = money.faucet;
  if (!ledger || !faucet) throw new Error('the Blockfrost emulator needs the emulated chain (CARDANO_NETWORK=emulator)');
  const provider = ledger.lucidProvider();
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: MAX_TX_BYTES, routerOptions: { maxParamLength: 1000 } });
  app.addContentTypeParser('application/cbor', { parseAs: 'buffer', bodyLimit: MAX_TX_BYTES }, (_req, body, done) => done(null, body));

  let counts = new Map<string, number>();
  let index: ChainIndex | null = null;
  /** Index updates run one at a time, each on a view read after the previous one finished. */
  let indexQueue: Promise<unknown> = Promise.resolve();

  /** Brings the index up to the replica's chain (incrementally while the fork is the same). */
  function chain(): Promise<{ view: EmulatorChainView; index: ChainIndex }> {
    const work = async () => {
      const view = await ledger!.chainView();
      return { view, index: indexTo(view) };
    };
    const next = indexQueue.then(work, work);
    indexQueue = next.catch(() => undefined);
    return next;
  }

  function indexTo(view: EmulatorChainView): ChainIndex {
    let ix = index;
    const prefixOk = ix && ix.fork === view.fork && ix.blocks <= view.blocks.length
      && (ix.blocks === 0 || view.blocks[ix.blocks - 1]!.hash === ix.lastBlockHash);
    if (!ix || !prefixOk) {
      ix = { fork: view.fork, blocks: 0, lastBlockHash: null, txs: new Map(), outputs: new Map(), byAddress: new Map(), assets: new Map(), byPolicy: new Map() };
      const fresh = ix;
      view.genesis.forEach((g, i) => {
        fresh.outputs.set(ref(GENESIS_TX, i), { address: g.address, amount: amountOf(g.assets), dataHash: null, inlineDatum: null, referenceScriptHash: null, consumedBy: null });
        touch(fresh, g.address, GENESIS_TX, 0, i);
        // the genesis's native assets (EXO, HEXO) exist as if the genesis minted them: `GET /assets/{unit}` knows them
        for (const [u, q] of Object.entries(g.assets)) {
          if (u === 'lovelace') continue;
          let a = fresh.assets.get(u);
          if (!a) {
            a = { policy: u.slice(0, 56), nameHex: u.slice(56), quantity: 0n, initialMintTx: GENESIS_TX, mintOrBurnCount: 1, metadata: null };
            fresh.assets.set(u, a);
            const list = fresh.byPolicy.get(a.policy);
            if (list) list.push(u);
            else fresh.byPolicy.set(a.policy, [u]);
          }
          a.quantity += BigInt(q);
        }
      });
    }
    const target = ix;
    for (let b = target.blocks; b < view.blocks.length; b++) {
      const block = view.blocks[b]!;
      block.txs.forEach((t, position) => {
        const row = parseTx(t.hash, t.cbor, block.height, block.hash, position);
        target.txs.set(t.hash, row);
        const touched = new Set<string>();
        for (const input of row.inputs) {
          const spent = target.outputs.get(ref(input.txHash, input.index));
          if (!spent) continue;
          if (!input.reference && !input.collateral) spent.consumedBy = t.hash;
          if (!input.reference) touched.add(spent.address);
        }
        row.outputs.forEach((o, i) => {
          target.outputs.set(ref(t.hash, i), o);
          touched.add(o.address);
        });
        for (const a of touched) touch(target, a, t.hash, block.height, position);
        indexMints(target, row);
      });
      target.blocks = b + 1;
      target.lastBlockHash = block.hash;
    }
    index = target;
    return target;
  }

  /** Quantities and CIP-25 metadata (label 721, v1 text or v2 `0x` names) of the assets `row` mints or burns. */
  function indexMints(ix: ChainIndex, row: TxRow): void {
    const cip25 = row.metadata.find((m) => m.label === '721')?.json_metadata;
    for (const { unit: u, quantity: q } of row.mints) {
      const policy = u.slice(0, 56);
      const nameHex = u.slice(56);
      let a = ix.assets.get(u);
      if (!a) {
        a = { policy, nameHex, quantity: 0n, initialMintTx: row.hash, mintOrBurnCount: 0, metadata: null };
        ix.assets.set(u, a);
        const list = ix.byPolicy.get(policy);
        if (list) list.push(u);
        else ix.byPolicy.set(policy, [u]);
      }
      a.quantity += q;
      a.mintOrBurnCount += 1;
      if (q > 0n && cip25 && typeof cip25 === 'object') {
        const byName = (cip25 as Record<string, unknown>)[policy];
        if (byName && typeof byName === 'object') {
          const names = byName as Record<string, unknown>;
          let text: string | null = null;
          try { text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(nameHex, 'hex')); } catch { text = null; }
          const md = (text !== null ? names[text] : undefined) ?? names['0x' + nameHex] ?? names[nameHex];
          if (md && typeof md === 'object' && !Array.isArray(md)) a.metadata = md as Record<string, unknown>;
        }
      }
    }
  }

  function touch(ix: ChainIndex, address: string, hash: string, height: number, position: number): void {
    let list = ix.byAddress.get(address);
    if (!list) ix.byAddress.set(address, (list = []));
    if (list[list.length - 1]?.hash !== hash) list.push({ hash, height, index: position });
  }

  /** A block's hash: a block carrying transactions has its own; an empty one the replica's (fork, height) hash. */
  const blockHashAt = (fork: number, height: number, txBlock?: string) => txBlock ?? createHash('sha256').update(`kingdom-emulator:${fork}:${height}`).digest('hex');

  function page<T>(rows: T[], q: { count: number; page: number; order: 'asc' | 'desc' }): T[] {
    const ordered = q.order === 'desc' ? [...rows].reverse() : rows;
    return ordered.slice((q.page - 1) * q.count, q.page * q.count);
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    fail(reply, 400, `Invalid ${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'bad value'}`);
    return null;
  }

  function utxoRow(u: UTxO, ix: ChainIndex, tip: ChainTip) {
    const tx = ix.txs.get(u.txHash);
    return {
      address: u.address,
      tx_hash: u.txHash,
      tx_index: u.outputIndex,
      output_index: u.outputIndex,
      amount: amountOf(u.assets),
      block: u.txHash === GENESIS_TX ? GENESIS_BLOCK : blockHashAt(ix.fork, tx?.height ?? tip.height, tx?.blockHash),
      data_hash: u.datumHash ?? null,
      inline_datum: u.datum ?? null,
      reference_script_hash: u.scriptRef ? CML.Script.from_cbor_hex(u.scriptRef.script).hash().to_hex() : null,
    };
  }

  /** Unspent outputs of `address`, in chain order (block, position, output index). */
  async function utxosOf(address: string, ix: ChainIndex, tip: ChainTip, withUnit?: string) {
    const utxos = withUnit ? await provider.getUtxosWithUnit(address, withUnit) : await provider.getUtxos(address);
    const key = (u: UTxO) => {
      const tx = ix.txs.get(u.txHash);
      return [tx?.height ?? (u.txHash === GENESIS_TX ? -1 : Number.MAX_SAFE_INTEGER), tx?.index ?? 0, u.outputIndex] as const;
    };
    return utxos.map((u) => ({ u, k: key(u) }))
      .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2])
      .map(({ u }) => utxoRow(u, ix, tip));
  }

  app.setNotFoundHandler((_req, reply) => fail(reply, 404));
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err.statusCode === 413) return fail(reply, 413, `Transaction larger than ${MAX_TX_BYTES} bytes`);
    if (err.statusCode === 415) return fail(reply, 415, 'Content-Type must be application/cbor');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return fail(reply, 400, err.message);
    app.log.error(err);
    return fail(reply, 500, 'Internal Server Error');
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const route = `${req.method} ${req.routeOptions.url ?? 'unknown'}`;
      counts.set(route, (counts.get(route) ?? 0) + 1);
      const id = req.headers.project_id;
      if (typeof id !== 'string' || id.length === 0 || id.length > 200) return fail(reply, 403);
    });

    api.get('/blocks/latest', async () => {
      const { view } = await chain();
      const tip = view.tip;
      const block = view.blocks.find((b) => b.height === tip.height);
      return {
        time: slotTime(tip.slot), height: tip.height, hash: tip.hash, slot: tip.slot,
        epoch: Math.floor(tip.slot / EPOCH_SLOTS), epoch_slot: tip.slot % EPOCH_SLOTS,
        slot_leader: 'pool1emulator', size: block ? block.txs.reduce((n, t) => n + t.cbor.length / 2, 0) : 0, tx_count: block?.txs.length ?? 0,
        output: null, fees: null, block_vrf: null, op_cert: null, op_cert_counter: null,
        previous_block: tip.height > 0 ? blockHashAt(view.fork, tip.height - 1, view.blocks.find((b) => b.height === tip.height - 1)?.hash) : null,
        next_block: null, confirmations: 0,
      };
    });

    api.get('/genesis', async () => ({
      active_slots_coefficient: 0.05, update_quorum: 5, max_lovelace_supply: '45000000000000000',
      network_magic: (opts.network ?? 'preprod') === 'preview' ? 2 : 1, epoch_length: EPOCH_SLOTS,
      system_start: Math.floor(EMULATOR_GENESIS_MS / 1000), slots_per_kes_period: 129_600, slot_length: 1, max_kes_evolutions: 62, security_param: 2160,
    }));

    api.get('/epochs/latest/parameters', async () => {
      const pp = await provider.getProtocolParameters();
      const { view } = await chain();
      return {
        epoch: Math.floor(view.tip.slot / EPOCH_SLOTS),
        min_fee_a: pp.minFeeA, min_fee_b: pp.minFeeB, max_block_size: 90_112, max_tx_size: pp.maxTxSize, max_block_header_size: 1100,
        key_deposit: String(pp.keyDeposit), pool_deposit: String(pp.poolDeposit), e_max: 18, n_opt: 500, a0: 0.3, rho: 0.003, tau: 0.2,
        decentralisation_param: 0, extra_entropy: null, protocol_major_ver: 10, protocol_minor_ver: 0, min_utxo: String(pp.coinsPerUtxoByte),
        min_pool_cost: '170000000', nonce: '0'.repeat(64),
        cost_models: pp.costModels, cost_models_raw: pp.costModels,
        price_mem: pp.priceMem, price_step: pp.priceStep,
        max_tx_ex_mem: String(pp.maxTxExMem), max_tx_ex_steps: String(pp.maxTxExSteps),
        max_block_ex_mem: '62000000', max_block_ex_steps: '20000000000', max_val_size: String(pp.maxValSize),
        collateral_percent: pp.collateralPercentage, max_collateral_inputs: pp.maxCollateralInputs,
        coins_per_utxo_size: String(pp.coinsPerUtxoByte), coins_per_utxo_word: String(pp.coinsPerUtxoByte),
        drep_deposit: String(pp.drepDeposit), gov_action_deposit: String(pp.govActionDeposit),
        min_fee_ref_script_cost_per_byte: pp.minFeeRefScriptCostPerByte,
      };
    });

    api.get<{ Params: { address: string } }>('/addresses/:address', async (req, reply) => {
      const address = parse(bech32Address, req.params.address, reply);
      if (address === null) return reply;
      const { index: ix } = await chain();
      if (!ix.byAddress.has(address)) return fail(reply, 404);
      const { lovelace, assets } = await ledger.balance(address);
      return { address, amount: amountOf(assets, lovelace), stake_address: null, type: 'shelley', script: false };
    });

    api.get<{ Params: { address: string }; Querystring: unknown }>('/addresses/:address/transactions', async (req, reply) => {
      const address = parse(bech32Address, req.params.address, reply);
      const q = address === null ? null : parse(txPaging, req.query, reply);
      if (address === null || q === null) return reply;
      const { index: ix } = await chain();
      const list = ix.byAddress.get(address);
      if (!list) return fail(reply, 404);
      const after = (r: { height: number; index: number }, b: { height: number; index: number | null }) => r.height > b.height || (r.height === b.height && (b.index === null || r.index >= b.index));
      const before = (r: { height: number; index: number }, b: { height: number; index: number | null }) => r.height < b.height || (r.height === b.height && (b.index === null || r.index <= b.index));
      const rows = list.filter((r) => r.hash !== GENESIS_TX && (!q.from || after(r, q.from)) && (!q.to || before(r, q.to)));
      return page(rows, q).map((r) => ({ tx_hash: r.hash, tx_index: r.index, block_height: r.height, block_time: slotTime(r.height * SLOTS_PER_BLOCK) }));
    });

    const utxoRoute = async (req: FastifyRequest<{ Params: { address: string; unit?: string }; Querystring: unknown }>, reply: FastifyReply) => {
      const address = parse(bech32Address, req.params.address, reply);
      const u = address === null || req.params.unit === undefined ? undefined : parse(unit, req.params.unit, reply);
      const q = address === null || u === null ? null : parse(paging, req.query, reply);
      if (address === null || u === null || q === null) return reply;
      const { view, index: ix } = await chain();
      if (!ix.byAddress.has(address)) return fail(reply, 404);
      const rows = await utxosOf(address, ix, view.tip, u);
      // Blockfrost: 404 when the address holds no output of that unit.
      if (u !== undefined && rows.length === 0) return fail(reply, 404);
      return page(rows, q);
    };
    api.get('/addresses/:address/utxos', utxoRoute);
    api.get('/addresses/:address/utxos/:unit', utxoRoute);

    const txOf = async (req: FastifyRequest<{ Params: { hash: string } }>, reply: FastifyReply): Promise<{ tx: TxRow; view: EmulatorChainView; ix: ChainIndex } | null> => {
      const hash = parse(hash64, req.params.hash, reply);
      if (hash === null) return null;
      const { view, index: ix } = await chain();
      const tx = ix.txs.get(hash);
      if (!tx) {
        fail(reply, 404);
        return null;
      }
      return { tx, view, ix };
    };

    api.get<{ Params: { hash: string } }>('/txs/:hash', async (req, reply) => {
      const found = await txOf(req, reply);
      if (!found) return reply;
      const { tx } = found;
      const lovelaceOut = tx.outputs.reduce((n, o) => n + BigInt(o.amount[0]!.quantity), 0n);
      const assetsOut: Record<string, bigint> = {};
      for (const o of tx.outputs) for (const a of o.amount.slice(1)) assetsOut[a.unit] = (assetsOut[a.unit] ?? 0n) + BigInt(a.quantity);
      return {
        hash: tx.hash, block: tx.blockHash, block_height: tx.height, block_time: slotTime(tx.height * SLOTS_PER_BLOCK), slot: tx.height * SLOTS_PER_BLOCK,
        index: tx.index, output_amount: amountOf(assetsOut, lovelaceOut), fees: String(tx.fee), deposit: '0', size: tx.cbor.length / 2,
        invalid_before: tx.invalidBefore, invalid_hereafter: tx.invalidHereafter, utxo_count: tx.inputs.length + tx.outputs.length,
        withdrawal_count: 0, mir_cert_count: 0, delegation_count: 0, stake_cert_count: 0, pool_update_count: 0, pool_retire_count: 0,
        asset_mint_or_burn_count: tx.mintCount, redeemer_count: 0, valid_contract: true,
      };
    });

    api.get<{ Params: { hash: string } }>('/txs/:hash/utxos', async (req, reply) => {
      const found = await txOf(req, reply);
      if (!found) return reply;
      const { tx, ix } = found;
      return {
        hash: tx.hash,
        inputs: tx.inputs.flatMap((i) => {
          const o = ix.outputs.get(ref(i.txHash, i.index));
          if (!o) return [];
          return [{ address: o.address, amount: o.amount, tx_hash: i.txHash, output_index: i.index, data_hash: o.dataHash, inline_datum: o.inlineDatum, reference_script_hash: o.referenceScriptHash, collateral: i.collateral, reference: i.reference }];
        }),
        outputs: tx.outputs.map((o, i) => ({ address: o.address, amount: o.amount, output_index: i, data_hash: o.dataHash, inline_datum: o.inlineDatum, collateral: false, reference_script_hash: o.referenceScriptHash, consumed_by_tx: o.consumedBy })),
      };
    });

    api.get<{ Params: { hash: string } }>('/txs/:hash/metadata', async (req, reply) => {
      const found = await txOf(req, reply);
      return found ? found.tx.metadata : reply;
    });

    api.get<{ Params: { hash: string } }>('/txs/:hash/cbor', async (req, reply) => {
      const found = await txOf(req, reply);
      return found ? { cbor: found.tx.cbor } : reply;
    });

    api.post('/tx/submit', async (req, reply) => {
      if (req.headers['content-type']?.split(';')[0]?.trim() !== 'application/cbor') return fail(reply, 415, 'Content-Type must be application/cbor');
      const body = req.body;
      if (!Buffer.isBuffer(body) || body.length === 0) return fail(reply, 400, 'Empty transaction');
      try {
        const hash = await ledger.submit(body.toString('hex'));
        return reply.code(200).type('application/json').send(JSON.stringify(hash));
      } catch (err) {
        if (err instanceof EmulatorRefusal) {
          return fail(reply, 400, JSON.stringify({ contents: { contents: { contents: { era: 'ShelleyBasedEraConway', error: [err.message], kind: 'ShelleyTxValidationError' }, tag: 'TxValidationErrorInCardanoMode' }, tag: 'TxCmdTxSubmitValidationError' }, tag: 'TxSubmitFail' }));
        }
        throw err;
      }
    });

    api.get<{ Params: { hash: string } }>('/scripts/datum/:hash/cbor', async (req, reply) => {
      const hash = parse(hash64, req.params.hash, reply);
      if (hash === null) return reply;
      const datum = await provider.getDatum(hash).catch(() => undefined);
      return datum ? { cbor: datum } : fail(reply, 404);
    });

    api.get<{ Params: { policy: string }; Querystring: unknown }>('/assets/policy/:policy', async (req, reply) => {
      const policy = parse(z.string().regex(/^[0-9a-f]{56}$/), req.params.policy, reply);
      const q = policy === null ? null : parse(paging, req.query, reply);
      if (policy === null || q === null) return reply;
      const { index: ix } = await chain();
      const units = ix.byPolicy.get(policy);
      if (!units) return fail(reply, 404);
      return page(units.map((u) => ({ asset: u, quantity: String(ix.assets.get(u)!.quantity) })), q);
    });

    api.get<{ Params: { asset: string } }>('/assets/:asset', async (req, reply) => {
      const u = parse(z.string().regex(/^[0-9a-f]{56}(?:[0-9a-f]{2}){0,32}$/), req.params.asset, reply);
      if (u === null) return reply;
      const { index: ix } = await chain();
      const a = ix.assets.get(u);
      if (!a) return fail(reply, 404);
      return {
        asset: u, policy_id: a.policy, asset_name: a.nameHex || null, fingerprint: assetFingerprint(a.policy, a.nameHex),
        quantity: String(a.quantity), initial_mint_tx_hash: a.initialMintTx, mint_or_burn_count: a.mintOrBurnCount,
        onchain_metadata: a.metadata, onchain_metadata_standard: a.metadata ? 'CIP25v1' : null, onchain_metadata_extra: null, metadata: null,
      };
    });

    api.get<{ Params: { stake: string } }>('/accounts/:stake', async (req, reply) => {
      const stake = parse(stakeAddress, req.params.stake, reply);
      if (stake === null) return reply;
      const d = await provider.getDelegation(stake);
      if (d.poolId === null && d.rewards === 0n) return fail(reply, 404);
      return { stake_address: stake, active: d.poolId !== null, active_epoch: null, controlled_amount: '0', rewards_sum: String(d.rewards), withdrawals_sum: '0', reserves_sum: '0', treasury_sum: '0', withdrawable_amount: String(d.rewards), pool_id: d.poolId, drep_id: null };
    });
  }, { prefix: BLOCKFROST_API_PREFIX });

  // Admin endpoints (outside the Blockfrost API).
  const countBody = z.object({ count: z.number().int().min(1).max(100_000) }).strict();
  const depthBody = z.object({ depth: z.number().int().min(1).max(10_000) }).strict();
  const fundBody = z.object({ address: bech32Address }).strict();
  const tipJson = (t: ChainTip) => ({ height: t.height, hash: t.hash, slot: t.slot });

  app.post('/emulator/blocks', async (req, reply) => {
    const body = parse(countBody, req.body, reply);
    return body === null ? reply : tipJson(await ledger.produceBlocks(body.count));
  });
  app.post('/emulator/rollback', async (req, reply) => {
    const body = parse(depthBody, req.body, reply);
    return body === null ? reply : tipJson(await ledger.rollback(body.depth));
  });

  // Funding payments are built from the faucet's UTxOs: one at a time in this process.
  let funding: Promise<unknown> = Promise.resolve();
  app.post('/emulator/fund', async (req, reply) => {
    const body = parse(fundBody, req.body, reply);
    if (body === null) return reply;
    if (!body.address.startsWith('addr_test1')) return fail(reply, 400, 'Invalid address: the emulator is a testnet (addr_test1…)');
    const pay = async () => {
      const lucid = await money.lucid();
      lucid.selectWallet.fromPrivateKey(faucet.privateKey);
      let builder = lucid.newTx();
      for (let i = 0; i < DEMO_WALLET_FUNDS.utxos; i++) {
        builder = builder.pay.ToAddress(body.address, {
          lovelace: DEMO_WALLET_FUNDS.lovelacePerUtxo, [money.units.exo]: DEMO_WALLET_FUNDS.exoPerUtxo, [money.units.hexo]: DEMO_WALLET_FUNDS.hexoPerUtxo,
        });
      }
      const signed = await (await builder.complete()).sign.withWallet().complete();
      const hash = await ledger.submit(signed.toCBOR());
      return { tx_hash: hash, tip: tipJson(await ledger.produceBlocks(1)) };
    };
    const run = funding.then(pay, pay);
    funding = run.catch(() => undefined);
    try {
      const paid = await run;
      return {
        ...paid,
        paid: { lovelace: String(DEMO_WALLET_FUNDS.lovelacePerUtxo * BigInt(DEMO_WALLET_FUNDS.utxos)), exo: String(DEMO_WALLET_FUNDS.exoPerUtxo * BigInt(DEMO_WALLET_FUNDS.utxos)), hexo: String(DEMO_WALLET_FUNDS.hexoPerUtxo * BigInt(DEMO_WALLET_FUNDS.utxos)) },
      };
    } catch (err) {
      // Another replica spent the faucet's UTxOs first: the caller may retry.
      if (err instanceof EmulatorRefusal) return fail(reply, 409, `the faucet's payment was refused, retry: ${err.message}`);
      throw err;
    }
  });

  // A collection asset's metadata changes as a collection changes it: re-minted with the new
  // metadata, then burnt (emulator-collection.ts); from the faucet's UTxOs, in the funding queue.
  const remintBody = z.object({
    role: z.enum(['land', 'tool']),
    name: z.string().min(1).max(32).optional(),
    nameHex: z.string().regex(/^(?:[0-9a-f]{2}){1,32}$/).optional(),
    metadata: z.record(z.string(), z.unknown()),
  }).strict().refine((b) => (b.name === undefined) !== (b.nameHex === undefined), 'exactly one of name and nameHex');
  app.post('/emulator/collection/remint', async (req, reply) => {
    const body = parse(remintBody, req.body, reply);
    if (body === null) return reply;
    const nameHex = body.nameHex ?? Buffer.from(body.name!, 'utf8').toString('hex');
    const policy = collectionPolicy(faucet.privateKey, body.role).policyId;
    if (!(await chain()).index.assets.has(policy + nameHex)) return fail(reply, 404, 'no such asset in that collection');
    const run = funding.then(() => remintWithMetadata(money, body.role, nameHex, body.metadata), () => remintWithMetadata(money, body.role, nameHex, body.metadata));
    funding = run.catch(() => undefined);
    try {
      await run;
    } catch (err) {
      return fail(reply, 400, `metadata not re-minted: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { unit: policy + nameHex, tip: tipJson(await ledger.tip()) };
  });

  app.get('/emulator/info', async () => {
    const tip = await ledger.tip();
    return {
      network: opts.network ?? 'preprod', network_id: 0,
      treasury_address: money.treasury.address, treasury_key_file: opts.treasuryKeyFile ?? null,
      sale_address: money.saleAddress, exo_unit: money.units.exo, hexo_unit: money.units.hexo,
      faucet_address: faucet.address, tip: tipJson(tip),
    };
  });

  app.get('/emulator/requests', async () => {
    let total = 0;
    for (const n of counts.values()) total += n;
    return { total, by_route: Object.fromEntries(counts) };
  });
  app.delete('/emulator/requests', async () => {
    counts = new Map();
    return { total: 0, by_route: {} };
  });

  return {
    app,
    requests() {
      let total = 0;
      for (const n of counts.values()) total += n;
      return { total, byRoute: Object.fromEntries(counts) };
    },
    resetRequests() {
      counts = new Map();
    },
    async mintedUnits() {
      return new Set((await chain()).index.assets.keys());
    },
  };
}
