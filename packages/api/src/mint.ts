/**
 * Contract of the in-app land mint (docs/game-rules.md §2 "Mint Your Land"; spec `MINT_REMOVE_COORS`,
 * `LAND_NOT_AVAILABLE`, `LAND_SOLD_OUT`, `PENDING_TRANSACTION`).
 *
 * Flow: `POST /mint` reserves a land (a named cell or "Any" with coordinates settings) for
 * `ttl_minutes`; `POST /mint/:id/tx` builds the unsigned mint transaction from the wallet's UTxOs
 * (the Land NFT minted to the wallet under the Land policy's native script, the price in ADA to the
 * treasury, CIP-25 metadata); the wallet signs it (CIP-30 `signTx`); `POST /mint/:id/submit` adds
 * the policy key's signature and submits it. The chain watcher confirms it after the confirmations
 * and the land becomes the player's; an unpaid reservation expires and its land returns.
 *
 * Units: ADA in lovelace (decimal strings); times ISO 8601 UTC; transactions CBOR hex.
 */
import { z } from 'zod';
import { BIOMES, LAND_SIZES, MINT_QUADRANTS } from '@kingdom/game';
import { hexName } from './schemas.ts';
import { openEnum } from './open-enum.ts';
import { cardanoAddress, txHash } from './chain.ts';

const lovelace = z.string().regex(/^\d+$/).describe('lovelace (1 ADA = 1,000,000 lovelace)');
const witnessHex = z.string().min(2).max(8_192).regex(/^(?:[0-9a-fA-F]{2})+$/, 'hex bytes');

/** Where a mint is: reserved (waiting for payment), submitted (paid, waiting for confirmations), then confirmed, expired or cancelled. */
export const MINT_STATUSES = ['reserved', 'submitted', 'confirmed', 'expired', 'cancelled'] as const;
export type MintStatus = (typeof MINT_STATUSES)[number];

/** The coordinates settings of an "Any" request: a field left out is "Any". */
export const mintFilter = z.strictObject({
  biome: z.enum(BIOMES).optional(),
  size: z.enum(LAND_SIZES).optional(),
  /** By the letters of the hex name: N (north of the middle row) or S, then E or W. */
  quadrant: z.enum(MINT_QUADRANTS).optional(),
});

/** `POST /mint`: one named land, or any free land matching the coordinates settings. */
export const mintRequest = z.union([
  z.strictObject({ hex_name: hexName }),
  z.strictObject({ any: mintFilter }),
]);

/** One mint of the account. */
export const landMint = z.object({
  id: z.number().int(),
  status: openEnum(MINT_STATUSES),
  land: z.object({ id: z.number().int(), hex_name: z.string(), q: z.number().int(), r: z.number().int(), size: z.enum(LAND_SIZES), biome: z.enum(BIOMES) }),
  /** The sale price. */
  lovelace,
  /** The mint transaction once built (the last one built while reserved). */
  tx_hash: txHash.nullable(),
  /** Blocks over the mint transaction (its own counts); 0 until it is in a block. */
  confirmations: z.number().int(),
  created_at: z.string(),
  /** When a reserved mint that was not paid gives its land back. */
  expires_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export const mintResponse = z.object({ mint: landMint });
export const mintsResponse = z.object({ mints: z.array(landMint) });

/** `GET /mint/info` (public): whether the in-app mint is open, the price, and how many lands are free. */
export const mintInfoResponse = z.object({
  /** False where the collection was minted outside the app (a real launch): every request answers LAND_SOLD_OUT. */
  open: z.boolean(),
  price_lovelace: lovelace,
  ttl_minutes: z.number().int(),
  /** Free lands (not minted, not reserved). */
  free: z.number().int(),
  /** Confirmations the mint transaction needs. */
  confirmations: z.number().int(),
});

export const mintParams = z.strictObject({ id: z.coerce.number().int().min(1).max(9_007_199_254_740_991) });
/** `POST /mint/:id/tx`: the wallet address paying (its UTxOs fund the transaction; the NFT goes to it). */
export const mintTxRequest = z.strictObject({ address: cardanoAddress });
/** `POST /mint/:id/submit`: the witness set the wallet's `signTx` returned for the built transaction. */
export const mintSubmitRequest = z.strictObject({ witness_set: witnessHex });

export type MintRequest = z.infer<typeof mintRequest>;
export type LandMint = z.infer<typeof landMint>;
export type MintInfo = z.infer<typeof mintInfoResponse>;
