/**
 * Payments the watchers could not credit (docs/game-rules.md §8, §9; docs/http-contract.md §4): ADA
 * to the sale address that `chain_payments` holds as `unmatched`, and SOL payments the Solana watcher
 * judged other than `paid`. Their resolution (`payment_resolutions`, migration 0035) is recorded once
 * per payment; `kingdom treasury` lists the ones still open.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { UnmatchedPayment } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

interface PaymentDb {
  id: string; chain: 'cardano' | 'solana'; tx: string; currency: 'ada' | 'sol'; amount: string; sender: string; verdict: string;
  order_id: string | number | null; user_id: number | null; seen_at: Date | string;
  r_kind: 'credit' | 'refunded' | null; r_at: Date | string | null; r_chain: string | null; r_address: string | null; r_user_id: number | null;
  r_token: string | null; r_amount: string | null; r_refund_tx: string | null; r_action_id: string | number | null; total?: number;
}

const RESOLUTION_COLUMNS = sql.raw(`r.kind AS r_kind, r.at AS r_at, r.operator_chain AS r_chain, r.operator_address AS r_address, r.user_id AS r_user_id,
  r.token AS r_token, r.amount::text AS r_amount, r.refund_tx AS r_refund_tx, r.action_id AS r_action_id`);

/** ADA payments the Cardano watcher left unmatched (`p` with its resolution `r`). */
const CARDANO = (where: SQL, lock = false) => sql`SELECT 'cardano:' || p.id AS id, 'cardano' AS chain, p.tx_hash || '#' || p.output_index AS tx,
    'ada' AS currency, p.amount::text AS amount, COALESCE(p.senders[1], '') AS sender, p.status AS verdict, p.message_order AS order_id,
    COALESCE(p.user_id, p.message_account, (SELECT o.user_id FROM exo_orders o WHERE o.id = p.message_order)) AS user_id, p.seen_at, ${RESOLUTION_COLUMNS}
  FROM chain_payments p LEFT JOIN payment_resolutions r ON r.payment = 'cardano:' || p.id
  WHERE p.status = 'unmatched' AND ${where} ${lock ? sql`FOR UPDATE OF p` : sql``}`;

/** SOL payments the Solana watcher judged other than `paid`. */
const SOLANA = (where: SQL, lock = false) => sql`SELECT 'solana:' || p.id AS id, 'solana' AS chain, p.signature AS tx,
    'sol' AS currency, p.lamports::text AS amount, p.payer AS sender, p.verdict, p.order_id,
    COALESCE(p.user_id, (SELECT o.user_id FROM exo_orders o WHERE o.id = p.order_id)) AS user_id, p.seen_at, ${RESOLUTION_COLUMNS}
  FROM solana_payments p LEFT JOIN payment_resolutions r ON r.payment = 'solana:' || p.id
  WHERE p.verdict <> 'paid' AND ${where} ${lock ? sql`FOR UPDATE OF p` : sql``}`;

const toPayment = (r: PaymentDb): UnmatchedPayment => ({
  id: r.id, chain: r.chain, tx: r.tx, currency: r.currency, amount: r.amount, sender: r.sender, verdict: r.verdict,
  order_id: r.order_id === null ? null : Number(r.order_id), user_id: r.user_id, seen_at: new Date(r.seen_at).toISOString(),
  state: r.r_kind === null ? 'unmatched' : r.r_kind === 'credit' ? 'credited' : 'refunded',
  resolution: r.r_kind === null ? null : {
    kind: r.r_kind, at: new Date(r.r_at!).toISOString(), operator: { chain: r.r_chain as 'cardano', address: r.r_address ?? '' },
    user_id: r.r_user_id, token: r.r_token as 'exo' | null, amount: r.r_amount, refund_tx: r.r_refund_tx, action_id: Number(r.r_action_id),
  },
});

/** One payment by its console id (`cardano:<id>` / `solana:<id>`), its row locked when `lock`; null when there is no such unmatched payment. */
export async function paymentById(orm: Orm, id: string, lock = false): Promise<UnmatchedPayment | null> {
  const m = /^(cardano|solana):(\d{1,18})$/.exec(id);
  if (!m) return null;
  const rowId = m[2]!;
  const [row] = await exec<PaymentDb>(orm, m[1] === 'cardano' ? CARDANO(sql`p.id = ${rowId}`, lock) : SOLANA(sql`p.id = ${rowId}`, lock));
  return row ? toPayment(row) : null;
}

/** Payments matching a Cardano transaction hash or a Solana signature. */
export async function paymentsByTx(orm: Orm, tx: string): Promise<UnmatchedPayment[]> {
  const rows = await exec<PaymentDb>(orm, sql`${CARDANO(sql`p.tx_hash = ${tx.toLowerCase()}`)} UNION ALL ${SOLANA(sql`p.signature = ${tx}`)}`);
  return rows.map(toPayment);
}

/**
 * One page of payments in `state` (`all`: every one), newest first; with `userId`, only that account's
 * (the payment's own account, or the one a resolution credited).
 */
export async function paymentsPage(orm: Orm, f: { state: UnmatchedPayment['state'] | 'all'; chain?: 'cardano' | 'solana'; userId?: number; page: number; perPage: number }): Promise<{ payments: UnmatchedPayment[]; total: number }> {
  const stateCond = f.state === 'all' ? sql`true` : f.state === 'unmatched' ? sql`r.kind IS NULL` : sql`r.kind = ${f.state === 'credited' ? 'credit' : 'refunded'}`;
  const parts = [];
  if (f.chain !== 'solana') parts.push(CARDANO(stateCond));
  if (f.chain !== 'cardano') parts.push(SOLANA(stateCond));
  const who = f.userId === undefined ? sql`` : sql`WHERE u.user_id = ${f.userId} OR u.r_user_id = ${f.userId}`;
  const rows = await exec<PaymentDb>(orm, sql`SELECT *, count(*) OVER ()::int AS total FROM (${sql.join(parts, sql` UNION ALL `)}) AS u ${who}
    ORDER BY seen_at DESC, id DESC LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`);
  return { payments: rows.map(toPayment), total: rows[0]?.total ?? 0 };
}
