/**
 * `/console/economy`: the economy per day and chain (packages/api/src/console.ts `economyResponse`) —
 * EXO paid by each pool, each token created and burned by ledger reason, vendor and market revenue,
 * royalties, deposits and withdrawals, the treasuries, active and new players, retention cohorts,
 * sign-ins by wallet and quest claims, the Market's volume and fees per pay token — with charts
 * (recharts, lazily) and the CSV; then the suspicious trading pairs. Tables carry the exact amounts;
 * the charts draw them in whole tokens.
 */
import { Suspense, lazy, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isToken, TOKEN_SYMBOLS } from '@kingdom/game';
import type { EconomyResponse } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { notifyError } from '../../components/notify.ts';
import { formatThousands } from '../../i18n/format.ts';
import { downloadEconomyCsv, useEconomy, useSuspiciousPairs } from './api.ts';
import type { ChartRow, ChartSeries } from './economy-chart.tsx';
import { Empty, Facts, Section, TimeText, amountText } from './ui.tsx';

const EconomyChart = lazy(() => import('./economy-chart.tsx'));

const COLORS = ['#f0cd74', '#b9a2f0', '#4f9d69', '#7fb2d9', '#c8553d', '#d9d2c3'];
type EconomyChain = 'all' | 'cardano' | 'solana';

/** Base units of a token as whole tokens, for a chart (display only: the tables are exact). */
export function chartTokens(base: string): number {
  const v = BigInt(base);
  return Number(v / 10_000n) / 100;
}

/** Sum of base-unit strings. */
function sum(values: readonly string[]): bigint {
  return values.reduce((a, v) => a + BigInt(v), 0n);
}

