import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPrice5, formatThousands } from '../../i18n/format.ts';
import { useConfig, useNotificationsCount } from '../../api/session-calls.ts';
import { useInventoryCount, usePrices, useToolsCount, useTotalLands } from '../../api/account-calls.ts';
import { useAdaUsd, useChestState } from './api.ts';
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

function PriceCard() {
  const { t } = useTranslation();
  const config = useConfig();
  const prices = usePrices();
  // An unreachable server config leaves the ADA price unknown rather than loading forever.
  const ada = useAdaUsd(config.isError ? '' : config.data?.price_service_url);
  const rows = [
    { id: 'price-exo', label: t('dashboard.priceOf', { token: 'EXO' }), value: <Value q={{ data: prices.data?.exo, isError: prices.isError }} format={(v) => t('dashboard.inAda', { value: formatPrice5(v) })} label="EXO" /> },
    { id: 'price-hexo', label: t('dashboard.priceOf', { token: 'HEXO' }), value: <Value q={{ data: prices.data?.hexo, isError: prices.isError }} format={(v) => t('dashboard.inAda', { value: formatPrice5(v) })} label="HEXO" /> },
    { id: 'price-ada-usd', label: t('dashboard.adaUsd'), value: <Value q={{ data: ada.data, isError: ada.isError }} format={(v: number) => t('dashboard.inUsd', { value: formatPrice5(v) })} label="ADA" /> },
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

function SummaryCard({ title, testId, q, caption, to, linkLabel }: { title: string; testId: string; q: Loadable<number>; caption: string; to: string; linkLabel: string }) {
  return (
    <section className="panel summary" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      <p className="summary__value" data-testid={testId}>
        <Value q={q} format={(v) => formatThousands(v)} label={title} />
      </p>
      <p className="summary__caption muted">{caption}</p>
      <Link to={to} className="summary__link">
        {linkLabel} →
      </Link>
    </section>
  );
}

/** The weekly chest (GAME-RULES §7) in one line, with the way to open it. */
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

/** `/dashboard/overview`: balances, prices, notifications and a summary of lands, tools and items. */
export function OverviewPage() {
  const { t } = useTranslation();
  const userName = useSession((s) => s.userName);
  const landOwner = useSession((s) => s.landOwner);
  const notifications = useNotificationsCount();
  const totalLands = useTotalLands();
  const tools = useToolsCount();
  const items = useInventoryCount();

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        lead={userName ? t('dashboard.welcome', { name: userName }) : undefined}
        actions={<span className={landOwner ? 'badge badge--gold' : 'badge'}>{landOwner ? t('dashboard.landOwner') : t('dashboard.notLandOwner')}</span>}
      />
      <GettingStarted lands={totalLands.data} />
      <section className="panel" aria-labelledby="balances-title">
        <h2 id="balances-title" className="panel__title">
          {t('dashboard.balances')}
        </h2>
        <BalanceList actions={chainBalanceActions} />
      </section>
      <div className="overview-grid">
        <PriceCard />
        <SummaryCard title={t('dashboard.notifications')} testId="overview-notifications" q={notifications} caption={t('dashboard.unread')} to="/account/inbox" linkLabel={t('nav.inbox')} />
        <SummaryCard title={t('dashboard.lands')} testId="total-lands" q={totalLands} caption={t('dashboard.ownedLands')} to={PATHS_WEB.inventoryLands} linkLabel={t('dashboard.viewLands')} />
        <SummaryCard title={t('dashboard.tools')} testId="total-tools" q={tools} caption={t('dashboard.ownedTools')} to={PATHS_WEB.inventoryTools} linkLabel={t('dashboard.viewTools')} />
        <SummaryCard title={t('dashboard.items')} testId="total-items" q={items} caption={t('dashboard.ownedItems')} to={PATHS_WEB.inventoryItems} linkLabel={t('dashboard.viewItems')} />
        {landOwner ? <ChestCard /> : null}
      </div>
    </>
  );
}
