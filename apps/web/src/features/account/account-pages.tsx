import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceList } from '../../components/balance-list.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { selectWalletConnected, useSession } from '../../session/session-store.ts';
import { WalletsPanel } from './wallets-panel.tsx';

/** `/account` (protected): tabs inbox, settings, balances. */
export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <TabNav
        label={t('account.title')}
        tabs={[
          { to: 'inbox', label: t('account.inbox') },
          { to: 'settings', label: t('account.settings') },
          { to: 'balances', label: t('account.balances') },
        ]}
      />
      <Outlet />
    </>
  );
}

/** `/account/settings`: profile fields and the wallet this session signed in with. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const s = useSession();
  const connected = useSession(selectWalletConnected);
  return (
    <div className="two-col">
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title" className="panel__title">
          {t('account.profile')}
        </h2>
        <dl className="facts facts--wide">
          <div>
            <dt>{t('account.userName')}</dt>
            <dd>{s.userName || t('dashboard.unknown')}</dd>
          </div>
          <div>
            <dt>{t('account.userType')}</dt>
            <dd>{s.userType || t('dashboard.unknown')}</dd>
          </div>
          <div>
            <dt>{t('dashboard.landOwner')}</dt>
            <dd>{s.landOwner ? t('dashboard.yes') : t('dashboard.no')}</dd>
          </div>
        </dl>
      </section>
      <section className="panel" aria-labelledby="wallets-title">
        <h2 id="wallets-title" className="panel__title">
          {t('account.wallets')}
        </h2>
        {connected ? (
          <dl className="facts facts--wide">
            <div>
              <dt>{t('account.chain')}</dt>
              <dd>{s.walletType === 'cardano' ? t('login.cardano') : t('login.solana')}</dd>
            </div>
            <div>
              <dt>{t('account.walletApp')}</dt>
              <dd>{s.solanaWalletType || s.walletApiName}</dd>
            </div>
            <div>
              <dt>{t('account.activeWallet')}</dt>
              <dd className="mono break" data-testid="wallet-address">
                {s.walletAddress}
              </dd>
            </div>
          </dl>
        ) : (
          <EmptyState title={t('account.noWallets')} />
        )}
      </section>
      <WalletsPanel />
    </div>
  );
}

/** `/account/balances`: the four app balances. */
export function AccountBalancesPage() {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-label={t('account.balances')}>
      <BalanceList testIdPrefix="account-balance-" />
    </section>
  );
}
