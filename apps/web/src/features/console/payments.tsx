/**
 * Unmatched payments (docs/game-rules.md §8, §9) and their resolution: credit the account a payment
 * belongs to (ledger reason `payment_resolved`; above the two-person limit it waits for an admin),
 * or record the refund transaction sent by hand. Also the two-person approvals list.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKENS, TOKEN_SYMBOLS, toBaseUnits, type Token } from '@kingdom/game';
import type { Approval, UnmatchedPayment } from '@kingdom/api';
import { notifySuccess } from '../../components/notify.ts';
import { useDecideApproval, useResolvePayment } from './api.ts';
import { ActionButton, ActionDialog, Empty, Mono, ShortAddress, TimeText, TwoPersonNote, amountText } from './ui.tsx';

/** `value` as base units of `token`, or null when it is not a positive amount with at most the token's decimals. */
export function parseAmount(value: string, token: Token): string | null {
  try {
    const v = toBaseUnits(value, token);
    return v > 0n ? v.toString() : null;
  } catch {
    return null;
  }
}

function ResolveDialog({ payment, onClose }: { payment: UnmatchedPayment; onClose(): void }) {
  const { t } = useTranslation();
  const resolve = useResolvePayment();
  const [kind, setKind] = useState<'credit' | 'refunded'>('credit');
  const [userId, setUserId] = useState(payment.user_id === null ? '' : String(payment.user_id));
  const [token, setToken] = useState<Token>('exo');
  const [amount, setAmount] = useState('');
  const [refundTx, setRefundTx] = useState('');
  const base = parseAmount(amount, token);
  const uid = /^\d{1,10}$/.test(userId) ? Number(userId) : null;
  const valid = kind === 'credit' ? uid !== null && uid > 0 && base !== null : /^[0-9A-Za-z]{32,120}$/.test(refundTx.trim());
  return (
    <ActionDialog
      title={t('console.payments.resolveTitle', { tx: payment.tx.slice(0, 16) })}
      role="support"
      onClose={onClose}
      submitLabel={t('console.payments.resolve')}
      extraValid={valid}
      testId="resolve-dialog"
      onSubmit={(reason) =>
        resolve.mutateAsync({
          id: payment.id,
          body: kind === 'credit' ? { kind, user_id: uid!, token, amount: base!, reason } : { kind, refund_tx: refundTx.trim(), reason },
        }).then((r) => notifySuccess(r.status === 'pending_approval' ? t('console.payments.pending') : t('console.payments.resolved')))}
    >
      <p>{amountText(payment.amount, payment.currency)} · <Mono value={payment.tx} /></p>
      <fieldset className="console-choice">
        <legend>{t('console.payments.how')}</legend>
        <label><input type="radio" name="resolve-kind" checked={kind === 'credit'} onChange={() => setKind('credit')} data-testid="resolve-credit" /> {t('console.payments.credit')}</label>
        <label><input type="radio" name="resolve-kind" checked={kind === 'refunded'} onChange={() => setKind('refunded')} data-testid="resolve-refunded" /> {t('console.payments.refunded')}</label>
      </fieldset>
      {kind === 'credit' ? (
        <div className="filters">
          <label className="field">
            {t('console.payments.userId')}
            <input inputMode="numeric" value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="resolve-user" />
          </label>
          <label className="field">
            {t('console.actions.token')}
            <select value={token} onChange={(e) => setToken(e.target.value as Token)} data-testid="resolve-token">
              {TOKENS.map((k) => <option key={k} value={k}>{TOKEN_SYMBOLS[k]}</option>)}
            </select>
          </label>
          <label className="field">
            {t('console.actions.amount')}
            <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="12.5" data-testid="resolve-amount" />
          </label>
        </div>
      ) : null}
      {kind === 'credit' ? (
        <TwoPersonNote token={token} />
      ) : (
        <label className="field">
          {t('console.payments.refundTx')}
          <input value={refundTx} onChange={(e) => setRefundTx(e.target.value)} className="mono" data-testid="resolve-refund-tx" />
        </label>
      )}
    </ActionDialog>
  );
}

