/**
 * One chart of the economy dashboard (recharts, loaded lazily with the first chart): days along the
 * bottom, one bar (stacked) or line per series. Display numbers only — the tables beside each chart
 * carry the exact amounts.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { i18n } from '../../i18n/index.ts';

/** One series of a chart: its key in the rows, its legend and colour. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

/** One day of a chart: `day` and a display number per series key. */
export type ChartRow = { day: string } & Record<string, number | string>;

const AXIS = { stroke: '#a99cb6', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1d1727', border: '1px solid #3a2e4a', borderRadius: 8 }, labelStyle: { color: '#f0cd74' } };

/** A bar chart (stacked unless `stacked` is false) or a line chart of `rows`. */
export default function EconomyChart({ rows, series, kind, stacked = true }: { rows: ChartRow[]; series: ChartSeries[]; kind: 'bar' | 'line'; stacked?: boolean }) {
  const fmt = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  const common = (
    <>
      <CartesianGrid stroke="#3a2e4a" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} />
      <YAxis tick={AXIS} width={70} tickFormatter={fmt} />
      <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} />
      <Legend />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 520, height: 240 }}>
      {kind === 'bar' ? (
        <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {common}
          {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.name} stackId={stacked ? 'a' : undefined} fill={s.color} isAnimationActive={false} />)}
        </BarChart>
      ) : (
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {common}
          {series.map((s) => <Line key={s.key} type="linear" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />)}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
