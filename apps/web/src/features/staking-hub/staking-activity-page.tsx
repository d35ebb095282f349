import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../i18n/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { formatUtc, relativeTimeText } from '../../components/time-format.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import { useListParams } from '../../components/use-list-params.ts';
import { useActivity } from './api.ts';

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
