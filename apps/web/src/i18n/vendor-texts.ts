/**
 * THE name table of items and products (docs/glossary.md): a catalogue entry's or an inventory item's
 * name (and an entry's purpose) in the player's language (docs/game-rules.md §2: Spanish players read the
 * server's English), made from the key by the same patterns as the catalogue in `@kingdom/game`
 * (docs/game-rules.md §6), numbers through the locale; the server's words for a key this app does not
 * know. Every page that names an item (vendor, mines, inventory, inbox, chest, orders) goes through it.
 */
import type { VendorItem } from '@kingdom/api';
import { itemKind } from '@kingdom/game';
import { formatThousands } from './format.ts';
import { i18n } from './index.ts';

type T = (key: string, values?: Record<string, unknown>) => string;

/** The entry's name and purpose, translated. */
export function vendorTexts(entry: Pick<VendorItem, 'key' | 'name' | 'purpose'>, t: T): { name: string; purpose: string } {
  const k = entry.key;
  let m: RegExpExecArray | null;
  if ((m = /^permit_(\d)$/.exec(k))) return { name: t('vendor.items.permit', { tier: m[1] }), purpose: t(`vendor.items.permitPurpose${m[1]}`, { defaultValue: entry.purpose }) };
  if ((m = /^permit_(\d)_pack10$/.exec(k))) return { name: t('vendor.items.permitPack', { tier: m[1] }), purpose: t('vendor.items.permitPackPurpose') };
  if ((m = /^toolkit_(\d+)$/.exec(k))) return { name: t('vendor.items.toolkit', { tier: m[1] }), purpose: t('vendor.items.toolkitPurpose', { tier: m[1] }) };
  if ((m = /^toolkit_set_(\d+)_(\d+)$/.exec(k))) return { name: t('vendor.items.toolkitSet', { from: m[1], to: m[2] }), purpose: t('vendor.items.toolkitSetPurpose', { from: m[1], to: m[2] }) };
  if (k === 'goldmine_scheme') return { name: t('vendor.items.goldmineScheme'), purpose: t('vendor.items.goldmineSchemePurpose') };
  if (k === 'chicken_tendies') return { name: t('vendor.items.chickenTendies'), purpose: t('vendor.items.chickenTendiesPurpose') };
  if ((m = /^food_(\d+)$/.exec(k))) return { name: t('vendor.items.food', { amount: formatThousands(m[1]!) }), purpose: t('vendor.items.foodPurpose', { amount: formatThousands(m[1]!) }) };
  if ((m = /^exo_(\d+)k$/.exec(k))) return { name: t('vendor.items.exoPack', { k: m[1] }), purpose: t('vendor.items.exoPackPurpose', { amount: formatThousands(BigInt(m[1]!) * 1000n) }) };
  return { name: entry.name, purpose: entry.purpose };
}

/**
 * The name of an item or product `key` in the current language: an inventory item kind
 * (`land_upgrade02` → "Permiso de ampliación nivel 2", `toolkit_2`, `goldmine_scheme`, `chicken_tendies`)
 * or a catalogue entry (`permit_2`, `exo_1k`, `food_1000`, …); else `fallback` (the server's name), else the key.
 */
export function itemName(key: string, fallback?: string): string {
  const t: T = (k, values) => i18n.t(k, values ?? {});
  const m = /^land_upgrade0(\d)$/.exec(key);
  if (m) return t('vendor.items.permit', { tier: m[1] });
  const kind = itemKind(key);
  const name = kind?.name ?? fallback ?? key;
  const texts = vendorTexts({ key, name, purpose: '' }, t);
  // a key the table does not know keeps the server's words; a page whose texts are not loaded yet too
  return texts.name.startsWith('vendor.items.') ? name : texts.name;
}

/**
 * A land's display name in the current language: the name a world gives by default, `Land #<id>`
 * (world import and the demo seed, when the collection's metadata names none), is the app's words and
 * follows the language ("Tierra #12"); a name from the collection's own metadata is a proper name, kept.
 */
export function landName(name: string): string {
  const m = /^Land #(\d+)$/.exec(name);
  return m ? i18n.t('land.defaultName', { id: m[1], defaultValue: name }) : name;
}
