import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS, toBaseUnits } from '@kingdom/game';
import { formatTokenAmount, formatTypedAmount } from '../i18n/format.ts';
import type { ChainToken } from '@kingdom/api';
import { notifySuccess } from '../components/notify.ts';
import { errorText } from '../i18n/errors.ts';
import { useSession } from '../session/session-store.ts';
import { ChainMoneyDialog } from './chain-money-dialog.tsx';
import { depositView } from './deposit-status.ts';
import { formatAda, isWholeAmount } from './format.ts';
import { refreshAfterChainMoney, useChainInfo, useDeposits, usePay, useSubmittedDeposits, useWalletHoldings } from './hooks.ts';
import { payFailureText, type PayStep } from './pay.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';

/** The status line of a submitted deposit, polled until it is credited. */
function DepositProgress({ txHash, token, amount }: { txHash: string; token: ChainToken; amount: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [credited, setCredited] = useState(false);
  const q = useDeposits(!credited);
  const required = q.data?.confirmations_required ?? 15;
  const view = depositView([...(q.data?.deposits ?? []), ...(q.data?.claimable ?? [])], txHash, required);
  const announced = useRef(false);
  useEffect(() => {
    if (view.state !== 'credited' || announced.current) return;
    announced.current = true;
    setCredited(true);
    notifySuccess(t('chain.depositCredited', { amount: formatTypedAmount(amount, token), token: TOKEN_SYMBOLS[token] }));
    void refreshAfterChainMoney(qc, token);
  }, [view.state, amount, token, qc, t]);
  const text =
    view.state === 'waiting' ? t('chain.waitingBlock')
    : view.state === 'pending' ? t('chain.pending', { n: view.confirmations, of: view.of })
    : view.state === 'credited' ? t('chain.credited')
    : view.state === 'claimable' ? t('chain.claimable')
    : t('chain.rolledBack');
  return (
    <dl className="facts facts--wide" aria-live="polite">
      <div><dt>{t('chain.transaction')}</dt><dd><TxLink hash={txHash} /></dd></div>
      <div><dt>{t('chain.status')}</dt><dd data-testid="deposit-status" className={view.state === 'credited' ? 'chain-ok' : undefined}>{text}</dd></div>
    </dl>
  );
}

/** What the session's Cardano wallet holds on chain. */
function WalletHoldings() {
  const { t } = useTranslation();
  const { walletType, walletAddress } = useSession();
  const q = useWalletHoldings(walletType === 'cardano' ? walletAddress : undefined);
  if (walletType !== 'cardano') return null;
  if (!q.data) return q.isError ? null : <p className="muted">{t('chain.walletHoldsLoading')}</p>;
  return (
    <p className="muted" data-testid="wallet-holds">
      {t('chain.walletHolds', { ada: formatAda(q.data.lovelace), exo: formatTokenAmount(q.data.exo, 'exo'), hexo: formatTokenAmount(q.data.hexo, 'hexo') })}
    </p>
  );
}

/**
 * Deposit HEXO / EXO (docs/product.md §2 modal, §5 validation): the amount, the treasury address, what the
 * wallet holds; then build → sign → submit with the session's wallet and the deposit's progress
 * until the watcher credits it.
 */
export function DepositDialog({ token, onClose }: { token: ChainToken; onClose(): void }) {
  const { t } = useTranslation();
  const symbol = TOKEN_SYMBOLS[token];
  const info = useChainInfo();
  const [step, setStep] = useState<PayStep | null>(null);
  const pay = usePay(setStep);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ hash: string; amount: string } | null>(null);
  const submit = (amount: string) => {
    setFailure(null);
    pay.mutate({ kind: 'deposit', token, amount }, {
      onSuccess: (hash) => {
        setSubmitted({ hash, amount });
        useSubmittedDeposits.getState().add({ tx_hash: hash, token, amount: toBaseUnits(amount, token).toString(), at: new Date().toISOString() });
      },
      onError: (err) => setFailure(payFailureText(err, { error: (c) => errorText(c), needsCardano: t('chain.needsCardano') })),
      onSettled: () => setStep(null),
    });
  };
  return (
    <ChainMoneyDialog
      title={t('chain.depositOf', { token: symbol })}
      lead={t('chain.depositLead', { token: symbol, n: info.data?.confirmations ?? 15 })}
      symbol={symbol}
      submitLabel={t('chain.depositSubmit')}
      validate={(amount) => (isWholeAmount(amount) ? null : t('chain.depositEmpty', { token: symbol }))}
      onSubmit={submit}
      pending={pay.isPending}
      failure={failure}
      step={step ? t(`chain.step.${step}`) : null}
      progress={submitted ? <DepositProgress txHash={submitted.hash} token={token} amount={submitted.amount} /> : null}
      onClose={onClose}
    >
      <dl className="facts facts--wide">
        <div><dt>{t('chain.treasury')}</dt><dd className="mono break" data-testid="treasury-address">{info.data?.treasury_address ?? '…'}</dd></div>
      </dl>
      <WalletHoldings />
    </ChainMoneyDialog>
  );
}
