/**
 * `treasury` (any mode; opens the database itself — with PGlite, stop the server first): the
 * treasury's EXO/HEXO on chain, deposits seen but not credited (treasury change is not a deposit:
 * the watcher never records it), unmatched sale payments, payouts awaiting a verdict (docs/game-rules.md §8.2),
 * the reconciliation per token, and the Solana sale address with its unmatched SOL payments
 * (docs/game-rules.md §9: under, over, twice, after expiry, unlinked payer, wrong memo...; refund by
 * hand). Exit code 1 when a reconciliation does not hold.
 */
import { sql } from 'drizzle-orm';
import { fromBaseUnits } from '@kingdom/game';
import { exec, type Orm } from '../db/client.ts';
import type { CardanoMoney } from '../chain/cardano/money.ts';
import type { SolanaChain } from '../chain/solana/index.ts';
import { solAmount } from '@kingdom/game';
import { payoutsAwaitingVerdict, treasuryReport } from '../modules/chain/reconcile.ts';
import { openKingdomDatabase } from '../server.ts';
import { anyConfig, fmt, type Print } from './shared.ts';

/**
 * Prints the report to `print`.
 * @returns true when every token reconciles
 * @throws Error when the ledger (network) cannot be reached
 */
export async function printTreasuryReport(orm: Orm, money: CardanoMoney, print: Print, solana?: SolanaChain): Promise<boolean> {
  const report = await treasuryReport(orm, money);
  const [open] = await exec<{ count: number }>(orm, sql`SELECT count(*)::int AS count FROM chain_withdrawals WHERE status IN ('requested', 'submitted')`);
  print(`Treasury ${money.treasury.address} on ${money.ledger.network} (tip ${(await money.ledger.tip()).height}); sale address ${money.saleAddress}`);
  print(`Pending withdrawals: ${open!.count}`);
  const awaiting = await payoutsAwaitingVerdict(orm);
  print(`Payouts awaiting a verdict (sent, not yet confirmed, expired or failed): ${awaiting.length}`);
  for (const p of awaiting.slice(0, 50)) {
    const next = p.nextTryAt ? `, next try ${p.nextTryAt.toISOString()}` : '';
    const doubt = p.doubtHeight !== null ? `, TTL passed or inputs spent since height ${p.doubtHeight}` : '';
    const error = p.lastError ? `, last error: ${p.lastError.slice(0, 120)}` : '';
    print(`  withdrawal ${p.withdrawalId}: ${fmt(p.amount)} ${p.token.toUpperCase()} to ${p.address}, tx ${p.txHash}, ${p.attempts} tries${next}${doubt}${error}`);
  }
  const [unmatched] = await exec<{ count: number; lovelace: string }>(orm, sql`
    SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS lovelace FROM chain_payments WHERE status = 'unmatched' AND ${OPEN_CARDANO}`);
  await printResolved(orm, print);
  if (unmatched!.count > 0) {
    print(`Unmatched ADA payments to the sale address (no order of the sender's, already paid or underpaid; resolve them in the console, /console): ${unmatched!.count}, ${fromBaseUnits(BigInt(unmatched!.lovelace), 'exo')} ADA`);
    const rows = await exec<{ tx_hash: string; output_index: number; amount: string; sender: string }>(orm, sql`
      SELECT tx_hash, output_index, amount::text AS amount, senders[1] AS sender FROM chain_payments WHERE status = 'unmatched' AND ${OPEN_CARDANO} ORDER BY id LIMIT 20`);
    for (const r of rows) print(`  ${r.tx_hash}#${r.output_index}  ${fromBaseUnits(BigInt(r.amount), 'exo')} ADA from ${r.sender}`);
  }
  if (solana) await printSolanaPayments(orm, solana, print);
  let holds = true;
  for (const r of report) {
    const s = r.sums;
    const t = r.token.toUpperCase();
    print('');
    print(`${t}: treasury holds ${fmt(r.treasuryHeld)} on chain; deposits not yet credited ${r.pendingDeposits.count} (${fmt(r.pendingDeposits.sum)})`);
    print(`  app balances ${fmt(s.balances)} + pending withdrawals ${fmt(s.pendingWithdrawals)} = ${fmt(r.reconciliation.left)}`);
    print(`  confirmed deposits ${fmt(s.confirmedDeposits)} − confirmed withdrawals ${fmt(s.confirmedWithdrawals)} + game-issued ${fmt(s.gameIssued)} = ${fmt(r.reconciliation.right)}`);
    print(r.reconciliation.holds ? '  reconciliation holds' : `  RECONCILIATION DOES NOT HOLD: difference ${fmt(r.reconciliation.difference)}`);
    if (!r.reconciliation.holds) holds = false;
  }
  return holds;
}

