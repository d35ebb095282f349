/**
 * Charts of the Performance pages: EXO mined and salary paid per day. Loaded lazily (recharts is
 * large), so only these pages pay for it.
 */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One day of a chart: totals over the player's lands, in whole tokens. */
export interface ChartDay {
  day: string;
  exo: number;
  salary: number;
}

const AXIS = { stroke: '#a99cb6', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1d1727', border: '1px solid #3a2e4a', borderRadius: 8 }, labelStyle: { color: '#f0cd74' } };

function DayBars({ data, dataKey, color, name }: { data: ChartDay[]; dataKey: 'exo' | 'salary'; color: string; name: string }) {
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 520, height: 220 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#3a2e4a" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} />
        <YAxis tick={AXIS} width={70} tickFormatter={(v: number) => v.toLocaleString('en-US')} />
        <Tooltip {...TOOLTIP} formatter={(v) => [Number(v).toLocaleString('en-US', { maximumFractionDigits: 2 }), name]} />
        <Bar dataKey={dataKey} name={name} fill={color} radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The two charts side by side. */
export default function PerformanceChart({ data, salaryToken }: { data: ChartDay[]; salaryToken: string }) {
  const { t } = useTranslation();
  return (
    <div className="two-col">
      <figure className="panel chart" data-testid="chart-exo">
        <figcaption className="panel__title">{t('performance.chartExo')}</figcaption>
        <DayBars data={data} dataKey="exo" color="#f0cd74" name="EXO" />
      </figure>
      <figure className="panel chart" data-testid="chart-salary">
        <figcaption className="panel__title">{t('performance.chartSalary', { token: salaryToken })}</figcaption>
        <DayBars data={data} dataKey="salary" color="#8f6ad8" name={salaryToken} />
      </figure>
    </div>
  );
}
