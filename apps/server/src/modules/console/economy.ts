/**
 * The economy dashboard (docs/http-contract.md §4, docs/operator-guide.md "The console"), per UTC day
 * and chain, computed from the ledger and the game's records:
 *
 * - flows: every token (and item) created (positive entries) and burned (negative entries) per day
 *   and raw ledger reason — their sum over a period is the ledger's sum (a test adds the ledger up
 *   independently);
 * - per day: EXO paid by each pool (`<pool>_reward`), vendor revenue (`vendor_purchase` debits), EXO
 *   sold for ADA/SOL (orders paid), shop royalties, deposits, withdrawals, active players, new
 *   players, sign-ins by wallet app, quest claims;
 * - DAU/WAU/MAU as of the last day, day-1/7/30 retention of each day's new players;
 * - treasuries as the ledger expects them (received − paid out).
 *
 * A player's chain is the chain of the account's first wallet. "Active" on a day: signed in, or made
 * a ledger entry of their own doing (not the tick's, the watchers' or an operator's).
 * Answers are kept {@link ECONOMY_CACHE_MS} per query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { toCsv, type EconomyResponse } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';

/** How long one dashboard answer is kept (ms). */
export const ECONOMY_CACHE_MS = 60_000;
/** Longest period (days). */
export const ECONOMY_MAX_DAYS = 400;

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/**
 * Raw ledger reasons that are not a player's own doing (so they do not make the player active): the
 * tick's rewards and salaries, staking, the watchers' deposits and orders, refunds and operators'.
 */
const PASSIVE_REASON = sql.raw(`(reason LIKE '%\\_reward' OR reason LIKE '%\\_salary' OR reason LIKE 'staking%' OR reason LIKE 'compensation%'
  OR reason IN ('deposit', 'exo_order', 'shop_royalty', 'withdrawal_refund', 'upgrade_refund', 'operator_adjustment', 'payment_resolved', 'demo_seed', 'faucet'))`);

/** The account's chain: its first wallet's (`alias.column` names the account). */
const chainOf = (alias: string, column = 'user_id') => sql.raw(`(SELECT w.chain FROM wallets w WHERE w.user_id = ${alias}.${column} ORDER BY w.id LIMIT 1)`);

function chainFilter(chain: string, alias: string, column = 'user_id'): SQL {
  return chain === 'all' ? sql`true` : sql`${chainOf(alias, column)} = ${chain}`;
}

const cache = new Map<string, { at: number; value: EconomyResponse }>();

/** The dashboard for `[from, to]` (UTC days) and `chain` (`all`, `cardano`, `solana`). */
export async function economy(orm: Orm, q: { from?: string; to?: string; chain: 'all' | 'cardano' | 'solana' }, now: Date, wallMs = Date.now()): Promise<EconomyResponse> {
  const to = q.to ?? dayOf(now);
  let from = q.from ?? addDays(to, -29);
  if (from > to) from = to;
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > ECONOMY_MAX_DAYS) from = addDays(to, -ECONOMY_MAX_DAYS);
  const key = `${from}|${to}|${q.chain}`;
  const hit = cache.get(key);
  if (hit && wallMs - hit.at < ECONOMY_CACHE_MS) return hit.value;
  const started = Date.now();
  const value = await compute(orm, from, to, q.chain, now);
  // kept from when it is ready: an answer slower than the cache's life is kept all the same
  cache.set(key, { at: wallMs + (Date.now() - started), value });
  if (cache.size > 100) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forgets every kept answer (tests). */
export function clearEconomyCache(): void {
  cache.clear();
}

