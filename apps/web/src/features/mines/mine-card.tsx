import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Mine, MineSlot, WorkerNft } from '@kingdom/api';
import { BIOME_BONUS, EXPANSION_PERMITS, LAND_SIZE_INFO } from '@kingdom/game';
import { MineSlots } from '../../components/mine-slots.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useLandExpand, useMineUpgrade, useRemoveWorker } from './api.ts';
import { maxLevelOf } from './kinds.ts';
import { expansionPreview, upgradePreview } from './mine-rules.ts';
import { SetWorkerDialog } from './set-worker-dialog.tsx';

/** Props of {@link MineCard}. */
export interface MineCardProps {
  mine: Mine;
  /** The player's worker NFTs (for the Set worker dialog). */
  workers: readonly WorkerNft[] | undefined;
  /** Item key → amount in the player's app inventory. */
  items: Record<string, number>;
  /** The game's current time in ms (server clock). */
  now: number;
}

/** The head of a mine card: the land (link), its size and biome, the mine's level of its kind's max and the land's cap. */
export function MineHead({ mine }: { mine: Mine }) {
  const { t } = useTranslation();
  const land = mine.land;
  const bonus = BIOME_BONUS[land.biome];
  return (
    <div className="mine-card__head">
      <div>
        <Link to={`/land/${encodeURIComponent(land.hex_name)}`} className="land-card__name">
          {land.hex_name}
        </Link>
        <p className="muted mine-card__sub">
          {t(`land.${land.biome}`)} · {t('land.bonus', { percent: bonus.percent, resource: t(`land.${bonus.resource}`) })}
        </p>
      </div>
      <div className="mine-card__badges">
        <span className="badge badge--size" title={t('land.size')}>
          {LAND_SIZE_INFO[land.size].label}
        </span>
        <span className="badge badge--gold" data-testid="mine-level" title={t('mines.landCap', { cap: mine.cap })}>
          {t('mines.level', { level: mine.level, max: maxLevelOf(mine) })}
        </span>
        {mine.cap < maxLevelOf(mine) ? (
          <span className="muted mine-card__cap" data-testid="mine-cap">
            {t('mines.landCap', { cap: mine.cap })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One mine of the player on the workers pages: its land, level/cap, slots with Set worker and
 * Remove, and what the next upgrade and land expansion need (docs/game-rules.md §2–§4).
 */
export function MineCard({ mine, workers, items, now }: MineCardProps) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState<MineSlot | null>(null);
  const remove = useRemoveWorker(mine.mine);
  const upgrade = useMineUpgrade(mine.mine);
  const expand = useLandExpand();
  const hex = mine.land.hex_name;
  const up = upgradePreview(mine, items, now);
  const ex = expansionPreview(mine.land.size, items);

  const onRemove = (slot: MineSlot) =>
    remove.mutate({ hex_name: hex, slot: slot.slot }, { onSuccess: () => notifySuccess(t('mines.toast.workerRemoved', { slot: slot.slot, hex })) });
  const onUpgrade = () =>
    upgrade.mutate(hex, { onSuccess: (r) => notifySuccess(t('mines.toast.upgradeStarted', { hex, level: r.target_level })) });
  const nextSize = EXPANSION_PERMITS[mine.land.size]?.nextSize;
  const onExpand = () =>
    expand.mutate(hex, { onSuccess: () => notifySuccess(t('mines.toast.landExpanded', { hex, size: nextSize ? LAND_SIZE_INFO[nextSize].label : '' })) });

  return (
    <li className={`card mine-card mine-card--${mine.mine} land-card--${mine.land.biome}`} data-testid="mine-card" data-hex-name={hex}>
      <MineHead mine={mine} />
      <p className="mine-card__slots-info muted">{t('mines.openSlots', { count: mine.open_slots, staffed: t('mines.staffed', { count: mine.slots.filter((s) => s.worker).length }) })}</p>
      <MineSlots mine={mine} actions={{ onSet: setChoosing, onRemove, busySlot: remove.isPending ? remove.variables?.slot : null }} />
      <div className="mine-card__actions">
        <section className="action-row" aria-label={t('mines.upgrade.title')}>
          <p className="action-row__text" data-testid="upgrade-preview">
            {up.text}
          </p>
          <button type="button" className="btn btn--primary btn--small" disabled={!up.ready || upgrade.isPending} onClick={onUpgrade}>
            {t('mines.upgrade.button')}
          </button>
        </section>
        <section className="action-row" aria-label={t('mines.expand.title')}>
          <p className="action-row__text" data-testid="expand-preview">
            {ex.text}
          </p>
          <button type="button" className="btn btn--ghost btn--small" disabled={!ex.ready || expand.isPending} onClick={onExpand}>
            {t('mines.expand.button')}
          </button>
        </section>
      </div>
      {choosing ? <SetWorkerDialog mine={mine} slot={choosing} workers={workers} onClose={() => setChoosing(null)} /> : null}
    </li>
  );
}