/** A table of payments, each unmatched one with its Resolve button. */
export function PaymentsTable({ payments, testId = 'payments' }: { payments: readonly UnmatchedPayment[]; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<UnmatchedPayment | null>(null);
  if (payments.length === 0) return <Empty text={t('console.payments.none')} />;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('console.payments.seen')}</th>
            <th scope="col">{t('console.payments.tx')}</th>
            <th scope="col" className="num">{t('console.actions.amount')}</th>
            <th scope="col">{t('console.payments.verdict')}</th>
            <th scope="col">{t('console.payments.account')}</th>
            <th scope="col">{t('console.payments.state')}</th>
            <th scope="col"><span className="sr-only">{t('console.payments.resolve')}</span></th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id} data-testid="payment-row" data-payment={p.id}>
              <td data-label={t('console.payments.seen')}><TimeText at={p.seen_at} /></td>
              <td data-label={t('console.payments.tx')}><Mono value={p.tx} /></td>
              <td data-label={t('console.actions.amount')} className="num">{amountText(p.amount, p.currency)}</td>
              <td data-label={t('console.payments.verdict')}>{p.verdict}</td>
              <td data-label={t('console.payments.account')}>{p.user_id === null ? t('console.none') : <Link to={`/console/player/${p.user_id}`}>#{p.user_id}</Link>}</td>
              <td data-label={t('console.payments.state')} data-testid="payment-state">
                <span>
                  {t(`console.payments.states.${p.state}`)}
                  {p.resolution?.refund_tx ? <> · <Mono value={p.resolution.refund_tx} /></> : null}
                  {p.resolution?.amount && p.resolution.token ? <> · {amountText(p.resolution.amount, p.resolution.token)}</> : null}
                </span>
              </td>
              <td className="cell-action">
                {p.state === 'unmatched' ? <ActionButton role="support" label={t('console.payments.resolve')} onClick={() => setOpen(p)} testId="payment-resolve" /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <ResolveDialog payment={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function DecideDialog({ approval, approve, onClose }: { approval: Approval; approve: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const decide = useDecideApproval();
  return (
    <ActionDialog
      title={approve ? t('console.approvals.approveTitle', { id: approval.id }) : t('console.approvals.rejectTitle', { id: approval.id })}
      role="admin"
      onClose={onClose}
      danger={!approve}
      submitLabel={approve ? t('console.approvals.approve') : t('console.approvals.reject')}
      testId="approval-dialog"
      onSubmit={(reason) => decide.mutateAsync({ id: approval.id, approve, reason })}
    >
      <p>{t(`console.approvals.kinds.${approval.kind}`)}: {amountText(approval.amount, approval.token)} → <Link to={`/console/player/${approval.user_id}`}>#{approval.user_id}</Link></p>
      <p className="muted">{approval.reason}</p>
    </ActionDialog>
  );
}

/** Two-person approvals: a pending one has Approve / Reject (admin; not the operator who asked). */
export function ApprovalsTable({ approvals, me }: { approvals: readonly Approval[]; me: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ a: Approval; approve: boolean } | null>(null);
  if (approvals.length === 0) return <Empty text={t('console.approvals.none')} />;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--stack" data-testid="approvals">
        <thead>
          <tr>
            <th scope="col">{t('console.approvals.requested')}</th>
            <th scope="col">{t('console.approvals.kind')}</th>
            <th scope="col" className="num">{t('console.actions.amount')}</th>
            <th scope="col">{t('console.payments.account')}</th>
            <th scope="col">{t('console.actions.reason')}</th>
            <th scope="col">{t('console.approvals.by')}</th>
            <th scope="col">{t('console.payments.state')}</th>
            <th scope="col"><span className="sr-only">{t('console.approvals.decide')}</span></th>
          </tr>
        </thead>
        <tbody>
          {approvals.map((a) => {
            const own = a.requested_by.address === me;
            return (
              <tr key={a.id} data-testid="approval-row">
                <td data-label={t('console.approvals.requested')}><TimeText at={a.requested_at} /></td>
                <td data-label={t('console.approvals.kind')}>{t(`console.approvals.kinds.${a.kind}`)}</td>
                <td data-label={t('console.actions.amount')} className="num">{amountText(a.amount, a.token)}</td>
                <td data-label={t('console.payments.account')}><Link to={`/console/player/${a.user_id}`}>#{a.user_id}</Link></td>
                <td data-label={t('console.actions.reason')} className="console-wrap">{a.reason}</td>
                <td data-label={t('console.approvals.by')}><ShortAddress value={a.requested_by.address} /></td>
                <td data-label={t('console.payments.state')}>{t(`console.approvals.states.${a.status}`)}</td>
                <td className="cell-action">
                  {a.status === 'pending' ? (
                    own ? <small className="muted">{t('console.approvals.ownRequest')}</small> : (
                      <>
                        <ActionButton role="admin" label={t('console.approvals.approve')} onClick={() => setOpen({ a, approve: true })} testId="approval-approve" />
                        <ActionButton role="admin" label={t('console.approvals.reject')} onClick={() => setOpen({ a, approve: false })} testId="approval-reject" />
                      </>
                    )
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {open ? <DecideDialog approval={open.a} approve={open.approve} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