/**
 * The Solana side: the sale address, SOL orders paid, and the unmatched SOL payments the watcher
 * recorded (never credited), by verdict, with the latest 20.
 */
async function printSolanaPayments(orm: Orm, solana: SolanaChain, print: Print): Promise<void> {
  const [paid] = await exec<{ count: number; lamports: string }>(orm, sql`
    SELECT count(*)::int AS count, COALESCE(sum(lamports), 0)::text AS lamports FROM solana_payments WHERE verdict = 'paid'`);
  print(`Solana (${solana.cluster}) sale address ${solana.saleAddress}: ${paid!.count} SOL orders paid, ${solAmount(BigInt(paid!.lamports))} SOL`);
  const kinds = await exec<{ verdict: string; count: number; lamports: string }>(orm, sql`
    SELECT verdict, count(*)::int AS count, sum(lamports)::text AS lamports FROM solana_payments WHERE verdict <> 'paid' AND ${OPEN_SOLANA} GROUP BY verdict ORDER BY verdict`);
  if (!kinds.length) return;
  const total = kinds.reduce((s, k) => s + k.count, 0);
  print(`Unmatched SOL payments to the sale address (never credited; refund by hand): ${total} — ${kinds.map((k) => `${k.verdict} ${k.count} (${solAmount(BigInt(k.lamports))} SOL)`).join(', ')}`);
  const rows = await exec<{ signature: string; verdict: string; lamports: string; payer: string; order_id: string | null; user_id: number | null }>(orm, sql`
    SELECT signature, verdict, lamports::text AS lamports, payer, order_id::text AS order_id, user_id FROM solana_payments WHERE verdict <> 'paid' AND ${OPEN_SOLANA} ORDER BY id DESC LIMIT 20`);
  for (const r of rows) {
    print(`  ${r.signature}  ${r.verdict}  ${solAmount(BigInt(r.lamports))} SOL from ${r.payer}${r.order_id ? ` for order ${r.order_id} (account ${r.user_id})` : ''}`);
  }
}

/** Runs `treasury`. */
export async function treasury(): Promise<void> {
  const { db, providers } = await openKingdomDatabase(anyConfig());
  try {
    if (!(await printTreasuryReport(db.orm, providers.money, (line) => console.log(line), providers.solanaChain))) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

/** Unmatched payments not yet resolved by an operator (`payment_resolutions`, the console; docs/game-rules.md §15). */
const OPEN_CARDANO = sql.raw(`NOT EXISTS (SELECT 1 FROM payment_resolutions r WHERE r.payment = 'cardano:' || chain_payments.id)`);
const OPEN_SOLANA = sql.raw(`NOT EXISTS (SELECT 1 FROM payment_resolutions r WHERE r.payment = 'solana:' || solana_payments.id)`);

/** The unmatched payments operators resolved: credited to an account, or refunded by hand. */
async function printResolved(orm: Orm, print: (line: string) => void): Promise<void> {
  const rows = await exec<{ kind: string; count: number }>(orm, sql`SELECT kind, count(*)::int AS count FROM payment_resolutions GROUP BY kind ORDER BY kind`);
  if (rows.length === 0) return;
  print(`Unmatched payments resolved by operators: ${rows.map((r) => `${r.kind === 'credit' ? 'credited' : 'refunded'} ${r.count}`).join(', ')}`);
}
