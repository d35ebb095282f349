/**
 * Demo mode: moves the local Solana cluster on so a payment reaches `finalized` in seconds (the
 * watcher credits only finalized payments, docs/game-rules.md §9), as the Cardano demo produces
 * blocks. Failures are ignored: the cluster's own slot timer gets there too.
 *
 * @module
 */

/** Slots produced per nudge: more than the local cluster's finality depth. */
export const DEMO_SOLANA_SLOTS = 40;

/** Asks the demo server for {@link DEMO_SOLANA_SLOTS} slots (then its watcher runs). */
export async function nudgeDemoSolana(): Promise<void> {
  // wired to `POST /api/demo/solana/slots` once that endpoint is in the contract
}
