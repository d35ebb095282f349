/**
 * The chain watcher (docs/game-rules.md §8): scans the Cardano ledger for outputs paying the
 * treasury (EXO/HEXO deposits) or the sale address (ADA for EXO orders), records each (output,
 * token) once in `chain_payments`, un-pends payments whose block left the chain (rollbacks), and
 * credits every payment with enough confirmations exactly once — to the account of its first
 * proven sender (from the transaction's inputs, never from metadata): an address the account linked
 * (exact address) or an address whose stake credential the account proved by a signature of that
 * stake key (`cardano_stake_proofs`, docs/game-rules.md §8.2); payments from unproven senders wait as `claimable`
 * until an account proves their sender. Transactions the treasury itself sends (its payouts) are
 * not deposits: their change back to the treasury is never recorded.
 *
 * The credit step is set-based SQL; `creditPayments` in `packages/game` is its model and
 * `test/chain-watcher-model.test.ts` proves the two agree.
 */
import { sql } from 'drizzle-orm';
import { exec, type Database, type Orm } from '../db/client.ts';
import { applyLedgerBatch } from '../modules/ledger/ledger.ts';
import { readMessage } from '@kingdom/game';
import type { CardanoLedger, WatchedTx } from '@kingdom/chain-providers';
import { stakeCredentialOf } from '../auth/cardano-address.ts';

/** What the watcher looks for and how deep. */
export interface ChainWatchOptions {
  treasuryAddress: string;
  saleAddress: string;
  /** Native token units (`policyId + assetNameHex`). */
  units: { exo: string; hexo: string };
  /** Confirmations a payment needs (its own block counts). */
  confirmations: number;
  /** Time written on entries and notifications (game clock, UTC). */
  now: Date;
  /** Blocks scanned per `transactionsTo` call (default 2,000). */
  maxBlocks?: number;
  /**
   * Where a database that has never watched starts (`CHAIN_START_BLOCK`, docs/operator-guide.md §1):
   * `tip` — the tip at this first run (payments before it are never seen), or a block height.
   * Default 1 (the emulator: its chain starts with the database).
   */
  startBlock?: number | 'tip';
}

/** What one run did. */
export interface WatchRun {
  /** Height scanned up to (the tip at the run). */
  scannedTo: number;
  /** Payment rows recorded (new or re-included after a rollback). */
  seen: number;
  /** Payments credited. */
  credited: number;
  /** Payments that became claimable. */
  claimable: number;
  /** Pending payments whose transaction left the chain. */
  rolledBack: number;
  /** On a database's first run: the block it started watching at (null on every later run). */
  startedAt: number | null;
}

const CURSOR = 'cardano';
const INSERT_CHUNK = 5_000;

interface PaymentRow {
  tx_hash: string;
  output_index: number;
  token: 'exo' | 'hexo' | 'ada';
  amount: string;
  senders: string[];
  sender_stakes: string[];
  message_account: number | null;
  message_order: number | null;
  block_height: number;
  block_hash: string;
}

/**
 * The payment rows of watched transactions (one per output and token). A transaction spending the
 * treasury's own outputs (a payout) yields none: its change is not a deposit (docs/game-rules.md §8.2).
 */
export function paymentRows(txs: readonly WatchedTx[], opts: Pick<ChainWatchOptions, 'treasuryAddress' | 'saleAddress' | 'units'>): PaymentRow[] {
  const rows: PaymentRow[] = [];
  const stakes = new Map<string, string>();
  const stakeOf = (a: string) => {
    let s = stakes.get(a);
    if (s === undefined) stakes.set(a, (s = stakeCredentialOf(a) ?? ''));
    return s;
  };
  for (const tx of txs) {
    if (tx.senders.includes(opts.treasuryAddress)) continue;
    const named = readMessage(tx.message);
    const base = { tx_hash: tx.hash, senders: tx.senders, sender_stakes: tx.senders.map(stakeOf), message_account: named.account, message_order: named.order, block_height: tx.block.height, block_hash: tx.block.hash };
    for (const out of tx.outputs) {
      if (out.address === opts.treasuryAddress) {
        for (const token of ['exo', 'hexo'] as const) {
          const q = out.assets[opts.units[token]] ?? 0n;
          if (q > 0n) rows.push({ ...base, output_index: out.index, token, amount: q.toString() });
        }
      } else if (out.address === opts.saleAddress && out.lovelace > 0n) {
        rows.push({ ...base, output_index: out.index, token: 'ada', amount: out.lovelace.toString() });
      }
    }
  }
  return rows;
}

