import { useTranslation } from 'react-i18next';
import type { Mine, MineSlot, WorkerNft } from '@kingdom/api';
import { FREN_SALARY_FOOD, WORKER_SALARY_HEXO, formatTokenAmount, type WorkerRarity } from '@kingdom/game';
import { useAssignWorker } from '../api/endpoints/mines.ts';
import { i18n } from '../i18n/index.ts';
import { Dialog } from './dialog.tsx';
import { RarityBadge } from './mine-slots.tsx';
import { notifySuccess } from './notify.ts';

const RARITY_ORDER: Record<string, number> = { epic: 0, rare: 1, uncommon: 2, common: 3, default: 4 };

/**
 * The NFTs that may go into a slot: gold mines take NFTs of qualified collections (rarity set), fren
 * mines any of the player's NFTs; neither takes one that already works somewhere (GAME-RULES §3–4).
 * The manager slot's Epic-only rule is the server's to enforce; the list shows each rarity.
 */
export function eligibleWorkers(mine: Mine, workers: readonly WorkerNft[] | undefined): WorkerNft[] {
  const free = (workers ?? []).filter((w) => w.assigned === null && (mine.mine === 'frenmine' || w.rarity !== null));
  if (mine.mine === 'frenmine') return free;
  return [...free].sort((a, b) => (RARITY_ORDER[a.rarity ?? 'default'] ?? 9) - (RARITY_ORDER[b.rarity ?? 'default'] ?? 9));
}

function salaryText(mine: Mine, rarity: WorkerRarity | null): string {
  const t = i18n.t.bind(i18n);
  if (mine.mine === 'frenmine') return t('mines.salaryFood', { amount: formatTokenAmount(FREN_SALARY_FOOD, 'food') });
  return t('mines.salaryHexo', { amount: formatTokenAmount(WORKER_SALARY_HEXO[rarity ?? 'default'], 'hexo') });
}

/** Picks a worker NFT (or a default worker, gold mines only) for a free open slot. */
export function SetWorkerDialog({ mine, slot, workers, onClose }: { mine: Mine; slot: MineSlot; workers: readonly WorkerNft[] | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const assign = useAssignWorker(mine.mine);
  const options = eligibleWorkers(mine, workers);
  const hex = mine.land.hex_name;

  const choose = (worker: WorkerNft | null) => {
    assign.mutate(
      { hex_name: hex, slot: slot.slot, worker: worker ? { policy_id: worker.policy_id, asset_name: worker.asset_name } : null },
      {
        onSuccess: () => {
          notifySuccess(t('mines.toast.workerSet', { name: worker?.name ?? t('mines.defaultWorker'), slot: slot.slot, hex }));
          onClose();
        },
      },
    );
  };

  const title = t(mine.mine === 'goldmine' ? 'mines.chooseWorker' : 'mines.chooseFren', { slot: slot.manager ? t('mines.slot.manager') : slot.slot, hex });
  return (
    <Dialog title={title} onClose={onClose}>
      {slot.manager ? <p className="notice">{t('mines.managerHint')}</p> : null}
      {options.length === 0 ? <p className="muted">{mine.mine === 'goldmine' ? t('mines.noEligible') : t('mines.noEligibleFrens')}</p> : null}
      <ul className="worker-options" aria-busy={assign.isPending}>
        {options.map((w) => {
          const id = `worker-${w.policy_id}-${w.asset_name}`;
          return (
            <li key={id} className="worker-option">
              <button type="button" className="btn worker-option__pick" aria-describedby={id} disabled={assign.isPending} onClick={() => choose(w)}>
                {w.name}
              </button>
              <span id={id} className="worker-option__meta">
                {mine.mine === 'goldmine' && w.rarity ? <RarityBadge rarity={w.rarity} /> : null}
                <span className="muted">
                  {w.collection} · {salaryText(mine, w.rarity)}
                </span>
              </span>
            </li>
          );
        })}
        {mine.mine === 'goldmine' && !slot.manager ? (
          <li className="worker-option">
            <button type="button" className="btn worker-option__pick" aria-describedby="worker-default" disabled={assign.isPending} onClick={() => choose(null)}>
              {t('mines.defaultWorker')}
            </button>
            <span id="worker-default" className="worker-option__meta">
              <RarityBadge rarity="default" />
              <span className="muted">
                {t('mines.defaultHint')} · {salaryText(mine, 'default')}
              </span>
            </span>
          </li>
        ) : null}
      </ul>
    </Dialog>
  );
}
