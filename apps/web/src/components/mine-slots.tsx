import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mine, MineSlot } from '@kingdom/api';
import { MINE_RULES } from '@kingdom/game';

/**
 * Where a name may wrap besides its spaces: between the words of a camel-case name and before its
 * number ("Golden·Kongs·12"), so a narrow slot tile wraps it there, never inside a word (docs/product.md §10).
 */
export function nameParts(name: string): string[] {
  return name.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[#\d])/);
}

function NameWithBreaks({ name }: { name: string }) {
  return <>{nameParts(name).map((part, i) => (i === 0 ? part : <Fragment key={i}><wbr />{part}</Fragment>))}</>;
}

/** Rarity badge of a worker (docs/game-rules.md §3). */
export function RarityBadge({ rarity }: { rarity: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge--rarity badge--rarity-${rarity}`}>{t(`mines.rarity.${rarity}`, { defaultValue: rarity })}</span>;
}

/** Actions a slot offers on the workers pages; absent on the read-only land page. */
export interface SlotActions {
  onSet(slot: MineSlot): void;
  onRemove(slot: MineSlot): void;
  /** The slot whose action is on its way, if any. */
  busySlot?: number | null;
}

function SlotView({ mine, slot, actions }: { mine: Mine; slot: MineSlot; actions?: SlotActions }) {
  const { t } = useTranslation();
  const state = !slot.open ? 'closed' : slot.worker ? 'filled' : 'free';
  const busy = actions?.busySlot === slot.slot;
  return (
    <li className={`slot slot--${state}${slot.manager ? ' slot--manager' : ''}`} data-testid={`slot-${slot.slot}`} data-state={state}>
      <div className="slot__head">
        <span className="slot__number">{slot.manager ? t('mines.slot.manager') : t('mines.slot.number', { n: slot.slot })}</span>
        {slot.worker && MINE_RULES[mine.mine].needsQualifiedCollection ? <RarityBadge rarity={slot.worker.rarity} /> : null}
      </div>
      {state === 'closed' ? (
        <p className="slot__text muted">
          {slot.manager ? t('mines.slot.managerClosed') : slot.slot > mine.cap ? t('mines.slot.beyondCap', { level: slot.slot }) : t('mines.slot.closed', { level: slot.slot })}
        </p>
      ) : slot.worker ? (
        <>
          <p className="slot__worker" title={slot.worker.name} data-testid="slot-worker-name">
            <NameWithBreaks name={slot.worker.name} />
          </p>
          <p className="slot__text muted">{t('mines.slot.worksFrom', { day: slot.worker.works_from })}</p>
          {actions ? (
            <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => actions.onRemove(slot)}>
              {t('mines.remove')}
            </button>
          ) : null}
        </>
      ) : (
        <>
          <p className="slot__text">{t('mines.slot.free')}</p>
          {actions ? (
            <button type="button" className="btn btn--gold btn--small" disabled={busy} onClick={() => actions.onSet(slot)}>
              {t('mines.setWorker')}
            </button>
          ) : null}
        </>
      )}
    </li>
  );
}

/** The slots of a mine: 1–9 and the manager slot 10 for gold mines, 1–5 for fren mines. */
export function MineSlots({ mine, actions }: { mine: Mine; actions?: SlotActions }) {
  const { t } = useTranslation();
  return (
    <ul className={`slots slots--${mine.mine}`} aria-label={t('mines.slotsOf', { hex: mine.land.hex_name })}>
      {mine.slots.map((slot) => (
        <SlotView key={slot.slot} mine={mine} slot={slot} actions={actions} />
      ))}
    </ul>
  );
}