async function insertPayments(orm: Orm, rows: PaymentRow[], now: Date): Promise<number> {
  let seen = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const inserted = await exec(orm, sql`
      INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, message_account, message_order, block_height, block_hash, status, seen_at)
      SELECT r.tx_hash, r.output_index, r.token, r.amount::numeric, ARRAY(SELECT jsonb_array_elements_text(r.senders)),
        ARRAY(SELECT jsonb_array_elements_text(r.sender_stakes)), r.message_account, r.message_order, r.block_height, r.block_hash, 'pending', ${now}
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(tx_hash text, output_index int, token text, amount text, senders jsonb,
        sender_stakes jsonb, message_account int, message_order bigint, block_height int, block_hash text)
      ON CONFLICT (tx_hash, output_index, token) DO UPDATE
        SET status = 'pending', block_height = EXCLUDED.block_height, block_hash = EXCLUDED.block_hash
        WHERE chain_payments.status = 'rolled_back'
      RETURNING id`);
    seen += inserted.length;
  }
  return seen;
}

/** Un-pends payments whose transaction is no longer in the block the watcher saw it in. */
async function detectRollbacks(db: Database, ledger: CardanoLedger): Promise<{ count: number; lowest: number | null }> {
  const pending = await exec<{ tx_hash: string; block_height: number; block_hash: string }>(db.orm, sql`
    SELECT DISTINCT tx_hash, block_height, block_hash FROM chain_payments WHERE status = 'pending'`);
  const gone: string[] = [];
  let lowest: number | null = null;
  for (const p of pending) {
    const ref = await ledger.txBlock(p.tx_hash);
    if (ref && ref.hash === p.block_hash && ref.height === p.block_height) continue;
    gone.push(p.tx_hash);
    lowest = Math.min(lowest ?? p.block_height, p.block_height);
  }
  if (!gone.length) return { count: 0, lowest: null };
  const rows = await exec(db.orm, sql`UPDATE chain_payments SET status = 'rolled_back'
    WHERE status = 'pending' AND tx_hash IN (${sql.join(gone.map((h) => sql`${h}`), sql`, `)}) RETURNING id`);
  return { count: rows.length, lowest };
}

/**
 * The credit step, in one transaction: see `creditPayments` (packages/game) for the rule. Writes
 * the ledger entries (`deposit` / `exo_order`), the payments' new statuses, paid orders and one
 * `balance_topup` notification per credit.
 * @returns how many were credited and how many became claimable
 */
export async function creditConfirmedPayments(db: Database, tipHeight: number, confirmations: number, now: Date): Promise<{ credited: number; claimable: number }> {
  const deepest = tipHeight - confirmations + 1;
  return db.orm.transaction(async (tx) => {
    await exec(tx, sql`CREATE TEMP TABLE _credit ON COMMIT DROP AS
      WITH ready AS (
        SELECT p.id, p.token, p.amount, p.message_order, p.tx_hash, p.output_index, p.status,
          (SELECT m.user_id FROM unnest(p.senders, p.sender_stakes) WITH ORDINALITY AS s(address, stake, i)
            CROSS JOIN LATERAL (
              SELECT w.user_id, 0 AS how, w.id FROM wallets w WHERE w.chain = 'cardano' AND w.address = s.address
              UNION ALL
              SELECT k.user_id, 1 AS how, 0 FROM cardano_stake_proofs k
              WHERE s.stake <> '' AND k.stake_credential = s.stake
            ) m ORDER BY s.i, m.how, m.id LIMIT 1) AS owner
        FROM chain_payments p
        WHERE p.status IN ('pending', 'claimable') AND p.block_height <= ${deepest}
        FOR UPDATE OF p
      ), judged AS (
        SELECT r.*, o.id AS order_id, o.exo AS order_exo,
          (r.token = 'ada' AND r.owner IS NOT NULL AND o.id IS NOT NULL AND o.user_id = r.owner AND o.status <> 'paid' AND r.amount >= o.lovelace) AS eligible
        FROM ready r LEFT JOIN exo_orders o ON r.token = 'ada' AND o.id = r.message_order
      ), ranked AS (
        SELECT j.*, row_number() OVER (PARTITION BY j.order_id, j.eligible ORDER BY j.id) AS rn FROM judged j
      )
      SELECT id, token, amount, owner, order_id, order_exo, tx_hash, output_index, status AS old_status,
        CASE WHEN owner IS NULL THEN 'claimable'
             WHEN token <> 'ada' THEN 'credited'
             WHEN eligible AND rn = 1 THEN 'credited'
             ELSE 'unmatched' END AS outcome
      FROM ranked`);
    await applyLedgerBatch(tx, sql`
      SELECT owner AS user_id, token AS asset, amount, 'deposit' AS reason, tx_hash || '#' || output_index AS reference
        FROM _credit WHERE outcome = 'credited' AND token <> 'ada'
      UNION ALL
      SELECT owner, 'exo', order_exo, 'exo_order', 'order:' || order_id
        FROM _credit WHERE outcome = 'credited' AND token = 'ada'`, now);
    await exec(tx, sql`UPDATE exo_orders o SET status = 'paid', paid_at = ${now}, tx_hash = c.tx_hash
      FROM _credit c WHERE c.outcome = 'credited' AND c.token = 'ada' AND o.id = c.order_id`);
    await exec(tx, sql`INSERT INTO notifications (user_id, type, data, created_at)
      SELECT owner, 'balance_topup',
        jsonb_build_object('token', CASE WHEN token = 'ada' THEN 'exo' ELSE token END,
          'amount', (CASE WHEN token = 'ada' THEN order_exo ELSE amount END)::text, 'tx_hash', tx_hash,
          'source', CASE WHEN token = 'ada' THEN 'exo_order' ELSE 'deposit' END),
        ${now}
      FROM _credit WHERE outcome = 'credited' ORDER BY id`);
    const changed = await exec<{ outcome: string }>(tx, sql`UPDATE chain_payments p
      SET status = c.outcome, user_id = COALESCE(c.owner, p.user_id), credited_at = CASE WHEN c.outcome = 'credited' THEN ${now}::timestamptz END
      FROM _credit c WHERE p.id = c.id AND c.outcome <> c.old_status RETURNING c.outcome`);
    await exec(tx, sql`DROP TABLE _credit`);
    return {
      credited: changed.filter((c) => c.outcome === 'credited').length,
      claimable: changed.filter((c) => c.outcome === 'claimable').length,
    };
  });
}

