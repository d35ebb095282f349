/** What several Staking-Hub pages show: the league badge, the projects table, the next snapshot. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LeagueName, StakingProject } from '@kingdom/api';
import { TOKEN_SYMBOLS } from '@kingdom/game';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { formatCountdown, formatUtc } from '../../components/time-format.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import './staking.css';

/** A league badge (spec §4); a dash below Gold. */
export function LeagueBadge({ league }: { league: LeagueName }) {
  const { t } = useTranslation();
  if (league === null) return <span className="muted" data-testid="league" data-league="none">{t('stakingHub.noLeague')}</span>;
  return (
    <span className={`badge badge--league badge--league-${league}`} data-testid="league" data-league={league}>
      {t(`staking.league.${league}`)}
    </span>
  );
}

/** A project's daily reward per NFT with its token symbol, e.g. `4.9171 HEXO`. */
export const projectReward = (p: StakingProject) => `${formatTokenAmount(p.reward_per_nft, p.reward_token, 4)} ${TOKEN_SYMBOLS[p.reward_token]}`;

/** When the next vote snapshot is taken (UTC) and the countdown to it. */
export function NextSnapshot({ at }: { at: string }) {
  const { t } = useTranslation();
  const now = useGameNow();
  return (
    <p className="muted" data-testid="next-snapshot">
      {t('stakingHub.nextSnapshot', { at: formatUtc(at), in: formatCountdown(Date.parse(at), now) })}
    </p>
  );
}

type SortKey = 'rank' | 'votes' | 'holders' | 'supply' | 'reward';

/** The projects table, sortable by rank, votes, holders, supply or reward; `onAdd` adds an add-votes column. */
export function ProjectsTable({ items, caption, onAdd }: { items: StakingProject[]; caption: string; onAdd?: (p: StakingProject) => void }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortKey>('rank');
  const value = (p: StakingProject): number => (sort === 'rank' ? -p.rank : sort === 'reward' ? Number(p.reward_per_nft) : p[sort]);
  const rows = [...items].sort((a, b) => value(b) - value(a));
  const head = (key: SortKey, label: string) => (
    <th scope="col" className="num" aria-sort={sort === key ? 'descending' : 'none'}>
      <button type="button" className="btn btn--link th-sort" onClick={() => setSort(key)}>
        {label}
      </button>
    </th>
  );
  return (
    <div className="table-wrap">
      <table className="table" data-testid="projects">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head('rank', t('stakingHub.rank'))}
            <th scope="col">{t('stakingHub.project')}</th>
            {head('votes', t('stakingHub.votes'))}
            <th scope="col">{t('stakingHub.league')}</th>
            {head('holders', t('stakingHub.holders'))}
            {head('supply', t('stakingHub.supply'))}
            {head('reward', t('stakingHub.reward'))}
            <th scope="col">{t('stakingHub.qualified')}</th>
            {onAdd ? <th scope="col"><span className="sr-only">{t('stakingHub.addVotes')}</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.project} data-testid="project-row" data-project={p.project}>
              <td className="num">{p.rank}</td>
              <td>
                <Link to={`/collection/${p.project}`} className="project-link">
                  <span className="project-logo" aria-hidden="true">{p.name.slice(0, 1)}</span>
                  {p.name}
                </Link>
              </td>
              <td className="num" data-testid="project-votes">{formatThousands(p.votes)}</td>
              <td><LeagueBadge league={p.league} /></td>
              <td className="num">{formatThousands(p.holders)}</td>
              <td className="num">{formatThousands(p.supply)}</td>
              <td className="num">{projectReward(p)}</td>
              <td>{p.qualified ? <span className="badge badge--gold">{t('stakingHub.yes')}</span> : <span className="muted">{t('stakingHub.no')}</span>}</td>
              {onAdd ? (
                <td>
                  <button type="button" className="btn btn--small" onClick={() => onAdd(p)} data-testid="add-votes">
                    {t('stakingHub.addVotes')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
