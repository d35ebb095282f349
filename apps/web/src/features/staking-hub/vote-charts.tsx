import { useTranslation } from 'react-i18next';
import type { StakingProject } from '@kingdom/api';
import { LEAGUE_THRESHOLDS } from '@kingdom/game';
import { formatThousands } from '../../i18n/format.ts';
import { formatUtc } from '../../components/time-format.ts';

/** Horizontal bars of the top projects' votes, with the Gold line (250,000). */
export function VoteBars({ items, title }: { items: StakingProject[]; title: string }) {
  const max = Math.max(1, ...items.map((p) => p.votes), Number(LEAGUE_THRESHOLDS.gold));
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      <ul className="vote-bars">
        {items.map((p) => (
          <li key={p.project}>
            <span className="vote-bars__name">{p.name}</span>
            <span className="vote-bars__track">
              <span className={`vote-bars__bar vote-bars__bar--${p.league ?? 'none'}`} style={{ width: `${(p.votes / max) * 100}%` }} />
              <span className="vote-bars__gold" style={{ left: `${(Number(LEAGUE_THRESHOLDS.gold) / max) * 100}%` }} aria-hidden="true" />
            </span>
            <span className="vote-bars__value">{formatThousands(p.votes)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A project's votes at each snapshot and now, as an SVG line with a table for screen readers. */
export function VoteHistoryChart({ history, current, title }: { history: Array<{ taken_at: string; votes: number }>; current: number; title: string }) {
  const { t } = useTranslation();
  const points = [...history.map((h) => ({ label: formatUtc(h.taken_at).slice(0, 10), votes: h.votes })), { label: t('stakingHub.now'), votes: current }];
  const W = 600;
  const H = 180;
  const max = Math.max(1, ...points.map((p) => p.votes));
  const x = (i: number) => (points.length === 1 ? W / 2 : 20 + (i * (W - 40)) / (points.length - 1));
  const y = (v: number) => H - 28 - (v / max) * (H - 60);
  return (
    <section className="panel" aria-labelledby="vote-history-title">
      <h2 id="vote-history-title" className="panel__title">{title}</h2>
      <svg className="vote-history" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <polyline fill="none" stroke="var(--gold)" strokeWidth="3" points={points.map((p, i) => `${x(i)},${y(p.votes)}`).join(' ')} />
        {points.map((p, i) => (
          <g key={i}>
            <circle cx={x(i)} cy={y(p.votes)} r="5" fill="var(--gold-2)" />
            <text x={x(i)} y={y(p.votes) - 10} textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'} fill="var(--text)" fontSize="13">{formatThousands(p.votes)}</text>
            <text x={x(i)} y={H - 4} textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'} fill="var(--muted)" fontSize="12">{p.label}</text>
          </g>
        ))}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((p, i) => <tr key={i}><th scope="row">{p.label}</th><td>{formatThousands(p.votes)}</td></tr>)}
        </tbody>
      </table>
    </section>
  );
}
