import { useState, type FormEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LeagueName, StakingProject } from '@kingdom/api';
import { LEAGUE_THRESHOLDS, TOKEN_SYMBOLS, nftName } from '@kingdom/game';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { Dialog } from '../../components/dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { ToolGrid } from '../../components/tool-card.tsx';
import { TabNav } from '../../components/tab-nav.tsx';
import { formatCountdown, formatUtc, relativeTimeText } from '../../components/time-format.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import { useListParams } from '../../components/use-list-params.ts';
import { useActivity, useLeaderboard, useMarket, useMyMiningTools, useMyStake, useProject, useVoteAction, useVotes } from './api.ts';
import { VoteBars, VoteHistoryChart } from './vote-charts.tsx';
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

const reward = (p: StakingProject) => `${formatTokenAmount(p.reward_per_nft, p.reward_token, 4)} ${TOKEN_SYMBOLS[p.reward_token]}`;

function NextSnapshot({ at }: { at: string }) {
  const { t } = useTranslation();
  const now = useGameNow();
  return (
    <p className="muted" data-testid="next-snapshot">
      {t('stakingHub.nextSnapshot', { at: formatUtc(at), in: formatCountdown(Date.parse(at), now) })}
    </p>
  );
}

type SortKey = 'rank' | 'votes' | 'holders' | 'supply' | 'reward';

function ProjectsTable({ items, caption, onAdd }: { items: StakingProject[]; caption: string; onAdd?: (p: StakingProject) => void }) {
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
              <td className="num">{reward(p)}</td>
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

/** The add-votes modal (spec §2): a whole number from 1 to the free points, else 'Not valid value' under the field. */
export function AddVotesDialog({ project, name, onClose }: { project: string; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const votes = useVotes();
  const action = useVoteAction();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const free = votes.data?.free ?? 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > free) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    action.mutate({ kind: 'add', project, votes: n, name }, { onSuccess: onClose, onError: () => setInvalid(true) });
  };
  return (
    <Dialog title={t('stakingHub.addTitle', { name })} onClose={onClose}>
      <form className="vote-form" onSubmit={submit} noValidate>
        <p className="muted">{t('stakingHub.free')}: <strong data-testid="free-points">{formatThousands(free)}</strong></p>
        <label htmlFor="add-votes-input">{t('stakingHub.votesLabel', { free: formatThousands(free) })}</label>
        <input
          id="add-votes-input" className="input" inputMode="numeric" value={text} autoComplete="off" maxLength={16}
          aria-invalid={invalid} aria-describedby={invalid ? 'add-votes-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {invalid ? <p id="add-votes-error" className="field-error" role="alert">{t('stakingHub.notValid')}</p> : null}
        <button type="submit" className="btn btn--gold" disabled={action.isPending} data-testid="add-votes-submit">
          {t('stakingHub.addVotes')}
        </button>
      </form>
    </Dialog>
  );
}

function useAddVotes() {
  const authed = useIsAuthenticated();
  const navigate = useNavigate();
  const [target, setTarget] = useState<StakingProject | null>(null);
  const open = (p: StakingProject) => (authed ? setTarget(p) : void navigate('/login'));
  const dialog = target ? <AddVotesDialog project={target.project} name={target.name} onClose={() => setTarget(null)} /> : null;
  return { open, dialog };
}

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

/** `/staking-hub/market`: qualified collections by daily reward per NFT. */
export function StakingMarketPage() {
  const { t } = useTranslation();
  const q = useMarket();
  const add = useAddVotes();
  if (q.isPending) return <CardSkeletons count={3} />;
  if (!q.data || q.data.items.length === 0) return <EmptyState title={t('staking.noProjects')} text={t('staking.noProjectsText')} />;
  return (
    <>
      <NextSnapshot at={q.data.next_snapshot_at} />
      <section className="panel">
        <ProjectsTable items={q.data.items} caption={t('stakingHub.marketCaption')} onAdd={add.open} />
      </section>
      {add.dialog}
    </>
  );
}

/** `/staking-hub/activity`: votes added and removed, snapshots. */
export function StakingActivityPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListParams();
  const q = useActivity(page);
  const now = useGameNow();
  if (q.isPending) return <CardSkeletons count={3} />;
  if (!q.data || q.data.items.length === 0) return <EmptyState title={t('staking.noActivity')} text={t('staking.noActivityText')} />;
  return (
    <>
      <ul className="notes" aria-label={t('stakingHub.activityCaption')}>
        {q.data.items.map((i, n) => (
          <li key={`${i.at}-${n}`} className="note" data-testid="activity-item" data-kind={i.kind}>
            <span className="note__body">
              <span className="note__title">
                {t(`stakingHub.activity.${i.kind}`, { player: i.player ?? '', votes: formatThousands(i.votes), name: i.name ?? '' })}
              </span>
            </span>
            <time className="note__time" dateTime={i.at} title={formatUtc(i.at)}>{relativeTimeText(Date.parse(i.at), now)}</time>
          </li>
        ))}
      </ul>
      <Pager page={q.data.page} perPage={30} total={q.data.items.length < 30 ? (q.data.page - 1) * 30 + q.data.items.length : q.data.page * 30 + 1} onPage={setPage} disabled={q.isFetching} />
    </>
  );
}

