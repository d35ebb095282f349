import { useTranslation } from 'react-i18next';
import type { MineKind } from '@kingdom/api';
import { useMineReport } from '../../api/endpoints/mine-performance.ts';
import { Dialog } from '../../components/dialog.tsx';
import { formatAmount } from '../../components/mine-amount.ts';
import { MineDaysTable } from '../../components/mine-performance-panel.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';

/** The gold mine / fren mine daily report modal (spec §2): per-land rows of a settled day and totals. */
export function ReportDialog({ mine, day, onClose }: { mine: MineKind; day: string; onClose(): void }) {
  const { t } = useTranslation();
  const q = useMineReport(mine, day);
  const token = q.data?.rows[0]?.salary_token ?? (mine === 'goldmine' ? 'hexo' : 'food');
  return (
    <Dialog title={t('inbox.report.title', { mine: t(`inbox.mineTitle.${mine}`), day })} onClose={onClose} className="dialog--wide">
      {q.isPending ? (
        <CardSkeletons count={1} />
      ) : !q.data ? (
        <p className="muted">{t('inbox.report.unavailable')}</p>
      ) : (
        <>
          <dl className="stat-grid report-totals" data-testid="report-totals">
            <div className="stat">
              <dt className="stat__label">{t('performance.exo')}</dt>
              <dd className="stat__value" data-testid="report-exo">
                {formatAmount(q.data.totals.exo_mined, 'exo')}
              </dd>
            </div>
            <div className="stat">
              <dt className="stat__label">{t('performance.salary')}</dt>
              <dd className="stat__value">{formatAmount(q.data.totals.salary_paid, token)}</dd>
            </div>
            <div className="stat">
              <dt className="stat__label">{t('performance.worked')}</dt>
              <dd className="stat__value">{t('performance.workedOf', { worked: q.data.totals.workers_worked, workers: q.data.totals.workers })}</dd>
            </div>
          </dl>
          <MineDaysTable rows={q.data.rows} caption={t('inbox.report.rows')} linkLands={false} />
        </>
      )}
    </Dialog>
  );
}
