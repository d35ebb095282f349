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
 * - the Market's volume, fees and trades per day and pay token (`market_trades`; a trade on the buyer's chain).
 *
 * A player's chain is the chain of the account's first wallet. "Active" on a day: signed in, or made
 * a ledger entry of their own doing (not the tick's, the watchers' or an operator's).
 *
 * Where from: a summarised (closed) day's figures are read from the daily summaries (migration 0039,
 * modules/console/economy-days.ts); today and any day not summarised yet are computed live from the
 * ledger by the same SQL. Answers are kept {@link ECONOMY_CACHE_MS} per query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { toCsv, type EconomyResponse } from '@kingdom/api';
import { exec, type Orm } from '../../db/client.ts';
import { accountChain, activeRows, addDays, anyChain, countRows, dayOf, flowRows, retentionRows } from './economy-days.ts';

/** How long one dashboard answer is kept (ms). */
export const ECONOMY_CACHE_MS = 60_000;
/** Longest period (days). */
export const ECONOMY_MAX_DAYS = 400;

const DAY_MS = 86_400_000;

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
  const today = dayOf(now);
  // rows of the chain asked (the live rows of `all` carry the chain `all`: no wallet looked up)
  const inChain = chain === 'all' ? sql`true` : sql`x.chain = ${chain}`;
  const liveChain = chain === 'all' ? anyChain : accountChain;
  // the summarised days of the window read: the period, the 30 days before `to` (monthly actives), the 30 after (retention)
  const lo = addDays(to, -29) < from ? addDays(to, -29) : from;
  // one statement, one snapshot: a day summarised meanwhile (always after `last`) is read live, never twice
  const [snap] = await exec<{ last: string | null; days: string[] | null }>(orm, sql`SELECT max(day) AS last,
    array_agg(day) FILTER (WHERE day >= ${lo} AND day <= ${addDays(to, 30)}) AS days FROM economy_days`);
  const last = snap?.last ?? null;
  const summarised = new Set(snap?.days ?? []);
  /** Stored rows only of the days summarised in the snapshot. */
  const upToLast = last === null ? sql`false` : sql`day <= ${last}`;
  /** The runs `[start, end)` of days in `[a, b]` (up to today) not summarised: read live from the ledger. */
  const live = (a: string, b: string): [string, string][] => {
    const out: [string, string][] = [];
    const last = b < today ? b : today;
    let run: string | null = null;
    for (let d = a; d <= last; d = addDays(d, 1)) {
      if (!summarised.has(d)) run ??= d;
      else if (run) { out.push([run, d]); run = null; }
    }
    if (run) out.push([run, addDays(last, 1)]);
    return out;
  };
  const union = (parts: SQL[]) => sql.join(parts, sql` UNION ALL `);
  const liveActive = (a: string, b: string) => live(a, b).map(([s, e]) => activeRows(s, e, liveChain));
  /**
   * DAU/WAU/MAU as of `to`: a summarised day before the last one → stored with it; from the last
   * summarised day on → each player's last summarised active day plus the live days after it;
   * before any summary → every active row of the 30 days (each player's last active day of them).
   */
  const activeAsOf = async (): Promise<{ dau: number; wau: number; mau: number }[]> => {
    if (last !== null && to < last && summarised.has(to)) {
      const rows = await exec<{ metric: string; n: number }>(orm, sql`SELECT x.metric, sum(x.value)::int AS n FROM economy_day_counts x
        WHERE x.day = ${to} AND x.metric IN ('dau', 'wau', 'mau') AND ${inChain} GROUP BY 1`);
      const n = (m: string) => rows.find((r) => r.metric === m)?.n ?? 0;
      return [{ dau: n('dau'), wau: n('wau'), mau: n('mau') }];
    }
    const known = last !== null && to >= last
      ? [sql`SELECT day, user_id, chain FROM economy_last_active WHERE day > ${addDays(to, -30)}`, ...liveActive(addDays(last, 1) > addDays(to, -29) ? addDays(last, 1) : addDays(to, -29), to)]
      : [sql`SELECT day, user_id, chain FROM economy_day_active WHERE day >= ${addDays(to, -29)} AND day <= ${to} AND ${upToLast}`, ...liveActive(addDays(to, -29), to)];
    // each player's last active day of the 30 (one hash aggregate, not three distinct counts)
    return exec<{ dau: number; wau: number; mau: number }>(orm, sql`
      SELECT count(*) FILTER (WHERE u.last = ${to})::int AS dau, count(*) FILTER (WHERE u.last > ${addDays(to, -7)})::int AS wau, count(*)::int AS mau
      FROM (SELECT x.user_id, max(x.day) AS last FROM (${union(known)}) x WHERE ${inChain} GROUP BY x.user_id) u`);
  };
  const periodRuns = live(from, to);
  const retentionRuns = liveActive(addDays(from, 1), addDays(to, 30));
  const [flows, counts, keptStored, keptLive, mau] = await Promise.all([
    exec<{ day: string; asset: string; reason: string; created: string; burned: string; entries: number }>(orm, sql`
      SELECT x.day, x.asset, x.reason, sum(x.created)::text AS created, sum(x.burned)::text AS burned, sum(x.entries)::int AS entries FROM (${union([
        sql`SELECT day, chain, asset, reason, created, burned, entries FROM economy_day_flows WHERE day >= ${from} AND day <= ${to} AND ${upToLast}`,
        ...periodRuns.map(([s, e]) => flowRows(s, e, liveChain))])}) x
      WHERE ${inChain} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    exec<{ day: string; metric: string; key: string; value: string }>(orm, sql`
      SELECT x.day, x.metric, x.key, sum(x.value)::text AS value FROM (${union([
        sql`SELECT day, chain, metric, key, value FROM economy_day_counts WHERE day >= ${from} AND day <= ${to} AND metric NOT LIKE 'retained%' AND ${upToLast}`,
        ...periodRuns.map(([s, e]) => countRows(s, e, liveChain, activeRows(s, e, liveChain)))])}) x
      WHERE ${inChain} GROUP BY 1, 2, 3`),
    // retention: a cohort's day +n summarised → its stored count; not yet → from the live activity
    exec<{ day: string; metric: string; value: number }>(orm, sql`SELECT x.day, x.metric, sum(x.value)::int AS value FROM economy_day_counts x
      WHERE x.day >= ${from} AND x.day <= ${to} AND x.metric LIKE 'retained%' AND ${inChain}
        AND ${last === null ? sql`false` : sql`x.day::date + substr(x.metric, 11)::int <= ${last}::date`} GROUP BY 1, 2`),
    retentionRuns.length === 0 ? Promise.resolve([]) : exec<{ day: string; metric: string; value: number }>(orm, sql`
      SELECT x.day, x.metric, sum(x.value)::int AS value FROM (${retentionRows(union(retentionRuns), from, addDays(to, 1))}) x WHERE ${inChain} GROUP BY 1, 2`),
    activeAsOf(),
  ]);
  const figures = new Map<string, Map<string, Record<string, string>>>();
  for (const c of counts) {
    const day = figures.get(c.day) ?? new Map<string, Record<string, string>>();
    figures.set(c.day, day);
    day.set(c.metric, { ...day.get(c.metric), [c.key]: c.value });
  }
  const kept = new Map<string, number>();
  for (const r of [...keptStored, ...keptLive]) kept.set(`${r.day}|${r.metric}`, (kept.get(`${r.day}|${r.metric}`) ?? 0) + r.value);
  const days: EconomyResponse['days'] = [];
  const retention: EconomyResponse['retention'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const f = flows.filter((x) => x.day === d);
    const fig = figures.get(d);
    const one = (metric: string, key = '') => Number(fig?.get(metric)?.[key] ?? 0);
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
    const orders = fig?.get('orders');
    const market: EconomyResponse['days'][number]['market'] = {};
    for (const [token, volume] of Object.entries(fig?.get('market_volume') ?? {})) {
      market[token] = { volume, fees: fig?.get('market_fees')?.[token] ?? '0', trades: one('market_trades', token) };
    }
    const cohort = one('new_players');
    days.push({
      day: d,
      exo_paid: exoPaid,
      vendor_revenue: rec((x) => x.reason === 'vendor_purchase' && !x.asset.startsWith('item:'), 'burned'),
      market_revenue: { lovelace: orders?.lovelace ?? '0', lamports: orders?.lamports ?? '0', exo_sold: orders?.exo ?? '0' },
      market,
      royalties: rec((x) => x.reason === 'shop_royalty', 'created'),
      deposits: rec((x) => x.reason === 'deposit', 'created'),
      withdrawals: rec((x) => x.reason === 'withdrawal', 'burned'),
      active: one('active'),
      new_players: cohort,
      sign_ins: Object.fromEntries(Object.entries(fig?.get('sign_ins') ?? {}).map(([k, v]) => [k, Number(v)])),
      quest_claims: one('quest_claims'),
    });
    const after = (n: 1 | 7 | 30) => (addDays(d, n) > today ? null : kept.get(`${d}|retained_d${n}`) ?? 0);
    retention.push({ day: d, players: cohort, d1: after(1), d7: after(7), d30: after(30) });
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

/** The dashboard as CSV: the flows (day, asset, reason, created, burned, entries), a blank line, then the days' figures (the Market's as `token=value`). */
export function economyCsv(e: EconomyResponse): string {
  const flows = toCsv([
    ['day', 'chain', 'asset', 'reason', 'created', 'burned', 'entries'],
    ...e.flows.map((f) => [f.day, e.chain, f.asset, f.reason, f.created, f.burned, f.entries]),
  ]);
  const days = toCsv([
    ['day', 'chain', 'exo_paid', 'vendor_revenue', 'lovelace', 'lamports', 'exo_sold', 'royalties', 'deposits', 'withdrawals', 'active', 'new_players', 'sign_ins', 'quest_claims', 'retained_d1', 'retained_d7', 'retained_d30', 'market_volume', 'market_fees', 'market_trades'],
    ...e.days.map((d, i) => {
      const kv = (r: Record<string, string | number>) => Object.entries(r).map(([k, v]) => `${k}=${v}`).join(' ');
      const ret = e.retention[i]!;
      return [d.day, e.chain, kv(d.exo_paid), kv(d.vendor_revenue), d.market_revenue.lovelace, d.market_revenue.lamports, d.market_revenue.exo_sold,
        kv(d.royalties), kv(d.deposits), kv(d.withdrawals), d.active, d.new_players, kv(d.sign_ins), d.quest_claims, ret.d1, ret.d7, ret.d30,
        kv(Object.fromEntries(Object.entries(d.market).map(([k, m]) => [k, m.volume]))), kv(Object.fromEntries(Object.entries(d.market).map(([k, m]) => [k, m.fees]))),
        kv(Object.fromEntries(Object.entries(d.market).map(([k, m]) => [k, m.trades])))];
    }),
  ]);
  return `${flows}\r\n${days}`;
}
