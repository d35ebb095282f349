import { useTranslation } from 'react-i18next';
import type { Mine, MineSlot, WorkerNft } from '@kingdom/api';
import { TOKEN_SYMBOLS, type WorkerRarity } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { Dialog } from '../../components/dialog.tsx';
import { RarityBadge } from '../../components/mine-slots.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useAssignWorker } from './api.ts';
import { MINE_KINDS, eligibleWorkers, salaryOf } from './kinds.ts';

function useSalaryText(mine: Mine): (rarity: WorkerRarity | null) => string {
  const { t } = useTranslation();
  const view = MINE_KINDS[mine.mine];
  const token = view.rules.salaryToken;
  return (rarity) => t('mines.salaryPerDay', { amount: formatTokenAmount(salaryOf(mine.mine, rarity), token), token: TOKEN_SYMBOLS[token] });
}

/** Picks a worker NFT (or a default worker where the kind has one) for a free open slot. */
export function SetWorkerDialog({ mine, slot, workers, onClose }: { mine: Mine; slot: MineSlot; workers: readonly WorkerNft[] | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const view = MINE_KINDS[mine.mine];
  const assign = useAssignWorker(mine.mine);
  const salaryText = useSalaryText(mine);
  const options = eligibleWorkers(mine, workers);
  const hex = mine.land.hex_name;

  const choose = (worker: WorkerNft | null) => {
    assign.mutate(
      { hex_name: hex, slot: slot.slot, worker: worker ? { collection_key: worker.collection_key, asset_key: worker.asset_key } : null },
      {
        onSuccess: () => {
          notifySuccess(t('mines.toast.workerSet', { name: worker?.name ?? t('mines.defaultWorker'), slot: slot.slot, hex }));
          onClose();
        },
      },
    );
  };

  const title = t(view.texts.choose, { slot: slot.manager ? t('mines.slot.manager') : slot.slot, hex });
  return (
    <Dialog title={title} onClose={onClose}>
      {slot.manager ? <p className="notice">{t('mines.managerHint')}</p> : null}
      {options.length === 0 ? <p className="muted">{t(view.texts.noEligible)}</p> : null}
      <ul className="worker-options" aria-busy={assign.isPending}>
        {options.map((w) => {
          const id = `worker-${w.collection_key}-${w.asset_key}`;
          return (
            <li key={id} className="worker-option">
              <button type="button" className="btn worker-option__pick" aria-describedby={id} disabled={assign.isPending} onClick={() => choose(w)}>
                {w.name}
              </button>
              <span id={id} className="worker-option__meta">
                {view.rules.needsQualifiedCollection && w.rarity ? <RarityBadge rarity={w.rarity} /> : null}
                <span className="muted">
                  {w.collection} · {salaryText(w.rarity)}
                </span>
              </span>
            </li>
          );
        })}
        {view.rules.allowsDefaultWorker && !slot.manager ? (
          <li className="worker-option">
            <button type="button" className="btn worker-option__pick" aria-describedby="worker-default" disabled={assign.isPending} onClick={() => choose(null)}>
              {t('mines.defaultWorker')}
            </button>
            <span id="worker-default" className="worker-option__meta">
              <RarityBadge rarity="default" />
              <span className="muted">
                {t('mines.defaultHint')} · {salaryText('default')}
              </span>
            </span>
          </li>
        ) : null}
      </ul>
    </Dialog>
  );
}
