/**
 * What the next mine upgrade and land expansion need, said BEFORE the player clicks, from the same
 * rule functions the server runs (`planUpgrade` of `@kingdom/game` for both mine kinds, through
 * `planMineUpgrade` of `./kinds.ts`, and `planLandExpansion`; docs/game-rules.md §2–§4). Nothing here
 * re-decides a rule: it only words the plan or the GameError code the rule returns.
 */
import type { Item, Mine } from '@kingdom/api';
import { EXPANSION_PERMITS, GameError, LAND_SIZE_INFO, planLandExpansion, settlementAt } from '@kingdom/game';
import { itemName } from '../../i18n/vendor-texts.ts';
import { i18n } from '../../i18n/index.ts';
import { errorText } from '../../i18n/errors.ts';
import { formatCountdown, formatUtc } from '../../components/time-format.ts';
import { MINE_KINDS, planMineUpgrade } from './kinds.ts';

/** Item key → amount held, from the inventory answer. */
export function itemCounts(items: readonly Item[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items ?? []) out[i.key] = (out[i.key] ?? 0) + i.amount;
  return out;
}


/** A preview: the sentence to show and whether the action can be started now. */
export interface Preview {
  text: string;
  ready: boolean;
}

/**
 * The next upgrade of a mine, worded.
 * @param now the game's current time in ms (the server's clock: the demo clock runs ahead)
 */
export function upgradePreview(mine: Mine, items: Record<string, number>, now: number): Preview {
  const t = i18n.t.bind(i18n);
  const view = MINE_KINDS[mine.mine];
  if (view.builtByScheme && mine.level === 0) return { text: t('mines.upgrade.noGoldmine'), ready: false };
  // An upgrade in progress blocks the next one until the daily settlement finishes it, even after
  // its end time (the server treats any running upgrade so).
  const upgradingUntil = mine.upgrade ? Math.max(Date.parse(mine.upgrade.ends_at), now + 1) : null;
  const state = { level: mine.level, upgradingUntil };
  try {
    const plan = planMineUpgrade(mine, state, items, now);
    return {
      text: t('mines.upgrade.ready', { level: plan.targetLevel, item: itemName(plan.itemKey), have: items[plan.itemKey] ?? 0, hours: plan.durationMs / 3_600_000 }),
      ready: true,
    };
  } catch (e) {
    if (!(e instanceof GameError)) throw e;
    const refused = view.rules.upgradeErrors;
    switch (e.code) {
      case refused.inProgress: {
        const up = mine.upgrade!;
        // it really completes at the daily settlement after its end (docs/game-rules.md §3.2), not at its end
        const completes = settlementAt(Date.parse(up.ends_at));
        return {
          text: completes > now
            ? t('mines.upgrade.inProgress', { level: up.target_level, when: formatCountdown(completes, now), at: formatUtc(completes) })
            : t('mines.upgrade.finishing', { level: up.target_level }),
          ready: false,
        };
      }
      case 'ITEM_NOT_EXIST_ON_BALANCE': {
        const key = view.rules.upgradeItem(mine.level + 1);
        return { text: t('mines.upgrade.needs', { level: mine.level + 1, item: itemName(key), have: items[key] ?? 0 }), ready: false };
      }
      case refused.landMaxSize:
        return { text: errorText(refused.landMaxSize), ready: false };
      case refused.maxLevel:
        return { text: t('mines.upgrade.max', { level: mine.level }), ready: false };
      default:
        return { text: errorText(e.code), ready: false };
    }
  }
}

/** The next size step of a land, worded. */
export function expansionPreview(size: Mine['land']['size'], items: Record<string, number>): Preview {
  const t = i18n.t.bind(i18n);
  const from = LAND_SIZE_INFO[size].label;
  try {
    const plan = planLandExpansion(size, items);
    return {
      text: t('mines.expand.ready', { from, to: LAND_SIZE_INFO[plan.nextSize].label, item: itemName(plan.permitKey), have: items[plan.permitKey] ?? 0 }),
      ready: true,
    };
  } catch (e) {
    if (!(e instanceof GameError)) throw e;
    const step = EXPANSION_PERMITS[size];
    if (e.code === 'PERMIT_NOT_EXIST_ON_BALANCE' && step) {
      return { text: t('mines.expand.needs', { from, to: LAND_SIZE_INFO[step.nextSize].label, item: itemName(step.permitKey), have: items[step.permitKey] ?? 0 }), ready: false };
    }
    if (e.code === 'LAND_MAX_SIZE') return { text: t('mines.expand.max'), ready: false };
    return { text: errorText(e.code), ready: false };
  }
}
