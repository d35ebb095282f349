import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import './staking.css';

/** `/staking-hub`: tabs activity, leaderboards, market, user, votes. */
export function StakingLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('staking.title')} />
      <TabNav
        label={t('staking.title')}
        tabs={[
          { to: 'activity', label: t('staking.activity') },
          { to: 'solana', label: t('staking.solana') },
          { to: 'cardano', label: t('staking.cardano') },
          { to: 'market', label: t('staking.market') },
          { to: 'user', label: t('staking.user') },
          { to: 'votes', label: t('staking.votes') },
        ]}
      />
      <Outlet />
    </>
  );
}
