/** Token sale arithmetic for display (exact bigint; docs/game-rules.md §8 "Token sale"). */

/** Per mille of `cap` that `sold` is (0–1000, truncated); 0 for an empty cap. */
export function soldPerMille(sold: string, cap: string): number {
  const c = BigInt(cap);
  if (c <= 0n) return 0;
  const p = (BigInt(sold) * 1000n) / c;
  return Number(p > 1000n ? 1000n : p < 0n ? 0n : p);
}

/** A per mille value as a percent with one decimal: 125 → `"12.5"`, 1000 → `"100"`. */
export function perMilleText(pm: number): string {
  return pm % 10 === 0 ? String(pm / 10) : `${Math.floor(pm / 10)}.${pm % 10}`;
}
