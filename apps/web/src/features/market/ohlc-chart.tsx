/**
 * A book's daily price chart (docs/product.md §2 `/market`): one candle a UTC day from the book's trades,
 * the low–high range as a thin bar and the open–close body as a wide one (green when the day closed at
 * or above its open, red below). Loaded lazily with recharts; prices in whole tokens for display.
 */
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, Cell, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { fromBaseUnits, type MarketPayToken } from '@kingdom/game';
import type { MarketCandle } from '@kingdom/api';
import { i18n } from '../../i18n/index.ts';

const AXIS = { stroke: '#a99cb6', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1d1727', border: '1px solid #3a2e4a', borderRadius: 8 }, labelStyle: { color: '#f0cd74' } };
const UP = '#6fcf97';
const DOWN = '#eb7a7a';

/** One candle in display numbers, with the ranges recharts draws. */
interface Row { day: string; open: number; high: number; low: number; close: number; volume: number; wick: [number, number]; body: [number, number] }

/** The rows and the price axis: the days' range with a margin (1% of the price when every trade had one price). */
function chartOf(candles: readonly MarketCandle[], token: MarketPayToken): { rows: Row[]; domain: [number, number] } {
  const n = (v: string) => Number(fromBaseUnits(v, token));
  const lows = candles.map((c) => n(c.low));
  const highs = candles.map((c) => n(c.high));
  const [min, max] = [Math.min(...lows), Math.max(...highs)];
  const pad = Math.max((max - min) * 0.1, max * 0.01);
  // a day that opened and closed at one price is a thin mark at that price
  const flat = pad * 0.04;
  const rows = candles.map((c): Row => {
    const [open, high, low, close] = [n(c.open), n(c.high), n(c.low), n(c.close)];
    const body: [number, number] = open === close ? [open - flat, open + flat] : [Math.min(open, close), Math.max(open, close)];
    return { day: c.day, open, high, low, close, volume: c.volume, wick: [low, high], body };
  });
  return { rows, domain: [Math.max(0, min - pad), max + pad] };
}

/** The candles of one book, `token` its pay token. */
export default function OhlcChart({ candles, token }: { candles: readonly MarketCandle[]; token: MarketPayToken }) {
  const { t } = useTranslation();
  const { rows: data, domain } = chartOf(candles, token);
  const fmt = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 6 });
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 520, height: 220 }}>
      <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} barGap={-9}>
        <CartesianGrid stroke="#3a2e4a" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} />
        <YAxis tick={AXIS} width={70} tickFormatter={(v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 2 })} domain={domain} ticks={[0, 1, 2, 3, 4].map((i) => domain[0] + ((domain[1] - domain[0]) * i) / 4)} allowDataOverflow />
        <Tooltip
          {...TOOLTIP}
          content={({ active, payload, label }) => {
            const r = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
            if (!r) return null;
            return (
              <div style={{ ...TOOLTIP.contentStyle, padding: 8 }}>
                <div style={TOOLTIP.labelStyle}>{String(label)}</div>
                <div>{t('market.chartOpen')}: {fmt(r.open)} · {t('market.chartHigh')}: {fmt(r.high)}</div>
                <div>{t('market.chartLow')}: {fmt(r.low)} · {t('market.chartClose')}: {fmt(r.close)}</div>
                <div>{t('market.chartVolume')}: {r.volume}</div>
              </div>
            );
          }}
        />
        <Bar dataKey="wick" barSize={2} isAnimationActive={false}>
          {data.map((r) => <Cell key={r.day} fill={r.close >= r.open ? UP : DOWN} />)}
        </Bar>
        <Bar dataKey="body" barSize={10} isAnimationActive={false}>
          {data.map((r) => <Cell key={r.day} fill={r.close >= r.open ? UP : DOWN} />)}
        </Bar>
      </ComposedChart>
    </ResponsiveContainer>
  );
}
