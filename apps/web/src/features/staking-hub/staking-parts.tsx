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

/** A league badge (docs/product.md §4); a dash below Gold. */
export function LeagueBadge({ league }: { league: LeagueName }) {
  const { t } = useTranslation();
  if (league === null) return <span className="muted" data-testid="league" data-league="none">{t('stakingHub.noLeague')}</span>;
  return (
    <span className={`badge badge--league badge--league-${league}`} data-testid="league" data-league={league}>
      {t(`staking.league.${league}`)}
    </span>
  );
}

/** A project's daily reward per NFT with its token symbol, by the amount rule (docs/product.md §9), e.g. `4.91 HEXO`. */
export const projectReward = (p: StakingProject) => `${formatTokenAmount(p.reward_per_nft, p.reward_token)} ${TOKEN_SYMBOLS[p.reward_token]}`;

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

/**
 * The projects table, sortable by rank, votes, holders, supply or reward; `onAdd` adds an add-votes
 * column. On a phone each row is a card of chosen fields — rank, project, `phoneColumn` (votes, or
 * the reward on the market tab) and "Add votes" — so the main action shows without a blind sideways scroll
 * (docs/game-rules.md §2); the project's page has the rest.
 */
export function ProjectsTable({ items, caption, onAdd, phoneColumn = 'votes' }: { items: StakingProject[]; caption: string; onAdd?: (p: StakingProject) => void; phoneColumn?: 'votes' | 'reward' }) {
  const { t } = useTranslation();
  const wide = (col: 'votes' | 'reward') => (col === phoneColumn ? undefined : 'col-wide');
  const [sort, setSort] = useState<SortKey>('rank');
  const value = (p: StakingProject): number => (sort === 'rank' ? -p.rank : sort === 'reward' ? Number(p.reward_per_nft) : p[sort]);
  const rows = [...items].sort((a, b) => value(b) - value(a));
  const head = (key: SortKey, label: string, extra?: string) => (
    <th scope="col" className={extra ? `num ${extra}` : 'num'} aria-sort={sort === key ? 'descending' : 'none'}>
      <button type="button" className="btn btn--link th-sort" onClick={() => setSort(key)}>
        {label}
      </button>
    </th>
  );
  return (
    <div className="table-wrap">
      <table className="table table--stack table--chosen" data-testid="projects">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head('rank', t('stakingHub.rank'))}
            <th scope="col">{t('stakingHub.project')}</th>
            {head('votes', t('stakingHub.votes'), wide('votes'))}
            <th scope="col" className="col-wide">{t('stakingHub.league')}</th>
            {head('holders', t('stakingHub.holders'), 'col-wide')}
            {head('supply', t('stakingHub.supply'), 'col-wide')}
            {head('reward', t('stakingHub.reward'), wide('reward'))}
            <th scope="col" className="col-wide">{t('stakingHub.qualified')}</th>
            {onAdd ? <th scope="col"><span className="sr-only">{t('stakingHub.addVotes')}</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.project} data-testid="project-row" data-project={p.project}>
              <td className="num" data-label={t('stakingHub.rank')}>{p.rank}</td>
              <td data-label={t('stakingHub.project')}>
                <Link to={`/collection/${p.project}`} className="project-link">
                  <span className="project-logo" aria-hidden="true">{p.name.slice(0, 1)}</span>
                  {p.name}
                </Link>
              </td>
              <td className={wide('votes') ? 'num col-wide' : 'num'} data-label={t('stakingHub.votes')} data-testid="project-votes">{formatThousands(p.votes)}</td>
              <td className="col-wide"><LeagueBadge league={p.league} /></td>
              <td className="num col-wide">{formatThousands(p.holders)}</td>
              <td className="num col-wide">{formatThousands(p.supply)}</td>
              <td className={wide('reward') ? 'num col-wide' : 'num'} data-label={t('stakingHub.reward')}>{projectReward(p)}</td>
              <td className="col-wide">{p.qualified ? <span className="badge badge--gold">{t('stakingHub.yes')}</span> : <span className="muted">{t('stakingHub.no')}</span>}</td>
              {onAdd ? (
                <td className="cell-action">
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
