import { useTranslation } from 'react-i18next';
import { DEFAULT_CONFIRMATIONS } from '@kingdom/game';
import { useDemoBlocks } from '../api/account-calls.ts';
import { useConfig } from '../api/session-calls.ts';
import { notifySuccess } from './notify.ts';

/** Blocks the demo control produces: enough to confirm a deposit (docs/game-rules.md §8.1). */
export const DEMO_BLOCKS = DEFAULT_CONFIRMATIONS;

/**
 * Demo only (`/config` demo): "+15 blocks", which moves the emulated chain on so deposits,
 * withdrawals and orders confirm at once. The header shows it, and so does every chain-money
 * dialog (docs/product.md §10): a modal dialog makes the header inert while it is open.
 */
export function DemoBlocksButton({ className = 'btn btn--ghost btn--small' }: { className?: string }) {
  const { t } = useTranslation();
  const demo = useConfig().data?.demo === true;
  const blocks = useDemoBlocks();
  if (!demo) return null;
  const produce = () => blocks.mutate(DEMO_BLOCKS, { onSuccess: (r) => notifySuccess(t('clock.blocksProduced', { count: DEMO_BLOCKS, height: r.height })) });
  return (
    <button type="button" className={className} disabled={blocks.isPending} onClick={produce} title={t('clock.blocksTitle', { count: DEMO_BLOCKS })} data-testid="demo-blocks">
      {blocks.isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {t('clock.blocks', { count: DEMO_BLOCKS })}
    </button>
  );
}
