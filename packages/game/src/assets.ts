/**
 * On-chain identifiers of the demo's own NFT collections (docs/product.md §3: "two hex policy-like asset
 * identifiers"). Asset names are hex-encoded UTF-8, as on Cardano. A real network configures its
 * collections (`LAND_POLICY_ID`, `MINING_TOOL_POLICY_ID`; docs/operator-guide.md): these are only
 * the demo's and the emulator's defaults.
 */

/**
 * Policy id of the demo's Land NFT collection (56 hex characters): the native script `sig` of the
 * demo Land policy key (`packages/emulators/src/cardano/land-policy.ts`, seed
 * `kingdom-land-policy-v1`), so the emulator's in-app mint mints the very asset the land page names
 * (docs/game-rules.md §2.7). Until migration 0030 it was an id no script had.
 */
export const LAND_POLICY_ID = '2875ccf2e3a38c93e57fe27737dd0c2eaa4128386bdc72275178b073';
/** Policy id of the mining-tool NFT collection (56 hex characters). */
export const MINING_TOOL_POLICY_ID = '3c9f1e0b7a2d5c8e4f6a1b3d7e9c2f5a8b0d4e6c1f3a5b7d9e2c4f6a';

/** Hex of a UTF-8 string (asset names on Cardano are bytes, shown as hex). */
export function utf8ToHex(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Asset name (hex) of land `id`: UTF-8 of `CardanoLand<id>`. */
export function landAssetName(id: number): string {
  return utf8ToHex(`CardanoLand${id}`);
}

/** Asset name (hex) of mining tool `id`: UTF-8 of `MiningTool<id>`. */
export function miningToolAssetName(id: number): string {
  return utf8ToHex(`MiningTool${id}`);
}
