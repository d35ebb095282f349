import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAGUE_THRESHOLDS, formatThousands } from '@kingdom/game';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { TabNav } from '../../components/tab-nav.tsx';

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

function Leagues() {
  const { t } = useTranslation();
  const rows = [
    ['gold', LEAGUE_THRESHOLDS.gold, LEAGUE_THRESHOLDS.platinum],
    ['platinum', LEAGUE_THRESHOLDS.platinum, LEAGUE_THRESHOLDS.diamond],
    ['diamond', LEAGUE_THRESHOLDS.diamond, LEAGUE_THRESHOLDS.epic],
  ] as const;
  return (
    <section className="panel" aria-labelledby="leagues-title">
      <h2 id="leagues-title" className="panel__title">
        {t('staking.leagues')}
      </h2>
      <ul className="leagues">
        {rows.map(([name, from, to]) => (
          <li key={name}>
            <strong>{t(`staking.league.${name}`)}</strong> {t('staking.votesRange', { from: formatThousands(from), to: formatThousands(to) })}
          </li>
        ))}
        <li>
          <strong>{t('staking.league.epic')}</strong> {t('staking.votesOver', { from: formatThousands(LEAGUE_THRESHOLDS.epic) })}
        </li>
      </ul>
    </section>
  );
}

/** Activity, leaderboards and market: no projects are open yet. */
export function StakingProjectsPage() {
  const { t } = useTranslation();
  return (
    <>
      <EmptyState title={t('staking.noProjects')} text={t('staking.noProjectsText')} />
      <Leagues />
    </>
  );
}

/** `/staking-hub/user`: the user's staked NFTs. */
export function StakingUserPage() {
  const { t } = useTranslation();
  if (!useIsAuthenticated()) return <SignInPrompt />;
  return <EmptyState title={t('staking.noNfts')} text={t('staking.noNftsText')} />;
}

/** `/staking-hub/votes`: the user's votes. */
export function StakingVotesPage() {
  const { t } = useTranslation();
  if (!useIsAuthenticated()) return <SignInPrompt />;
  return <EmptyState title={t('staking.noVotes')} text={t('staking.noVotesText')} />;
}

/** `/collection/:project`: a staking hub project page. */
export function CollectionPage() {
  const { t } = useTranslation();
  const { project = '' } = useParams();
  return (
    <>
      <PageHeader title={t('staking.project', { project })} />
      <EmptyState title={t('staking.noProjects')} text={t('staking.noProjectsText')} />
    </>
  );
}
