/**
 * The Valley contract (docs/game-rules.md §2, docs/product.md §2 `/valley`, `/land/:hex_name?`): the whole map in
 * one compact, cacheable answer (columnar arrays, ETag) and the signed-in player's land ids. The
 * hex_name parameter of the land routes is `landParams` (goldrush.ts). Paths: the `valleyMap` and `valleyMine` descriptors (endpoints.ts).
 */
import { z } from 'zod';
import type { ValleyMapPayload } from '@kingdom/game';

/**
 * `GET /valley/map`: parallel arrays of `count` entries (see `@kingdom/game` `ValleyMapPayload`).
 * `size`/`biome` index `LAND_SIZES`/`BIOMES`; `goldmine` is the level (0 = none); `owner` indexes
 * `owners` (holder addresses), −1 = minted but held by no Kingdom wallet, −2 = not minted.
 */
export const valleyMapResponse = z.object({
  count: z.number().int(),
  id: z.array(z.number().int()),
  q: z.array(z.number().int()),
  r: z.array(z.number().int()),
  size: z.array(z.number().int()),
  biome: z.array(z.number().int()),
  goldmine: z.array(z.number().int()),
  workers: z.array(z.number().int()),
  owner: z.array(z.number().int()),
  owners: z.array(z.string()),
});
export type ValleyMapResponse = z.infer<typeof valleyMapResponse>;
// The contract and the shared codec must stay one shape.
const sameShape: ValleyMapPayload = {} as ValleyMapResponse;
void sameShape;

/** `GET /valley/mine`: ids of the signed-in player's lands. */
export const valleyMineResponse = z.object({ ids: z.array(z.number().int()) });
export type ValleyMineResponse = z.infer<typeof valleyMineResponse>;

/** A neighbouring land on the land page's map excerpt. */
export const landNeighbour = z.object({
  hex_name: z.string(),
  q: z.number().int(),
  r: z.number().int(),
  size_label: z.enum(['S', 'M', 'L', 'XL']),
  biome: z.enum(['forest', 'winter']),
  minted: z.boolean(),
  owned: z.boolean().describe('a Kingdom player holds it'),
});
export type LandNeighbour = z.infer<typeof landNeighbour>;
