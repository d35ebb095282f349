/**
 * `/console/operators` (admin): the operators and their roles; add one (or change its role) and
 * remove one, each with a reason (never the last admin). A weaker operator sees why the list is
 * closed to them instead of an empty page.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OperatorRow } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useAddOperator, useOperators, useRemoveOperator } from './api.ts';
import { OPERATOR_ROLES, roleAtLeast, useOperator, type OperatorRole } from './operator.ts';
import { ActionButton, ActionDialog, Empty, Mono, Section, TimeText } from './ui.tsx';

type Chain = 'cardano' | 'solana';

function AddDialog({ onClose, initial }: { onClose(): void; initial?: OperatorRow }) {
  const { t } = useTranslation();
  const add = useAddOperator();
  const [chain, setChain] = useState<Chain>(initial?.chain ?? 'cardano');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [role, setRole] = useState<OperatorRole>(initial?.role ?? 'viewer');
  return (
    <ActionDialog
      title={initial ? t('console.operators.changeTitle') : t('console.operators.addTitle')}
      role="admin"
      onClose={onClose}
      submitLabel={initial ? t('console.operators.change') : t('console.operators.add')}
      extraValid={address.trim() !== ''}
      testId="operator-add-dialog"
      onSubmit={(reason) => add.mutateAsync({ chain, address: address.trim(), role, reason }).then(() => notifySuccess(t('console.actions.done')))}
    >
      <div className="filters">
        <label className="field">
          {t('console.search.chain')}
          <select value={chain} onChange={(e) => setChain(e.target.value as Chain)} disabled={initial !== undefined} data-testid="operator-chain">
            <option value="cardano">{t('console.chains.cardano')}</option>
            <option value="solana">{t('console.chains.solana')}</option>
          </select>
        </label>
        <label className="field">
          {t('console.operators.role')}
          <select value={role} onChange={(e) => setRole(e.target.value as OperatorRole)} data-testid="operator-role">
            {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{t(`console.roles.${r}`)}</option>)}
          </select>
        </label>
      </div>
      <label className="field">
        {t('console.search.address')}
        <input value={address} onChange={(e) => setAddress(e.target.value)} readOnly={initial !== undefined} className="mono" data-testid="operator-address" />
      </label>
      <p className="muted">{t('console.operators.rolesHelp')}</p>
    </ActionDialog>
  );
}

function RemoveDialog({ row, onClose }: { row: OperatorRow; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useRemoveOperator();
  return (
    <ActionDialog title={t('console.operators.removeTitle')} role="admin" onClose={onClose} danger submitLabel={t('console.operators.remove')} testId="operator-remove-dialog"
      onSubmit={(reason) => remove.mutateAsync({ chain: row.chain, address: row.address, reason }).then(() => notifySuccess(t('console.actions.done')))}>
      <p><Mono value={row.address} /> ({t(`console.roles.${row.role}`)})</p>
    </ActionDialog>
  );
}

function OperatorsList() {
  const { t } = useTranslation();
  const q = useOperators();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'change' | 'remove'; row: OperatorRow } | null>(null);
  const none = t('console.none');
  return (
    <Section id="operators" title={t('console.operators.list')} testId="operators" actions={<ActionButton role="admin" label={t('console.operators.add')} onClick={() => setDialog({ kind: 'add' })} testId="operator-add" />}>
      {q.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
      {q.data && q.data.operators.length === 0 ? <Empty text={none} /> : null}
      {q.data && q.data.operators.length > 0 ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--stack" data-testid="operators-table">
            <thead><tr><th scope="col">{t('console.search.address')}</th><th scope="col">{t('console.search.chain')}</th><th scope="col">{t('console.operators.role')}</th><th scope="col">{t('console.operators.addedBy')}</th><th scope="col">{t('console.operators.added')}</th><th scope="col">{t('console.search.user')}</th><th scope="col"><span className="sr-only">{t('console.operators.change')}</span></th></tr></thead>
            <tbody>
              {q.data.operators.map((o) => (
                <tr key={`${o.chain}:${o.address}`} data-testid="operator-row">
                  <th scope="row" data-label={t('console.search.address')}><Mono value={o.address} /></th>
                  <td data-label={t('console.search.chain')}>{t(`console.chains.${o.chain}`)}</td>
                  <td data-label={t('console.operators.role')}>{t(`console.roles.${o.role}`)}</td>
                  <td data-label={t('console.operators.addedBy')}><Mono value={o.added_by} /></td>
                  <td data-label={t('console.operators.added')}><TimeText at={o.added_at} /></td>
                  <td data-label={t('console.search.user')}>{o.user_id === null ? none : <Link to={`/console/player/${o.user_id}`}>#{o.user_id}</Link>}</td>
                  <td className="cell-action">
                    <button type="button" className="btn btn--small" onClick={() => setDialog({ kind: 'change', row: o })}>{t('console.operators.change')}</button>{' '}
                    <button type="button" className="btn btn--small btn--danger" onClick={() => setDialog({ kind: 'remove', row: o })}>{t('console.operators.remove')}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {dialog?.kind === 'add' ? <AddDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'change' ? <AddDialog initial={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'remove' ? <RemoveDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </Section>
  );
}

/** `/console/operators`. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const op = useOperator();
  return (
    <>
      <PageHeader title={t('console.operators.title')} lead={t('console.operators.lead')} />
      {roleAtLeast(op.role, 'admin') ? <OperatorsList /> : (
        <Section id="operators" title={t('console.operators.list')} testId="operators-denied">
          <p>{t('console.roleTooLow', { role: t(`console.roles.${op.role}`), needed: t('console.roles.admin') })}</p>
        </Section>
      )}
    </>
  );
}