/** Totals over the period of one per-day record field (key → base units). */
function totals(days: EconomyResponse['days'], pick: (d: EconomyResponse['days'][number]) => Record<string, string>): [string, bigint][] {
  const m = new Map<string, bigint>();
  for (const d of days) for (const [k, v] of Object.entries(pick(d))) m.set(k, (m.get(k) ?? 0n) + BigInt(v));
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The flows summed over the period per asset and reason. */
function flowTotals(flows: EconomyResponse['flows']) {
  const m = new Map<string, { asset: string; reason: string; created: bigint; burned: bigint; entries: number }>();
  for (const f of flows) {
    const k = `${f.asset}\u0000${f.reason}`;
    const r = m.get(k) ?? { asset: f.asset, reason: f.reason, created: 0n, burned: 0n, entries: 0 };
    r.created += BigInt(f.created);
    r.burned += BigInt(f.burned);
    r.entries += f.entries;
    m.set(k, r);
  }
  return [...m.values()].sort((a, b) => a.asset.localeCompare(b.asset) || a.reason.localeCompare(b.reason));
}

function assetName(asset: string): string {
  if (asset === 'ada' || asset === 'sol') return asset.toUpperCase();
  return isToken(asset) ? TOKEN_SYMBOLS[asset] : asset;
}

function Chart({ title, rows, series, kind, stacked }: { title: string; rows: ChartRow[]; series: ChartSeries[]; kind: 'bar' | 'line'; stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <figure className="chart console-chart" aria-label={title}>
      <figcaption className="console-subtitle">{title}</figcaption>
      <Suspense fallback={<Skeleton height="240px" label={t('console.economy.loadingChart')} />}>
        <EconomyChart rows={rows} series={series} kind={kind} stacked={stacked} />
      </Suspense>
    </figure>
  );
}

function Dashboard({ e }: { e: EconomyResponse }) {
  const { t } = useTranslation();
  const none = t('console.none');
  const pools = useMemo(() => [...new Set(e.days.flatMap((d) => Object.keys(d.exo_paid)))].sort(), [e.days]);
  const paidRows = e.days.map((d) => ({ day: d.day, ...Object.fromEntries(pools.map((p) => [p, chartTokens(d.exo_paid[p] ?? '0')])) }) as ChartRow);
  const playerRows = e.days.map((d) => ({ day: d.day, active: d.active, new_players: d.new_players, quest_claims: d.quest_claims }) as ChartRow);
  const exoFlows = e.flows.filter((f) => f.asset === 'exo');
  const exoDays = e.days.map((d) => {
    const of = exoFlows.filter((f) => f.day === d.day);
    return { day: d.day, created: chartTokens(sum(of.map((f) => f.created)).toString()), burned: chartTokens(sum(of.map((f) => f.burned)).toString()) } as ChartRow;
  });
  const flows = flowTotals(e.flows);
  const marketTokens = [...new Set(e.days.flatMap((d) => Object.keys(d.market)))].sort();
  const marketRows = e.days.map((d) => ({ day: d.day, ...Object.fromEntries(marketTokens.map((k) => [k, chartTokens(d.market[k]?.volume ?? '0')])) }) as ChartRow);
  // a day without new players has no cohort to follow
  const cohorts = e.retention.filter((c) => c.players > 0);
  const signIns = e.days.reduce((m, d) => {
    for (const [k, v] of Object.entries(d.sign_ins)) m.set(k, (m.get(k) ?? 0) + v);
    return m;
  }, new Map<string, number>());
  return (
    <>
      <Section id="eco-players" title={t('console.economy.players')} testId="eco-players">
        <Facts testId="eco-active" rows={[
          [t('console.economy.dau'), formatThousands(e.active.dau)],
          [t('console.economy.wau'), formatThousands(e.active.wau)],
          [t('console.economy.mau'), formatThousands(e.active.mau)],
          [t('console.economy.newPlayers'), formatThousands(e.days.reduce((a, d) => a + d.new_players, 0))],
          [t('console.economy.questClaims'), formatThousands(e.days.reduce((a, d) => a + d.quest_claims, 0))],
          [t('console.economy.computed'), <TimeText key="c" at={e.computed_at} />],
        ]} />
        <Chart title={t('console.economy.playersChart')} kind="line" rows={playerRows} series={[
          { key: 'active', name: t('console.economy.active'), color: COLORS[0]! },
          { key: 'new_players', name: t('console.economy.newPlayers'), color: COLORS[1]! },
          { key: 'quest_claims', name: t('console.economy.questClaims'), color: COLORS[2]! },
        ]} />
        <h3 className="console-subtitle">{t('console.economy.retention')}</h3>
        {cohorts.length === 0 ? <Empty text={none} /> : (
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--stack" data-testid="eco-retention">
              <thead><tr><th scope="col">{t('console.economy.cohort')}</th><th scope="col" className="num">{t('console.economy.newPlayers')}</th><th scope="col" className="num">{t('console.economy.d1')}</th><th scope="col" className="num">{t('console.economy.d7')}</th><th scope="col" className="num">{t('console.economy.d30')}</th></tr></thead>
              <tbody>
                {cohorts.map((c) => (
                  <tr key={c.day}>
                    <td data-label={t('console.economy.cohort')}>{c.day}</td>
                    <td data-label={t('console.economy.newPlayers')} className="num">{formatThousands(c.players)}</td>
                    {([c.d1, c.d7, c.d30] as const).map((v, i) => (
                      <td key={i} data-label={t(`console.economy.${(['d1', 'd7', 'd30'] as const)[i]!}`)} className="num">
                        {v === null ? none : `${formatThousands(v)}${c.players > 0 ? ` (${Math.round((v * 100) / c.players)}%)` : ''}`}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="console-subtitle">{t('console.economy.signIns')}</h3>
        {signIns.size === 0 ? <Empty text={none} /> : (
          <ul className="console-chips" data-testid="eco-sign-ins">
            {[...signIns.entries()].sort(([, a], [, b]) => b - a).map(([k, v]) => <li key={k}><span className="muted">{k}</span> {formatThousands(v)}</li>)}
          </ul>
        )}
      </Section>

      <Section id="eco-pools" title={t('console.economy.pools')} testId="eco-pools">
        {pools.length === 0 ? <Empty text={none} /> : <Chart title={t('console.economy.poolsChart')} kind="bar" rows={paidRows} series={pools.map((p, i) => ({ key: p, name: p, color: COLORS[i % COLORS.length]! }))} />}
        <ul className="console-chips">
          {totals(e.days, (d) => d.exo_paid).map(([k, v]) => <li key={k}><span className="muted">{k}</span> {amountText(v.toString(), 'exo')}</li>)}
        </ul>
      </Section>

      <Section id="eco-flows" title={t('console.economy.flows')} testId="eco-flows">
        <Chart title={t('console.economy.exoChart')} kind="bar" stacked={false} rows={exoDays} series={[
          { key: 'created', name: t('console.economy.created'), color: COLORS[2]! },
          { key: 'burned', name: t('console.economy.burned'), color: COLORS[4]! },
        ]} />
        {flows.length === 0 ? <Empty text={none} /> : (
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--stack" data-testid="eco-flows-table">
              <thead><tr><th scope="col">{t('console.player.asset')}</th><th scope="col">{t('console.actions.reason')}</th><th scope="col" className="num">{t('console.economy.created')}</th><th scope="col" className="num">{t('console.economy.burned')}</th><th scope="col" className="num">{t('console.economy.net')}</th><th scope="col" className="num">{t('console.economy.entries')}</th></tr></thead>
              <tbody>
                {flows.map((f) => {
                  const unit = f.asset.startsWith('item:') ? 'count' : f.asset;
                  return (
                    <tr key={`${f.asset}-${f.reason}`} data-testid="eco-flow-row">
                      <td data-label={t('console.player.asset')}>{assetName(f.asset)}</td>
                      <td data-label={t('console.actions.reason')}><span className="mono">{f.reason}</span></td>
                      <td data-label={t('console.economy.created')} className="num">{amountText(f.created.toString(), unit)}</td>
                      <td data-label={t('console.economy.burned')} className="num">{amountText(f.burned.toString(), unit)}</td>
                      <td data-label={t('console.economy.net')} className="num">{amountText((f.created - f.burned).toString(), unit)}</td>
                      <td data-label={t('console.economy.entries')} className="num">{formatThousands(f.entries)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section id="eco-revenue" title={t('console.economy.revenue')} testId="eco-revenue">
        <Facts rows={[
          [t('console.economy.vendor'), totals(e.days, (d) => d.vendor_revenue).map(([k, v]) => amountText(v.toString(), k)).join(' · ') || none],
          [t('console.economy.marketAda'), amountText(sum(e.days.map((d) => d.market_revenue.lovelace)).toString(), 'ada')],
          [t('console.economy.marketSol'), amountText(sum(e.days.map((d) => d.market_revenue.lamports)).toString(), 'sol')],
          [t('console.economy.exoSold'), amountText(sum(e.days.map((d) => d.market_revenue.exo_sold)).toString(), 'exo')],
          [t('console.economy.royalties'), totals(e.days, (d) => d.royalties).map(([k, v]) => amountText(v.toString(), k)).join(' · ') || none],
          [t('console.economy.deposits'), totals(e.days, (d) => d.deposits).map(([k, v]) => amountText(v.toString(), k)).join(' · ') || none],
          [t('console.economy.withdrawals'), totals(e.days, (d) => d.withdrawals).map(([k, v]) => amountText(v.toString(), k)).join(' · ') || none],
        ]} />
      </Section>

      <Section id="eco-market" title={t('console.economy.market')} testId="eco-market">
        <p className="muted">{t('console.economy.marketLead')}</p>
        {marketTokens.length === 0 ? <Empty text={none} /> : (
          <>
            <Chart title={t('console.economy.marketChart')} kind="bar" rows={marketRows} series={marketTokens.map((k, i) => ({ key: k, name: assetName(k), color: COLORS[i % COLORS.length]! }))} />
            <div className="table-wrap" tabIndex={0}>
              <table className="table table--stack" data-testid="eco-market-table">
                <thead><tr><th scope="col">{t('console.economy.payToken')}</th><th scope="col" className="num">{t('console.economy.volume')}</th><th scope="col" className="num">{t('console.economy.fees')}</th><th scope="col" className="num">{t('console.economy.trades')}</th></tr></thead>
                <tbody>
                  {marketTokens.map((k) => {
                    const of = e.days.map((d) => d.market[k]).filter((m) => m !== undefined);
                    return (
                      <tr key={k} data-testid="eco-market-row">
                        <td data-label={t('console.economy.payToken')}>{assetName(k)}</td>
                        <td data-label={t('console.economy.volume')} className="num">{amountText(sum(of.map((m) => m.volume)).toString(), k)}</td>
                        <td data-label={t('console.economy.fees')} className="num">{amountText(sum(of.map((m) => m.fees)).toString(), k)}</td>
                        <td data-label={t('console.economy.trades')} className="num">{formatThousands(of.reduce((a, m) => a + m.trades, 0))}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Section>

      <Section id="eco-treasuries" title={t('console.economy.treasuries')} testId="eco-treasuries">
        {e.treasuries.length === 0 ? <Empty text={none} /> : (
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--stack" data-testid="eco-treasuries-table">
              <thead><tr><th scope="col">{t('console.search.chain')}</th><th scope="col">{t('console.player.asset')}</th><th scope="col" className="num">{t('console.economy.expected')}</th><th scope="col" className="num">{t('console.economy.onChain')}</th><th scope="col">{t('console.economy.checked')}</th></tr></thead>
              <tbody>
                {e.treasuries.map((r) => (
                  <tr key={`${r.chain}-${r.asset}`}>
                    <td data-label={t('console.search.chain')}>{t(`console.chains.${r.chain}`)}</td>
                    <td data-label={t('console.player.asset')}>{assetName(r.asset)}</td>
                    <td data-label={t('console.economy.expected')} className="num">{amountText(r.expected, r.asset)}</td>
                    <td data-label={t('console.economy.onChain')} className="num">{r.on_chain === null ? none : amountText(r.on_chain, r.asset)}</td>
                    <td data-label={t('console.economy.checked')}><TimeText at={r.checked_at} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}

/** `/console/economy`. */
export function EconomyPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<{ from: string; to: string; chain: EconomyChain }>({ from: '', to: '', chain: 'all' });
  const [query, setQuery] = useState(form);
  const q = useEconomy({ from: query.from || undefined, to: query.to || undefined, chain: query.chain });
  const [downloading, setDownloading] = useState(false);
  const apply = (ev: FormEvent) => {
    ev.preventDefault();
    setQuery(form);
  };
  const csv = () => {
    setDownloading(true);
    downloadEconomyCsv({ from: q.data?.from ?? (query.from || undefined), to: q.data?.to ?? (query.to || undefined), chain: query.chain })
      .catch(() => notifyError(t('console.csvFailed')))
      .finally(() => setDownloading(false));
  };
  return (
    <>
      <PageHeader title={t('console.economy.title')} lead={q.data ? t('console.economy.period', { from: q.data.from, to: q.data.to }) : t('console.economy.lead')} />
      <form className="filters console-panel-filters" onSubmit={apply}>
        <label className="field">
          {t('console.player.from')}
          <input type="date" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} data-testid="eco-from" />
        </label>
        <label className="field">
          {t('console.player.to')}
          <input type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} data-testid="eco-to" />
        </label>
        <label className="field">
          {t('console.search.chain')}
          <select value={form.chain} onChange={(e) => setForm({ ...form, chain: e.target.value as EconomyChain })} data-testid="eco-chain">
            <option value="all">{t('console.chains.all')}</option>
            <option value="cardano">{t('console.chains.cardano')}</option>
            <option value="solana">{t('console.chains.solana')}</option>
          </select>
        </label>
        <button type="submit" className="btn">{t('console.economy.show')}</button>
        <button type="button" className="btn" onClick={csv} disabled={downloading} data-testid="eco-csv">{t('console.csv')}</button>
      </form>
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data ? <Dashboard e={q.data} /> : q.isError ? null : <p className="muted" role="status">{t('console.loading')}</p>}
      <SuspiciousPairs />
    </>
  );
}

/** Pairs of accounts trading with each other off the median (`GET /console/market/suspicious-pairs`; the rule in docs/operator-guide.md). */
function SuspiciousPairs() {
  const { t } = useTranslation();
  const q = useSuspiciousPairs(30);
  const none = t('console.none');
  const r = q.data;
  return (
    <Section id="eco-pairs" title={t('console.economy.pairs')} testId="eco-pairs">
      {r ? <p className="muted">{t('console.economy.pairsLead', { min: r.rule.min_off_trades, pct: r.rule.off_bps / 100, days: r.rule.median_days, window: r.days })}</p> : null}
      {r?.truncated ? <p className="muted">{t('console.economy.pairsTruncated')}</p> : null}
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : !r ? <p className="muted" role="status">{t('console.loading')}</p> : r.pairs.length === 0 ? <Empty text={none} /> : (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--stack" data-testid="eco-pairs-table">
            <thead><tr><th scope="col">{t('console.economy.pairAccounts')}</th><th scope="col">{t('console.economy.payToken')}</th><th scope="col" className="num">{t('console.economy.trades')}</th><th scope="col" className="num">{t('console.economy.offTrades')}</th><th scope="col" className="num">{t('console.economy.volume')}</th><th scope="col" className="num">{t('console.economy.valueOff')}</th><th scope="col">{t('console.economy.movedTo')}</th><th scope="col">{t('console.economy.goods')}</th><th scope="col">{t('console.economy.lastTrade')}</th></tr></thead>
            <tbody>
              {r.pairs.map((p) => {
                const to = p.moved_to_b.startsWith('-') ? p.a : p.b;
                const account = (x: typeof p.a) => <Link to={`/console/player/${x.user_id}`}>{x.name ?? none} <span className="muted">#{x.user_id}</span></Link>;
                return (
                  <tr key={`${p.a.user_id}-${p.b.user_id}-${p.pay_token}`} data-testid="eco-pair-row">
                    <td data-label={t('console.economy.pairAccounts')}>{account(p.a)} · {account(p.b)}</td>
                    <td data-label={t('console.economy.payToken')}>{assetName(p.pay_token)}</td>
                    <td data-label={t('console.economy.trades')} className="num">{formatThousands(p.trades)}</td>
                    <td data-label={t('console.economy.offTrades')} className="num">{formatThousands(p.off_trades)}</td>
                    <td data-label={t('console.economy.volume')} className="num">{amountText(p.volume, p.pay_token)}</td>
                    <td data-label={t('console.economy.valueOff')} className="num">{amountText(p.value_off, p.pay_token)}</td>
                    <td data-label={t('console.economy.movedTo')}>{account(to)} {amountText(p.moved_to_b.replace('-', ''), p.pay_token)}</td>
                    <td data-label={t('console.economy.goods')}><span className="mono">{p.goods.join(', ')}</span></td>
                    <td data-label={t('console.economy.lastTrade')}><TimeText at={p.last_at} /></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
