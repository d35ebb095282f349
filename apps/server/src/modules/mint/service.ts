/**
 * The in-app land mint (docs/game-rules.md §2 "Mint Your Land"): reserving a land, building the
 * mint transaction the wallet signs, submitting it with the Land policy's signature, the account's
 * mints, and the job step that confirms or expires them.
 *
 * The mint transaction (Lucid Evolution): mints one Land NFT — the very asset the land page names,
 * the configured Land policy id + the land's asset name — under the Land policy's native script
 * (`sig` of the policy key) to the paying wallet, pays the sale price in ADA to the treasury, carries
 * CIP-25 metadata (label 721), and names the policy key as a required signer. The wallet signs it
 * (CIP-30 `signTx`); only `submitMint` adds the policy key's witness, so a reservation's transaction
 * reaches the chain through the server alone.
 *
 * Where it is open: where the Kingdom holds the Land policy's key — the emulated chain with the
 * demo's Land policy (`@kingdom/emulators`' cardano/land-policy.ts, whose policy id is `LAND_POLICY_ID`) — and sees
 * which lands are unminted (the demo treasury still holds them). Elsewhere (a real network, or a
 * configured collection whose key the Kingdom does not hold) every request answers LAND_SOLD_OUT.
 * The NFT the transaction mints lives on the emulated Cardano ledger (the buyer's wallet sees it);
 * the land registry the Kingdom reads (`emu_assets`, the Land collection) moves the same asset from
 * the mint to the buyer when the transaction confirms, so a wallet sync finds the land the page names.
 *
 * Units: lovelace (bigint) for ADA; slots of the network; times UTC.
 */
import { toText, type LucidEvolution } from '@lucid-evolution/lucid';
import {
  GameError, MINT_TTL_MINUTES, checkMint, confirmationsAt, hexName, mintExpiresAt, parseHexName, type MintRequest as RuleRequest,
} from '@kingdom/game';
import type { LandMint, MintInfo, MintRequest } from '@kingdom/api';
import type { Database } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { isOnNetwork, type CardanoMoney } from '../../chain/cardano/money.ts';
import type { ChainProviders } from '../../chain/provider.ts';
import { demoLandPolicy, TREASURY_ADDRESS, type LandPolicy } from '@kingdom/emulators';
import { syncWallet } from '../wallets/sync.ts';
import { iso, requestHashOf } from '../chain/shared.ts';
import {
  cancelReserved, countFree, countFreeMatching, expireReserved, hasOpenMint, insertMint, markConfirmed, markSubmitted, mintByKey,
  markSynced, mintRows, moveFromMint, namedLand, ownsAddress, pickFree, setBlock, setBuiltTx, submittedMints, unsubmit, unsyncedMints, type MintRow,
} from './repository.ts';

/** Slots the mint transaction stays valid after it is built (30 minutes of slots on a real network). */
export const MINT_TX_TTL_SLOTS = MINT_TTL_MINUTES * 60;

/** What the mint needs besides the database. */
export interface MintDeps {
  db: Database;
  money: CardanoMoney;
  /** Sale price of a land, lovelace. */
  priceLovelace: bigint;
  /** The configured Land policy id (`config.collections.landPolicyId`, as recorded). */
  landPolicyId: string;
}

/**
 * The Land policy the Kingdom can mint under — its key, script and id — or null where it holds no
 * key of the configured policy: only the emulated chain with the demo's Land policy (see the module comment).
 */
export function landPolicy(money: CardanoMoney, landPolicyId: string): LandPolicy | null {
  const demo = demoLandPolicy();
  return money.emulator !== null && landPolicyId === demo.policyId ? demo : null;
}

/**
 * True where the in-app mint is open: the Kingdom holds the configured Land policy's key (see the
 * module comment). Without `landPolicyId` (the chain jobs): whether mints can exist at all here (the
 * emulated chain), so reservations made before still expire and confirm.
 */
export function mintOpen(money: CardanoMoney, landPolicyId?: string): boolean {
  return landPolicyId === undefined ? money.emulator !== null : landPolicy(money, landPolicyId) !== null;
}

function answer(r: MintRow, tipHeight: number): LandMint {
  return {
    id: r.id, status: r.status,
    land: { id: r.land_id, hex_name: r.hex_name, q: r.q, r: r.r, size: r.size as LandMint['land']['size'], biome: r.biome as LandMint['land']['biome'] },
    lovelace: r.lovelace, tx_hash: r.tx_hash,
    confirmations: r.block_height === null ? 0 : confirmationsAt(tipHeight, r.block_height),
    created_at: iso(r.created_at)!, expires_at: iso(r.expires_at)!, confirmed_at: iso(r.confirmed_at),
  };
}

