/**
 * The largest amount the economy handles (docs/game-rules.md §1, our decision): every balance, credit,
 * debit and requested amount is at most {@link MAX_AMOUNT} base units. Balances are `numeric(38,0)`,
 * so a balance at this maximum still has room for ~10^11 years of daily pool credits: one player's
 * balance can never overflow the column and fail the daily tick for the whole world.
 */

/** 10^27 base units = 10^21 whole tokens (6 decimals). */
export const MAX_AMOUNT = 10n ** 27n;

/** Digits of {@link MAX_AMOUNT} in whole tokens (for input bounds): whole-token inputs have at most 21 digits. */
export const MAX_WHOLE_TOKEN_DIGITS = 21;

/** True when `amount` (base units) is within 0..{@link MAX_AMOUNT}. */
export function isAmountInRange(amount: bigint): boolean {
  return amount >= 0n && amount <= MAX_AMOUNT;
}
