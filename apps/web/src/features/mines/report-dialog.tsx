import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MineKind } from '@kingdom/api';
import { MINE_KINDS } from '@kingdom/game';
import { Dialog } from '../../components/dialog.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { useMineReport } from './api.ts';
import { MineDaysTable } from './mine-performance-panel.tsx';
import { formatAmount, formatSalaryPaid, salaryPaid } from './mine-amount.ts';

/** The gold mine / fren mine daily report modal (docs/product.md §2): per-land rows of a settled day and totals. */
export function ReportDialog({ mine, day, onClose }: { mine: MineKind; day: string; onClose(): void }) {
  const { t } = useTranslation();
  const q = useMineReport(mine, day);
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
              <dd className="stat__value" data-testid="report-salary">
                {formatSalaryPaid(salaryPaid(q.data.totals, mine), mine)}
              </dd>
            </div>
            <div className="stat">
              <dt className="stat__label">{t('performance.workersWorked')}</dt>
              <dd className="stat__value">{t('performance.workersOf', { worked: q.data.totals.workers_worked, workers: q.data.totals.workers })}</dd>
            </div>
          </dl>
          <MineDaysTable rows={q.data.rows} kind={mine} caption={t('inbox.report.rows')} linkLands={false} />
        </>
      )}
    </Dialog>
  );
}

/**
 * `/account/inbox/report/:mine/:day`: the daily report over the inbox (a route, so the inbox need
 * not know the mines' code); closing goes back to the inbox.
 */
export function ReportRoute() {
  const { mine, day } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const kind = MINE_KINDS.find((k) => k === mine);
  if (!kind || !day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return <ReportDialog mine={kind} day={day} onClose={() => void navigate({ pathname: '/account/inbox', search })} />;
}
