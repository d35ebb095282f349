/**
 * `/console/operations` (refreshed every 15 s): each job (last run, duration, ok, lease holder, next
 * run), the tick's progress, each watcher's lag behind its chain's tip, price ages, world imports,
 * live server processes, the database's size and migration, and maintenance.
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { formatThousands } from '../../i18n/format.ts';
import { useOperations } from './api.ts';
import { Empty, Facts, Mono, Section, TimeText, YesNo } from './ui.tsx';

/** Bytes in words (KB, MB, GB: powers of 1024). */
function bytesText(v: string | null, none: string): string {
  if (v === null) return none;
  let n = Number(v);
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${formatThousands(Math.round(n))} ${units[i]}`;
}

/** `/console/operations`. */
export function OperationsPage() {
  const { t } = useTranslation();
  const q = useOperations();
  const none = t('console.none');
  const o = q.data;
  return (
    <>
      <PageHeader title={t('console.operations.title')} lead={o ? t('console.operations.asOf', { time: o.now.slice(0, 19).replace('T', ' ') }) : t('console.operations.lead')} />
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {!o ? (q.isError ? null : <p className="muted" role="status">{t('console.loading')}</p>) : (
        <>
          <Section id="ops-summary" title={t('console.operations.summary')} testId="ops-summary">
            <Facts rows={[
              [t('console.operations.lastSettled'), o.tick.last_settled_day ?? none],
              [t('console.operations.tickRun'), o.tick.run ? `${o.tick.run.day} · ${o.tick.run.phase} · ${t('console.operations.batches', { done: o.tick.run.batches_done, total: o.tick.run.batches_total ?? '?' })}${o.tick.run.finished_at ? '' : ` (${t('console.operations.running')})`}` : none],
              [t('console.operations.database'), `${o.database.kind} · ${bytesText(o.database.size_bytes, none)} · ${o.database.migration}`],
              [t('console.operations.maintenance'), <span key="m" data-testid="ops-maintenance">{o.maintenance.on ? t('console.announce.on') : t('console.announce.off')}</span>],
            ]} />
          </Section>
          <Section id="ops-jobs" title={t('console.operations.jobs')} testId="ops-jobs">
            {o.jobs.length === 0 ? <Empty text={none} /> : (
              <div className="table-wrap" tabIndex={0}>
                <table className="table table--stack" data-testid="ops-jobs-table">
                  <thead><tr>
                    <th scope="col">{t('console.operations.job')}</th><th scope="col">{t('console.operations.lastRun')}</th><th scope="col" className="num">{t('console.operations.duration')}</th>
                    <th scope="col">{t('console.operations.ok')}</th><th scope="col">{t('console.operations.lease')}</th><th scope="col">{t('console.operations.nextRun')}</th>
                  </tr></thead>
                  <tbody>
                    {o.jobs.map((j) => (
                      <tr key={j.name} data-testid="ops-job" className={j.ok === false ? 'console-row--bad' : undefined}>
                        <th scope="row" data-label={t('console.operations.job')}><span className="mono">{j.name}</span></th>
                        <td data-label={t('console.operations.lastRun')}><TimeText at={j.last_run_at} /></td>
                        <td data-label={t('console.operations.duration')} className="num">{j.duration_ms === null ? none : `${formatThousands(Math.round(j.duration_ms))} ms`}</td>
                        <td data-label={t('console.operations.ok')}><span>{j.ok === false ? <span className="badge console-flag" title={j.last_error ?? undefined}>{t('console.operations.failed')}</span> : <YesNo value={j.ok} />}{j.last_error ? <small className="muted console-wrap"> {j.last_error}</small> : null}</span></td>
                        <td data-label={t('console.operations.lease')}>{j.lease_holder ? <span><Mono value={j.lease_holder} /> <small className="muted">→ <TimeText at={j.lease_expires_at} /></small></span> : none}</td>
                        <td data-label={t('console.operations.nextRun')}><TimeText at={j.next_run_at} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section id="ops-watchers" title={t('console.operations.watchers')} testId="ops-watchers">
            {o.watchers.length === 0 ? <Empty text={none} /> : (
              <div className="table-wrap" tabIndex={0}>
                <table className="table table--stack">
                  <thead><tr><th scope="col">{t('console.operations.watcher')}</th><th scope="col" className="num">{t('console.operations.position')}</th><th scope="col" className="num">{t('console.operations.tip')}</th><th scope="col" className="num">{t('console.operations.lag')}</th></tr></thead>
                  <tbody>
                    {o.watchers.map((w) => (
                      <tr key={w.name}>
                        <th scope="row" data-label={t('console.operations.watcher')}><span className="mono break">{w.name}</span></th>
                        <td data-label={t('console.operations.position')} className="num">{w.position === null ? none : formatThousands(w.position)}</td>
                        <td data-label={t('console.operations.tip')} className="num">{w.tip === null ? none : formatThousands(w.tip)}</td>
                        <td data-label={t('console.operations.lag')} className="num">{w.lag === null ? none : formatThousands(w.lag)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section id="ops-prices" title={t('console.operations.prices')} testId="ops-prices">
            {o.prices.length === 0 ? <Empty text={none} /> : (
              <div className="table-wrap" tabIndex={0}>
                <table className="table table--stack">
                  <thead><tr><th scope="col">{t('console.operations.token')}</th><th scope="col">{t('console.operations.seen')}</th><th scope="col" className="num">{t('console.operations.age')}</th><th scope="col">{t('console.operations.stale')}</th><th scope="col">{t('console.operations.source')}</th></tr></thead>
                  <tbody>
                    {o.prices.map((p) => (
                      <tr key={p.token}>
                        <th scope="row" data-label={t('console.operations.token')}>{p.token}</th>
                        <td data-label={t('console.operations.seen')}><TimeText at={p.seen_at} /></td>
                        <td data-label={t('console.operations.age')} className="num">{p.age_seconds === null ? none : `${formatThousands(Math.round(p.age_seconds))} s`}</td>
                        <td data-label={t('console.operations.stale')}>{p.stale ? <span className="badge console-flag">{t('console.yes')}</span> : t('console.no')}</td>
                        <td data-label={t('console.operations.source')}>{p.source ?? none}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section id="ops-processes" title={t('console.operations.processes')} testId="ops-processes">
            {o.processes.length === 0 ? <Empty text={t('console.operations.noProcesses')} /> : (
              <div className="table-wrap" tabIndex={0}>
                <table className="table table--stack">
                  <thead><tr><th scope="col">{t('console.operations.process')}</th><th scope="col">{t('console.operations.release')}</th><th scope="col">{t('console.operations.host')}</th><th scope="col">{t('console.operations.started')}</th><th scope="col">{t('console.operations.seen')}</th></tr></thead>
                  <tbody>
                    {o.processes.map((p) => (
                      <tr key={p.id}>
                        <th scope="row" data-label={t('console.operations.process')}><span className="mono break">{p.id}</span></th>
                        <td data-label={t('console.operations.release')}>{p.release ?? none}</td>
                        <td data-label={t('console.operations.host')}>{p.host ?? none}</td>
                        <td data-label={t('console.operations.started')}><TimeText at={p.started_at} /></td>
                        <td data-label={t('console.operations.seen')}><TimeText at={p.seen_at} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section id="ops-imports" title={t('console.operations.imports')} testId="ops-imports">
            {o.world_imports.length === 0 ? <Empty text={none} /> : (
              <div className="table-wrap" tabIndex={0}>
                <table className="table table--stack">
                  <thead><tr><th scope="col">#</th><th scope="col">{t('console.operations.started')}</th><th scope="col">{t('console.operations.finished')}</th><th scope="col">{t('console.operations.phase')}</th><th scope="col">{t('console.operations.counts')}</th></tr></thead>
                  <tbody>
                    {o.world_imports.map((w) => (
                      <tr key={w.id}>
                        <th scope="row" data-label="#">{w.id}</th>
                        <td data-label={t('console.operations.started')}><TimeText at={w.started_at} /></td>
                        <td data-label={t('console.operations.finished')}><TimeText at={w.finished_at} /></td>
                        <td data-label={t('console.operations.phase')}>{w.phase}</td>
                        <td data-label={t('console.operations.counts')} className="console-wrap"><span className="mono">{Object.entries(w.counts).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}</span></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </>
      )}
    </>
  );
}
