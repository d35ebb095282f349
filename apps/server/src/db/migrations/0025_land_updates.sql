-- Land updates (has_update) and the tier-3 permit's sources (docs/game-rules.md §2, §6, §7).
SELECT 1;
