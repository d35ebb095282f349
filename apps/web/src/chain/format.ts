/** Display helpers of chain money: ADA from lovelace, transaction ids and explorer links (exact, no floats). */
import { lovelacePerExo, orderLovelace, shortenMiddle, toBaseUnits, vendorEntry } from '@kingdom/game';
import { formatThousands } from '../i18n/format.ts';

/**
 * Lovelace as ADA with thousands separators and up to 6 decimals, exact: `"12500000"` → `"12.5"`.
 * @throws SyntaxError when `lovelace` is not an integer string
 */
export function formatAda(lovelace: string | bigint): string {
  const v = BigInt(lovelace);
  const neg = v < 0n;
  const a = neg ? -v : v;
  const frac = (a % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return (neg ? '-' : '') + formatThousands(a / 1_000_000n) + (frac ? `.${frac}` : '');
}

/** Lovelace for `amount` whole EXO at `priceLovelace` per EXO: the server's order price rule (`orderLovelace`). */
export function costLovelace(amount: string, priceLovelace: string): bigint {
  return orderLovelace(toBaseUnits(amount, 'exo'), BigInt(priceLovelace));
}

/**
 * What vendor EXO pack `packKey` costs now, in lovelace, at the `currencies/prices` EXO price (ADA
 * per EXO): the server's rule for a pack order (`lovelacePerExo` then `orderLovelace`), so the card
 * can show the price before an order exists (issue 18). Null for an unknown pack or no price.
 */
export function packLovelace(packKey: string, adaPerExo: string | undefined): bigint | null {
  const exo = vendorEntry(packKey)?.gives.tokens.exo;
  const perExo = adaPerExo === undefined ? null : lovelacePerExo(adaPerExo);
  return exo === undefined || perExo === null ? null : orderLovelace(exo, perExo);
}

/** A transaction id shortened as spec §9 shortens strings: `abcdef12...7890`. */
export function shortHash(hash: string): string {
  return shortenMiddle(hash);
}

/** The explorer page of `hash`, or null when the chain has no explorer (the emulator). */
export function explorerTxUrl(template: string | null | undefined, hash: string): string | null {
  return template ? template.replace('{hash}', encodeURIComponent(hash)) : null;
}

/** Whole tokens typed by a person: digits only, 1–21 of them, not all zeros. */
export function isWholeAmount(text: string): boolean {
  return /^\d{1,21}$/.test(text) && /[1-9]/.test(text);
}
