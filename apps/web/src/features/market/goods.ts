/** A Market good's name in the current language: an item kind through the app's one name table, or FOOD. */
import { FOOD_GOOD } from '@kingdom/game';
import { itemName } from '../../i18n/vendor-texts.ts';

/** The name of good `key` (`food` → FOOD; an item kind → its name, e.g. "Toolkit tier 2"). */
export function goodName(key: string): string {
  return key === FOOD_GOOD ? 'FOOD' : itemName(key);
}
