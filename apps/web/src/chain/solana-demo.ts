/**
 * Demo mode: moves the local Solana cluster on so a payment reaches `finalized` at once (the
 * watcher credits only finalized payments, docs/game-rules.md §9), as the Cardano demo produces
 * blocks. Failures are ignored: the cluster's own slot timer (`SOLANA_SLOT_MS`) gets there too.
 *
 * @module
 */
import { call } from '../api/call.ts';

/** Slots produced per nudge: more than the local cluster's finality depth (`SOLANA_FINALITY_SLOTS`, 2 by default). */
export const DEMO_SOLANA_SLOTS = 4;

let unavailable = false;

/**
 * `POST /api/demo/solana/slots` with {@link DEMO_SOLANA_SLOTS} (demo mode only). After a refusal
 * (a demo server on a real cluster answers SYSTEM_FEATURE_NOT_AVAILABLE) it stops asking.
 */
export async function nudgeDemoSolana(): Promise<void> {
  if (unavailable) return;
  await call('demoSolanaSlots', { body: { count: DEMO_SOLANA_SLOTS } }).catch(() => {
    unavailable = true;
  });
}
