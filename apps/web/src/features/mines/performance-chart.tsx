/**
 * Charts of the Performance pages: EXO mined and salary paid per day, the salary stacked by the
 * token that paid it (FOOD, HEXO). Loaded lazily (recharts is large), so only these pages pay for it.
 */
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One day of a chart: totals over the player's lands, in whole tokens. */
export interface ChartDay {
  day: string;
  exo: number;
  food: number;
  hexo: number;
}

const AXIS = { stroke: '#a99cb6', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1d1727', border: '1px solid #3a2e4a', borderRadius: 8 }, labelStyle: { color: '#f0cd74' } };
const COLORS = { exo: '#f0cd74', food: '#7fc48a', hexo: '#8f6ad8' } as const;
const NAMES = { exo: 'EXO', food: 'FOOD', hexo: 'HEXO' } as const;

function DayBars({ data, keys }: { data: ChartDay[]; keys: readonly ('exo' | 'food' | 'hexo')[] }) {
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 520, height: 220 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#3a2e4a" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} />
        <YAxis tick={AXIS} width={70} tickFormatter={(v: number) => v.toLocaleString(i18n.language)} />
        <Tooltip {...TOOLTIP} formatter={(v, name) => [Number(v).toLocaleString(i18n.language, { maximumFractionDigits: 2 }), name]} />
        {keys.length > 1 ? <Legend /> : null}
        {keys.map((k, i) => (
          <Bar key={k} dataKey={k} name={NAMES[k]} stackId="paid" fill={COLORS[k]} radius={i === keys.length - 1 ? [4, 4, 0, 0] : 0} maxBarSize={56} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The two charts side by side; `salaryTokens` are the tokens the salary chart stacks. */
export default function PerformanceChart({ data, salaryTokens }: { data: ChartDay[]; salaryTokens: readonly ('food' | 'hexo')[] }) {
  const { t } = useTranslation();
  return (
    <div className="two-col">
      <figure className="panel chart" data-testid="chart-exo">
        <figcaption className="panel__title">{t('performance.chartExo')}</figcaption>
        <DayBars data={data} keys={['exo']} />
      </figure>
      <figure className="panel chart" data-testid="chart-salary">
        <figcaption className="panel__title">{t('performance.chartSalary', { tokens: salaryTokens.map((k) => NAMES[k]).join(' + ') })}</figcaption>
        <DayBars data={data} keys={salaryTokens} />
      </figure>
    </div>
  );
}
