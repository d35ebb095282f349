import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MineDay, MineKind } from '@kingdom/api';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { usePerformance } from './api.ts';
import { Effectivity } from './effectivity.tsx';
import { MINE_KINDS } from './kinds.ts';
import { chartNumber, formatAmount, formatRowSalary, salaryPaid } from './mine-amount.ts';
import { MinesGate } from './mines-gate.tsx';
import { PaysPanel } from './pays-panel.tsx';
import type { ChartDay } from './performance-chart.tsx';

const PerformanceChart = lazy(() => import('./performance-chart.tsx'));

/** Periods the page offers, in days. */
export const PERFORMANCE_PERIODS = [7, 14, 30, 90] as const;

/** Per-day totals over the player's lands, oldest first, the salary split by the token that paid it. */
export function chartDays(rows: readonly MineDay[], kind: MineKind): ChartDay[] {
  const byDay = new Map<string, ChartDay>();
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { day: r.day, exo: 0, food: 0, hexo: 0 };
    const paid = salaryPaid(r, kind);
    d.exo += chartNumber(r.exo_mined);
    d.food += chartNumber(paid.food.toString());
    d.hexo += chartNumber(paid.hexo.toString());
    byDay.set(r.day, d);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Rows per day and land: EXO mined, salary paid per token, worked/open slots, effectivity (docs/game-rules.md §3). */
export function MineDaysTable({ rows, kind, caption, linkLands = true }: { rows: readonly MineDay[]; kind: MineKind; caption: string; linkLands?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="mine-days-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('performance.day')}</th>
            <th scope="col">{t('performance.land')}</th>
            <th scope="col" className="num">
              {t('performance.exo')}
            </th>
            <th scope="col" className="num">
              {t('performance.salary')}
            </th>
            <th scope="col" className="num">
              {t('performance.worked')}
            </th>
            <th scope="col">{t('performance.effectivity')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.day}:${r.hex_name}`} data-testid="performance-row">
              <td data-label={t('performance.day')}>{r.day}</td>
              <td data-label={t('performance.land')}>{linkLands ? <Link to={`/land/${encodeURIComponent(r.hex_name)}`}>{r.hex_name}</Link> : r.hex_name}</td>
              <td className="num" data-label={t('performance.exo')}>{formatAmount(r.exo_mined, 'exo')}</td>
              <td className="num" data-testid="salary-paid" data-label={t('performance.salary')}>
                {formatRowSalary(r, kind)}
              </td>
              <td className="num" data-label={t('performance.worked')} title={t('performance.workedTitle', { worked: r.workers_worked, workers: r.workers, open: r.open_slots })}>
                {t('performance.workedOf', { worked: r.workers_worked, open: r.open_slots })}
              </td>
              <td data-label={t('performance.effectivity')}>
                <Effectivity rating={r.effectivity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PerformanceBody({ kind }: { kind: MineKind }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(14);
  const q = usePerformance(kind, days);
  const rows = [...(q.data?.rows ?? [])].sort((a, b) => b.day.localeCompare(a.day) || a.hex_name.localeCompare(b.hex_name));
  const salaryTokens = MINE_KINDS[kind].salaryTokens.filter((tk): tk is 'food' | 'hexo' => tk === 'food' || tk === 'hexo');
  return (
    <>
      <div className="list-toolbar">
        <label className="period">
          {t('performance.period')}{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERFORMANCE_PERIODS.map((d) => (
              <option key={d} value={d}>
                {t('performance.lastDays', { days: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isPending ? (
        <CardSkeletons count={2} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('performance.empty')} text={t('performance.emptyText')} />
      ) : (
        <>
          <Suspense fallback={<Skeleton height="220px" label={t('performance.loadingChart')} />}>
            <PerformanceChart data={chartDays(rows, kind)} salaryTokens={salaryTokens} />
          </Suspense>
          <PaysPanel kind={kind} days={days} rows={rows} />
          <section className="panel">
            <h2 className="panel__title">{t('performance.table')}</h2>
            <MineDaysTable rows={rows} kind={kind} caption={t('performance.table')} />
          </section>
        </>
      )}
    </>
  );
}

/** `/goldmine/performance` and `/frenmine/performance`: charts and a table of the settled days. */
export function MinePerformancePanel({ kind }: { kind: MineKind }) {
  return (
    <MinesGate>
      <PerformanceBody kind={kind} />
    </MinesGate>
  );
}