/** `/staking-hub/user`: the player's stakeable NFTs over all linked wallets. */
export function StakingUserPage() {
  const { t } = useTranslation();
  const q = useMyStake();
  const tools = useMyMiningTools();
  if (!useIsAuthenticated()) return <SignInPrompt />;
  if (q.isPending || tools.isPending) return <CardSkeletons count={2} />;
  const collections = q.data?.collections ?? [];
  const myTools = tools.data?.mtools ?? [];
  if (collections.length === 0 && myTools.length === 0) return <EmptyState title={t('staking.noNfts')} text={t('staking.noNftsText')} />;
  return (
    <>
      {q.data?.inactive ? <p className="notice" role="status">{t('stakingHub.inactive')}</p> : null}
      {collections.length === 0 ? <p className="muted">{t('staking.noNftsText')}</p> : null}
      {collections.map((c) => (
        <section key={c.project} className="panel" data-testid="stake-collection" data-project={c.project}>
          <h2 className="panel__title">
            <Link to={`/collection/${c.project}`}>{c.name}</Link> <LeagueBadge league={c.league} />
          </h2>
          <p data-testid="stake-per-day">
            {c.qualified
              ? t('stakingHub.perDay', { amount: formatTokenAmount(c.reward_per_day, c.reward_token, 4), token: TOKEN_SYMBOLS[c.reward_token] })
              : t('stakingHub.notQualified')}
          </p>
          <div className="table-wrap">
            <table className="table table--stack">
              <caption className="sr-only">{c.name}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stakingHub.nft')}</th>
                  <th scope="col">{t('stakingHub.heldSince')}</th>
                  <th scope="col">{t('stakingHub.countsFrom')}</th>
                  <th scope="col">{t('stakingHub.counts')}</th>
                </tr>
              </thead>
              <tbody>
                {c.nfts.map((n) => (
                  <tr key={`${n.address}-${n.asset}`}>
                    <td data-label={t('stakingHub.nft')} data-testid="stake-nft-name" title={n.asset}>{nftName(c.chain, n.asset, c.name)}</td>
                    <td data-label={t('stakingHub.heldSince')}>{formatUtc(n.held_since)}</td>
                    <td data-label={t('stakingHub.countsFrom')}>{formatUtc(n.counts_from)}</td>
                    <td data-label={t('stakingHub.counts')}>{n.counts ? t('stakingHub.counts') : t('stakingHub.waiting')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {myTools.length > 0 ? (
        <section className="panel" aria-labelledby="my-tools-title" data-testid="stake-tools">
          <h2 id="my-tools-title" className="panel__title">{t('stakingHub.toolsTitle')}</h2>
          <p className="muted">{t('stakingHub.toolsLead')}</p>
          <ToolGrid tools={myTools} label={t('stakingHub.toolsTitle')} />
        </section>
      ) : null}
    </>
  );
}

function PointsForm({ kind, max }: { kind: 'lock' | 'unlock'; max: number | null }) {
  const { t } = useTranslation();
  const action = useVoteAction();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = `points-${kind}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1 || (max !== null && n > max)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    action.mutate(kind === 'lock' ? { kind: 'lock', amount: n } : { kind: 'unlock', amount: n }, { onSuccess: () => setText('') });
  };
  return (
    <form className="vote-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t(kind === 'lock' ? 'stakingHub.lockLabel' : 'stakingHub.unlockLabel')}</label>
      <input id={id} className="input" inputMode="numeric" value={text} maxLength={16} autoComplete="off"
        aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} onChange={(e) => setText(e.target.value)} />
      {invalid ? <p id={`${id}-error`} className="field-error" role="alert">{t('stakingHub.notValid')}</p> : null}
      <button type="submit" className={kind === 'lock' ? 'btn btn--gold' : 'btn'} disabled={action.isPending} data-testid={`${kind}-submit`}>
        {t(kind === 'lock' ? 'stakingHub.lock' : 'stakingHub.unlock')}
      </button>
    </form>
  );
}

/** `/staking-hub/votes` ('My Votes'): lock/unlock EXO as points, allocations per project. */
export function StakingVotesPage() {
  const { t } = useTranslation();
  const q = useVotes();
  const action = useVoteAction();
  const [adding, setAdding] = useState<{ project: string; name: string } | null>(null);
  if (!useIsAuthenticated()) return <SignInPrompt />;
  if (q.isPending) return <CardSkeletons count={2} />;
  const v = q.data ?? { locked: 0, allocated: 0, free: 0, allocations: [] };
  return (
    <>
      <section className="panel" aria-labelledby="my-votes-title">
        <h2 id="my-votes-title" className="panel__title">{t('stakingHub.myVotes')}</h2>
        <dl className="stat-grid">
          <div className="stat"><dt className="stat__label">{t('stakingHub.locked')}</dt><dd className="stat__value" data-testid="votes-locked">{formatThousands(v.locked)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.allocated')}</dt><dd className="stat__value" data-testid="votes-allocated">{formatThousands(v.allocated)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.free')}</dt><dd className="stat__value" data-testid="votes-free">{formatThousands(v.free)}</dd></div>
        </dl>
        <div className="vote-forms">
          <PointsForm kind="lock" max={null} />
          <PointsForm kind="unlock" max={v.free} />
        </div>
      </section>
      {v.allocations.length === 0 ? (
        <EmptyState title={t('staking.noVotes')} text={t('stakingHub.noVotesYet')}>
          <Link className="btn" to="/staking-hub/cardano">{t('staking.cardano')}</Link>
          <Link className="btn" to="/staking-hub/solana">{t('staking.solana')}</Link>
        </EmptyState>
      ) : (
        <section className="panel">
          <div className="table-wrap">
            <table className="table" data-testid="allocations">
              <caption className="sr-only">{t('stakingHub.allocationsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stakingHub.project')}</th>
                  <th scope="col" className="num">{t('stakingHub.votes')}</th>
                  <th scope="col"><span className="sr-only">{t('stakingHub.addVotes')}</span></th>
                </tr>
              </thead>
              <tbody>
                {v.allocations.map((a) => (
                  <tr key={a.project}>
                    <td><Link to={`/collection/${a.project}`}>{a.name}</Link></td>
                    <td className="num">{formatThousands(a.votes)}</td>
                    <td className="row-actions">
                      <button type="button" className="btn btn--small" onClick={() => setAdding(a)}>{t('stakingHub.addVotes')}</button>
                      <button type="button" className="btn btn--small btn--ghost" disabled={action.isPending}
                        onClick={() => action.mutate({ kind: 'remove', project: a.project, votes: a.votes, name: a.name })}>
                        {t('stakingHub.removeVotes')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {adding ? <AddVotesDialog project={adding.project} name={adding.name} onClose={() => setAdding(null)} /> : null}
    </>
  );
}

/** `/collection/:project`: a Staking-Hub project page. */
export function CollectionPage() {
  const { t } = useTranslation();
  const { project = '' } = useParams();
  const q = useProject(project);
  const add = useAddVotes();
  if (q.isPending) return <CardSkeletons count={2} />;
  if (!q.data?.project) {
    return (
      <>
        <PageHeader title={t('staking.project', { project })} />
        <EmptyState title={t('staking.noSuchProject')} text={t('staking.noSuchProjectText', { project })} />
      </>
    );
  }
  const p = q.data.project;
  return (
    <>
      <PageHeader title={p.name} />
      <section className="panel">
        <dl className="stat-grid">
          <div className="stat"><dt className="stat__label">{t('stakingHub.rank')}</dt><dd className="stat__value">#{p.rank} · {p.chain === 'cardano' ? t('login.cardano') : t('login.solana')}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.votes')}</dt><dd className="stat__value" data-testid="project-votes">{formatThousands(p.votes)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.league')}</dt><dd className="stat__value"><LeagueBadge league={p.league} /></dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.holders')} / {t('stakingHub.supply')}</dt><dd className="stat__value">{formatThousands(p.holders)} / {formatThousands(p.supply)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.reward')}</dt><dd className="stat__value">{reward(p)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.qualified')}</dt><dd className="stat__value">{p.qualified ? t('stakingHub.yes') : t('stakingHub.no')}</dd></div>
        </dl>
        <p className="muted break">{t('stakingHub.policies')}: <span className="mono">{p.policy_id}</span></p>
        <div className="row-actions">
          <button type="button" className="btn btn--gold" onClick={() => add.open(p)} data-testid="add-votes">{t('stakingHub.addVotes')}</button>
          <Link className="btn btn--ghost" to={`/staking-hub/${p.chain}`}>{t('stakingHub.backToBoard')}</Link>
        </div>
      </section>
      <VoteHistoryChart history={q.data.history} current={p.votes} title={t('stakingHub.history')} />
      <NextSnapshot at={q.data.next_snapshot_at} />
      {add.dialog}
    </>
  );
}

/** Kept for the route table: the activity, leaderboards and market tabs by path. */
export function StakingProjectsPage() {
  const path = useLocation().pathname;
  if (path.endsWith('/market')) return <StakingMarketPage />;
  if (path.endsWith('/activity')) return <StakingActivityPage />;
  return <StakingBoardPage />;
}
export { StakingReportRoute } from './staking-report-dialog.tsx';
