import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS, shortenMiddle } from '@kingdom/game';
import { formatTokenAmount } from '../i18n/format.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { InlineError } from '../components/query-state.tsx';
import { formatUtc } from '../components/time-format.ts';
import { useChainInfo, useDeposits, useRefreshWhenSettled, useSubmittedDeposits, useWithdrawals } from './hooks.ts';
import { depositView } from './deposit-status.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';
import type { Deposit } from './types.ts';
import { withdrawalStatusText } from './withdrawal-status.ts';

/** Where the wallets panel (linking) lives. */
const WALLETS_PANEL = '/account/settings#linked-wallets-title';

function depositStatus(t: (k: string, o?: Record<string, unknown>) => string, d: Deposit, required: number): string {
  const v = depositView([d], d.tx_hash, required);
  if (v.state === 'pending') return t('chain.pending', { n: v.confirmations, of: v.of });
  return v.state === 'credited' ? t('chain.credited') : v.state === 'claimable' ? t('chain.claimable') : v.state === 'rolled_back' ? t('chain.rolledBack') : t('chain.waitingBlock');
}

/**
 * `/account/balances`' chain part (docs/game-rules.md §8): deposits to claim (from wallets not linked yet, with
 * a way to link them), then the recent deposits and withdrawals with their status.
 */
export function ChainHistory() {
  const { t } = useTranslation();
  const deposits = useDeposits();
  const withdrawals = useWithdrawals();
  useRefreshWhenSettled(deposits.data ? deposits.data.deposits.filter((d) => d.status === 'credited').length : undefined);
  useRefreshWhenSettled(withdrawals.data ? withdrawals.data.filter((w) => w.status !== 'requested' && w.status !== 'submitted').length : undefined);
  const info = useChainInfo();
  const required = deposits.data?.confirmations_required ?? info.data?.confirmations ?? 15;
  const claimable = deposits.data?.claimable ?? [];
  // submitted from this page, not in a block yet: listed as the modal shows them
  const submitted = useSubmittedDeposits((s) => s.submitted);
  const listed = new Set([...(deposits.data?.deposits ?? []), ...claimable].map((d) => d.tx_hash));
  const waiting = submitted.filter((d) => !listed.has(d.tx_hash));
  return (
    <>
      <section className="panel" aria-labelledby="claim-title" data-testid="claimable">
        <h2 id="claim-title" className="panel__title">{t('chain.history.claimTitle')}</h2>
        {deposits.isError ? <InlineError>{t('chain.history.loadFailed')}</InlineError> : null}
        {deposits.data && claimable.length === 0 ? <p className="muted">{t('chain.history.noClaims')}</p> : null}
        {claimable.length > 0 ? (
          <>
            <p className="muted">{t('chain.history.claimLead')}</p>
            <table className="chain-table">
              <thead><tr><th scope="col">{t('chain.history.sender')}</th><th scope="col">{t('chain.history.amount')}</th><th scope="col"><span className="sr-only">{t('chain.history.linkWallet')}</span></th></tr></thead>
              <tbody>
                {claimable.map((d) => (
                  <tr key={`${d.tx_hash}#${d.output_index}`}>
                    <td className="mono" title={d.sender}>{shortenMiddle(d.sender)}</td>
                    <td>{formatTokenAmount(d.amount, d.token)} {TOKEN_SYMBOLS[d.token]}</td>
                    <td><Link className="btn btn--small" to={WALLETS_PANEL}>{t('chain.history.linkWallet')}</Link></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="chain-history-title">
        <h2 id="chain-history-title" className="panel__title">{t('chain.history.title')}</h2>
        <h3 className="section-title">{t('chain.history.deposits')}</h3>
        {deposits.data && deposits.data.deposits.length === 0 && waiting.length === 0 ? <EmptyState title={t('chain.history.noDeposits')} /> : null}
        {deposits.data && deposits.data.deposits.length + waiting.length > 0 ? (
          <table className="chain-table" data-testid="deposits-table">
            <thead><tr><th scope="col">{t('chain.history.when')}</th><th scope="col">{t('chain.history.amount')}</th><th scope="col">{t('chain.status')}</th><th scope="col">{t('chain.transaction')}</th></tr></thead>
            <tbody>
              {waiting.map((d) => (
                <tr key={d.tx_hash} data-testid="deposit-row" data-tx={d.tx_hash}>
                  <td>{formatUtc(d.at)}</td>
                  <td>{formatTokenAmount(d.amount, d.token)} {TOKEN_SYMBOLS[d.token]}</td>
                  <td data-testid="deposit-row-status">{t('chain.waitingBlock')}</td>
                  <td><TxLink hash={d.tx_hash} /></td>
                </tr>
              ))}
              {deposits.data.deposits.map((d) => (
                <tr key={`${d.tx_hash}#${d.output_index}`} data-testid="deposit-row" data-tx={d.tx_hash}>
                  <td>{formatUtc(d.seen_at)}</td>
                  <td>{formatTokenAmount(d.amount, d.token)} {TOKEN_SYMBOLS[d.token]}</td>
                  <td data-testid="deposit-row-status">{depositStatus(t, d, required)}</td>
                  <td><TxLink hash={d.tx_hash} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <h3 className="section-title">{t('chain.history.withdrawals')}</h3>
        {withdrawals.isError ? <InlineError>{t('chain.history.loadFailed')}</InlineError> : null}
        {withdrawals.data && withdrawals.data.length === 0 ? <EmptyState title={t('chain.history.noWithdrawals')} /> : null}
        {withdrawals.data && withdrawals.data.length > 0 ? (
          <table className="chain-table" data-testid="withdrawals-table">
            <thead><tr><th scope="col">{t('chain.history.when')}</th><th scope="col">{t('chain.history.amount')}</th><th scope="col">{t('chain.status')}</th><th scope="col">{t('chain.transaction')}</th></tr></thead>
            <tbody>
              {withdrawals.data.map((w) => {
                const s = withdrawalStatusText(w, required);
                return (
                  <tr key={w.id}>
                    <td>{formatUtc(w.created_at)}</td>
                    <td>{formatTokenAmount(w.amount, w.token)} {TOKEN_SYMBOLS[w.token]}</td>
                    <td>{t(s.key, s.values)}{w.reason ? ` — ${w.reason}` : ''}</td>
                    <td>{w.tx_hash ? <TxLink hash={w.tx_hash} /> : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}
