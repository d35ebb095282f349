import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice5, formatThousands } from '../../i18n/format.ts';
import { useNotificationsCount } from '../../api/session-calls.ts';
import { useInventoryCount, usePrices, useToolsCount, useTotalLands } from '../../api/account-calls.ts';
import { useChestState } from './api.ts';
import { GettingStarted } from './getting-started.tsx';
import { BalanceList } from '../../components/balance-list.tsx';
import { chainBalanceActions } from '../../chain/lazy.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useSession } from '../../session/session-store.ts';
import { PATHS_WEB } from '../../paths.ts';

interface Loadable<T> {
  data: T | undefined;
  isError: boolean;
}

/** A value, a skeleton while loading, or '—' when it could not be had. */
function Value<T>({ q, format, label }: { q: Loadable<T>; format(v: T): string; label: string }) {
  const { t } = useTranslation();
  if (q.data !== undefined && q.data !== null) return <>{format(q.data)}</>;
  if (q.isError || q.data === null) return <>{t('dashboard.unknown')}</>;
  return <Skeleton width="5ch" label={label} />;
}

/** A price with an 'out of date' mark when its provider has not answered within the limit (server's `stale`). */
function PriceValue({ value, stale, seenAt, format, label, isError }: { value: string | null | undefined; stale: boolean; seenAt: string | null; format(v: string): string; label: string; isError: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Value q={{ data: value, isError }} format={format} label={label} />
      {stale && value ? (
        <span className="badge badge--stale" data-testid={`price-stale-${label.toLowerCase()}`} title={seenAt ? t('dashboard.staleTitle', { when: formatDateTime(seenAt) }) : undefined}>
          {t('dashboard.stale')}
        </span>
      ) : null}
    </>
  );
}

