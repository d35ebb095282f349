/**
 * Lucid Evolution's `Provider` over the server's {@link BlockfrostClient}: the same Blockfrost API v0
 * calls as Lucid's own `Blockfrost` provider (which calls the global `fetch` itself), but each one
 * through the client, so building and submitting transactions take their tokens from the plan's
 * shared request budget and get its retries (docs/operator-guide.md §7.3). Answers are bounded and
 * checked with zod like the client's others. UTxO pages are read until a short page (Lucid reads
 * until an empty one: one request fewer per listing) and without Lucid's fixed sleeps (the budget
 * paces).
 */
import { CML, applyDoubleCborEncoding, fromHex, scriptFromNative, type Address, type Credential, type Datum, type DatumHash, type Delegation, type EvalRedeemer,
  type OutRef, type Provider, type ProtocolParameters, type RewardAddress, type Script, type Transaction, type TxHash, type UTxO, type Unit } from '@lucid-evolution/lucid';
import { z } from 'zod';
import type { BlockfrostClient } from './blockfrost-client.ts';

const PAGE = 100;
/** Pages of 100 UTxOs read for one address before giving up (100,000 UTxOs). */
const MAX_UTXO_PAGES = 1_000;

const hex = z.string().regex(/^(?:[0-9a-f]{2})*$/);
const amount = z.array(z.object({ unit: z.string().max(200), quantity: z.string().regex(/^\d{1,40}$/) })).max(10_000);
const utxoRow = z.object({
  tx_hash: z.string().regex(/^[0-9a-f]{64}$/),
  output_index: z.number().int().min(0),
  address: z.string().min(1).max(1000),
  amount,
  data_hash: z.string().nullable().optional(),
  inline_datum: z.string().nullable().optional(),
  reference_script_hash: z.string().nullable().optional(),
});
type UtxoRow = z.infer<typeof utxoRow>;
const utxoPage = z.array(utxoRow).max(PAGE);
const txUtxos = z.object({ outputs: z.array(utxoRow.omit({ tx_hash: true }).extend({ consumed_by_tx: z.string().nullable().optional() })).max(10_000) });
const num = z.union([z.number(), z.string()]);
const params = z.object({
  min_fee_a: num, min_fee_b: num, max_tx_size: num, max_val_size: num, key_deposit: num, pool_deposit: num,
  drep_deposit: num, gov_action_deposit: num, price_mem: num, price_step: num, max_tx_ex_mem: num, max_tx_ex_steps: num,
  coins_per_utxo_size: num, collateral_percent: num, max_collateral_inputs: num, min_fee_ref_script_cost_per_byte: num,
  cost_models_raw: z.record(z.string(), z.unknown()),
});
const account = z.object({ pool_id: z.string().nullable().optional(), withdrawable_amount: z.string().regex(/^\d{1,40}$/) });
const cborAnswer = z.object({ cbor: hex });
const scriptType = z.object({ type: z.enum(['timelock', 'plutusV1', 'plutusV2', 'plutusV3']) });
const nativeJson = z.object({ json: z.unknown() });
const assetAddresses = z.array(z.object({ address: z.string().min(1).max(1000) })).max(2);

/** A `Provider` whose requests all go through `client` (its budget and retries). */
export class BlockfrostLucidProvider implements Provider {
  /** The client's API v0 base URL and project (what Lucid's `Blockfrost` exposes too). */
  readonly url: string;
  readonly projectId: string;

  constructor(private readonly client: BlockfrostClient) {
    this.url = client.baseUrl;
    this.projectId = client.projectId;
  }

  /** `GET /epochs/latest/parameters`. */
  async getProtocolParameters(): Promise<ProtocolParameters> {
    const p = await this.must('/epochs/latest/parameters', params);
    return {
      minFeeA: Number(p.min_fee_a), minFeeB: Number(p.min_fee_b), maxTxSize: Number(p.max_tx_size), maxValSize: Number(p.max_val_size),
      keyDeposit: BigInt(p.key_deposit), poolDeposit: BigInt(p.pool_deposit), drepDeposit: BigInt(p.drep_deposit), govActionDeposit: BigInt(p.gov_action_deposit),
      priceMem: Number(p.price_mem), priceStep: Number(p.price_step), maxTxExMem: BigInt(p.max_tx_ex_mem), maxTxExSteps: BigInt(p.max_tx_ex_steps),
      coinsPerUtxoByte: BigInt(p.coins_per_utxo_size), collateralPercentage: Number(p.collateral_percent), maxCollateralInputs: Number(p.max_collateral_inputs),
      minFeeRefScriptCostPerByte: Number(p.min_fee_ref_script_cost_per_byte),
      costModels: p.cost_models_raw as unknown as ProtocolParameters['costModels'],
    };
  }

