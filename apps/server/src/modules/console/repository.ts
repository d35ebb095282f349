/**
 * The console's reads of players (docs/http-contract.md §4): the one-box search and the player's
 * page. The search tries the text as every key it can be, each an exact lookup on an index
 * (migration 0034 adds the missing ones: lower(address), lower(handle), transaction hashes, lower(hex
 * name)), so it stays fast at any number of players.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TOKENS, type Token } from '@kingdom/game';
import type { ConsolePlayerResponse, LedgerRow, SearchHit, SearchMatch, SignIn } from '@kingdom/api';
import { exec, type Database, type Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { HELD_LANDS } from '../../world-import/collections.ts';
import type { CardanoMoney } from '../../chain/cardano/money.ts';
import { accountDeposits } from '../chain/deposits.ts';
import { accountWithdrawals } from '../chain/withdrawals.ts';
import { accountOrders } from '../chain/orders.ts';
import { reasonInWords } from '../account/service.ts';
import { auditPage } from './audit.ts';
import { approvalsPage, flagsOfUser } from './service.ts';
import { paymentsByTx } from './payments.ts';

/** Most hits a search answers. */
export const SEARCH_LIMIT = 20;

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** The lookups `q` may be, each `(user_id, matched, detail, chain)`. */
function lookups(q: string): SQL[] {
  const out: SQL[] = [];
  const hit = (matched: SearchMatch, detail: SQL | string, chain: SQL | string | null) =>
    sql`${matched}::text AS matched, ${typeof detail === 'string' ? sql`${detail}::text` : detail} AS detail, ${chain === null ? sql`NULL::text` : typeof chain === 'string' ? sql`${chain}::text` : chain} AS chain`;
  const digits = /^#?(\d{1,10})$/.exec(q);
  if (digits) {
    const n = Number(digits[1]);
    if (n <= 2_147_483_647 && !q.startsWith('#')) out.push(sql`SELECT id AS user_id, ${hit('user_id', `user ${n}`, null)} FROM users WHERE id = ${n}`);
    out.push(sql`SELECT user_id, ${hit('order_id', `order #${n}`, sql`pay_chain`)} FROM exo_orders WHERE id = ${n}`);
  }
  if (q.startsWith('$')) {
    out.push(sql`SELECT user_id, ${hit('handle', sql`'$' || handle`, sql`chain`)} FROM wallets WHERE lower(handle) = lower(${q.slice(1)}) AND handle IS NOT NULL`);
  }
  if (/^stake(_test)?1[02-9ac-hj-np-z]+$/.test(q)) {
    out.push(sql`SELECT user_id, ${hit('stake_address', q, 'cardano')} FROM cardano_stake_proofs WHERE reward_address = ${q}`);
  }
  if (/^[0-9a-fA-F]{64}$/.test(q)) {
    const h = q.toLowerCase();
    out.push(sql`SELECT COALESCE(user_id, message_account) AS user_id, ${hit('cardano_tx', sql`(CASE WHEN token = 'ada' THEN 'payment ' ELSE 'deposit ' END) || tx_hash || '#' || output_index`, 'cardano')}
      FROM chain_payments WHERE tx_hash = ${h} AND COALESCE(user_id, message_account) IS NOT NULL`);
    out.push(sql`SELECT user_id, ${hit('cardano_tx', sql`'order #' || id || ' paid by ' || tx_hash`, 'cardano')} FROM exo_orders WHERE tx_hash = ${h}`);
    out.push(sql`SELECT user_id, ${hit('cardano_tx', sql`'withdrawal #' || id || ' ' || tx_hash`, 'cardano')} FROM chain_withdrawals WHERE tx_hash = ${h}`);
  }
  if (BASE58.test(q) && q.length >= 64 && q.length <= 90) {
    out.push(sql`SELECT COALESCE(p.user_id, o.user_id) AS user_id, ${hit('solana_signature', sql`'SOL payment ' || p.verdict || ' ' || p.signature`, 'solana')}
      FROM solana_payments p LEFT JOIN exo_orders o ON o.id = p.order_id WHERE p.signature = ${q} AND COALESCE(p.user_id, o.user_id) IS NOT NULL`);
    out.push(sql`SELECT user_id, ${hit('solana_signature', sql`'order #' || id || ' paid by ' || tx_hash`, 'solana')} FROM exo_orders WHERE tx_hash = ${q}`);
  }
  if (q.length >= 20 && q.length <= 200) {
    // a linked address: Cardano bech32 (lower case) or Solana base58 (exact)
    out.push(sql`SELECT user_id, ${hit('address', sql`address`, sql`chain`)} FROM wallets WHERE lower(address) = lower(${q})`);
  }
  if (/^[A-Za-z0-9]{1,10}$/.test(q)) {
    out.push(sql`SELECT h.user_id, ${hit('land', sql`'land ' || l.hex_name`, sql`h.chain`)} FROM lands l
      JOIN holdings h ON h.collection_key = l.collection_key AND h.asset_key = l.asset_key AND h.collection_key = (SELECT kingdom_land_policy())
      WHERE lower(l.hex_name) = lower(${q})`);
  }
  if (q.length >= 3 && q.length <= 24) {
    out.push(sql`SELECT id AS user_id, ${hit('name', sql`'name ' || name`, null)} FROM users WHERE lower(name) = lower(${q})`);
  }
  return out;
}

/** The one-box search: hits (best first: each lookup's order above) and unowned payments that matched a hash or signature. */
export async function search(orm: Orm, raw: string): Promise<{ hits: SearchHit[]; payments: Awaited<ReturnType<typeof paymentsByTx>> }> {
  const q = raw.trim();
  const parts = lookups(q);
  const hits = parts.length === 0 ? [] : await exec<{ user_id: number; matched: SearchMatch; detail: string; chain: 'cardano' | 'solana' | null; name: string; suspended: boolean; created_at: Date | string; last_login_at: Date | string | null }>(orm, sql`
    WITH m AS (${sql.join(parts.map((p, i) => sql`SELECT ${i}::int AS k, x.* FROM (${p}) AS x`), sql` UNION ALL `)})
    SELECT DISTINCT ON (m.user_id, m.matched, m.detail) m.user_id, m.matched, m.detail, m.chain, u.name, u.suspended_at IS NOT NULL AS suspended, u.created_at, u.last_login_at, m.k
    FROM m JOIN users u ON u.id = m.user_id
    ORDER BY m.user_id, m.matched, m.detail, m.k LIMIT ${SEARCH_LIMIT * 4}`);
  const sorted = hits.sort((a, b) => ((a as unknown as { k: number }).k - (b as unknown as { k: number }).k) || a.user_id - b.user_id).slice(0, SEARCH_LIMIT);
  const payments = /^[0-9a-fA-F]{64}$/.test(q) || (BASE58.test(q) && q.length >= 64 && q.length <= 90) ? await paymentsByTx(orm, q) : [];
  return {
    hits: sorted.map((h) => ({
      user_id: h.user_id, name: h.name, matched: h.matched, detail: h.detail, chain: h.chain, suspended: h.suspended,
      created_at: new Date(h.created_at).toISOString(), last_login_at: h.last_login_at === null ? null : new Date(h.last_login_at).toISOString(),
    })),
    payments: payments.filter((p) => p.user_id === null || !hits.some((h) => h.user_id === p.user_id) || p.state === 'unmatched'),
  };
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** Most rows of each list on the player's page. */
const PAGE_LIST = 50;

/** Everything support needs of one account (docs/http-contract.md §4). @throws ApiError NOT_FOUND */
export async function playerPage(db: Database, money: CardanoMoney, userId: number, now: Date): Promise<ConsolePlayerResponse> {
  const orm = db.orm;
  const [user] = await exec<{ id: number; name: string; avatar: string | null; type: string; created_at: Date | string; last_login_at: Date | string | null }>(orm, sql`
    SELECT id, name, avatar, type, created_at, last_login_at FROM users WHERE id = ${userId}`);
  if (!user) fail('NOT_FOUND');
  const [flags, wallets, stakes, balances, lands, workers, upgrades, items, orders, deposits, withdrawals, claims, notes, signIns, audit, approvals, solVerdicts] = await Promise.all([
    flagsOfUser(orm, userId),
    exec<{ id: number; chain: 'cardano' | 'solana'; address: string; is_master: boolean; handle: string | null; created_at: Date | string; synced_at: Date | string | null }>(orm, sql`
      SELECT id, chain, address, is_master, handle, created_at, synced_at FROM wallets WHERE user_id = ${userId} ORDER BY id`),
    exec<{ stake_credential: string; reward_address: string; proved_at: Date | string }>(orm, sql`
      SELECT stake_credential, reward_address, proved_at FROM cardano_stake_proofs WHERE user_id = ${userId} ORDER BY proved_at`),
    exec<{ token: string; amount: string }>(orm, sql`SELECT token, amount::text AS amount FROM balances WHERE user_id = ${userId}`),
    exec<{ id: number; hex_name: string; name: string; size: string; biome: string; goldmine_level: number | null; frenmine_level: number | null }>(orm, sql`
      SELECT DISTINCT l.id, l.hex_name, l.name, l.size, l.biome, l.goldmine_level, l.frenmine_level FROM ${HELD_LANDS} WHERE h.user_id = ${userId} ORDER BY l.id`),
    exec<{ hex_name: string; mine: 'goldmine' | 'frenmine'; slot: number; kind: string; rarity: string; asset: string | null; assigned_at: Date | string }>(orm, sql`
      SELECT l.hex_name, w.mine, w.slot, w.kind, w.rarity, CASE WHEN w.asset_key IS NULL THEN NULL ELSE w.collection_key || '.' || w.asset_key END AS asset, w.assigned_at
      FROM mine_workers w JOIN lands l ON l.id = w.land_id WHERE w.user_id = ${userId} ORDER BY l.hex_name, w.mine, w.slot`),
    exec<{ hex_name: string; mine: 'goldmine' | 'frenmine'; target_level: number; status: string; started_at: Date | string; ends_at: Date | string }>(orm, sql`
      SELECT DISTINCT ON (u.land_id, u.mine) l.hex_name, u.mine, u.target_level, u.status, u.started_at, u.ends_at
      FROM mine_upgrades u JOIN lands l ON l.id = u.land_id WHERE u.user_id = ${userId} ORDER BY u.land_id, u.mine, u.started_at DESC`),
    exec<{ key: string; name: string; amount: number }>(orm, sql`
      SELECT i.item_key AS key, k.name, i.amount FROM user_items i JOIN item_kinds k ON k.key = i.item_key WHERE i.user_id = ${userId} AND i.amount > 0 ORDER BY i.item_key`),
    accountOrders(db, money, userId, now),
    accountDeposits(db, money, userId),
    accountWithdrawals(db, money, userId),
    exec<{ quest_id: string; quest_key: string; claimed_at: Date | string; rewards: unknown }>(orm, sql`
      SELECT quest_id, quest_key, claimed_at, rewards FROM quest_claims WHERE user_id = ${userId} ORDER BY claimed_at DESC LIMIT ${PAGE_LIST}`),
    exec<{ id: string | number; type: string; data: unknown; read_at: Date | string | null; created_at: Date | string }>(orm, sql`
      SELECT id, type, data, read_at, created_at FROM notifications WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${PAGE_LIST}`),
    exec<{ at: Date | string; chain: 'cardano' | 'solana'; address: string; wallet: string | null; method: string; user_agent: string | null }>(orm, sql`
      SELECT at, chain, address, wallet, method, user_agent FROM sign_ins WHERE user_id = ${userId} ORDER BY at DESC, id DESC LIMIT ${PAGE_LIST}`),
    auditPage(orm, { userId, page: 1, perPage: 100 }),
    approvalsPage(orm, { userId, page: 1, perPage: PAGE_LIST }),
    exec<{ order_id: string | number; signature: string; verdict: string; lamports: string }>(orm, sql`
      SELECT p.order_id, p.signature, p.verdict, p.lamports::text AS lamports FROM solana_payments p JOIN exo_orders o ON o.id = p.order_id WHERE o.user_id = ${userId}`),
  ]);
  const extra = await exec<{ id: string | number; paid_at: Date | string | null }>(orm, sql`SELECT id, paid_at FROM exo_orders WHERE user_id = ${userId}`);
  const paidAt = new Map(extra.map((r) => [Number(r.id), r.paid_at]));
  const wd = await exec<{ id: string | number; submit_attempts: number; last_error: string | null; updated_at: Date | string }>(orm, sql`
    SELECT id, submit_attempts, last_error, updated_at FROM chain_withdrawals WHERE user_id = ${userId}`);
  const wdExtra = new Map(wd.map((r) => [Number(r.id), r]));
  const mines = new Map<string, ConsolePlayerResponse['mines'][number]>();
  const mineOf = (hex: string, mine: 'goldmine' | 'frenmine') => {
    const key = `${hex}/${mine}`;
    let m = mines.get(key);
    if (!m) {
      const land = lands.find((l) => l.hex_name === hex);
      m = { hex_name: hex, mine, level: land ? (mine === 'goldmine' ? land.goldmine_level : land.frenmine_level) : null, workers: [], upgrade: null };
      mines.set(key, m);
    }
    return m;
  };
  for (const w of workers) mineOf(w.hex_name, w.mine).workers.push({ slot: w.slot, kind: w.kind, rarity: w.rarity, asset: w.asset, assigned_at: iso(w.assigned_at) });
  for (const u of upgrades) mineOf(u.hex_name, u.mine).upgrade = { target_level: u.target_level, status: u.status, started_at: iso(u.started_at), ends_at: iso(u.ends_at) };
  const bal = Object.fromEntries(TOKENS.map((t) => [t, balances.find((b) => b.token === t)?.amount ?? '0'])) as Record<Token, string>;
  return {
    user: { id: user.id, name: user.name, avatar: user.avatar, type: user.type, created_at: iso(user.created_at), last_login_at: isoOrNull(user.last_login_at) },
    flags,
    wallets: wallets.map((w) => ({ id: w.id, chain: w.chain, address: w.address, is_master: w.is_master, handle: w.handle, created_at: iso(w.created_at), synced_at: isoOrNull(w.synced_at) })),
    stake_keys: stakes.map((s) => ({ stake_credential: s.stake_credential, reward_address: s.reward_address, proved_at: iso(s.proved_at) })),
    balances: bal,
    lands,
    mines: [...mines.values()],
    items,
    orders: orders.slice(0, PAGE_LIST).map((o) => ({
      ...o, paid_at: isoOrNull(paidAt.get(o.id) ?? null),
      solana_verdicts: solVerdicts.filter((v) => Number(v.order_id) === o.id).map((v) => ({ signature: v.signature, verdict: v.verdict, lamports: v.lamports })),
    })),
    deposits: deposits.deposits,
    claimable: deposits.claimable,
    withdrawals: withdrawals.slice(0, PAGE_LIST).map((w) => {
      const x = wdExtra.get(w.id);
      return { ...w, submit_attempts: x?.submit_attempts ?? 0, last_error: x?.last_error ?? null, updated_at: x ? iso(x.updated_at) : w.created_at };
    }),
    quest_claims: claims.map((c) => ({ quest_id: c.quest_id, quest_key: c.quest_key, claimed_at: iso(c.claimed_at), rewards: typeof c.rewards === 'string' ? JSON.parse(c.rewards) : c.rewards })),
    notifications: notes.map((n) => ({
      id: Number(n.id), type: n.type as ConsolePlayerResponse['notifications'][number]['type'],
      data: (typeof n.data === 'string' ? JSON.parse(n.data) : n.data) as Record<string, unknown>, read: n.read_at !== null, created_at: iso(n.created_at),
    })),
    sign_ins: signIns.map((s): SignIn => ({ at: iso(s.at), chain: s.chain, address: s.address, wallet: s.wallet, method: s.method, user_agent: s.user_agent })),
    audit: audit.rows,
    approvals: approvals.approvals,
  };
}

/** Rows per page of a player's ledger on the console. */
export const CONSOLE_LEDGER_PAGE = 50;
/** Most rows of a player's ledger CSV. */
export const CONSOLE_LEDGER_CSV_MAX = 100_000;

/** A player's ledger filter: asset (a token, `items`, or every asset), reason in words, UTC days. */
export interface LedgerFilter {
  asset?: string;
  reason?: string;
  from?: string;
  to?: string;
}

interface LedgerDb { id: string | number; created_at: Date | string; asset: string; amount: string; reason: string; reference: string; running: string; total: number }

/**
 * A player's ledger entries with filters, newest first (`order: 'asc'` for CSV), each with the asset's
 * running balance right after it (over the whole history, whatever the filters).
 * @throws ApiError NOT_FOUND for an unknown account
 */
export async function playerLedger(orm: Orm, userId: number, f: LedgerFilter, limit: number, offset: number, order: 'asc' | 'desc' = 'desc'): Promise<{ rows: LedgerRow[]; total: number }> {
  const [u] = await exec(orm, sql`SELECT 1 FROM users WHERE id = ${userId}`);
  if (!u) fail('NOT_FOUND');
  const conds: SQL[] = [sql`true`];
  if (f.asset === 'items') conds.push(sql`asset LIKE 'item:%'`);
  else if (f.asset) conds.push(sql`asset = ${f.asset}`);
  if (f.from) conds.push(sql`created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) conds.push(sql`created_at < (${f.to}::date + 1)::timestamptz`);
  const rows = await exec<LedgerDb>(orm, sql`WITH e AS (
      SELECT id, created_at, asset, amount::text AS amount, reason, reference,
        (sum(amount) OVER (PARTITION BY asset ORDER BY created_at, id))::text AS running
      FROM ledger_entries WHERE user_id = ${userId})
    SELECT *, count(*) OVER ()::int AS total FROM e WHERE ${sql.join(conds, sql` AND `)}
    ORDER BY created_at ${sql.raw(order)}, id ${sql.raw(order)}`);
  // the reason filter is in words (a raw reason maps to one word), so it is applied here
  const kept = f.reason ? rows.filter((r) => reasonInWords(r.reason) === f.reason) : rows;
  return {
    total: kept.length,
    rows: kept.slice(offset, offset + limit).map((r) => ({
      id: Number(r.id), at: iso(r.created_at), asset: r.asset, amount: r.amount, reason: reasonInWords(r.reason), raw_reason: r.reason,
      reference: r.reference, link: null, running_balance: r.running,
    })),
  };
}