async function compute(orm: Orm, from: string, to: string, chain: 'all' | 'cardano' | 'solana', now: Date): Promise<EconomyResponse> {
  const start = sql`${`${from}T00:00:00Z`}::timestamptz`;
  const end = sql`(${to}::date + 1)::timestamptz`;
  const inChain = chainFilter(chain, 'e');
  const flows = await exec<{ day: string; asset: string; reason: string; created: string; burned: string; entries: number }>(orm, sql`
    SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, e.asset, e.reason,
      COALESCE(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS created, COALESCE(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS burned,
      count(*)::int AS entries
    FROM ledger_entries e WHERE e.created_at >= ${start} AND e.created_at < ${end} AND ${inChain}
    GROUP BY (e.created_at AT TIME ZONE 'UTC')::date, 2, 3 ORDER BY 1, 2, 3`);
  // activity per day (a date: cheaper to compare and group than its text): sign-ins and the players' own ledger entries
  const activeSql = (s: SQL, e: SQL) => sql`
    SELECT user_id, (at AT TIME ZONE 'UTC')::date AS day FROM sign_ins e WHERE at >= ${s} AND at < ${e} AND ${inChain}
    UNION SELECT user_id, (created_at AT TIME ZONE 'UTC')::date FROM ledger_entries e WHERE created_at >= ${s} AND created_at < ${e} AND NOT ${PASSIVE_REASON} AND ${inChain}`;
  const retentionEnd = sql`(${to}::date + 31)::timestamptz`;
  const [activeDays, newPlayers, signIns, quests, orders, mau] = await Promise.all([
    exec<{ day: string; n: number }>(orm, sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, count(DISTINCT user_id)::int AS n FROM (${activeSql(start, end)}) a GROUP BY a.day`),
    exec<{ day: string; n: number }>(orm, sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM users e0
      WHERE created_at >= ${start} AND created_at < ${end} AND ${chainFilter(chain, 'e0', 'id')} GROUP BY 1`),
    exec<{ day: string; wallet: string; n: number }>(orm, sql`SELECT to_char((at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, COALESCE(wallet, 'unknown') AS wallet, count(*)::int AS n
      FROM sign_ins e WHERE at >= ${start} AND at < ${end} AND ${inChain} GROUP BY (at AT TIME ZONE 'UTC')::date, 2`),
    exec<{ day: string; n: number }>(orm, sql`SELECT to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM quest_claims e WHERE claimed_at >= ${start} AND claimed_at < ${end} AND ${inChain} GROUP BY 1`),
    exec<{ day: string; lovelace: string; lamports: string; exo: string }>(orm, sql`SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      COALESCE(sum(lovelace), 0)::text AS lovelace, COALESCE(sum(lamports), 0)::text AS lamports, COALESCE(sum(exo), 0)::text AS exo
      FROM exo_orders e WHERE status = 'paid' AND paid_at >= ${start} AND paid_at < ${end} AND ${inChain} GROUP BY 1`),
    exec<{ dau: number; wau: number; mau: number }>(orm, sql`WITH a AS (${activeSql(sql`(${to}::date - 29)::timestamptz`, end)})
      SELECT count(DISTINCT user_id) FILTER (WHERE day = ${to}::date)::int AS dau, count(DISTINCT user_id) FILTER (WHERE day > ${addDays(to, -7)}::date)::int AS wau,
        count(DISTINCT user_id)::int AS mau FROM a`),
  ]);
  // retention: of each day's new players, how many were active on day +1, +7, +30
  // counted in the database, per cohort: 90 days of a busy launch are 100,000s of new players
  const back = newPlayers.length === 0 ? [] : await exec<{ day: string; d1: number; d7: number; d30: number }>(orm, sql`
    WITH cohort AS (SELECT id AS user_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM users e0
        WHERE created_at >= ${start} AND created_at < ${end} AND ${chainFilter(chain, 'e0', 'id')}),
      act AS (${activeSql(sql`(${from}::date + 1)::timestamptz`, retentionEnd)})
    SELECT to_char(c.day, 'YYYY-MM-DD') AS day,
      count(DISTINCT c.user_id) FILTER (WHERE a.day = c.day + 1)::int AS d1,
      count(DISTINCT c.user_id) FILTER (WHERE a.day = c.day + 7)::int AS d7,
      count(DISTINCT c.user_id) FILTER (WHERE a.day = c.day + 30)::int AS d30
    FROM cohort c JOIN act a ON a.user_id = c.user_id AND a.day IN (c.day + 1, c.day + 7, c.day + 30)
    GROUP BY c.day`);
  const today = dayOf(now);
  const days: EconomyResponse['days'] = [];
  const retention: EconomyResponse['retention'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const f = flows.filter((x) => x.day === d);
    const rec = (pred: (x: (typeof f)[number]) => boolean, side: 'created' | 'burned') => {
      const out: Record<string, string> = {};
      for (const x of f) if (pred(x)) out[x.asset] = (BigInt(out[x.asset] ?? '0') + BigInt(x[side])).toString();
      return out;
    };
    const exoPaid: Record<string, string> = {};
    for (const x of f) {
      if (x.asset !== 'exo' || !x.reason.endsWith('_reward') || x.reason === 'quest_reward' || x.reason.startsWith('staking')) continue;
      const pool = x.reason.slice(0, -'_reward'.length);
      exoPaid[pool] = (BigInt(exoPaid[pool] ?? '0') + BigInt(x.created)).toString();
    }
    const o = orders.find((x) => x.day === d);
    const cohort = newPlayers.find((x) => x.day === d)?.n ?? 0;
    const kept = back.find((x) => x.day === d);
    days.push({
      day: d,
      exo_paid: exoPaid,
      vendor_revenue: rec((x) => x.reason === 'vendor_purchase' && !x.asset.startsWith('item:'), 'burned'),
      market_revenue: { lovelace: o?.lovelace ?? '0', lamports: o?.lamports ?? '0', exo_sold: o?.exo ?? '0' },
      royalties: rec((x) => x.reason === 'shop_royalty', 'created'),
      deposits: rec((x) => x.reason === 'deposit', 'created'),
      withdrawals: rec((x) => x.reason === 'withdrawal', 'burned'),
      active: activeDays.find((x) => x.day === d)?.n ?? 0,
      new_players: cohort,
      sign_ins: Object.fromEntries(signIns.filter((x) => x.day === d).map((x) => [x.wallet, x.n])),
      quest_claims: quests.find((x) => x.day === d)?.n ?? 0,
    });
    const after = (n: number, k: 'd1' | 'd7' | 'd30') => (addDays(d, n) > today ? null : kept?.[k] ?? 0);
    retention.push({ day: d, players: cohort, d1: after(1, 'd1'), d7: after(7, 'd7'), d30: after(30, 'd30') });
  }
  const treasuries = await treasuryRows(orm);
  return {
    from, to, chain, days,
    flows: flows.map((x) => ({ day: x.day, asset: x.asset, reason: x.reason, created: x.created, burned: x.burned, entries: x.entries })),
    active: mau[0] ?? { dau: 0, wau: 0, mau: 0 },
    retention,
    treasuries,
    computed_at: now.toISOString(),
  };
}

