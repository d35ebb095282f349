import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../i18n/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { useAddVotes } from './add-votes-dialog.tsx';
import { useProject } from './api.ts';
import { LeagueBadge, NextSnapshot, projectReward } from './staking-parts.tsx';
import { VoteHistoryChart } from './vote-charts.tsx';

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
          <div className="stat"><dt className="stat__label">{t('stakingHub.reward')}</dt><dd className="stat__value">{projectReward(p)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.qualified')}</dt><dd className="stat__value">{p.qualified ? t('stakingHub.yes') : t('stakingHub.no')}</dd></div>
        </dl>
        <p className="muted break">{t('stakingHub.policies')}: <span className="mono">{p.collection_key}</span></p>
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
