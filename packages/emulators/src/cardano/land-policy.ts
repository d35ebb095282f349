/**
 * The demo's Land policy (docs/game-rules.md §2.1, §2.7): the native script `sig` of a key the
 * Kingdom derives from a fixed seed, so its policy id is a constant (`LAND_POLICY_ID` of
 * `@kingdom/game`, the demo's and the emulator's default collection) and the in-app mint mints the
 * very asset the land page names (policy id + the land's asset name). The key is public by
 * construction — it exists only for the emulated chain, never for a real network, where the
 * collection's policy key is not the Kingdom's and the in-app mint is closed (LAND_SOLD_OUT).
 */
import { CML, mintingPolicyToId, scriptFromNative, type Script } from '@lucid-evolution/lucid';
import { createPrng } from '@kingdom/game';
import { prngBytes } from '../assets.ts';

/** Seed of the demo Land policy key (changing it changes `LAND_POLICY_ID`). */
export const DEMO_LAND_POLICY_SEED = 'kingdom-land-policy-v1';

/** The demo Land policy: its key (bech32 `ed25519_sk…`), native script `sig`, key hash and policy id. */
export interface LandPolicy { privateKey: string; script: Script; keyHash: string; policyId: string }

let cached: LandPolicy | null = null;

/** The demo Land policy (see the module comment). */
export function demoLandPolicy(): LandPolicy {
  if (cached) return cached;
  const key = CML.PrivateKey.from_normal_bytes(prngBytes(createPrng(DEMO_LAND_POLICY_SEED), 32));
  const keyHash = key.to_public().hash().to_hex();
  const script = scriptFromNative({ type: 'sig', keyHash });
  cached = { privateKey: key.to_bech32(), script, keyHash, policyId: mintingPolicyToId(script) };
  return cached;
}