/** The account's mints, newest first (at most 20), or the one with `id`. Reserved mints past their time read as expired. */
export async function accountMints(d: MintDeps, userId: number, now: Date, id?: number): Promise<LandMint[]> {
  const tip = await d.money.ledger.tip();
  const rows = await mintRows(d.db.orm, userId, id);
  return rows.map((r) => {
    const a = answer(r, tip.height);
    return a.status === 'reserved' && new Date(r.expires_at) <= now ? { ...a, status: 'expired' } : a;
  });
}

/**
 * `GET /mint/info` (a read: reservations past their time are marked expired by the chain job and
 * by the next mint request, so one may still count as taken for a few seconds).
 */
export async function mintInfo(d: MintDeps): Promise<MintInfo> {
  const open = mintOpen(d.money, d.landPolicyId);
  return {
    open, price_lovelace: d.priceLovelace.toString(), ttl_minutes: MINT_TTL_MINUTES, confirmations: d.money.confirmations,
    free: open ? await countFree(d.db.orm, TREASURY_ADDRESS) : 0,
  };
}

/**
 * Reserves a land for the account (docs/game-rules.md §2): the named land, or a random free land
 * matching the coordinates settings; it waits {@link MINT_TTL_MINUTES} for its payment.
 * Exactly once per idempotency key.
 * @throws GameError PENDING_TRANSACTION, LAND_SOLD_OUT (closed, nothing free, or the named land is
 *   minted), LAND_NOT_AVAILABLE (no such land, or a live mint holds it), MINT_REMOVE_COORS (rule
 *   `checkMint`, and the unique indexes when a racer took the land first); ApiError IDEMPOTENCY_KEY_REUSED
 */
export async function createMint(d: MintDeps, userId: number, key: string, req: MintRequest, now: Date): Promise<LandMint> {
  const hash = requestHashOf(req);
  const replay = async () => {
    const prior = await mintByKey(d.db.orm, userId, key);
    if (!prior) return null;
    if (prior.request_hash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
    return (await accountMints(d, userId, now, prior.id))[0] ?? null;
  };
  const first = await replay();
  if (first) return first;
  const rule: RuleRequest = 'hex_name' in req ? { hexName: req.hex_name } : { any: req.any };
  const cell = 'hex_name' in req ? parseHexName(req.hex_name) : null;
  const open = mintOpen(d.money, d.landPolicyId);
  // "Any": a racer may take the picked land between the pick and the insert; pick again a few times.
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await d.db.orm.transaction(async (tx) => {
      await expireReserved(tx, now);
      const pending = await hasOpenMint(tx, userId);
      const freeTotal = open ? await countFree(tx, TREASURY_ADDRESS) : 0;
      const named = 'hex_name' in req ? (cell ? await namedLand(tx, TREASURY_ADDRESS, hexName(cell.q, cell.r)) : null) : undefined;
      const freeMatching = 'any' in req ? await countFreeMatching(tx, TREASURY_ADDRESS, req.any) : undefined;
      checkMint(rule, { open, pending, freeTotal, named: named === undefined ? undefined : { exists: named !== null, minted: named?.minted ?? false, free: named?.free ?? false }, freeMatching });
      const landId = named ? named.id : await pickFree(tx, TREASURY_ADDRESS, 'any' in req ? req.any : {});
      if (landId === null) return { refused: 'MINT_REMOVE_COORS' as const, id: null };
      const id = await insertMint(tx, { userId, landId, key, hash, lovelace: d.priceLovelace, now, expiresAt: mintExpiresAt(now) });
      return { refused: null, id };
    });
    if (outcome.refused) fail(outcome.refused);
    if (outcome.id !== null && outcome.id !== undefined) return (await accountMints(d, userId, now, outcome.id))[0]!;
    // A unique index refused it: the same key raced (replay), the account opened a mint, or the land was taken.
    const again = await replay();
    if (again) return again;
    if (await hasOpenMint(d.db.orm, userId)) throw new GameError('PENDING_TRANSACTION');
    if ('hex_name' in req) throw new GameError('LAND_NOT_AVAILABLE');
  }
  throw new GameError('LAND_NOT_AVAILABLE');
}

/** The account's mint `id`, or NOT_FOUND. */
async function ownMint(d: MintDeps, userId: number, id: number): Promise<MintRow> {
  const [row] = await mintRows(d.db.orm, userId, id);
  if (!row) fail('NOT_FOUND');
  return row;
}

