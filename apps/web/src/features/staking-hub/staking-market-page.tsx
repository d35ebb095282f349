import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { useAddVotes } from './add-votes-dialog.tsx';
import { useMarket } from './api.ts';
import { NextSnapshot, ProjectsTable } from './staking-parts.tsx';

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
        <ProjectsTable items={q.data.items} caption={t('stakingHub.marketCaption')} onAdd={add.open} phoneColumn="reward" />
      </section>
      {add.dialog}
    </>
  );
}
