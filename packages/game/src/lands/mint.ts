/**
 * Minting a land in the app (docs/game-rules.md §2 "Mint Your Land"): which request is refused with
 * which code, which free land an "Any" request may take, the sale price and how long a reservation
 * waits for its payment.
 *
 * A *free* land is one of the Valley that is not minted (the mint still holds its NFT) and that no
 * live mint of any account has reserved. The server counts the facts in SQL
 * ({@link MintFacts}); {@link mintRefusal} decides; the web app calls the same rule to preview.
 */
import { GameError, type ErrorCode } from '../errors.ts';
import type { Biome, LandSize } from './lands.ts';

/** Quadrants of the Valley by the letters of a land's hex name: N/S of the middle row, E/W of the middle column. */
export const MINT_QUADRANTS = ['NE', 'NW', 'SE', 'SW'] as const;
export type MintQuadrant = (typeof MINT_QUADRANTS)[number];

/**
 * The "coordinates settings" of an "Any" request: every field left out is "Any". A filter with no
 * field set is the setting 'Any' itself.
 */
export interface MintFilter {
  biome?: Biome;
  size?: LandSize;
  quadrant?: MintQuadrant;
}

/** A mint request: one named land (hex name), or any free land matching the filter. */
export type MintRequest = { hexName: string } | { any: MintFilter };

/** What the server knows when a request arrives (counted at the request's time). */
export interface MintFacts {
  /** False where the in-app mint is closed (a real launch: the collection was minted outside). */
  open: boolean;
  /** The account already has a mint that is neither confirmed nor expired (reserved or submitted). */
  pending: boolean;
  /** Free lands in the whole Valley. */
  freeTotal: number;
  /**
   * For a named request: whether the Valley has that land, whether it is minted (the mint no longer
   * holds its NFT, or an in-app mint of it confirmed) and whether it is free.
   */
  named?: { exists: boolean; minted: boolean; free: boolean };
  /** For an "Any" request: free lands matching its filter. */
  freeMatching?: number;
}

/** Minutes a reservation waits for its payment before the land returns (the same as an EXO order's). */
export const MINT_TTL_MINUTES = 30;

/** Demo sale price of one land, in ADA (`MINT_PRICE_ADA` sets it). */
export const DEFAULT_MINT_PRICE_ADA = '25';

/** True when the filter sets no coordinate (the setting 'Any'). */
export function isAnyFilter(filter: MintFilter): boolean {
  return filter.biome === undefined && filter.size === undefined && filter.quadrant === undefined;
}

/** The quadrant of a cell: north is r < 0 and east is q ≥ 0, as in its hex name (`E03N12` is NE). */
export function quadrantOf(q: number, r: number): MintQuadrant {
  return `${r < 0 ? 'N' : 'S'}${q < 0 ? 'W' : 'E'}` as MintQuadrant;
}

/** True when a land (axial q, r, its size and biome) matches the filter. */
export function matchesMintFilter(land: { q: number; r: number; size: LandSize; biome: Biome }, filter: MintFilter): boolean {
  return (filter.biome === undefined || land.biome === filter.biome)
    && (filter.size === undefined || land.size === filter.size)
    && (filter.quadrant === undefined || quadrantOf(land.q, land.r) === filter.quadrant);
}

/**
 * The code a mint request is refused with, or null when it may reserve a land. In this order:
 * - `PENDING_TRANSACTION`: the account has a mint not yet confirmed or expired (one at a time);
 * - `LAND_SOLD_OUT` ("This Land is already minted!"): the mint is closed, no land at all is free, or
 *   the named land is minted;
 * - `LAND_NOT_AVAILABLE` ("This Land is not available."): the named land is no land of the Valley, or
 *   a live mint (reserved or submitted) holds it;
 * - `MINT_REMOVE_COORS`: the coordinates settings match no free land ("set them to 'Any'").
 */
export function mintRefusal(req: MintRequest, facts: MintFacts): ErrorCode | null {
  if (facts.pending) return 'PENDING_TRANSACTION';
  if (!facts.open || facts.freeTotal <= 0) return 'LAND_SOLD_OUT';
  if ('hexName' in req) {
    if (!facts.named?.exists) return 'LAND_NOT_AVAILABLE';
    if (facts.named.minted) return 'LAND_SOLD_OUT';
    return facts.named.free ? null : 'LAND_NOT_AVAILABLE';
  }
  if (!isAnyFilter(req.any) && (facts.freeMatching ?? 0) <= 0) return 'MINT_REMOVE_COORS';
  return null;
}

/**
 * Checks a mint request against the facts.
 * @throws GameError with the code of {@link mintRefusal}
 */
export function checkMint(req: MintRequest, facts: MintFacts): void {
  const code = mintRefusal(req, facts);
  if (code) throw new GameError(code);
}

/** When a reservation made at `now` expires (UTC). */
export function mintExpiresAt(now: Date): Date {
  return new Date(now.getTime() + MINT_TTL_MINUTES * 60_000);
}

/**
 * The sale price in lovelace of a price in ADA given as decimal text (at most 6 decimals).
 * @returns null when the text is not a positive ADA amount
 */
export function mintPriceLovelace(ada: string): bigint | null {
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(ada.trim());
  if (!m) return null;
  const lovelace = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
  return lovelace > 0n ? lovelace : null;
}