/** A mint that can be paid now, or the code saying why not. */
function payable(row: MintRow, now: Date): void {
  if (row.status === 'submitted') fail('PENDING_TRANSACTION');
  if (row.status !== 'reserved' || new Date(row.expires_at) <= now) fail('LAND_NOT_AVAILABLE');
}

/** Transaction metadata as Lucid takes it. */
type Metadata = Parameters<ReturnType<LucidEvolution['newTx']>['attachMetadata']>[1];

/** CIP-25 (label 721, version 1.0) metadata of a Land NFT. */
function landMetadata(row: MintRow, policyId: string): Metadata {
  return {
    [policyId]: {
      [toText(row.asset_key)]: {
        name: row.name, image: `ipfs://kingdom-land/${row.hex_name}`, mediaType: 'image/png',
        hex_name: row.hex_name, q: row.q, r: row.r, size: row.size, biome: row.biome,
      },
    },
    version: '1.0',
  };
}

/** Lucid's coin-selection failures as the spec's wallet codes (as the deposit payments map them). */
function walletBuildError(err: unknown): never {
  const text = String((err as { message?: unknown })?.message ?? err);
  if (/insufficient|not enough|InputsExhausted|UTxO Balance|balance/i.test(text)) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
}

/**
 * Builds the unsigned mint transaction of a reserved mint from `address`'s UTxOs (see the module
 * comment), valid for {@link MINT_TX_TTL_SLOTS} slots; building again replaces the previous one.
 * @throws ApiError NOT_FOUND, PENDING_TRANSACTION (already submitted), LAND_NOT_AVAILABLE (expired,
 *   cancelled or confirmed), ERROR_WALLET_WRONG_NETWORK, USER_WALLET_NOT_BELONG (address not linked
 *   to the account), ERROR_WALLET_NOT_ENOUGH_UTXO, ERROR_WALLET_NOT_ENOUGH_BALANCE
 */
export async function buildMintTx(d: MintDeps, userId: number, id: number, address: string, now: Date): Promise<{ tx: string; tx_hash: string; fee: string }> {
  const row = await ownMint(d, userId, id);
  payable(row, now);
  if (!isOnNetwork(d.money, address)) fail('ERROR_WALLET_WRONG_NETWORK');
  if (!(await ownsAddress(d.db.orm, userId, address))) fail('USER_WALLET_NOT_BELONG');
  const utxos = await d.money.ledger.lucidProvider().getUtxos(address).catch(() => []);
  if (!utxos.length) fail('ERROR_WALLET_NOT_ENOUGH_UTXO');
  const price = BigInt(row.lovelace);
  if (utxos.reduce((s, u) => s + (u.assets.lovelace ?? 0n), 0n) < price) fail('ERROR_WALLET_NOT_ENOUGH_BALANCE');
  const policy = landPolicy(d.money, d.landPolicyId);
  if (!policy) fail('LAND_SOLD_OUT');
  const { script, policyId, keyHash } = policy;
  // the land's own asset: the Land policy id and its asset name, as the land page names it
  const unit = policyId + row.asset_key;
  const tip = await d.money.ledger.tip();
  const validToSlot = tip.slot + MINT_TX_TTL_SLOTS;
  const lucid = await d.money.lucid();
  lucid.selectWallet.fromAddress(address, utxos);
  let built;
  try {
    built = await lucid.newTx()
      .mintAssets({ [unit]: 1n }).attach.MintingPolicy(script).addSignerKey(keyHash)
      .pay.ToAddress(address, { [unit]: 1n })
      .pay.ToAddress(d.money.treasury.address, { lovelace: price })
      .attachMetadata(721, landMetadata(row, policyId))
      .validTo(d.money.slotToUnixMs(validToSlot))
      .complete();
  } catch (err) {
    walletBuildError(err);
  }
  const tx = built.toCBOR();
  const txHash = built.toHash();
  if (!(await setBuiltTx(d.db.orm, row.id, { address, txHash, txCbor: tx, validToSlot }))) fail('LAND_NOT_AVAILABLE');
  return { tx, tx_hash: txHash, fee: built.toTransaction().body().fee().toString() };
}

/**
 * Submits the built mint transaction with the wallet's witness set and the policy key's: the mint
 * becomes `submitted`; a refused transaction returns it to `reserved`.
 * @throws ApiError NOT_FOUND, PENDING_TRANSACTION, LAND_NOT_AVAILABLE (not reserved, expired, or no
 *   transaction built), TX_SUBMIT_FAILED (malformed, wrongly signed or refused; the reservation stays)
 */
