-- Mint a land in the app (docs/game-rules.md §2).
SELECT 1;
