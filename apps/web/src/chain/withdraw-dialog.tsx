import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS, toBaseUnits } from '@kingdom/game';
import { exactTokenAmount, formatTokenAmount } from '../i18n/format.ts';
import type { ChainToken } from '@kingdom/api';
import { call } from '../api/call.ts';
import { useBalance } from '../api/account-calls.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { notifySuccess } from '../components/notify.ts';
import { notifyTransactionSent } from '../components/tx-toast.ts';
import { errorText } from '../i18n/errors.ts';
import { ChainMoneyDialog } from './chain-money-dialog.tsx';
import { isWholeAmount } from './format.ts';
import { refreshAfterChainMoney, useChainInfo, useCreateWithdrawal, useWithdrawals } from './hooks.ts';
import { payFailureText } from './pay.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';
import { withdrawalStatusText } from './withdrawal-status.ts';

/** The account's Master Wallet address (`walletsList`, `is_master`), null when it has none. */
function useMasterWallet() {
  return useQuery({
    queryKey: ['me', 'chain', 'master-wallet'],
    queryFn: async () => (await call('walletsList')).wallets.find((w) => w.is_master && w.chain === 'cardano')?.address ?? null,
    enabled: useIsAuthenticated(),
  });
}

/** The status of withdrawal `id`, polled until it is confirmed, failed or expired. */
function WithdrawalProgress({ id, token }: { id: number; token: ChainToken }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const info = useChainInfo();
  const [final, setFinal] = useState(false);
  const q = useWithdrawals(!final);
  const w = q.data?.find((x) => x.id === id);
  const done = useRef(false);
  const sent = useRef(false);
  useEffect(() => {
    // the payout transaction is on its way: "transaction sent" (docs/product.md §8), once
    if (!w?.tx_hash || sent.current) return;
    sent.current = true;
    notifyTransactionSent(w.tx_hash);
  }, [w?.tx_hash]);
  useEffect(() => {
    if (!w || done.current || !['confirmed', 'failed', 'expired'].includes(w.status)) return;
    done.current = true;
    setFinal(true);
    if (w.status === 'confirmed') notifySuccess(t('chain.withdrawal.done', { amount: formatTokenAmount(w.amount, token), token: TOKEN_SYMBOLS[token] }));
    void refreshAfterChainMoney(qc, token);
  }, [w, token, qc, t]);
  if (!w) return <p className="muted">{t('chain.withdrawal.requested')}</p>;
  const s = withdrawalStatusText(w, info.data?.confirmations ?? 15);
  return (
    <dl className="facts facts--wide" aria-live="polite">
      {w.tx_hash ? <div><dt>{t('chain.transaction')}</dt><dd><TxLink hash={w.tx_hash} /></dd></div> : null}
      <div>
        <dt>{t('chain.status')}</dt>
        <dd data-testid="withdrawal-status" className={w.status === 'confirmed' ? 'chain-ok' : w.status === 'failed' || w.status === 'expired' ? 'text-danger' : undefined}>
          {t(s.key, s.values)}
          {w.reason ? <><br />{t('chain.withdrawal.reason', { reason: w.reason })}</> : null}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Withdrawal HEXO / EXO (docs/product.md §2 modal, §5 validation; docs/game-rules.md §8): to the Master Wallet only,
 * the amount leaves the balance at once; refusals of the server (no Master Wallet, active wallet not
 * the master, a payout pending, treasury short) show their catalogue message here.
 */
export function WithdrawDialog({ token, onClose }: { token: ChainToken; onClose(): void }) {
  const { t } = useTranslation();
  const symbol = TOKEN_SYMBOLS[token];
  const balance = useBalance(token);
  const master = useMasterWallet();
  const create = useCreateWithdrawal();
  const [failure, setFailure] = useState<string | null>(null);
  const [withdrawalId, setWithdrawalId] = useState<number | null>(null);
  const validate = (amount: string) => {
    if (!isWholeAmount(amount)) return t('chain.withdrawEmpty', { token: symbol });
    if (balance.data !== undefined && toBaseUnits(amount, token) > BigInt(balance.data)) return t('chain.noSuchAmount');
    return null;
  };
  const submit = (amount: string) => {
    setFailure(null);
    create.mutate({ token, amount, ...(master.data ? { address: master.data } : {}) }, {
      onSuccess: ({ withdrawal }) => setWithdrawalId(withdrawal.id),
      onError: (err) => setFailure(payFailureText(err, { error: (c) => errorText(c), needsCardano: t('chain.needsCardano') })),
    });
  };
  return (
    <ChainMoneyDialog
      title={t('chain.withdrawOf', { token: symbol })}
      lead={t('chain.withdrawLead', { token: symbol })}
      symbol={symbol}
      submitLabel={t('chain.withdrawSubmit')}
      validate={validate}
      onSubmit={submit}
      pending={create.isPending}
      failure={failure}
      progress={withdrawalId !== null ? <WithdrawalProgress id={withdrawalId} token={token} /> : null}
      onClose={onClose}
    >
      <dl className="facts facts--wide">
        <div>
          <dt>{t('chain.masterWallet')}</dt>
          <dd className="mono break" data-testid="master-address">
            {master.data === undefined ? '…' : master.data ?? <Link to="/account/settings#linked-wallets-title" onClick={onClose}>{t('chain.noMaster')}</Link>}
          </dd>
        </div>
        <div><dt>{t('chain.balance')}</dt><dd data-testid="withdraw-balance" title={balance.data !== undefined ? `${exactTokenAmount(balance.data, token)} ${symbol}` : undefined}>{balance.data !== undefined ? `${formatTokenAmount(balance.data, token)} ${symbol}` : '…'}</dd></div>
      </dl>
    </ChainMoneyDialog>
  );
}
