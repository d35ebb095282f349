/**
 * "Does playing well pay" on the Performance pages (docs/game-rules.md §14.8): the player's EXO per
 * worked slot per day beside the world's average (`comparePays` over the player's report rows and
 * `GET /world/days`), and what EXO buys now (the Vendor's EXO prices, the EXO price in ADA, and how
 * many days of the player's mining pay each item).
 */
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { averageDailyExo, comparePays, daysToEarn, lovelacePerExo, orderLovelace, type SlotDay } from '@kingdom/game';
import type { MineDay, MineKind, WorldDay } from '@kingdom/api';
import { i18n } from '../../i18n/index.ts';
import { enPays } from '../../i18n/en-pays.ts';
import { esPays } from '../../i18n/es-pays.ts';
import { formatPrice5, formatTokenAmount } from '../../i18n/format.ts';
import { Skeleton } from '../../components/skeleton.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { usePrices } from '../../api/account-calls.ts';
import { formatAda } from '../../chain/format.ts';
import { useVendorCatalogue, useWorldDays } from '../../api/public-calls.ts';
import { vendorTexts } from '../../i18n/vendor-texts.ts';
import { chartNumber } from './mine-amount.ts';
import type { PaysChartDay } from './pays-chart.tsx';

i18n.addResourceBundle('en', 'translation', enPays, true, false);
i18n.addResourceBundle('es', 'translation', esPays, true, false);

const PaysChart = lazy(() => import('./pays-chart.tsx'));

const exoText = (v: bigint | null, none: string) => (v === null ? none : formatTokenAmount(v, 'exo'));

/** The world's rows of one mine kind: EXO the kind's pool paid and the slots worked, per settled day. */
export function worldSlotDays(days: readonly WorldDay[], kind: MineKind): SlotDay[] {
  return days.map((d) => kind === 'goldmine'
    ? { day: d.day, exoMined: BigInt(d.goldmine_exo), workedSlots: d.goldmine_workers_worked }
    : { day: d.day, exoMined: BigInt(d.frenmine_exo), workedSlots: d.frenmine_workers_worked });
}

/** The player's rows: each land's EXO mined and worked slots per day. */
export function playerSlotDays(rows: readonly MineDay[]): SlotDay[] {
  return rows.map((r) => ({ day: r.day, exoMined: BigInt(r.exo_mined), workedSlots: r.workers_worked }));
}

function WhatExoBuys({ dailyExo }: { dailyExo: bigint }) {
  const { t } = useTranslation();
  const catalogue = useVendorCatalogue();
  const prices = usePrices();
  const stale = prices.data?.stale?.exo === true;
  const perExo = prices.data && !stale ? lovelacePerExo(prices.data.exo) : null;
  const items = (catalogue.data?.items ?? []).filter((i) => i.pay_token === 'exo' && i.price !== null && i.purchasable);
  return (
    <section className="panel" aria-labelledby="pays-buys-title" data-testid="pays-buys">
      <h2 id="pays-buys-title" className="panel__title">{t('pays.buysTitle')}</h2>
      {prices.data ? (
        <p data-testid="pays-exo-price">
          {stale ? t('pays.priceStale') : t('pays.price', { ada: formatPrice5(prices.data.exo) })}
        </p>
      ) : null}
      {dailyExo > 0n ? <p className="muted" data-testid="pays-daily-exo">{t('pays.dailyExo', { exo: formatTokenAmount(dailyExo, 'exo') })}</p> : null}
      {catalogue.data && items.length === 0 ? <p className="muted">{t('pays.noItems')}</p> : null}
      {items.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="pays-buys-table">
            <caption className="sr-only">{t('pays.buysTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pays.item')}</th>
                <th scope="col" className="num">{t('pays.costExo')}</th>
                <th scope="col" className="num">{t('pays.costAda')}</th>
                <th scope="col" className="num">{t('pays.days')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => {
                const price = BigInt(i.price!);
                const days = daysToEarn(price, dailyExo);
                return (
                  <tr key={i.key} data-testid="pays-buys-row">
                    <td data-label={t('pays.item')}>{vendorTexts(i, t).name}</td>
                    <td className="num" data-label={t('pays.costExo')}>{formatTokenAmount(price, 'exo')}</td>
                    <td className="num" data-label={t('pays.costAda')}>{perExo === null ? t('pays.none') : formatAda(orderLovelace(price, perExo))}</td>
                    <td className="num" data-label={t('pays.days')}>{days === null ? t('pays.none') : t('pays.daysValue', { count: days })}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <p><Link to="/vendor">{t('pays.toVendor')} →</Link></p>
    </section>
  );
}

/** The section: chart and summary over the page's period, then what EXO buys. */
export function PaysPanel({ kind, days, rows }: { kind: MineKind; days: number; rows: readonly MineDay[] }) {
  const { t } = useTranslation();
  const world = useWorldDays(days);
  const none = t('pays.none');
  const player = playerSlotDays(rows);
  const worldRows = world.data ? worldSlotDays(world.data.days, kind) : [];
  // the period's settled days, oldest first: the world's answer, and any day of the player's rows
  const axis = [...new Set([...worldRows.map((d) => d.day), ...player.map((d) => d.day)])].sort().slice(-days);
  const c = comparePays(axis, player, worldRows);
  const chart: PaysChartDay[] = c.days.map((d) => ({ day: d.day, you: d.player === null ? null : chartNumber(d.player.toString()), world: d.world === null ? null : chartNumber(d.world.toString()) }));
  const pct = c.playerVsWorldBp === null ? null : (Number(c.playerVsWorldBp) / 10_000).toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <>
      <section className="panel" aria-labelledby="pays-title" data-testid="pays">
        <h2 id="pays-title" className="panel__title">{t('pays.title')}</h2>
        <p className="muted">{t('pays.lead')}</p>
        {world.isPending ? null : (
          <p className="pays-summary" data-testid="pays-summary">
            {c.player === null ? t('pays.noSummary') : (
              <>
                {t('pays.summary', { you: exoText(c.player, none), world: exoText(c.world, none) })}
                {pct === null ? null : <> <strong data-testid="pays-vs-world">{t('pays.vsWorld', { pct })}</strong></>}
              </>
            )}
          </p>
        )}
        {world.isError ? <InlineError>{t('pays.loadFailed')}</InlineError> : null}
        {world.isPending ? <Skeleton height="240px" label={t('performance.loadingChart')} /> : (
          <figure className="chart" data-testid="pays-chart">
            <figcaption className="sr-only">{t('pays.chart')}</figcaption>
            <Suspense fallback={<Skeleton height="240px" label={t('performance.loadingChart')} />}>
              <PaysChart data={chart} />
            </Suspense>
          </figure>
        )}
        <p className="muted"><small>{t('pays.gapNote')}</small></p>
        <details className="pays-details">
          <summary>{t('pays.table')}</summary>
          <div className="table-wrap">
            <table className="table" data-testid="pays-table">
              <caption className="sr-only">{t('pays.table')}</caption>
              <thead>
                <tr><th scope="col">{t('pays.day')}</th><th scope="col" className="num">{t('pays.you')}</th><th scope="col" className="num">{t('pays.world')}</th></tr>
              </thead>
              <tbody>
                {[...c.days].reverse().map((d) => (
                  <tr key={d.day} data-testid="pays-row">
                    <td>{d.day}</td>
                    <td className="num">{exoText(d.player, none)}</td>
                    <td className="num">{exoText(d.world, none)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <WhatExoBuys dailyExo={averageDailyExo(player)} />
    </>
  );
}