  /** `GET /addresses/{address}/utxos` paged; [] for an address never seen (404). */
  async getUtxos(addressOrCredential: Address | Credential): Promise<UTxO[]> {
    return this.utxoPages(`/addresses/${encodeURIComponent(queryPredicate(addressOrCredential))}/utxos`);
  }

  /** `GET /addresses/{address}/utxos/{unit}` paged; [] when it holds none (404). */
  async getUtxosWithUnit(addressOrCredential: Address | Credential, unit: Unit): Promise<UTxO[]> {
    return this.utxoPages(`/addresses/${encodeURIComponent(queryPredicate(addressOrCredential))}/utxos/${encodeURIComponent(unit)}`);
  }

  /** `GET /assets/{unit}/addresses`, then that address's UTxOs with the unit (an NFT: one). */
  async getUtxoByUnit(unit: Unit): Promise<UTxO> {
    const holders = await this.client.get(`/assets/${encodeURIComponent(unit)}/addresses?count=2`, assetAddresses);
    if (!holders || holders.length === 0) throw new Error('Unit not found.');
    if (holders.length > 1) throw new Error('Unit needs to be an NFT or only held by one address.');
    const utxos = await this.getUtxosWithUnit(holders[0]!.address, unit);
    if (utxos.length !== 1) throw new Error('Unit needs to be an NFT or only held by one address.');
    return utxos[0]!;
  }

  /** `GET /txs/{hash}/utxos` per transaction: the unspent outputs named. */
  async getUtxosByOutRef(outRefs: OutRef[]): Promise<UTxO[]> {
    const out: UTxO[] = [];
    for (const txHash of new Set(outRefs.map((o) => o.txHash))) {
      const tx = await this.client.get(`/txs/${encodeURIComponent(txHash)}/utxos`, txUtxos);
      if (!tx) continue;
      const rows = tx.outputs.filter((o) => !o.consumed_by_tx && outRefs.some((r) => r.txHash === txHash && r.outputIndex === o.output_index));
      out.push(...(await this.toUtxos(rows.map((r) => ({ ...r, tx_hash: txHash })))));
    }
    return out;
  }

  /** `GET /accounts/{stake_address}`; never delegated (404): no pool, no rewards. */
  async getDelegation(rewardAddress: RewardAddress): Promise<Delegation> {
    const a = await this.client.get(`/accounts/${encodeURIComponent(rewardAddress)}`, account);
    return a ? { poolId: a.pool_id ?? null, rewards: BigInt(a.withdrawable_amount) } : { poolId: null, rewards: 0n };
  }

  /** `GET /scripts/datum/{hash}/cbor`. */
  async getDatum(datumHash: DatumHash): Promise<Datum> {
    const d = await this.client.get(`/scripts/datum/${encodeURIComponent(datumHash)}/cbor`, cborAnswer);
    if (!d) throw new Error(`No datum found for datum hash: ${datumHash}`);
    return d.cbor;
  }

  /** Asks `GET /txs/{hash}/cbor` every `checkInterval` ms until the transaction is on chain. */
  async awaitTx(txHash: TxHash, checkInterval = 3000): Promise<boolean> {
    for (;;) {
      await new Promise((r) => setTimeout(r, checkInterval));
      const found = await this.client.get(`/txs/${encodeURIComponent(txHash)}/cbor`, cborAnswer).catch(() => null);
      if (found) return true;
    }
  }

  /**
   * `POST /tx/submit` (CBOR).
   * @throws Error with Blockfrost's message when it refuses the transaction (400), else "Could not submit transaction."
   */
  async submitTx(tx: Transaction): Promise<TxHash> {
    const res = await this.client.request('/tx/submit', { method: 'POST', body: fromHex(tx), contentType: 'application/cbor' });
    const body: unknown = await res.json().catch(() => null);
    if (res.ok && typeof body === 'string' && /^[0-9a-f]{64}$/.test(body)) return body;
    const refusal = z.object({ status_code: z.number(), message: z.string().max(100_000) }).safeParse(body);
    if (refusal.success && refusal.data.status_code === 400) throw new Error(refusal.data.message);
    throw new Error('Could not submit transaction.');
  }

