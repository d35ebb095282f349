import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '../i18n/format.ts';
import { DemoBlocksButton } from '../components/demo-blocks-button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { formatUtc } from '../components/time-format.ts';
import { errorText } from '../i18n/errors.ts';
import { formatAda } from './format.ts';
import { useChainInfo, useOrderProgress, usePay } from './hooks.ts';
import { payFailureText, type PayStep } from './pay.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';
import type { ExoOrder } from './types.ts';

/** The order's status after its payment was submitted, polled until it is paid or expired. */
function OrderProgress({ order, txHash }: { order: ExoOrder; txHash: string }) {
  const { t } = useTranslation();
  const info = useChainInfo();
  const now = useOrderProgress(order);
  return (
    <dl className="facts facts--wide" aria-live="polite">
      <div><dt>{t('chain.transaction')}</dt><dd><TxLink hash={txHash} /></dd></div>
      <div>
        <dt>{t('chain.status')}</dt>
        <dd data-testid="order-status" className={now.status === 'paid' ? 'chain-ok' : now.status === 'expired' ? 'text-danger' : undefined}>
          {now.status !== 'awaiting_payment' ? t(`chain.order.${now.status}`)
            : now.confirmations > 0 ? t('chain.pending', { n: now.confirmations, of: info.data?.confirmations ?? 15 })
              : t('chain.order.waitingConfirm')}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Pays an EXO order (token sale round or vendor EXO pack; docs/game-rules.md §8) with the session's wallet:
 * shows the EXO, the ADA price and the sale address, then build → sign → submit and the order's
 * status until the EXO is credited.
 */
export function OrderPayDialog({ order, title, onClose }: { order: ExoOrder; title?: string; onClose(): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<PayStep | null>(null);
  const pay = usePay(setStep);
  const [failure, setFailure] = useState<string | null>(null);
  const [txHash, setTxHash] = useState<string | null>(null);
  const submit = () => {
    setFailure(null);
    pay.mutate({ kind: 'order', order_id: order.id }, {
      onSuccess: setTxHash,
      onError: (err) => setFailure(payFailureText(err, { error: (c) => errorText(c), needsCardano: t('chain.needsCardano') })),
      onSettled: () => setStep(null),
    });
  };
  return (
    <Dialog title={title ?? t('chain.order.title')} onClose={onClose} className="dialog--chain">
      <dl className="facts facts--wide">
        <div><dt>{t('chain.order.exo')}</dt><dd data-testid="order-exo">{formatTokenAmount(order.exo, 'exo')} EXO</dd></div>
        <div><dt>{t('chain.order.price')}</dt><dd data-testid="order-ada">{formatAda(order.lovelace ?? '0')} ADA</dd></div>
        <div><dt>{t('chain.order.saleAddress')}</dt><dd className="mono break">{order.sale_address}</dd></div>
      </dl>
      {txHash ? (
        <>
          <OrderProgress order={order} txHash={txHash} />
          <div className="dialog__actions"><DemoBlocksButton className="btn btn--ghost" /><button type="button" className="btn" onClick={onClose} data-testid="chain-close">{t('chain.close')}</button></div>
        </>
      ) : (
        <>
          <p className="muted">{t('chain.order.expires', { time: formatUtc(order.expires_at) })}</p>
          {failure ? <p className="field-error" role="alert" data-testid="chain-failure">{failure}</p> : null}
          {step ? <p className="muted" aria-live="polite">{t(`chain.step.${step}`)}</p> : null}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>{t('vendor.cancel')}</button>
            <button type="button" className="btn btn--primary" disabled={pay.isPending} onClick={submit} data-testid="order-pay">{t('chain.order.pay')}</button>
          </div>
        </>
      )}
    </Dialog>
  );
}
