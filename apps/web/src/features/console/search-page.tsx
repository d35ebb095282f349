/**
 * `/console/search?q=`: one box finds a player by any key (address, stake address, $handle, user id,
 * transaction hash, Solana signature, order id, land), the hits link to the player's page; payments
 * that matched but belong to no account are listed to resolve. Below: the work queues — unmatched
 * payments and the two-person approvals waiting for an admin.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { useApprovals, usePayments, useSearch } from './api.ts';
import { useOperator } from './operator.ts';
import { ApprovalsTable, PaymentsTable } from './payments.tsx';
import { Empty, Section, TimeText } from './ui.tsx';

function Results({ q }: { q: string }) {
  const { t } = useTranslation();
  const s = useSearch(q);
  if (s.isError) return <InlineError>{t('console.loadFailed')}</InlineError>;
  if (!s.data) return <p className="muted" role="status">{t('console.loading')}</p>;
  const { hits, payments } = s.data;
  return (
    <Section id="search-results" title={t('console.search.results')} testId="search-results">
      {hits.length === 0 && payments.length === 0 ? <Empty text={t('console.search.none', { q })} /> : null}
      {hits.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--stack" data-testid="search-hits">
            <thead>
              <tr>
                <th scope="col">{t('console.search.user')}</th>
                <th scope="col">{t('console.search.matchedBy')}</th>
                <th scope="col">{t('console.search.chain')}</th>
                <th scope="col">{t('console.search.joined')}</th>
                <th scope="col">{t('console.search.lastLogin')}</th>
                <th scope="col">{t('console.player.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h) => (
                <tr key={`${h.user_id}-${h.matched}-${h.detail}`} data-testid="search-hit">
                  <th scope="row" data-label={t('console.search.user')}>
                    <Link to={`/console/player/${h.user_id}`} data-testid="search-hit-link">{h.name} <span className="muted">#{h.user_id}</span></Link>
                  </th>
                  <td data-label={t('console.search.matchedBy')}>
                    <span>{t(`console.search.matches.${h.matched}`)}: <span className="mono break">{h.detail}</span></span>
                  </td>
                  <td data-label={t('console.search.chain')}>{h.chain ? t(`console.chains.${h.chain}`) : t('console.none')}</td>
                  <td data-label={t('console.search.joined')}><TimeText at={h.created_at} /></td>
                  <td data-label={t('console.search.lastLogin')}><TimeText at={h.last_login_at} /></td>
                  <td data-label={t('console.player.flags')}>{h.suspended ? <span className="badge console-flag">{t('console.player.suspended')}</span> : t('console.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {payments.length > 0 ? (
        <>
          <h3 className="console-subtitle">{t('console.search.payments')}</h3>
          <PaymentsTable payments={payments} testId="search-payments" />
        </>
      ) : null}
    </Section>
  );
}

function UnmatchedQueue() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = usePayments({ state: 'unmatched', page });
  return (
    <Section id="queue-payments" title={t('console.payments.title')} testId="queue-payments">
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data ? <PaymentsTable payments={q.data.payments} testId="unmatched-payments" /> : null}
      {q.data ? <Pager page={page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
    </Section>
  );
}

function ApprovalsQueue() {
  const { t } = useTranslation();
  const op = useOperator();
  const [page, setPage] = useState(1);
  const q = useApprovals({ status: 'pending', page });
  return (
    <Section id="queue-approvals" title={t('console.approvals.title')} testId="queue-approvals">
      <p className="muted">{t('console.approvals.lead')}</p>
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data ? <ApprovalsTable approvals={q.data.approvals} me={op.address} /> : null}
      {q.data ? <Pager page={page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
    </Section>
  );
}

/** `/console/search`. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const inputId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v) setParams({ q: v });
  };
  return (
    <>
      <PageHeader title={t('console.search.title')} lead={t('console.search.lead')} />
      <form className="console-search" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">{t('console.search.label')}</label>
        <input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('console.search.placeholder')} autoComplete="off" spellCheck={false} data-testid="console-search-input" />
        <button type="submit" className="btn btn--primary" data-testid="console-search-submit">{t('console.search.submit')}</button>
      </form>
      {q ? <Results q={q} /> : null}
      <UnmatchedQueue />
      <ApprovalsQueue />
    </>
  );
}