  /** `POST /utils/txs/evaluate/utxos` (Plutus scripts only; Lucid evaluates locally by default). */
  async evaluateTx(tx: Transaction, additionalUTxOs?: UTxO[]): Promise<EvalRedeemer[]> {
    const payload = { cbor: tx, additionalUtxoSet: (additionalUTxOs ?? []).map(toOgmiosUtxo) };
    const res = await this.client.request('/utils/txs/evaluate/utxos', { method: 'POST', body: JSON.stringify(payload), contentType: 'application/json' });
    const body = (await res.json().catch(() => null)) as { result?: { EvaluationResult?: Record<string, { memory: number; steps: number }> }; message?: string } | null;
    const result = body?.result?.EvaluationResult;
    if (!res.ok || !result) throw new Error(`EvaluateTransaction fails: ${JSON.stringify(body?.result ?? body?.message ?? res.status)}`);
    return Object.entries(result).map(([pointer, data]) => {
      const [tag, index] = pointer.split(':');
      const legacy: Record<string, EvalRedeemer['redeemer_tag']> = { certificate: 'publish', withdrawal: 'withdraw' };
      return { redeemer_tag: legacy[tag!] ?? (tag as EvalRedeemer['redeemer_tag']), redeemer_index: Number(index), ex_units: { mem: Number(data.memory), steps: Number(data.steps) } };
    });
  }

  /** A GET that must answer (404 is an Error). */
  private async must<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const body = await this.client.get(path, schema);
    if (body === null) throw new Error(`Blockfrost answered 404 for ${path}`);
    return body;
  }

  private async utxoPages(path: string): Promise<UTxO[]> {
    const rows: UtxoRow[] = [];
    for (let page = 1; page <= MAX_UTXO_PAGES; page++) {
      const got = await this.client.get(`${path}?page=${page}&count=${PAGE}`, utxoPage);
      if (got === null) return [];
      rows.push(...got);
      if (got.length < PAGE) return this.toUtxos(rows);
    }
    throw new Error(`more than ${MAX_UTXO_PAGES * PAGE} UTxOs at ${path.split('/')[2]}`);
  }

  private async toUtxos(rows: readonly UtxoRow[]): Promise<UTxO[]> {
    const out: UTxO[] = [];
    for (const r of rows) {
      out.push({
        txHash: r.tx_hash, outputIndex: r.output_index, address: r.address,
        assets: Object.fromEntries(r.amount.map(({ unit, quantity }) => [unit, BigInt(quantity)])),
        datumHash: (!r.inline_datum && r.data_hash) || undefined,
        datum: r.inline_datum || undefined,
        scriptRef: r.reference_script_hash ? await this.script(r.reference_script_hash) : undefined,
      });
    }
    return out;
  }

  /** A reference script: `GET /scripts/{hash}` (its type), then its CBOR or, for a native script, its JSON. */
  private async script(hash: string): Promise<Script | undefined> {
    const { type } = await this.must(`/scripts/${encodeURIComponent(hash)}`, scriptType);
    if (type === 'timelock') {
      const { json } = await this.must(`/scripts/${encodeURIComponent(hash)}/json`, nativeJson);
      return scriptFromNative(json as Parameters<typeof scriptFromNative>[0]);
    }
    const { cbor } = await this.must(`/scripts/${encodeURIComponent(hash)}/cbor`, cborAnswer);
    return { type: ({ plutusV1: 'PlutusV1', plutusV2: 'PlutusV2', plutusV3: 'PlutusV3' } as const)[type], script: applyDoubleCborEncoding(cbor) };
  }
}

/** An address as is; a credential as Blockfrost's `addr_vkh…` (Lucid's own rule, scripts included). */
function queryPredicate(addressOrCredential: Address | Credential): string {
  if (typeof addressOrCredential === 'string') return addressOrCredential;
  return addressOrCredential.type === 'Key'
    ? CML.Ed25519KeyHash.from_hex(addressOrCredential.hash).to_bech32('addr_vkh')
    : CML.ScriptHash.from_hex(addressOrCredential.hash).to_bech32('addr_vkh');
}

/** A UTxO in Ogmios' shape for Blockfrost's evaluation endpoint. */
function toOgmiosUtxo(u: UTxO): unknown {
  const assets: Record<string, number> = {};
  for (const [unit, q] of Object.entries(u.assets)) if (unit !== 'lovelace') assets[unit.length === 56 ? unit : `${unit.slice(0, 56)}.${unit.slice(56)}`] = Number(q);
  const script = u.scriptRef && u.scriptRef.type !== 'Native' ? { [`plutus:${u.scriptRef.type.slice(-2).toLowerCase()}`]: u.scriptRef.script } : undefined;
  return [{ txId: u.txHash, index: u.outputIndex }, { address: u.address, value: { coins: Number(u.assets.lovelace ?? 0n), assets }, datumHash: u.datumHash, datum: u.datum, script }];
}