/** EXO and HEXO in ADA, ADA in USD: all from this server (`currencies/prices`), which the price job keeps. */
function PriceCard() {
  const { t } = useTranslation();
  const prices = usePrices();
  const p = prices.data;
  const rows = [
    { id: 'price-exo', label: t('dashboard.priceOf', { token: 'EXO' }), value: <PriceValue value={p?.exo} stale={p?.stale?.exo === true} seenAt={p?.seen_at?.exo ?? null} isError={prices.isError} format={(v) => t('dashboard.inAda', { value: formatPrice5(v) })} label="EXO" /> },
    { id: 'price-hexo', label: t('dashboard.priceOf', { token: 'HEXO' }), value: <PriceValue value={p?.hexo} stale={p?.stale?.hexo === true} seenAt={p?.seen_at?.hexo ?? null} isError={prices.isError} format={(v) => t('dashboard.inAda', { value: formatPrice5(v) })} label="HEXO" /> },
    // an older server (no ada_usd field) or a price never seen: '—'
    { id: 'price-ada-usd', label: t('dashboard.adaUsd'), value: <PriceValue value={p ? (p.ada_usd ?? null) : undefined} stale={p?.stale?.ada_usd === true} seenAt={p?.seen_at?.ada_usd ?? null} isError={prices.isError} format={(v) => t('dashboard.inUsd', { value: formatPrice5(v) })} label="ADA" /> },
  ];
  return (
    <section className="panel" aria-labelledby="prices-title">
      <h2 id="prices-title" className="panel__title">
        {t('dashboard.prices')}
      </h2>
      <dl className="price-list">
        {rows.map((r) => (
          <div key={r.id} className="price-list__row">
            <dt id={`${r.id}-label`}>{r.label}</dt>
            <dd data-testid={r.id} aria-labelledby={`${r.id}-label`}>
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `caption`: the words after the number, in the number's plural form ("1 item in inventory"). */
function SummaryCard({ title, testId, useCount, caption, to, linkLabel }: { title: string; testId: string; useCount: () => Loadable<number>; caption(count: number): string; to: string; linkLabel: string }) {
  // the card reads its own call: an answer re-renders this card, not the page (the start-up's answers
  // arrive one by one; Lighthouse's blocking time on a phone)
  const q = useCount();
  return (
    <section className="panel summary" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      <p className="summary__value" data-testid={testId}>
        <Value q={q} format={(v) => formatThousands(v)} label={title} />
      </p>
      <p className="summary__caption muted" data-testid={`${testId}-caption`}>{caption(q.data ?? 0)}</p>
      <Link to={to} className="summary__link">
        {linkLabel} →
      </Link>
    </section>
  );
}

/** The weekly chest (docs/game-rules.md §7) in one line, with the way to open it. */
function ChestCard() {
  const { t } = useTranslation();
  const q = useChestState(true);
  const state = q.data?.state;
  return (
    <section className="panel summary" aria-label={t('dashboard.chest')}>
      <h2 className="panel__title">{t('dashboard.chest')}</h2>
      <p className="summary__caption" data-testid="overview-chest">
        {state ? t(`dashboard.chestStates.${state}`) : <Skeleton width="10ch" label={t('dashboard.chest')} />}
      </p>
      <Link to="/account/chest" className="summary__link">
        {state === 'openable' ? t('dashboard.openChest') : t('dashboard.viewChest')} →
      </Link>
    </section>
  );
}

/**
 * 'Land owner' / 'Not a land owner', both states as wide as the longer text (in `ch`, plus the
 * padding): the flag is known only once the user answers after a reload, and a badge changing width
 * moved the whole page (on a phone the longer one wraps below the title: a layout shift of 0.29,
 * Lighthouse's CLS).
 */
function LandOwnerBadge({ landOwner }: { landOwner: boolean }) {
  const { t } = useTranslation();
  const owner = t('dashboard.landOwner');
  const notOwner = t('dashboard.notLandOwner');
  return (
    <span className={landOwner ? 'badge badge--gold' : 'badge'} data-testid="land-owner-badge" style={{ minWidth: `${Math.max(owner.length, notOwner.length) + 2}ch`, textAlign: 'center' }}>
      {landOwner ? owner : notOwner}
    </span>
  );
}

/** The title block: the welcome names the player, the badge says whether they own land. */
function OverviewHeader() {
  const { t } = useTranslation();
  const userName = useSession((s) => s.userName);
  const landOwner = useSession((s) => s.landOwner);
  return (
    <PageHeader
      title={t('dashboard.title')}
      lead={userName ? t('dashboard.welcome', { name: userName }) : undefined}
      actions={<LandOwnerBadge landOwner={landOwner} />}
    />
  );
}

/** The get-started panel, shown until the player holds lands. */
function Start() {
  return <GettingStarted lands={useTotalLands().data} />;
}

/** The weekly chest's card, for a land owner. */
function OwnerChestCard() {
  return useSession((s) => s.landOwner) ? <ChestCard /> : null;
}

/** `/dashboard/overview`: balances, prices, notifications and a summary of lands, tools and items. */
export function OverviewPage() {
  const { t } = useTranslation();
  return (
    <>
      <OverviewHeader />
      <Start />
      <section className="panel" aria-labelledby="balances-title">
        <h2 id="balances-title" className="panel__title">
          {t('dashboard.balances')}
        </h2>
        <BalanceList actions={chainBalanceActions} />
      </section>
      <div className="overview-grid">
        <PriceCard />
        <SummaryCard title={t('dashboard.notifications')} testId="overview-notifications" useCount={useNotificationsCount} caption={(count) => t('dashboard.unread', { count })} to="/account/inbox" linkLabel={t('nav.inbox')} />
        <SummaryCard title={t('dashboard.lands')} testId="total-lands" useCount={useTotalLands} caption={(count) => t('dashboard.ownedLands', { count })} to={PATHS_WEB.inventoryLands} linkLabel={t('dashboard.viewLands')} />
        <SummaryCard title={t('dashboard.tools')} testId="total-tools" useCount={useToolsCount} caption={(count) => t('dashboard.ownedTools', { count })} to={PATHS_WEB.inventoryTools} linkLabel={t('dashboard.viewTools')} />
        <SummaryCard title={t('dashboard.items')} testId="total-items" useCount={useInventoryCount} caption={(count) => t('dashboard.ownedItems', { count })} to={PATHS_WEB.inventoryItems} linkLabel={t('dashboard.viewItems')} />
        <OwnerChestCard />
      </div>
    </>
  );
}