export async function submitMint(d: MintDeps, userId: number, id: number, witnessSet: string, now: Date): Promise<LandMint> {
  const row = await ownMint(d, userId, id);
  payable(row, now);
  if (!row.tx_cbor || !row.tx_hash) fail('LAND_NOT_AVAILABLE');
  const policy = landPolicy(d.money, d.landPolicyId);
  if (!policy) fail('LAND_SOLD_OUT');
  let signed: string;
  try {
    const lucid = await d.money.lucid();
    lucid.selectWallet.fromAddress(d.money.treasury.address, []);
    const policyWitness = await lucid.fromTx(row.tx_cbor).partialSign.withPrivateKey(policy.privateKey);
    signed = (await lucid.fromTx(row.tx_cbor).assemble([witnessSet, policyWitness]).complete()).toCBOR();
  } catch {
    fail('TX_SUBMIT_FAILED');
  }
  if (!(await markSubmitted(d.db.orm, row.id, row.tx_hash, now))) fail('LAND_NOT_AVAILABLE');
  try {
    await d.money.ledger.lucidProvider().submitTx(signed);
  } catch {
    await unsubmit(d.db.orm, row.id, now);
    fail('TX_SUBMIT_FAILED');
  }
  return (await accountMints(d, userId, now, row.id))[0]!;
}

/**
 * Gives a reserved mint up; its land is free again at once.
 * @throws ApiError NOT_FOUND; GameError PENDING_TRANSACTION (submitted: it can no longer be given up)
 */
export async function cancelMint(d: MintDeps, userId: number, id: number, now: Date): Promise<LandMint> {
  const row = await ownMint(d, userId, id);
  if (row.status === 'submitted') fail('PENDING_TRANSACTION');
  await cancelReserved(d.db.orm, userId, id);
  return (await accountMints(d, userId, now, id))[0]!;
}

/** Confirms or returns each submitted mint by where its transaction is now (see {@link runMintJob}). */
async function watchSubmitted(d: Pick<MintDeps, 'db' | 'money'>, submitted: MintRow[], tip: { height: number; slot: number }, now: Date, run: MintJobRun, log?: { warn(o: object, m: string): void }): Promise<void> {
  for (const m of submitted) {
    const block = await d.money.ledger.txBlock(m.tx_hash!);
    if (!block) {
      if (m.valid_to_slot !== null && tip.slot > m.valid_to_slot) {
        await unsubmit(d.db.orm, m.id, now);
        run.returned++;
      } else if (m.block_height !== null) {
        await setBlock(d.db.orm, m.id, null);
      }
      continue;
    }
    if (confirmationsAt(tip.height, block.height) < d.money.confirmations) {
      if (m.block_height !== block.height) await setBlock(d.db.orm, m.id, block.height);
      continue;
    }
    const moved = await d.db.orm.transaction(async (tx) => {
      if (!(await markConfirmed(tx, m.id, block.height, now))) return null;
      // The land leaves the mint for the buyer (the Valley shows it minted and owned). The demo
      // faucet leaves reserved lands alone, so the mint still holds it.
      return moveFromMint(tx, TREASURY_ADDRESS, m.address!, m.collection_key, m.asset_key);
    });
    if (moved === null) continue;
    if (!moved) log?.warn({ mint: m.id, land: m.hex_name }, 'mint confirmed but the demo treasury no longer holds the land');
    run.confirmed++;
  }
}

/** What one run of {@link runMintJob} did. */
export interface MintJobRun { confirmed: number; expired: number; returned: number }

/**
 * The mint's job step (run by the chain-money jobs under their lease): expires reserved mints past
 * their time; for each submitted mint, confirms it exactly once when its transaction is
 * `confirmations` deep (the land moves from the mint to the buyer and the wallet is synced, so the
 * land is in the player's lands and on the map), or — when its transaction is in no block and its
 * validity interval has passed, so it never can be — returns it to `reserved` (or `expired` when
 * the reservation's time is over: the land returns).
 */
export async function runMintJob(d: Pick<MintDeps, 'db' | 'money'>, providers: ChainProviders, now: Date, log?: { warn(o: object, m: string): void }): Promise<MintJobRun> {
  const run: MintJobRun = { confirmed: 0, expired: await expireReserved(d.db.orm, now), returned: 0 };
  const submitted = await submittedMints(d.db.orm);
  if (submitted.length) await watchSubmitted(d, submitted, await d.money.ledger.tip(), now, run, log);
  // The buyer's wallet is synced after the confirmation committed; one missed (a crash between the
  // two) is synced at the next run.
  for (const u of await unsyncedMints(d.db.orm)) {
    await syncWallet(d.db, providers, 'cardano', u.address, now);
    await markSynced(d.db.orm, u.id, now);
  }
  return run;
}
