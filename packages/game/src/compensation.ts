/**
 * Compensation for server downtime (docs/game-rules.md §12, ours): who counts as an active player.
 */

/**
 * A player is *active* when their last sign-in is within this many days (whole days of 24 h,
 * `DAY_MS`) before now: `kingdom compensate` credits only them (docs/game-rules.md §12).
 */
export const ACTIVE_PLAYER_DAYS = 30;