/** What the treasuries should hold by the ledger and the watchers' records (received − paid out). */
async function treasuryRows(orm: Orm): Promise<EconomyResponse['treasuries']> {
  const [r] = await exec<{ ada: string; sol: string; exo: string; hexo: string }>(orm, sql`SELECT
    (SELECT COALESCE(sum(amount), 0) FROM chain_payments WHERE token = 'ada' AND status IN ('credited', 'unmatched'))::text AS ada,
    (SELECT COALESCE(sum(lamports), 0) FROM solana_payments WHERE verdict <> 'failed')::text AS sol,
    ((SELECT COALESCE(sum(amount), 0) FROM chain_payments WHERE token = 'exo' AND status = 'credited')
      - (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = 'exo' AND status = 'confirmed'))::text AS exo,
    ((SELECT COALESCE(sum(amount), 0) FROM chain_payments WHERE token = 'hexo' AND status = 'credited')
      - (SELECT COALESCE(sum(amount), 0) FROM chain_withdrawals WHERE token = 'hexo' AND status = 'confirmed'))::text AS hexo`);
  return [
    { chain: 'cardano', asset: 'ada', expected: r!.ada, on_chain: null, checked_at: null },
    { chain: 'cardano', asset: 'exo', expected: r!.exo, on_chain: null, checked_at: null },
    { chain: 'cardano', asset: 'hexo', expected: r!.hexo, on_chain: null, checked_at: null },
    { chain: 'solana', asset: 'sol', expected: r!.sol, on_chain: null, checked_at: null },
  ];
}

/** The dashboard as CSV: the flows (day, asset, reason, created, burned, entries), a blank line, then the days' figures. */
export function economyCsv(e: EconomyResponse): string {
  const flows = toCsv([
    ['day', 'chain', 'asset', 'reason', 'created', 'burned', 'entries'],
    ...e.flows.map((f) => [f.day, e.chain, f.asset, f.reason, f.created, f.burned, f.entries]),
  ]);
  const days = toCsv([
    ['day', 'chain', 'exo_paid', 'vendor_revenue', 'lovelace', 'lamports', 'exo_sold', 'royalties', 'deposits', 'withdrawals', 'active', 'new_players', 'sign_ins', 'quest_claims', 'retained_d1', 'retained_d7', 'retained_d30'],
    ...e.days.map((d, i) => {
      const kv = (r: Record<string, string | number>) => Object.entries(r).map(([k, v]) => `${k}=${v}`).join(' ');
      const ret = e.retention[i]!;
      return [d.day, e.chain, kv(d.exo_paid), kv(d.vendor_revenue), d.market_revenue.lovelace, d.market_revenue.lamports, d.market_revenue.exo_sold,
        kv(d.royalties), kv(d.deposits), kv(d.withdrawals), d.active, d.new_players, kv(d.sign_ins), d.quest_claims, ret.d1, ret.d7, ret.d30];
    }),
  ]);
  return `${flows}\r\n${days}`;
}