/**
 * One watcher run: rollbacks, then scan from the cursor to the tip, then credit.
 *
 * A database that has never watched (no cursor) starts at `opts.startBlock` and records that point at
 * once. The scan goes in windows of `maxBlocks`; while more than one window is left and the last window
 * found nothing, a ledger that offers `nextTransactionHeight` (Blockfrost) is asked where the watched
 * addresses' next transaction is, and the scan jumps there (or to the tip): a catch-up over blocks
 * without them costs a few requests, not two per window (docs/operator-guide.md §7.3).
 * @throws Error when the ledger cannot be reached (nothing is lost: the next run goes on from the cursor)
 */
export async function runChainWatcher(db: Database, ledger: CardanoLedger, opts: ChainWatchOptions): Promise<WatchRun> {
  const tip = await ledger.tip();
  const rolled = await detectRollbacks(db, ledger);
  let [cursorRow] = await exec<{ height: number }>(db.orm, sql`SELECT height FROM chain_cursor WHERE name = ${CURSOR}`);
  let startedAt: number | null = null;
  if (!cursorRow) {
    const start = opts.startBlock === 'tip' ? tip.height : Math.max(1, Math.min(opts.startBlock ?? 1, tip.height + 1));
    // (another process may have started first: its start point stays)
    await exec(db.orm, sql`INSERT INTO chain_cursor (name, height) VALUES (${CURSOR}, ${start - 1}) ON CONFLICT (name) DO NOTHING`);
    [cursorRow] = await exec<{ height: number }>(db.orm, sql`SELECT height FROM chain_cursor WHERE name = ${CURSOR}`);
    startedAt = cursorRow!.height + 1;
  }
  let from = Math.min(cursorRow!.height + 1, tip.height + 1);
  if (rolled.lowest !== null) from = Math.min(from, rolled.lowest);
  let seen = 0;
  const step = opts.maxBlocks ?? 2_000;
  const watched = [opts.treasuryAddress, opts.saleAddress];
  const setCursor = (height: number) => exec(db.orm, sql`INSERT INTO chain_cursor (name, height) VALUES (${CURSOR}, ${height})
      ON CONFLICT (name) DO UPDATE SET height = EXCLUDED.height`);
  let lastFound = 0;
  for (let start = Math.max(1, from); start <= tip.height;) {
    if (ledger.nextTransactionHeight && lastFound === 0 && tip.height - start + 1 > step) {
      const next = await ledger.nextTransactionHeight(watched, start);
      if (next === null || next > tip.height) {
        await setCursor(tip.height);
        break;
      }
      start = Math.max(start, next);
    }
    const end = Math.min(tip.height, start + step - 1);
    const txs = await ledger.transactionsTo(watched, start, end);
    lastFound = txs.length;
    seen += await insertPayments(db.orm, paymentRows(txs, opts), opts.now);
    await setCursor(end);
    start = end + 1;
  }
  if (tip.height < cursorRow!.height) {
    await exec(db.orm, sql`UPDATE chain_cursor SET height = ${tip.height} WHERE name = ${CURSOR}`);
  }
  // Rows an older watcher recorded for the treasury's own payouts (their change) are not deposits.
  await exec(db.orm, sql`DELETE FROM chain_payments WHERE status IN ('pending', 'claimable') AND ${opts.treasuryAddress} = ANY(senders)`);
  const { credited, claimable } = await creditConfirmedPayments(db, tip.height, opts.confirmations, opts.now);
  return { scannedTo: tip.height, seen, credited, claimable, rolledBack: rolled.count, startedAt };
}
