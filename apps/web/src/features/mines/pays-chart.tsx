/**
 * The "does playing well pay" chart (docs/game-rules.md §14.8): the player's EXO per worked slot per
 * day beside the world's average, two lines; a day without a figure is a gap. Loaded lazily with
 * the other Performance charts (recharts).
 */
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { i18n } from '../../i18n/index.ts';

/** One day of the chart: whole EXO per worked slot (display numbers), null for no figure. */
export interface PaysChartDay {
  day: string;
  you: number | null;
  world: number | null;
}

const AXIS = { stroke: '#a99cb6', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1d1727', border: '1px solid #3a2e4a', borderRadius: 8 }, labelStyle: { color: '#f0cd74' } };

/** Two lines, straight between days: the world's (lilac, dashed) and the player's (gold, on top). */
export default function PaysChart({ data }: { data: PaysChartDay[] }) {
  const { t } = useTranslation();
  const fmt = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 520, height: 240 }}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#3a2e4a" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} />
        <YAxis tick={AXIS} width={60} tickFormatter={fmt} />
        <Tooltip {...TOOLTIP} formatter={(v, name) => [v === null || v === undefined ? t('pays.none') : `${fmt(Number(v))} EXO`, name]} />
        <Legend />
        {/* the world first, so the player's line is drawn on top where they meet */}
        <Line type="linear" dataKey="world" name={t('pays.world')} stroke="#b9a2f0" strokeWidth={2} strokeDasharray="6 4" dot={{ r: 2 }} connectNulls={false} isAnimationActive={false} />
        <Line type="linear" dataKey="you" name={t('pays.you')} stroke="#f0cd74" strokeWidth={3} dot={{ r: 3.5 }} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
