import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainToken } from '@kingdom/api';
import { TOKEN_SYMBOLS } from '@kingdom/game';
import { Link } from 'react-router';
import { useSession } from '../session/session-store.ts';
import './chain-actions.css';

const DepositDialog = lazy(() => import('./deposit-dialog.tsx').then((m) => ({ default: m.DepositDialog })));
const WithdrawDialog = lazy(() => import('./withdraw-dialog.tsx').then((m) => ({ default: m.WithdrawDialog })));

/**
 * Deposit / Withdraw buttons of one on-chain token (docs/product.md §2 modals), for the balances of the
 * dashboard and `/account/balances`; the modals (and the pay flow) load on the first click. Both
 * happen on Cardano: a session without a Cardano wallet (a Solana-only player, or a disconnected
 * wallet) is told so first, beside disabled buttons (docs/game-rules.md §2), not inside the dialog.
 */
export function ChainMoneyActions({ token }: { token: ChainToken }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'deposit' | 'withdraw' | null>(null);
  const symbol = TOKEN_SYMBOLS[token];
  const close = () => setOpen(null);
  const walletType = useSession((s) => s.walletType);
  const cardano = walletType === 'cardano';
  return (
    <div className="chain-actions">
      {!cardano ? (
        <p className="muted chain-actions__note" data-testid={`needs-cardano-${token}`}>
          {walletType === 'solana' ? t('chain.needsCardanoFirst', { token: symbol }) : t('chain.needsWalletFirst', { token: symbol })}{' '}
          <Link to="/account/settings">{t('chain.linkCardano')}</Link>
        </p>
      ) : null}
      <button type="button" className="btn" disabled={!cardano} onClick={() => setOpen('deposit')} data-testid={`deposit-${token}`} aria-label={t('chain.depositOf', { token: symbol })}>
        {t('chain.deposit')}
      </button>
      <button type="button" className="btn btn--ghost" disabled={!cardano} onClick={() => setOpen('withdraw')} data-testid={`withdraw-${token}`} aria-label={t('chain.withdrawToken', { token: symbol })}>
        {t('chain.withdraw')}
      </button>
      <Suspense fallback={null}>
        {open === 'deposit' ? <DepositDialog token={token} onClose={close} /> : null}
        {open === 'withdraw' ? <WithdrawDialog token={token} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
