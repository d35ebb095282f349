-- Mint in the app, tier-3 permits, land updates (docs/game-rules.md §2).
SELECT 1;
