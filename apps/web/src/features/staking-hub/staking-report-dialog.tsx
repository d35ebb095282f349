import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { Dialog } from '../../components/dialog.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { useStakingReport } from './api.ts';

/** The staking hub daily report modal (docs/product.md §2): each reward with its source, 'Staking-Hub reward (NFT)' or 'Mining Tool reward (TOOLKIT)'. */
export function StakingReportDialog({ day, onClose }: { day: string; onClose(): void }) {
  const { t } = useTranslation();
  const q = useStakingReport(day);
  return (
    <Dialog title={t('stakingHub.report.title', { day })} onClose={onClose} className="dialog--wide">
      {q.isPending ? (
        <CardSkeletons count={1} />
      ) : !q.data || q.data.rows.length === 0 ? (
        <p className="muted">{t('stakingHub.report.empty')}</p>
      ) : (
        <>
          <dl className="stat-grid report-totals">
            {(['hexo', 'rune'] as const).map((tk) => (
              <div className="stat" key={tk}>
                <dt className="stat__label">{TOKEN_SYMBOLS[tk]}</dt>
                <dd className="stat__value" data-testid={`staking-report-${tk}`}>+{formatTokenAmount(q.data.totals[tk], tk)}</dd>
              </div>
            ))}
          </dl>
          <div className="table-wrap">
            <table className="table table--stack" data-testid="staking-report">
              <caption className="sr-only">{t('stakingHub.report.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stakingHub.report.source')}</th>
                  <th scope="col">{t('stakingHub.report.name')}</th>
                  <th scope="col" className="num">{t('stakingHub.report.nfts')}</th>
                  <th scope="col" className="num">{t('stakingHub.report.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.rows.map((r) => (
                  <tr key={`${r.source}-${r.ref}`} data-testid="staking-report-row" data-source={r.source}>
                    <td data-label={t('stakingHub.report.source')}>{t(`stakingHub.report.${r.source}`)}</td>
                    <td data-label={t('stakingHub.report.name')}>{r.name}</td>
                    <td className="num" data-label={t('stakingHub.report.nfts')}>{r.nfts}</td>
                    <td className="num" data-label={t('stakingHub.report.amount')}>{formatTokenAmount(r.amount, r.token)} {TOKEN_SYMBOLS[r.token]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** `/account/inbox/staking-report/:day`: the staking report over the inbox; closing goes back to it. */
export function StakingReportRoute() {
  const { day } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return <StakingReportDialog day={day} onClose={() => void navigate({ pathname: '/account/inbox', search })} />;
}
