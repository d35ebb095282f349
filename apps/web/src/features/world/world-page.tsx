import { useTranslation } from 'react-i18next';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CardSkeletons, InlineError } from '../../components/query-state.tsx';
import { useWorldDays } from '../../api/public-calls.ts';

/**
 * `/world`: each settled day's world totals (docs/game-rules.md §3, §4) — EXO the Gold Rush and fren pools
 * paid beside the pools, workers worked, players paid — so anyone can check that no day paid more
 * than its pool. Public.
 */
export function WorldPage() {
  const { t } = useTranslation();
  const days = useWorldDays();
  return (
    <>
      <PageHeader title={t('world.title')} lead={t('world.lead')} />
      {days.isPending ? <CardSkeletons count={1} /> : days.isError ? <InlineError>{t('world.loadError')}</InlineError> : days.data.days.length === 0 ? (
        <EmptyState title={t('world.empty')} />
      ) : (
        <section className="panel table-wrap" aria-label={t('world.title')} tabIndex={0}>
          {/* phones: each day a card of label/value rows (docs/game-rules.md §2: 3 of 5 columns were off screen) */}
          <table className="table table--stack" data-testid="world-days">
            <caption className="sr-only">{t('world.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('world.day')}</th>
                <th scope="col">{t('world.goldPaid')}</th>
                <th scope="col">{t('world.frenPaid')}</th>
                <th scope="col">{t('world.workers')}</th>
                <th scope="col">{t('world.players')}</th>
              </tr>
            </thead>
            <tbody>
              {days.data.days.map((d) => {
                const within = BigInt(d.goldmine_exo) <= BigInt(d.goldmine_pool) && BigInt(d.frenmine_exo) <= BigInt(d.frenmine_pool);
                return (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td data-label={t('world.goldPaid')}>{t('world.ofPool', { paid: formatTokenAmount(d.goldmine_exo, 'exo'), pool: formatTokenAmount(d.goldmine_pool, 'exo') })}</td>
                    <td data-label={t('world.frenPaid')}>{t('world.ofPool', { paid: formatTokenAmount(d.frenmine_exo, 'exo'), pool: formatTokenAmount(d.frenmine_pool, 'exo') })}</td>
                    <td data-label={t('world.workers')}>{t('world.workersWorked', { gold: formatThousands(d.goldmine_workers_worked), fren: formatThousands(d.frenmine_workers_worked) })}</td>
                    <td data-label={t('world.players')}>
                      {formatThousands(d.players_paid)} {within ? <span className="badge">{t('world.withinPools')}</span> : <strong className="badge badge--update">{t('world.overPool')}</strong>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
