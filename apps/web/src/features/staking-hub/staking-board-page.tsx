import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAGUE_THRESHOLDS } from '@kingdom/game';
import { formatThousands } from '../../i18n/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { useAddVotes } from './add-votes-dialog.tsx';
import { useLeaderboard } from './api.ts';
import { LeagueBadge, NextSnapshot, ProjectsTable } from './staking-parts.tsx';
import { VoteBars } from './vote-charts.tsx';

/** `/staking-hub/cardano` and `/staking-hub/solana`: the chain's projects by votes. */
export function StakingBoardPage() {
  const { t } = useTranslation();
  const chain = useLocation().pathname.endsWith('/solana') ? 'solana' : 'cardano';
  const { page, search, setPage, setSearch } = useListParams();
  const q = useLeaderboard(chain, page, search);
  const add = useAddVotes();
  if (q.isPending) return <CardSkeletons count={3} />;
  return (
    <>
      <div className="list-toolbar">
        <SearchBox key={search} value={search} onSearch={setSearch} label={t('stakingHub.search')} />
        {q.data ? <NextSnapshot at={q.data.next_snapshot_at} /> : null}
      </div>
      {!q.data || q.data.items.length === 0 ? (
        search ? <EmptyState title={t('staking.noMatch', { search })} text={t('staking.noMatchText')} />
          : <EmptyState title={t('staking.noProjects')} text={t('staking.noProjectsText')} />
      ) : (
        <>
          {page === 1 && !search ? <VoteBars items={q.data.items.slice(0, 10)} title={t('stakingHub.topChart')} /> : null}
          <section className="panel">
            <ProjectsTable items={q.data.items} caption={t('stakingHub.boardCaption', { chain: t(`staking.${chain}`) })} onAdd={add.open} />
            <p className="muted small">{t('stakingHub.rewardNote', { token: chain === 'cardano' ? 'HEXO' : 'RUNE' })}</p>
          </section>
          <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
        </>
      )}
      <Leagues />
      {add.dialog}
    </>
  );
}

/** The league thresholds (docs/product.md §4), under the leaderboard. */
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
            <LeagueBadge league={name} /> {t('staking.votesRange', { from: formatThousands(from), to: formatThousands(to) })}
          </li>
        ))}
        <li>
          <LeagueBadge league="epic" /> {t('staking.votesOver', { from: formatThousands(LEAGUE_THRESHOLDS.epic) })}
        </li>
      </ul>
    </section>
  );
}
