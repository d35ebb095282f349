import { useEffect, useMemo, useState } from 'react';
import { renderSVG } from 'uqr';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '../i18n/format.ts';
import { useConfig } from '../api/session-calls.ts';
import { ApiError } from '../api/client.ts';
import { Dialog } from '../components/dialog.tsx';
import { notifyError } from '../components/notify.ts';
import { notifyTransactionSent } from '../components/tx-toast.ts';
import { formatUtc } from '../components/time-format.ts';
import { errorText } from '../i18n/errors.ts';
import { useSession } from '../session/session-store.ts';
import { WalletError } from '../wallets/errors.ts';
import { formatSol } from './format.ts';
import { POLL_MS, useOrderProgress } from './hooks.ts';
import type { SolanaPayStep } from './solana-pay.ts';
import { nudgeDemoSolana } from './solana-demo.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';
import type { ExoOrder } from './types.ts';

/** Loads the Solana pay flow (kit, the transfer builder) on the click, and pays with the session's wallet. */
async function paySolanaOrder(order: ExoOrder, onStep: (s: SolanaPayStep) => void): Promise<string> {
  const [{ payOrderWithSolana, kitRpc }, { resolveSolanaSigner }, { call }] = await Promise.all([
    import('./solana-pay.ts'),
    import('../wallets/registry.ts'),
    import('../api/call.ts'),
  ]);
  const { walletType, walletApiName, walletAddress } = useSession.getState();
  if (walletType !== 'solana') throw new WalletError('ERROR_WALLET_SELECT_API');
  return payOrderWithSolana(order, onStep, {
    chainInfo: () => call('chainInfo'),
    signer: () => resolveSolanaSigner(walletApiName),
    sessionAddress: walletAddress,
    rpc: kitRpc,
  });
}

/** The failure's text: a catalogue message for a wallet code, the server's message for an API failure. */
function failureText(e: unknown): string {
  if (e instanceof WalletError) return errorText(e.code);
  if (e instanceof ApiError) return e.message;
  return errorText('ERROR_WALLET_API');
}

/** The order's status after its payment was sent, polled until it is paid or expired; in demo mode the local cluster is moved on meanwhile. */
function SolanaOrderProgress({ order, signature }: { order: ExoOrder; signature: string }) {
  const { t } = useTranslation();
  const demo = useConfig().data?.demo === true;
  const now = useOrderProgress(order);
  const final = now.status !== 'awaiting_payment';
  // demo: the local cluster finalizes after some slots; produce them now, as the Cardano demo produces blocks
  useEffect(() => {
    if (!demo || final) return;
    void nudgeDemoSolana();
    const timer = setInterval(() => void nudgeDemoSolana(), POLL_MS);
    return () => clearInterval(timer);
  }, [demo, final]);
  return (
    <dl className="facts facts--wide" aria-live="polite">
      <div><dt>{t('chain.transaction')}</dt><dd><TxLink hash={signature} chain="solana" /></dd></div>
      <div>
        <dt>{t('chain.status')}</dt>
        <dd data-testid="order-status" className={now.status === 'paid' ? 'chain-ok' : now.status === 'expired' ? 'text-danger' : undefined}>
          {now.status !== 'awaiting_payment' ? t(`chain.order.${now.status}`) : t('chain.sol.waitingFinal')}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The Solana Pay link of the order: shown, copyable, openable by a wallet app (`solana:` link) and
 * as a QR code a phone wallet scans (Solana Pay's transfer-request QR).
 */
function SolanaPayLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const qr = useMemo(() => `data:image/svg+xml,${encodeURIComponent(renderSVG(url, { border: 2, ecc: 'M' }))}`, [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="sol-pay-link">
      <img className="sol-pay-link__qr" src={qr} alt={t('chain.sol.qr')} width={160} height={160} data-testid="solana-pay-qr" />
      <label className="field">
        {t('chain.sol.payUrl')}
        <input className="mono" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="solana-pay-url" />
      </label>
      <div className="sol-pay-link__actions">
        <button type="button" className="btn btn--small" onClick={() => void copy()} data-testid="solana-pay-copy">{copied ? t('chain.sol.copied') : t('chain.sol.copy')}</button>
        <a className="btn btn--ghost btn--small" href={url}>{t('chain.sol.openInWallet')}</a>
      </div>
      <p className="muted small">{t('chain.sol.payUrlHint')}</p>
    </div>
  );
}

/**
 * Pays an EXO order in SOL (vendor EXO pack or token sale round; docs/game-rules.md §9): shows the
 * EXO, the SOL price (the order's lamports, exact), the sale address and the order's Solana Pay link,
 * then the wallet flow (chain/solana-pay.ts) — "transaction sent" — and the order's status until
 * the EXO is credited at finalization.
 */
export function SolanaOrderDialog({ order, title, onClose }: { order: ExoOrder; title?: string; onClose(): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<SolanaPayStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const pay = useMutation({ mutationFn: () => paySolanaOrder(order, setStep) });
  const submit = () => {
    setFailure(null);
    pay.mutate(undefined, {
      onSuccess: (sig) => {
        notifyTransactionSent(sig);
        setSignature(sig);
      },
      onError: (err) => {
        const text = failureText(err);
        setFailure(text);
        // the spec's toasts for the wallet's answers (cancel, not enough SOL, wrong network …); the
        // HTTP client has toasted API failures already
        if (err instanceof WalletError) notifyError(text);
      },
      onSettled: () => setStep(null),
    });
  };
  return (
    <Dialog title={title ?? t('chain.sol.title')} onClose={onClose} className="dialog--chain">
      <dl className="facts facts--wide">
        <div><dt>{t('chain.order.exo')}</dt><dd data-testid="order-exo">{formatTokenAmount(order.exo, 'exo')} EXO</dd></div>
        <div><dt>{t('chain.order.price')}</dt><dd data-testid="order-sol">{`${formatSol(order.lamports ?? '0')} SOL`}</dd></div>
        <div><dt>{t('chain.order.saleAddress')}</dt><dd className="mono break">{order.solana_pay?.recipient ?? order.sale_address}</dd></div>
      </dl>
      {signature ? (
        <>
          <SolanaOrderProgress order={order} signature={signature} />
          <div className="dialog__actions"><button type="button" className="btn" onClick={onClose} data-testid="chain-close">{t('chain.close')}</button></div>
        </>
      ) : (
        <>
          {order.solana_pay ? <SolanaPayLink url={order.solana_pay.url} /> : null}
          <p className="muted">{t('chain.order.expires', { time: formatUtc(order.expires_at) })}</p>
          {failure ? <p className="field-error" role="alert" data-testid="chain-failure">{failure}</p> : null}
          {step ? <p className="muted" aria-live="polite">{t(`chain.step.${step}`)}</p> : null}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>{t('vendor.cancel')}</button>
            <button type="button" className="btn btn--primary" disabled={pay.isPending} onClick={submit} data-testid="order-pay">{t('chain.sol.pay')}</button>
          </div>
        </>
      )}
    </Dialog>
  );
}
