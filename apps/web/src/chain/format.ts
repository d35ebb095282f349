/** Display helpers of chain money: ADA from lovelace, transaction ids and explorer links (exact, no floats). */
import { lamportsFromPrices, lamportsFromRound, lovelacePerExo, orderLovelace, shortenMiddle, toBaseUnits, vendorEntry } from '@kingdom/game';
import { localizeNumber } from '../i18n/format.ts';

/**
 * Lovelace as ADA with thousands separators and up to 6 decimals, exact, in the player's language:
 * `"12500000"` → `"12.5"` (Spanish `"12,5"`: docs/game-rules.md §2 found English decimals beside Spanish numbers).
 * @throws SyntaxError when `lovelace` is not an integer string
 */
export function formatAda(lovelace: string | bigint): string {
  const v = BigInt(lovelace);
  const neg = v < 0n;
  const a = neg ? -v : v;
  const frac = (a % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return localizeNumber((neg ? '-' : '') + (a / 1_000_000n).toString() + (frac ? `.${frac}` : ''));
}

/**
 * Lamports as SOL with thousands separators and up to 9 decimals, exact, in the player's language:
 * `"1500000000"` → `"1.5"` (Spanish `"1,5"`).
 * @throws SyntaxError when `lamports` is not an integer string
 */
export function formatSol(lamports: string | bigint): string {
  const v = BigInt(lamports);
  const neg = v < 0n;
  const a = neg ? -v : v;
  const frac = (a % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return localizeNumber((neg ? '-' : '') + (a / 1_000_000_000n).toString() + (frac ? `.${frac}` : ''));
}

/** Lovelace for `amount` whole EXO at `priceLovelace` per EXO: the server's order price rule (`orderLovelace`). */
export function costLovelace(amount: string, priceLovelace: string): bigint {
  return orderLovelace(toBaseUnits(amount, 'exo'), BigInt(priceLovelace));
}

/**
 * What vendor EXO pack `packKey` costs now, in lovelace, at the `currencies/prices` EXO price (ADA
 * per EXO): the server's rule for a pack order (`lovelacePerExo` then `orderLovelace`), so the card
 * can show the price before an order exists (docs/product.md §10). Null for an unknown pack or no price.
 */
export function packLovelace(packKey: string, adaPerExo: string | undefined): bigint | null {
  const exo = vendorEntry(packKey)?.gives.tokens.exo;
  const perExo = adaPerExo === undefined ? null : lovelacePerExo(adaPerExo);
  return exo === undefined || perExo === null ? null : orderLovelace(exo, perExo);
}

/** The USD prices of ADA and SOL as `currencies/prices` answers them (5-decimal text; null when never priced). */
export interface FiatPrices {
  ada_usd: string | null;
  sol_usd: string | null;
  stale?: { ada_usd?: boolean; sol_usd?: boolean } | undefined;
}

/** Lamports of `exo` base units at `perExoLovelace`, by the server's rule (`lamportsFromPrices`); null without fresh prices. */
function lamportsAt(exo: bigint, perExoLovelace: bigint, prices: FiatPrices | undefined): bigint | null {
  if (!prices?.ada_usd || !prices.sol_usd || prices.stale?.ada_usd || prices.stale?.sol_usd) return null;
  try {
    // freshness was checked above: the quotes are passed as never stale
    return lamportsFromPrices(exo, perExoLovelace, { value: prices.ada_usd, source: null, seenAt: null }, { value: prices.sol_usd, source: null, seenAt: null }, new Date(0), 0);
  } catch {
    return null;
  }
}

/**
 * What vendor EXO pack `packKey` costs now in lamports (docs/game-rules.md §9: its ADA price ×
 * ADA/USD ÷ SOL/USD, rounded up), shown before an order fixes it. Null without prices.
 */
export function packLamports(packKey: string, adaPerExo: string | undefined, prices: FiatPrices | undefined): bigint | null {
  const exo = vendorEntry(packKey)?.gives.tokens.exo;
  const perExo = adaPerExo === undefined ? null : lovelacePerExo(adaPerExo);
  return exo === undefined || perExo === null ? null : lamportsAt(exo, perExo, prices);
}

/**
 * Lamports for `amount` whole EXO of a sale round: its SOL price when the operator set one
 * (`lamportsFromRound`), else its ADA price converted at the current prices. Null without prices.
 */
export function costLamports(amount: string, round: { price_lovelace: string; price_lamports: string | null }, prices: FiatPrices | undefined): bigint | null {
  const exo = toBaseUnits(amount, 'exo');
  return round.price_lamports != null ? lamportsFromRound(exo, BigInt(round.price_lamports)) : lamportsAt(exo, BigInt(round.price_lovelace), prices);
}

/** A transaction id shortened as docs/product.md §9 shortens strings: `abcdef12...7890`. */
export function shortHash(hash: string): string {
  return shortenMiddle(hash);
}

/**
 * The explorer page of `hash`, or null when the chain has no explorer (the emulator, the local
 * Solana cluster). The template names the transaction `{hash}` (Cardano) or `{signature}` (Solana).
 */
export function explorerTxUrl(template: string | null | undefined, hash: string): string | null {
  return template ? template.replace('{hash}', encodeURIComponent(hash)).replace('{signature}', encodeURIComponent(hash)) : null;
}

/** Whole tokens typed by a person: digits only, 1–21 of them, not all zeros. */
export function isWholeAmount(text: string): boolean {
  return /^\d{1,21}$/.test(text) && /[1-9]/.test(text);
}
