import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '@kingdom/api';
import { useSession } from '../session/session-store.ts';
import { usePrices } from '../api/account-calls.ts';
import { formatSol, packLamports } from './format.ts';
import { useChainInfo, useCreateOrder } from './hooks.ts';
import { OrderPayDialog } from './order-pay-dialog.tsx';
import type { ExoOrder } from './types.ts';

const SolanaOrderDialog = lazy(() => import('./solana-order-dialog.tsx').then((m) => ({ default: m.SolanaOrderDialog })));

/**
 * A Solana session's Buy of an EXO pack: an order paid in SOL (`pay_chain: 'solana'`), then the
 * Solana pay dialog (its price in SOL, the Solana Pay link, the wallet flow).
 */
function SolanaPackBuy({ entry }: { entry: VendorItem }) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const info = useChainInfo();
  const prices = usePrices();
  const [order, setOrder] = useState<ExoOrder | null>(null);
  if (info.data && info.data.solana === null) return <p className="muted" data-testid={`vendor-sol-off-${entry.key}`}>{t('chain.sol.off')}</p>;
  const lamports = prices.data && !prices.data.stale?.exo ? packLamports(entry.key, prices.data.exo, prices.data) : null;
  return (
    <>
      {lamports !== null ? <span className="muted" data-testid={`vendor-pack-sol-${entry.key}`}>{t('chain.sol.packPrice', { sol: formatSol(lamports) })}</span> : null}
      <button type="button" className="btn btn--primary" disabled={create.isPending} data-testid={`vendor-buy-${entry.key}`}
        onClick={() => create.mutate({ pack: entry.key, pay_chain: 'solana' }, { onSuccess: (r) => setOrder(r.order) })}>
        {create.isPending ? t('chain.order.creating') : t('chain.sol.buyWithSol')}
      </button>
      {order ? <Suspense fallback={null}><SolanaOrderDialog order={order} title={entry.name} onClose={() => setOrder(null)} /></Suspense> : null}
    </>
  );
}

/**
 * Buy of a vendor EXO pack, paid on the session wallet's chain (docs/game-rules.md §8, §9): ADA
 * with a Cardano wallet, SOL with a Solana wallet. Creates the order (an `Idempotency-Key` per
 * click), then the confirm shows its price and pays it with the session's wallet; the EXO arrives
 * when the payment confirms (Cardano) or is finalized (Solana).
 */
export function ExoPackBuy({ entry }: { entry: VendorItem }) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const [order, setOrder] = useState<ExoOrder | null>(null);
  const walletType = useSession((s) => s.walletType);
  if (walletType === 'solana') return <SolanaPackBuy entry={entry} />;
  // the pay flow signs with the session's wallet: without one nothing can pay (say so before an order exists)
  if (walletType !== 'cardano') return <p className="muted" data-testid={`vendor-needs-cardano-${entry.key}`}>{t('chain.packNeedsCardano')}</p>;
  return (
    <>
      <button type="button" className="btn btn--primary" disabled={create.isPending} data-testid={`vendor-buy-${entry.key}`}
        onClick={() => create.mutate({ pack: entry.key }, { onSuccess: (r) => setOrder(r.order) })}>
        {create.isPending ? t('chain.order.creating') : t('vendor.buy')}
      </button>
      {order ? <OrderPayDialog order={order} title={entry.name} onClose={() => setOrder(null)} /> : null}
    </>
  );
}
