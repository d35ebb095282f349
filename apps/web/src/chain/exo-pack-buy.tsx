import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '@kingdom/api';
import { useSession } from '../session/session-store.ts';
import { useCreateOrder } from './hooks.ts';
import { OrderPayDialog } from './order-pay-dialog.tsx';
import type { ExoOrder } from './types.ts';

/**
 * Buy of a vendor EXO pack (paid in ADA on chain, GAME-RULES §8): creates the order (an
 * `Idempotency-Key` per click), then the confirm shows its ADA price and pays it with the session's
 * wallet; the EXO arrives when the payment confirms.
 */
export function ExoPackBuy({ entry }: { entry: VendorItem }) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const [order, setOrder] = useState<ExoOrder | null>(null);
  const walletType = useSession((s) => s.walletType);
  // the pay flow signs with the session's wallet: a Solana session cannot pay ADA (issue 18: say so
  // before an order exists, not after)
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
