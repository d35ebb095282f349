/**
 * `/console/audit`: the append-only audit log (`operator_actions`), newest first, filtered by action,
 * operator or account; each row shows who, with which role, when, what, on what, why, and the
 * before/after it recorded.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAudit } from './api.ts';
import { Empty, Section, ShortAddress, TimeText } from './ui.tsx';

/** A recorded before/after value, compact. */
function stateText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Audit rows as a table. */
export function AuditTable({ rows }: { rows: readonly AuditRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty text={t('console.audit.none')} />;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack console-audit" data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">{t('console.player.when')}</th>
            <th scope="col">{t('console.audit.operator')}</th>
            <th scope="col">{t('console.audit.action')}</th>
            <th scope="col">{t('console.audit.target')}</th>
            <th scope="col">{t('console.actions.reason')}</th>
            <th scope="col">{t('console.audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="audit-row" data-action={r.action}>
              <td data-label={t('console.player.when')}><TimeText at={r.at} /></td>
              <td data-label={t('console.audit.operator')}><span><ShortAddress value={r.operator.address} /> <span className="muted">({t(`console.roles.${r.role}`)})</span></span></td>
              <td data-label={t('console.audit.action')}><span className="mono">{r.action}</span></td>
              <td data-label={t('console.audit.target')}>{r.target_user_id !== null ? <Link to={`/console/player/${r.target_user_id}`}>{r.target}</Link> : <span className="mono break">{r.target}</span>}</td>
              <td data-label={t('console.actions.reason')} className="console-wrap">{r.reason}</td>
              <td data-label={t('console.audit.change')} className="console-wrap">
                <span>
                {r.before !== null && r.before !== undefined ? <span className="mono break">{stateText(r.before)}</span> : null}
                {r.before !== null && r.before !== undefined && r.after !== null && r.after !== undefined ? ' → ' : null}
                {r.after !== null && r.after !== undefined ? <span className="mono break">{stateText(r.after)}</span> : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/console/audit`. */
export function AuditPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ action: '', operator: '', user: '' });
  const [filters, setFilters] = useState(form);
  const [page, setPage] = useState(1);
  const user = /^\d{1,10}$/.test(filters.user) ? Number(filters.user) : undefined;
  const q = useAudit({ action: filters.action || undefined, operator: filters.operator || undefined, user_id: user, page });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ action: form.action.trim(), operator: form.operator.trim(), user: form.user.trim() });
    setPage(1);
  };
  return (
    <>
      <PageHeader title={t('console.audit.title')} lead={t('console.audit.lead')} />
      <Section id="audit-log" title={t('console.audit.rows', { count: q.data?.total ?? 0 })} testId="audit-log">
        <form className="filters" onSubmit={apply}>
          <label className="field">
            {t('console.audit.action')}
            <input value={form.action} onChange={(e) => setForm({ ...form, action: e.target.value })} placeholder="chest_lock" data-testid="audit-action" />
          </label>
          <label className="field">
            {t('console.audit.operator')}
            <input value={form.operator} onChange={(e) => setForm({ ...form, operator: e.target.value })} data-testid="audit-operator" />
          </label>
          <label className="field">
            {t('console.payments.userId')}
            <input inputMode="numeric" value={form.user} onChange={(e) => setForm({ ...form, user: e.target.value })} data-testid="audit-user" />
          </label>
          <button type="submit" className="btn">{t('console.audit.filter')}</button>
        </form>
        {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
        {q.data ? <AuditTable rows={q.data.rows} /> : null}
        {q.data ? <Pager page={page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
      </Section>
    </>
  );
}
